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

class TokenSelfOperation : public CreatingOperation {
public:
    enum class Kind { Lookup, Renew };
    TokenSelfOperation(Kind kind, const OpParams &params)
        : m_kind(kind)
        , m_params(params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;

private:
    Kind m_kind;
    OpParams m_params;
    QByteArray m_token; ///< made at setup; memory only
};

OperationType tokenLookupSelfType();
OperationType tokenRenewSelfType();

} // namespace vw
