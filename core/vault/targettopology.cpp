#include "vault/targettopology.h"

namespace vw {

QString TargetTopology::describe() const
{
    if (isLoadBalancer())
        return QStringLiteral("load balancer %1 (route %2) over %3 node(s)")
            .arg(balancer, lbRoute.isEmpty() ? QStringLiteral("any") : lbRoute)
            .arg(backends.size());
    if (kind == QLatin1String("dev"))
        return QStringLiteral("dev server");
    if (kind == QLatin1String("node"))
        return QStringLiteral("node %1").arg(node);
    return QString();
}

} // namespace vw
