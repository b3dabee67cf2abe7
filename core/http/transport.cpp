#include "http/transport.h"

#include "http/directtransport.h"
#include "http/qnamtransport.h"

#include <QStringList>

namespace vw {

std::unique_ptr<Transport> createTransport(const QString &kind, const TransportConfig &config,
                                           QString *error)
{
    if (kind == QLatin1String("direct"))
        return DirectTransport::create(config, error);
    if (kind == QLatin1String("qnam"))
        return QnamTransport::create(config, error);
    *error = QStringLiteral("unknown transport \"%1\" (known: %2)")
                 .arg(kind, transportKinds().join(QStringLiteral(", ")));
    return nullptr;
}

QStringList transportKinds()
{
    return {QStringLiteral("direct"), QStringLiteral("qnam")};
}

} // namespace vw
