#include "ops/tokenself.h"

#include "vault/vaultclient.h"

namespace vw {

TokenSelfParams TokenSelfParams::from(const OpParams &params)
{
    TokenSelfParams p;
    p.ttlMs = params.durationMs(QStringLiteral("ttl"));
    return p;
}

bool TokenSelfOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount =
        QStringLiteral("%1-%2-%3")
            .arg(ctx.runPrefix, m_kind == Kind::Lookup ? QStringLiteral("tokenlookup")
                                                       : QStringLiteral("tokenrenew"))
            .arg(ctx.opIndex);
    const QJsonObject role{{QStringLiteral("token_ttl"), vaultSeconds(m_params.ttlMs)},
                           {QStringLiteral("token_type"), QStringLiteral("service")}};
    AppRoleLogin login;
    if (!createAppRole(m_created, client, mount, ctx.runPrefix, role, &login, error))
        return false;
    m_token = loginToken(client, QStringLiteral("auth/%1/login").arg(mount),
                         QJsonObject{{QStringLiteral("role_id"), login.roleId},
                                     {QStringLiteral("secret_id"), login.secretId}},
                         nullptr, error);
    return !m_token.isEmpty();
}

bool TokenSelfOperation::cleanup(VaultClient &client, QString *error)
{
    m_token.clear();
    return CreatingOperation::cleanup(client, error);
}

HttpRequest TokenSelfOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    HttpRequest r;
    if (m_kind == Kind::Lookup) {
        r.method = QByteArrayLiteral("GET");
        r.path = QByteArrayLiteral("/v1/auth/token/lookup-self");
    } else {
        r.method = QByteArrayLiteral("POST");
        r.path = QByteArrayLiteral("/v1/auth/token/renew-self");
        r.body = QByteArrayLiteral("{}");
    }
    r.token = m_token;
    return r;
}

namespace {

OperationType selfType(TokenSelfOperation::Kind kind)
{
    const bool lookup = kind == TokenSelfOperation::Kind::Lookup;
    OperationType t;
    t.name = lookup ? QStringLiteral("token_lookup_self") : QStringLiteral("token_renew_self");
    t.group = OperationGroup::Auth;
    t.description = lookup
                        ? QStringLiteral("token self-lookup with a token made at setup")
                        : QStringLiteral("token self-renewal of a renewable token made at setup");
    t.request = lookup ? QStringLiteral("GET /v1/auth/token/lookup-self")
                       : QStringLiteral("POST /v1/auth/token/renew-self");
    t.setup = QStringLiteral("an AppRole auth method and one login: a service token of TTL "
                             "`ttl` that every request carries; disabling the method at "
                             "cleanup revokes it");
    t.params = {durationParam(QStringLiteral("ttl"), 1000, 24LL * 3600 * 1000, 10 * 60 * 1000, 1000,
                              lookup ? QStringLiteral("TTL of the token looked up")
                                     : QStringLiteral("TTL of the token; each renewal sets "
                                                      "it back to this"))};
    t.create = [kind](const OpParams &params) {
        return std::make_unique<TokenSelfOperation>(kind, TokenSelfParams::from(params));
    };
    return t;
}

} // namespace

OperationType tokenLookupSelfType()
{
    return selfType(TokenSelfOperation::Kind::Lookup);
}

OperationType tokenRenewSelfType()
{
    return selfType(TokenSelfOperation::Kind::Renew);
}

} // namespace vw
