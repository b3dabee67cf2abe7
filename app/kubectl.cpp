#include "kubectl.h"

#include "util/childenvironment.h"

#include <QProcess>

namespace vw::cli {

QString KubectlResult::problem(const QStringList &args) const
{
    const QString what = QStringLiteral("kubectl ") + args.mid(0, 3).join(QLatin1Char(' '));
    if (!started)
        return what
               + QStringLiteral(": kubectl did not start (is it on PATH? VW_KUBECTL names "
                                "another)");
    const QStringList lines =
        QString::fromLocal8Bit(err).trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return what
           + QStringLiteral(": exit %1%2")
                 .arg(exitCode)
                 .arg(lines.isEmpty() ? QString() : QStringLiteral(": ") + lines.last());
}

KubectlResult runKubectl(const QStringList &args, int timeoutMs)
{
    KubectlResult r;
    QProcess p;
    p.setProcessEnvironment(childEnvironment());
    const QString program = qEnvironmentVariableIsSet("VW_KUBECTL")
                                ? qEnvironmentVariable("VW_KUBECTL")
                                : QStringLiteral("kubectl");
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return r;
    r.started = true;
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = p.readAllStandardError() + "\ntimed out";
        return r;
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

QStringList namespaceArgs(const QString &kubeNamespace)
{
    if (kubeNamespace.isEmpty())
        return {};
    return {QStringLiteral("-n"), kubeNamespace};
}

} // namespace vw::cli
