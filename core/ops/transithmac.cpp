#include "ops/transithmac.h"

#include <QJsonObject>

namespace vw {

const TransitAction &transitHmacAction()
{
    static const TransitAction action{
        QStringLiteral("hmac"), QStringLiteral("hmac"), false,
        TransitFields::Hmac,    transitHmacParamSpecs,  checkTransitHmacParams};
    return action;
}

bool TransitHmacOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupKey(client, ctx, error))
        return false;
    QList<QJsonObject> items;
    for (const QString &payload : m_payloads)
        items << QJsonObject{{QStringLiteral("input"), payload}};
    buildBodies(items);
    return true;
}

OperationType transitHmacType()
{
    OperationType t = transitType(
        transitHmacAction(),
        QStringLiteral("Transit: HMAC of `payload_bytes` random bytes with the HMAC key "
                       "of a `key_type` key"),
        QStringLiteral("a Transit mount, its key `bench` of `key_type` (an `hmac` key is "
                       "32 bytes), 8 random payloads"));
    t.create = [](const OpParams &params) {
        return std::make_unique<TransitHmacOperation>(TransitParams::from(params));
    };
    return t;
}

} // namespace vw
