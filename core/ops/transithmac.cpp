#include "ops/transithmac.h"

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
    return setupKeyAndPayloadBodies(client, ctx, QStringLiteral("input"), error);
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
