#include "ops/transitencrypt.h"

namespace vw {

const TransitAction &transitEncryptAction()
{
    static const TransitAction action{
        QStringLiteral("encrypt"), QStringLiteral("ciphertext"), false,
        TransitFields::None,       transitEncryptionParamSpecs,  checkTransitEncryptionParams};
    return action;
}

bool TransitEncryptOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    return setupKeyAndPayloadBodies(client, ctx, QStringLiteral("plaintext"), error);
}

OperationType transitEncryptType()
{
    OperationType t = transitType(
        transitEncryptAction(),
        QStringLiteral("Transit: encrypt `payload_bytes` random bytes with a `key_type` key"),
        QStringLiteral("a Transit mount, its key `bench` of `key_type`, 8 random payloads"));
    t.create = [](const OpParams &params) {
        return std::make_unique<TransitEncryptOperation>(TransitParams::from(params));
    };
    return t;
}

} // namespace vw
