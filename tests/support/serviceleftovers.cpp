#include "serviceleftovers.h"

#include <QJsonArray>
#include <QJsonObject>

namespace vw::test {

QStringList vaultLeftovers(const TargetSpec &target, const QByteArray &token)
{
    VaultClient c(target, token);
    QStringList out;
    QString error;
    for (const QString &m : c.mountPaths(&error))
        if (m.startsWith(QLatin1String("vwb-")))
            out << QStringLiteral("mount ") + m;
    if (!error.isEmpty())
        out << QStringLiteral("error: mounts: ") + error;
    const VaultResponse p = c.request("LIST", QStringLiteral("sys/policies/acl"));
    for (const QJsonValue &k :
         p.json.value(QStringLiteral("data")).toObject().value(QStringLiteral("keys")).toArray())
        if (k.toString().startsWith(QLatin1String("vwb-")))
            out << QStringLiteral("policy ") + k.toString();
    const VaultResponse l = c.request("LIST", QStringLiteral("sys/leases/lookup/"));
    if (l.status != 404 && !l.ok())
        out << QStringLiteral("error: LIST sys/leases/lookup: ") + l.describe();
    for (const QJsonValue &k :
         l.json.value(QStringLiteral("data")).toObject().value(QStringLiteral("keys")).toArray())
        if (k.toString().startsWith(QLatin1String("vwb-")))
            out << QStringLiteral("leases ") + k.toString();
    return out;
}

} // namespace vw::test
