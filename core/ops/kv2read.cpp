#include "ops/kv2read.h"

namespace vw {

bool Kv2ReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    return setupMount(client, ctx, error) && seedSecrets(client, ctx, error);
}

HttpRequest Kv2ReadOperation::nextRequest(VuState &vu) const
{
    return {QByteArrayLiteral("GET"), randomKeyPath(vu), QByteArray()};
}

ErrorClass Kv2ReadOperation::classify(const HttpResult &result) const
{
    return classifyKvRead(result, m_params.payloadBytes);
}

OperationType kv2ReadType()
{
    OperationType t;
    t.name = QStringLiteral("kv2_read");
    t.group = OperationGroup::Kv;
    t.description = QStringLiteral("KV v2 read of one of `keys` seeded secrets");
    t.request = QStringLiteral("GET /v1/<mount>/data/key-<i>");
    t.setup = QStringLiteral("a KV v2 mount, `keys` secrets of `payload_bytes` bytes");
    t.params = kv2ParamSpecs();
    t.create = [](const OpParams &params) {
        return std::make_unique<Kv2ReadOperation>(Kv2Params::from(params));
    };
    return t;
}

} // namespace vw
