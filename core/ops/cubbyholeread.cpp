#include "ops/cubbyholeread.h"

#include "ops/kv2common.h"
#include "vault/vaultclient.h"

namespace vw {

bool CubbyholeReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!CubbyholeOperationBase::setup(client, ctx, error))
        return false;
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 7919u + 7u);
    for (int i = 0; i < m_params.keys; ++i) {
        HttpRequest w{QByteArrayLiteral("POST"), "/v1/cubbyhole/key-" + QByteArray::number(i),
                      body(rng)};
        w.token = m_token;
        const VaultResponse r = client.send(w);
        if (!r.ok()) {
            if (error)
                *error = QStringLiteral("write cubbyhole/key-%1: %2").arg(i).arg(r.describe());
            return false;
        }
    }
    return true;
}

HttpRequest CubbyholeReadOperation::nextRequest(VuState &vu) const
{
    HttpRequest r{QByteArrayLiteral("GET"), keyPath(vu), {}};
    r.token = m_token;
    return r;
}

ErrorClass CubbyholeReadOperation::classify(const HttpResult &result) const
{
    return classifyKvRead(result, m_params.payloadBytes);
}

OperationType cubbyholeReadType()
{
    OperationType t;
    t.name = QStringLiteral("cubbyhole_read");
    t.group = OperationGroup::Cubbyhole;
    t.description = QStringLiteral("cubbyhole read of one of `keys` secrets of a token made at "
                                   "setup");
    t.request = QStringLiteral("GET /v1/cubbyhole/key-<n> (the setup token's cubbyhole)");
    t.setup = QStringLiteral("as cubbyhole_write, then `keys` secrets of `payload_bytes` in the "
                             "token's cubbyhole");
    t.params = cubbyholeParams();
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<CubbyholeReadOperation>(CubbyholeParams::from(params));
    };
    return t;
}

} // namespace vw
