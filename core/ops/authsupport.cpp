#include "ops/authsupport.h"

#include "vault/vaultclient.h"

#include <QJsonDocument>

namespace vw {

QByteArray AppRoleLogin::loginBody() const
{
    const QJsonObject body{{QStringLiteral("role_id"), roleId},
                           {QStringLiteral("secret_id"), secretId}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

bool createAppRole(ResourceTracker &tracker, VaultClient &client, const QString &mount,
                   const QString &runPrefix, const QJsonObject &roleFields, AppRoleLogin *out,
                   QString *error)
{
    if (!tracker.enableAuth(client, mount, QStringLiteral("approle"), runPrefix, {}, error))
        return false;
    const QString role = QStringLiteral("auth/%1/role/bench").arg(mount);
    if (!tracker.writeRole(client, role, roleFields, error))
        return false;
    const VaultResponse id = client.get(role + QStringLiteral("/role-id"));
    const QString roleId = id.json.value(QStringLiteral("data"))
                               .toObject()
                               .value(QStringLiteral("role_id"))
                               .toString();
    if (!id.ok() || roleId.isEmpty()) {
        if (error)
            *error = QStringLiteral("read role_id of %1: %2").arg(role, id.describe());
        return false;
    }
    const VaultResponse secret = client.post(role + QStringLiteral("/secret-id"), QJsonObject());
    const QString secretId = secret.json.value(QStringLiteral("data"))
                                 .toObject()
                                 .value(QStringLiteral("secret_id"))
                                 .toString();
    if (!secret.ok() || secretId.isEmpty()) {
        if (error)
            *error = QStringLiteral("make a secret_id of %1: %2").arg(role, secret.describe());
        return false;
    }
    out->mount = mount;
    out->roleId = roleId;
    out->secretId = secretId;
    return true;
}

QByteArray loginToken(VaultClient &client, const QString &apiPath, const QJsonObject &body,
                      qint64 *ttlSeconds, QString *error)
{
    const VaultResponse r = client.post(apiPath, body);
    const QJsonObject auth = r.json.value(QStringLiteral("auth")).toObject();
    const QString token = auth.value(QStringLiteral("client_token")).toString();
    if (!r.ok() || token.isEmpty()) {
        if (error)
            *error = QStringLiteral("login at %1: %2")
                         .arg(apiPath, r.ok() ? QStringLiteral("no client_token in the answer")
                                              : r.describe());
        return {};
    }
    if (ttlSeconds)
        *ttlSeconds = auth.value(QStringLiteral("lease_duration")).toInteger();
    return token.toUtf8();
}

QList<ParamSpec> loginTokenParams()
{
    return {
        durationParam(QStringLiteral("ttl"), 1000, 24LL * 3600 * 1000, 2 * 60 * 1000, 1000,
                      QStringLiteral("TTL of each token a login makes")),
        choiceParam(QStringLiteral("type"), {QStringLiteral("service"), QStringLiteral("batch")},
                    QStringLiteral("service"),
                    QStringLiteral("service tokens are stored (a write per login); batch "
                                   "tokens are not")),
    };
}

std::optional<LoginParams> LoginParams::from(const OpParams &params)
{
    LoginParams p;
    const QString type = params.text(QStringLiteral("type"));
    if (type == QLatin1String("service"))
        p.tokenType = TokenType::Service;
    else if (type == QLatin1String("batch"))
        p.tokenType = TokenType::Batch;
    else
        return std::nullopt;
    p.ttlMs = params.durationMs(QStringLiteral("ttl"));
    if (params.contains(QStringLiteral("secret_id_ttl")))
        p.secretIdTtlMs = params.durationMs(QStringLiteral("secret_id_ttl"));
    return p;
}

QJsonObject LoginParams::tokenFields() const
{
    return {{QStringLiteral("token_ttl"), vaultSeconds(ttlMs)},
            {QStringLiteral("token_type"),
             tokenType == TokenType::Batch ? QStringLiteral("batch") : QStringLiteral("service")}};
}

QString vaultSeconds(qint64 ms)
{
    return QStringLiteral("%1s").arg(ms / 1000);
}

bool hasNonEmptyString(const QByteArray &body, const QByteArray &name)
{
    const QByteArray key = '"' + name + '"';
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    for (qsizetype at = body.indexOf(key); at >= 0; at = body.indexOf(key, at + 1)) {
        qsizetype i = at + key.size();
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        if (i >= body.size() || body.at(i) != ':')
            continue; // the name as a value, not a member name
        ++i;
        while (i < body.size() && isSpace(body.at(i)))
            ++i;
        return i + 1 < body.size() && body.at(i) == '"' && body.at(i + 1) != '"';
    }
    return false;
}

} // namespace vw
