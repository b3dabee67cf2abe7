// token_lookup_self (GET /v1/auth/token/lookup-self) and token_renew_self
// (POST /v1/auth/token/renew-self): both sent with a renewable service token made at setup
// (HttpRequest::token), not with the VU's or the run's token: setup enables AppRole at
// "<runPrefix>-tokenlookup-<opIndex>" (or "-tokenrenew-") with a role of token_ttl `ttl` and
// logs in once. Vault's default policy allows both paths. Disabling the method at cleanup
// revokes the token. Success is 200.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/authsupport.h"
#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

/// The typed params of token_lookup_self and token_renew_self, parsed once when the operation
/// is made; bounds and default are declared in tokenLookupSelfType()/tokenRenewSelfType().
struct TokenSelfParams {
    qint64 ttlMs = 0; ///< token_ttl of the token made at setup, ms (whole seconds, 1s to 24h)
    /// From params parsed for either type (core/ops/opparams.h).
    static TokenSelfParams from(const OpParams &params);
};

class TokenSelfOperation : public CreatingOperation {
public:
    enum class Kind { Lookup, Renew };
    TokenSelfOperation(Kind kind, const TokenSelfParams &params)
        : m_kind(kind)
        , m_params(params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;

private:
    Kind m_kind;
    TokenSelfParams m_params;
    QByteArray m_token; ///< made at setup; memory only
};

OperationType tokenLookupSelfType();
OperationType tokenRenewSelfType();

} // namespace vw
