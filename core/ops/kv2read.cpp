#include "ops/kv2read.h"

#include "vault/vaultclient.h"

#include <QJsonObject>

namespace vw {

bool Kv2ReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!setupMount(client, ctx, error))
        return false;
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 7919u + 1u);
    const QJsonObject body{
        {QStringLiteral("data"),
         QJsonObject{{QStringLiteral("value"),
                      QString::fromLatin1(kv2Payload(m_params.payloadBytes, rng))}}}};
    for (int i = 0; i < m_params.keys; ++i) {
        const VaultResponse r = client.post(keyPath(i), body);
        if (!r.ok()) {
            if (error)
                *error = QStringLiteral("seed %1: %2").arg(keyPath(i), r.describe());
            return false;
        }
    }
    return true;
}

HttpRequest Kv2ReadOperation::nextRequest(VuState &vu) const
{
    return {QByteArrayLiteral("GET"), randomKeyPath(vu), QByteArray()};
}

OperationType kv2ReadType()
{
    OperationType t;
    t.name = QStringLiteral("kv2_read");
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
