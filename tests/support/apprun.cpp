#include "apprun.h"

#include "util/childenvironment.h"

#include <QElapsedTimer>

namespace vw::test {

QProcessEnvironment appEnvironment(const QString &home, const QByteArray &token)
{
    QProcessEnvironment e = childEnvironment();
    e.insert(QStringLiteral("HOME"), home);
    if (!token.isEmpty())
        e.insert(QStringLiteral("VAULT_TOKEN"), QString::fromLatin1(token));
    return e;
}

AppRun appRun(const QStringList &args, const QString &workDir, const QProcessEnvironment &env,
              int timeoutMs)
{
    AppRun run;
    run.args = args;
    run.workDir = workDir;
    run.env = env;
    run.timeoutMs = timeoutMs;
    return run;
}

bool startApp(QProcess &p, const AppRun &run)
{
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
    if (run.childModifier)
        p.setChildProcessModifier(run.childModifier);
    p.start();
    return p.waitForStarted(10000);
}

AppResult runApp(const AppRun &run)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    startApp(p, run);
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
