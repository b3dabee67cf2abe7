#include "apprun.h"

#include <QElapsedTimer>

namespace vw::test {

QProcessEnvironment appEnvironment(const QString &home, const QByteArray &token)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString &k : e.keys())
        if (k.startsWith(QLatin1String("VAULT_")) || k.startsWith(QLatin1String("BAO_")))
            e.remove(k);
    e.insert(QStringLiteral("HOME"), home);
    if (!token.isEmpty())
        e.insert(QStringLiteral("VAULT_TOKEN"), QString::fromLatin1(token));
    return e;
}

AppResult runApp(const AppRun &run)
{
    QProcess p;
    if (run.shellPrefix.isEmpty()) {
        p.setProgram(QStringLiteral(VW_APP_BINARY));
        p.setArguments(run.args);
    } else {
        p.setProgram(QStringLiteral("sh"));
        p.setArguments(QStringList{QStringLiteral("-c"),
                                   run.shellPrefix + QStringLiteral(" exec \"$0\" \"$@\""),
                                   QStringLiteral(VW_APP_BINARY)}
                       + run.args);
    }
    p.setWorkingDirectory(run.workDir);
    p.setProcessEnvironment(run.env);
    QElapsedTimer t;
    t.start();
    p.start();
    AppResult r;
    auto text = [&run](const QByteArray &bytes) {
        QString s = QString::fromLocal8Bit(bytes);
        if (!run.redact.isEmpty())
            s.replace(QString::fromLatin1(run.redact), QStringLiteral("<TOKEN-LEAKED>"));
        return s;
    };
    if (!p.waitForFinished(run.timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.ms = t.elapsed();
        r.out = text(p.readAllStandardOutput());
        r.err = QStringLiteral("timed out: ") + text(p.readAllStandardError());
        return r;
    }
    r.ms = t.elapsed();
    r.exitStatus = p.exitStatus();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = text(p.readAllStandardOutput());
    r.err = text(p.readAllStandardError());
    return r;
}

} // namespace vw::test
