#include "localtargetrun.h"

#include "localtarget/localtarget.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

namespace vw::test {

QProcessEnvironment localTargetEnvironment(const QString &home, const QString &stateDir)
{
    QProcessEnvironment e = appEnvironment(home);
    e.insert(QStringLiteral("VW_TARGET_DIR"), stateDir);
    return e;
}

AppResult runApp(const QStringList &args, const QProcessEnvironment &env, const QString &workDir,
                 int timeoutMs)
{
    return runApp(appRun(args, workDir, env, timeoutMs));
}

StopTargetOnExit::~StopTargetOnExit()
{
    QString error;
    if (QFile::exists(dir + QStringLiteral("/target.json")))
        stopLocalTarget(dir, {}, &error);
}

} // namespace vw::test
