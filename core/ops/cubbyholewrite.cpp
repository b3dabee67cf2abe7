#include "ops/cubbyholewrite.h"

namespace vw {

bool CubbyholeWriteOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 7907u + 5u);
    m_body = body(rng);
    return CubbyholeOperationBase::setup(client, ctx, error);
}

HttpRequest CubbyholeWriteOperation::nextRequest(VuState &vu) const
{
    HttpRequest r{QByteArrayLiteral("POST"), keyPath(vu), m_body};
    r.token = m_token;
    return r;
}

OperationType cubbyholeWriteType()
{
    OperationType t;
    t.name = QStringLiteral("cubbyhole_write");
    t.group = OperationGroup::Cubbyhole;
    t.description = QStringLiteral("cubbyhole write of a `payload_bytes` value to one of `keys` "
                                   "secrets of a token made at setup");
    t.request = QStringLiteral("POST /v1/cubbyhole/key-<n> (the setup token's cubbyhole)");
    t.setup = QStringLiteral("a policy on cubbyhole/*, an AppRole auth method whose login is the "
                             "token that owns the cubbyhole; disabling it at cleanup revokes the "
                             "token and destroys its cubbyhole");
    t.params = cubbyholeParams();
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<CubbyholeWriteOperation>(CubbyholeParams::from(params));
    };
    return t;
}

} // namespace vw
