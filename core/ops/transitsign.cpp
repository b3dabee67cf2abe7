#include "ops/transitsign.h"

namespace vw {

const TransitAction &transitSignAction()
{
    static const TransitAction action{
        QStringLiteral("sign"), QStringLiteral("signature"), false,
        TransitFields::Signing, transitSigningParamSpecs,    checkTransitSigningParams};
    return action;
}

bool TransitSignOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    return setupKeyAndPayloadBodies(client, ctx, QStringLiteral("input"), error);
}

OperationType transitSignType()
{
    OperationType t = transitType(
        transitSignAction(),
        QStringLiteral("Transit: sign `payload_bytes` random bytes with a `key_type` key"),
        QStringLiteral("a Transit mount, its key `bench` of `key_type`, 8 random payloads"));
    t.create = [](const OpParams &params) {
        return std::make_unique<TransitSignOperation>(TransitParams::from(params));
    };
    return t;
}

} // namespace vw
