#include "ops/tokencreate.h"

#include "ops/approlelogin.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace vw {

std::optional<TokenCreateParams> TokenCreateParams::from(const OpParams &params,
                                                         QList<ParamError> *errors)
{
    QList<ParamError> found;
    TokenCreateParams p;
    const QString type = params.text(QStringLiteral("type"));
    if (type == QLatin1String("service"))
        p.type = Type::Service;
    else if (type == QLatin1String("batch"))
        p.type = Type::Batch;
    else if (type == QLatin1String("orphan"))
        p.type = Type::Orphan;
    else
        found.append({QStringLiteral("type"),
                      QStringLiteral("\"%1\" is not service, batch or orphan").arg(type),
                      ParamError::At::Value});
    p.ttlMs = params.durationMs(QStringLiteral("ttl"));
    if (p.type == Type::Orphan && p.ttlMs > TokenCreateOperation::kMaxOrphanTtlMs)
        found.append({QStringLiteral("ttl"),
                      QStringLiteral("orphan tokens are not revoked at cleanup, so their "
                                     "ttl is at most 10m (they expire on their own)"),
                      ParamError::At::Value});
    for (const QString &name :
         params.text(QStringLiteral("policies")).split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!name.trimmed().isEmpty())
            p.policies.append(name.trimmed());
    if (p.policies.isEmpty())
        found.append({QStringLiteral("policies"),
                      QStringLiteral("names no policy: give at least one (e.g. default); "
                                     "without one the tokens made would inherit the parent's "
                                     "right to create tokens"),
                      ParamError::At::Value});
    if (p.policies.contains(QStringLiteral("root"), Qt::CaseInsensitive))
        found.append({QStringLiteral("policies"),
                      QStringLiteral("must not name root: auth methods cannot make root "
                                     "tokens, so the parent's login would fail at setup"),
                      ParamError::At::Value});
    if (errors)
        *errors = found;
    if (!found.isEmpty())
        return std::nullopt;
    return p;
}

bool TokenCreateOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const bool orphan = m_params.type == TokenCreateParams::Type::Orphan;
    const QString createPath =
        orphan ? QStringLiteral("auth/token/create-orphan") : QStringLiteral("auth/token/create");
    QString policy;
    if (!m_created.writePolicy(
            client, QStringLiteral("token-create-%1").arg(ctx.opIndex),
            QStringLiteral("path \"%1\" {\n  capabilities = [\"update\"]\n}\n").arg(createPath),
            ctx.runPrefix, &policy, error))
        return false;
    const QJsonArray childPolicies = QJsonArray::fromStringList(m_params.policies);
    QJsonArray parentPolicies{policy};
    for (const QJsonValue &p : childPolicies)
        parentPolicies.append(p);
    const QString mount = QStringLiteral("%1-tokenparent-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    const QJsonObject role{{QStringLiteral("token_policies"), parentPolicies},
                           {QStringLiteral("token_type"), QStringLiteral("service")}};
    AppRoleLogin login;
    if (!createAppRole(m_created, client, mount, ctx.runPrefix, role, &login, error))
        return false;
    m_parent = loginToken(client, QStringLiteral("auth/%1/login").arg(mount),
                          QJsonObject{{QStringLiteral("role_id"), login.roleId},
                                      {QStringLiteral("secret_id"), login.secretId}},
                          nullptr, error);
    if (m_parent.isEmpty())
        return false;

    const QString ttl = vaultSeconds(m_params.ttlMs);
    QJsonObject body{{QStringLiteral("policies"), childPolicies},
                     {QStringLiteral("ttl"), ttl},
                     {QStringLiteral("type"), m_params.type == TokenCreateParams::Type::Batch
                                                  ? QStringLiteral("batch")
                                                  : QStringLiteral("service")}};
    if (orphan)
        body.insert(QStringLiteral("explicit_max_ttl"), ttl);
    m_path = "/v1/" + createPath.toUtf8();
    m_body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return true;
}

bool TokenCreateOperation::cleanup(VaultClient &client, QString *error)
{
    m_parent.clear();
    return CreatingOperation::cleanup(client, error);
}

HttpRequest TokenCreateOperation::nextRequest(VuState &vu) const
{
    (void)vu;
    HttpRequest r{QByteArrayLiteral("POST"), m_path, m_body};
    r.token = m_parent;
    return r;
}

ErrorClass TokenCreateOperation::classify(const HttpResult &result) const
{
    return classifyLogin(result);
}

OperationType tokenCreateType()
{
    OperationType t;
    t.name = QStringLiteral("token_create");
    t.group = OperationGroup::Auth;
    t.description = QStringLiteral("token creation under a parent token made at setup");
    t.request = QStringLiteral("POST /v1/auth/token/create (type orphan: /create-orphan)");
    t.setup = QStringLiteral("a policy allowing the create path, an AppRole auth method whose "
                             "login is the parent token; disabling it at cleanup revokes the "
                             "parent and its children (orphans expire after `ttl`, <= 10m)");
    t.params = {
        choiceParam(QStringLiteral("type"),
                    {QStringLiteral("service"), QStringLiteral("batch"), QStringLiteral("orphan")},
                    QStringLiteral("service"),
                    QStringLiteral("service or batch child tokens, or orphan service tokens")),
        durationParam(QStringLiteral("ttl"), 1000, 24LL * 3600 * 1000, 60 * 1000, 1000,
                      QStringLiteral("TTL of each token made (orphans: also their "
                                     "explicit_max_ttl, at most 10m)")),
        stringParam(QStringLiteral("policies"), QStringLiteral("default"),
                    QStringLiteral("comma-separated policy names of the tokens made, at "
                                   "least one, not root (also given to the parent, as Vault "
                                   "requires a subset)")),
    };
    t.check = [](const OpParams &p) {
        QList<ParamError> errors;
        TokenCreateParams::from(p, &errors);
        return errors;
    };
    t.create = [](const OpParams &params) -> std::unique_ptr<Operation> {
        const std::optional<TokenCreateParams> p = TokenCreateParams::from(params);
        return p ? std::make_unique<TokenCreateOperation>(*p) : nullptr;
    };
    return t;
}

} // namespace vw
