// wrap: POST /v1/sys/wrapping/wrap {"value": ...} of `payload_bytes` with X-Vault-Wrap-TTL =
// `wrap_ttl` (HttpRequest::wrapTtl): Vault stores the data in the cubbyhole of a new
// single-use wrapping token and answers that token (wrap_info.token) instead of the data
// (the response wrapping of docs/profile-format.md, "Cubbyhole and response wrapping").
// Setup makes nothing; the body is made once. A wrapping token is an orphan that expires
// after `wrap_ttl` (at most 10m, so nothing outlives the run for long) or when unwrapped
// (core/ops/unwrap.h). Success is 200 with a non-empty wrap_info.token.
#pragma once

#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

/// The typed params of wrap, parsed once; declared in wrapType().
struct WrapParams {
    int payloadBytes = 64; ///< bytes of the wrapped `value`
    qint64 wrapTtlMs = 60000; ///< each wrapping token's TTL, ms (whole seconds, 1s to 10m)
    static WrapParams from(const OpParams &params);
};

class WrapOperation : public Operation {
public:
    explicit WrapOperation(const WrapParams &params)
        : m_params(params)
    {
    }
    /// Makes the request; nothing on the server.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on sys/wrapping/wrap.
    QString aclRules() const override;
    /// The wrap request (unwrap sends it to get the tokens it unwraps).
    const HttpRequest &request() const { return m_request; }

private:
    WrapParams m_params;
    HttpRequest m_request;
};

OperationType wrapType();

/// True for a token as Vault and OpenBao write them (letters, digits, '.', '_', '-'), at most
/// 256 bytes: safe to send as a header.
bool isVaultToken(const QByteArray &token);

} // namespace vw
