#include "ops/wrap.h"

#include "ops/authsupport.h"
#include "ops/kv2common.h"

namespace vw {

WrapParams WrapParams::from(const OpParams &params)
{
    WrapParams p;
    p.payloadBytes = int(params.integer(QStringLiteral("payload_bytes")));
    p.wrapTtlMs = params.durationMs(QStringLiteral("wrap_ttl"));
    return p;
}

bool WrapOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    (void)client;
    (void)error;
    std::mt19937_64 rng(uint64_t(ctx.opIndex) * 7877u + 11u);
    m_request.method = QByteArrayLiteral("POST");
    m_request.path = QByteArrayLiteral("/v1/sys/wrapping/wrap");
    m_request.body = QByteArrayLiteral("{\"value\":\"") + kv2Payload(m_params.payloadBytes, rng)
                     + QByteArrayLiteral("\"}");
    m_request.wrapTtl = vaultSeconds(m_params.wrapTtlMs).toLatin1();
    return true;
}

HttpRequest WrapOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    return m_request;
}

ErrorClass WrapOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return hasNonEmptyString(result.body, QByteArrayLiteral("token")) ? ErrorClass::None
                                                                      : ErrorClass::InvalidResponse;
}

QString WrapOperation::aclRules() const
{
    return QStringLiteral("path \"sys/wrapping/wrap\" {\n  capabilities = [\"update\"]\n}\n");
}

bool isVaultToken(const QByteArray &token)
{
    if (token.isEmpty() || token.size() > 256)
        return false;
    for (char c : token)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
              || c == '_' || c == '-'))
            return false;
    return true;
}

OperationType wrapType()
{
    OperationType t;
    t.name = QStringLiteral("wrap");
    t.group = OperationGroup::Cubbyhole;
    t.description = QStringLiteral("response wrapping of a `payload_bytes` value: a single-use "
                                   "wrapping token per request");
    t.request = QStringLiteral("POST /v1/sys/wrapping/wrap, X-Vault-Wrap-TTL: `wrap_ttl`");
    t.setup = QStringLiteral("nothing (each wrapping token is an orphan that expires after "
                             "`wrap_ttl`, at most 10m, or at its unwrap)");
    t.params = {
        bytesParam(QStringLiteral("payload_bytes"), 1, 1024 * 1024, 64,
                   QStringLiteral("size of the wrapped value")),
        durationParam(QStringLiteral("wrap_ttl"), 1000, 10 * 60 * 1000, 60 * 1000, 1000,
                      QStringLiteral("TTL of each wrapping token (at most 10m: they are not "
                                     "revoked at cleanup)")),
    };
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        return std::make_unique<WrapOperation>(WrapParams::from(params));
    };
    return t;
}

} // namespace vw
