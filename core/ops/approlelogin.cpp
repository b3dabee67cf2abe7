#include "ops/approlelogin.h"

#include "ops/authsupport.h"

#include "vault/vaultclient.h"

namespace vw {

bool AppRoleLoginOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount = QStringLiteral("%1-approle-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    QJsonObject role = m_params.tokenFields();
    role.insert(QStringLiteral("secret_id_ttl"), vaultSeconds(m_params.secretIdTtlMs));
    AppRoleLogin login;
    if (!createAppRole(m_created, client, mount, ctx.runPrefix, role, &login, error))
        return false;
    m_path = "/v1/auth/" + mount.toUtf8() + "/login";
    m_body = login.loginBody();
    return true;
}

HttpRequest AppRoleLoginOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    return {QByteArrayLiteral("POST"), m_path, m_body};
}

ErrorClass AppRoleLoginOperation::classify(const HttpResult &result) const
{
    return classifyLogin(result);
}

ErrorClass classifyLogin(const HttpResult &result)
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return hasNonEmptyString(result.body, QByteArrayLiteral("client_token"))
               ? ErrorClass::None
               : ErrorClass::InvalidResponse;
}

OperationType appRoleLoginType()
{
    OperationType t;
    t.name = QStringLiteral("approle_login");
    t.group = OperationGroup::Auth;
    t.description = QStringLiteral("AppRole login with a role_id and secret_id made at setup");
    t.request = QStringLiteral("POST /v1/auth/<mount>/login");
    t.setup =
        QStringLiteral("an AppRole auth method, role `bench` with token_ttl = `ttl`, "
                       "token_type = `type` and `secret_id_ttl`, its role_id and one secret_id; "
                       "disabling it at cleanup revokes the tokens the logins made");
    t.params = loginTokenParams();
    t.params += {
        durationParam(QStringLiteral("secret_id_ttl"), 0, 24LL * 3600 * 1000, 0, 1000,
                      QStringLiteral("lifetime of the secret_id; 0 = it does not expire "
                                     "(a shorter one fails the logins after it)")),
    };
    t.create = createLoginOperation<AppRoleLoginOperation>;
    return t;
}

} // namespace vw
