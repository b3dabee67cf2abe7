// userpass_login: POST /v1/auth/<mount>/login/bench {password} (vault-benchmark's
// userpass_auth). Setup enables userpass at "<runPrefix>-userpass-<opIndex>" and writes user
// "bench" with a random password (params `ttl` -> token_ttl, `type` -> token_type, typed once
// in LoginParams, core/ops/authsupport.h). The server checks a bcrypt hash per login, so this
// costs CPU on the server. Success is 200 with a non-empty
// auth.client_token (classifyLogin, core/ops/approlelogin.h).
#pragma once

#include "ops/creatingoperation.h"
#include "ops/authsupport.h"
#include "ops/operation.h"
#include "ops/operationtype.h"

namespace vw {

class UserpassLoginOperation : public CreatingOperation {
public:
    explicit UserpassLoginOperation(const LoginParams &params)
        : m_params(params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;

private:
    LoginParams m_params;
    QByteArray m_path; ///< "/v1/auth/<mount>/login/bench"
    QByteArray m_body; ///< {"password": ...}
};

OperationType userpassLoginType();

/// Creates user `user` with a random password on the userpass method `mount` (enabled here
/// through `tracker`) with `tokenFields`; the password is put in *password.
bool createUserpassUser(ResourceTracker &tracker, VaultClient &client, const QString &mount,
                        const QString &runPrefix, const QString &user,
                        const QJsonObject &tokenFields, QString *password, QString *error);

} // namespace vw
