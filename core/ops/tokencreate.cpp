#include "ops/tokencreate.h"

#include "ops/approlelogin.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace vw {

namespace {

/// The `policies` param: comma-separated names, blanks dropped.
QJsonArray policyList(const QString &text)
{
    QJsonArray out;
    for (const QString &p : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!p.trimmed().isEmpty())
            out.append(p.trimmed());
    return out;
}

} // namespace

bool TokenCreateOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString type = m_params.text(QStringLiteral("type"));
    const bool orphan = type == QLatin1String("orphan");
    const QString createPath =
        orphan ? QStringLiteral("auth/token/create-orphan") : QStringLiteral("auth/token/create");
    QString policy;
    if (!m_created.writePolicy(
            client, QStringLiteral("token-create-%1").arg(ctx.opIndex),
            QStringLiteral("path \"%1\" {\n  capabilities = [\"update\"]\n}\n").arg(createPath),
            ctx.runPrefix, &policy, error))
        return false;
    const QJsonArray childPolicies = policyList(m_params.text(QStringLiteral("policies")));
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

    const QString ttl = vaultSeconds(m_params.durationMs(QStringLiteral("ttl")));
    QJsonObject body{{QStringLiteral("policies"), childPolicies},
                     {QStringLiteral("ttl"), ttl},
                     {QStringLiteral("type"), type == QLatin1String("batch")
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
                    QStringLiteral("comma-separated policy names of the tokens made (also "
                                   "given to the parent, as Vault requires a subset)")),
    };
    t.check = [](const OpParams &p) {
        QList<ParamError> errors;
        if (p.text(QStringLiteral("type")) == QLatin1String("orphan")
            && p.durationMs(QStringLiteral("ttl")) > TokenCreateOperation::kMaxOrphanTtlMs)
            errors.append({QStringLiteral("ttl"),
                           QStringLiteral("orphan tokens are not revoked at cleanup, so their "
                                          "ttl is at most 10m (they expire on their own)"),
                           ParamError::At::Value});
        return errors;
    };
    t.create = [](const OpParams &params) {
        return std::make_unique<TokenCreateOperation>(params);
    };
    return t;
}

} // namespace vw
