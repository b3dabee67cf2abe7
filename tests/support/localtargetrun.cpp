#include "localtargetrun.h"

#include "localtarget/localtarget.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

namespace vw::test {

QProcessEnvironment localTargetEnvironment(const QString &home, const QString &stateDir)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const char *v : {"VAULT_TOKEN", "BAO_TOKEN", "VAULT_ADDR", "BAO_ADDR", "VAULT_CACERT"})
        e.remove(QLatin1String(v));
    e.insert(QStringLiteral("HOME"), home);
    e.insert(QStringLiteral("VW_TARGET_DIR"), stateDir);
    return e;
}

AppResult runApp(const QStringList &args, const QProcessEnvironment &env, const QString &workDir,
                 int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(workDir);
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(VW_APP_BINARY), args);
    AppResult r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
    }
    r.ms = t.elapsed();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

StopTargetOnExit::~StopTargetOnExit()
{
    QString error;
    if (QFile::exists(dir + QStringLiteral("/target.json")))
        stopLocalTarget(dir, {}, &error);
}

} // namespace vw::test
