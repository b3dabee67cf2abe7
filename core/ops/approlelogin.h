// approle_login: POST /v1/auth/<mount>/login {role_id, secret_id} (vault-benchmark's
// approle_auth). Setup enables AppRole at "<runPrefix>-approle-<opIndex>" with role "bench"
// (params `ttl` -> token_ttl, `type` -> token_type, `secret_id_ttl`, typed once in
// LoginParams, core/ops/authsupport.h; a profile key may not contain "token") and makes one
// secret_id that every VU logs in with. Success is 200 with a non-empty auth.client_token. The tokens the logins make are
// revoked when cleanup disables the auth method (batch tokens are not stored: they expire).
#pragma once

#include "ops/creatingoperation.h"
#include "ops/authsupport.h"
#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

class AppRoleLoginOperation : public CreatingOperation {
public:
    explicit AppRoleLoginOperation(const LoginParams &params)
        : m_params(params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;

private:
    LoginParams m_params;
    QByteArray m_path; ///< "/v1/auth/<mount>/login"
    QByteArray m_body; ///< role_id and secret_id
};

OperationType appRoleLoginType();

/// Success of a login answer: 200 with a non-empty auth.client_token (shared by the login
/// types).
ErrorClass classifyLogin(const HttpResult &result);

} // namespace vw
