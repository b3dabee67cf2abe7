#include "ops/kv2write.h"

namespace vw {

bool Kv2WriteOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 104729u + 3u);
    // Letters and digits only, so no JSON escaping is needed.
    m_body = QByteArrayLiteral("{\"data\":{\"value\":\"") + kv2Payload(m_params.payloadBytes, rng)
             + QByteArrayLiteral("\"}}");
    return setupMount(client, ctx, error);
}

HttpRequest Kv2WriteOperation::nextRequest(VuState &vu) const
{
    return {QByteArrayLiteral("POST"), randomKeyPath(vu), m_body};
}

OperationType kv2WriteType()
{
    OperationType t;
    t.name = QStringLiteral("kv2_write");
    t.group = OperationGroup::Kv;
    t.description = QStringLiteral("KV v2 write of a `payload_bytes` value to one of `keys` "
                                   "secrets (each write adds a version)");
    t.request = QStringLiteral("POST /v1/<mount>/data/key-<i>");
    t.setup = QStringLiteral("a KV v2 mount");
    t.params = kv2ParamSpecs();
    t.create = [](const OpParams &params) {
        return std::make_unique<Kv2WriteOperation>(Kv2Params::from(params));
    };
    return t;
}

} // namespace vw
