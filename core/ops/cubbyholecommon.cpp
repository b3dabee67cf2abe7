#include "ops/cubbyholecommon.h"

#include "ops/keyedpath.h"

#include "ops/authsupport.h"
#include "ops/identitycommon.h"
#include "ops/kv2common.h"
#include "vault/vaultclient.h"

#include <QJsonArray>

namespace vw {

CubbyholeParams CubbyholeParams::from(const OpParams &params)
{
    CubbyholeParams p;
    p.keys = int(params.integer(QStringLiteral("keys")));
    p.payloadBytes = int(params.integer(QStringLiteral("payload_bytes")));
    return p;
}

QList<ParamSpec> cubbyholeParams()
{
    return {
        integerParam(QStringLiteral("keys"), 1, 100000, 1, QStringLiteral("secrets"),
                     QStringLiteral("secrets in the token's cubbyhole, one picked at random per "
                                    "request")),
        bytesParam(QStringLiteral("payload_bytes"), 1, 1024 * 1024, 16,
                   QStringLiteral("size of each secret's value")),
    };
}

bool CubbyholeOperationBase::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString name = QStringLiteral("cubbyhole-%1").arg(ctx.opIndex);
    QString policy;
    if (!m_created.writePolicy(
            client, name,
            QStringLiteral("path \"cubbyhole/*\" {\n  capabilities = "
                           "[\"create\", \"read\", \"update\", \"delete\"]\n}\n"),
            ctx.runPrefix, &policy, error))
        return false;
    const QString mount = ctx.runPrefix + QLatin1Char('-') + name;
    const QJsonObject role{{QStringLiteral("token_policies"), QJsonArray{policy}},
                           {QStringLiteral("token_no_default_policy"), true},
                           {QStringLiteral("token_type"), QStringLiteral("service")}};
    AppRoleLogin login;
    if (!createAppRole(m_created, client, mount, ctx.runPrefix, role, &login, error))
        return false;
    m_accessor = authMountAccessor(client, mount);
    m_token = loginToken(client, QStringLiteral("auth/%1/login").arg(mount),
                         QJsonObject{{QStringLiteral("role_id"), login.roleId},
                                     {QStringLiteral("secret_id"), login.secretId}},
                         nullptr, error);
    return !m_token.isEmpty();
}

bool CubbyholeOperationBase::cleanup(VaultClient &client, QString *error)
{
    m_token.clear();
    QString why; // the entity of the one login (its alias is the role_id)
    if (!m_created.resources().isEmpty())
        deleteEntitiesOfAuthMount(client, m_accessor, &why);
    const bool removed = CreatingOperation::cleanup(client, error);
    if (!why.isEmpty() && error)
        *error = error->isEmpty() ? why : *error + QStringLiteral("; ") + why;
    return removed && why.isEmpty();
}

QByteArray CubbyholeOperationBase::keyPath(VuState &vu) const
{
    return keyedPath(vu, QByteArrayLiteral("/v1/cubbyhole/key-"),
                     vu.rng() % uint64_t(m_params.keys));
}

QByteArray CubbyholeOperationBase::body(std::mt19937_64 &rng) const
{
    return QByteArrayLiteral("{\"value\":\"") + kv2Payload(m_params.payloadBytes, rng)
           + QByteArrayLiteral("\"}");
}

} // namespace vw
