#include "vault/tokeninfo.h"

#include <QDateTime>
#include <QJsonArray>

#include <algorithm>

namespace vw {

TokenInfo TokenInfo::fromLookup(const QJsonObject &response)
{
    const QJsonObject d = response.value(QStringLiteral("data")).toObject();
    TokenInfo t;
    t.ttlSeconds = qint64(d.value(QStringLiteral("ttl")).toDouble());
    t.renewable = d.value(QStringLiteral("renewable")).toBool();
    t.explicitMaxTtlSeconds = qint64(d.value(QStringLiteral("explicit_max_ttl")).toDouble());
    t.periodSeconds = qint64(d.value(QStringLiteral("period")).toDouble());
    for (const QJsonValue &p : d.value(QStringLiteral("policies")).toArray())
        t.policies << p.toString();
    if (t.explicitMaxTtlSeconds > 0) {
        // The server's "now": its expiry time minus the TTL it reported.
        const QDateTime expire = QDateTime::fromString(
            d.value(QStringLiteral("expire_time")).toString(), Qt::ISODateWithMs);
        const qint64 now = expire.isValid() ? expire.toSecsSinceEpoch() - t.ttlSeconds
                                            : QDateTime::currentSecsSinceEpoch();
        const qint64 created = qint64(d.value(QStringLiteral("creation_time")).toDouble());
        t.maxRemainingSeconds = created > 0
                                    ? std::max<qint64>(0, created + t.explicitMaxTtlSeconds - now)
                                    : t.explicitMaxTtlSeconds;
    }
    return t;
}

} // namespace vw
