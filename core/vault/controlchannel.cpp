#include "vault/controlchannel.h"

#include "vault/directcontrolchannel.h"
#include "vault/qnamcontrolchannel.h"

namespace vw {

QString controlTransportKind()
{
    static const QString kind =
        qEnvironmentVariable("VW_CONTROL_TRANSPORT") == QLatin1String("qnam")
            ? QStringLiteral("qnam")
            : QStringLiteral("direct");
    return kind;
}

std::unique_ptr<ControlChannel> makeControlChannel(const QString &kind, const TargetSpec &target)
{
    if (kind == QLatin1String("qnam"))
        return std::make_unique<QnamControlChannel>(target);
    return std::make_unique<DirectControlChannel>(target);
}

} // namespace vw
