#include "ops/dbredisstaticread.h"

#include "localtarget/servicelaunch.h"
#include "ops/redisprobe.h"
#include "vault/vaultclient.h"

#include <QJsonObject>

namespace vw {

bool DbRedisStaticReadOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    if (!resolveRedisConnection(m_params.connection, m_params.passwordFile, &m_redis, error))
        return false;
    const QString user = QStringLiteral("%1-static-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    {
        RedisClient redis;
        if (!redis.connect(m_redis, error))
            return false;
        // A first password nobody keeps: Vault rotates it when the static role is made.
        const RedisReply r = redis.command({"ACL", "SETUSER", user.toUtf8(), "on",
                                            ">" + randomServicePassword(), "~vwb:*", "+@read"});
        if (!r.ok) {
            *error = QStringLiteral("create the Redis ACL user %1: %2").arg(user, r.error);
            return false;
        }
        m_user = user;
    }
    const QString mount = setupRedisMount(m_created, client, ctx, m_params, &m_redis, error);
    if (mount.isEmpty())
        return false;
    const QJsonObject role{{QStringLiteral("db_name"), QStringLiteral("bench")},
                           {QStringLiteral("username"), user},
                           {QStringLiteral("rotation_period"), 24 * 3600}};
    if (!m_created.writeRole(client, mount + QStringLiteral("/static-roles/bench"), role, error))
        return false;
    m_path = "/v1/" + mount.toUtf8() + "/static-creds/bench";
    return true;
}

bool DbRedisStaticReadOperation::cleanup(VaultClient &client, QString *error)
{
    bool ok = CreatingOperation::cleanup(client, error);
    if (m_user.isEmpty())
        return ok;
    RedisClient redis;
    QString why;
    if (redis.connect(m_redis, &why)) {
        const RedisReply r = redis.command({"ACL", "DELUSER", m_user.toUtf8()});
        if (r.ok) {
            m_user.clear();
            return ok;
        }
        why = r.error;
    }
    if (error)
        *error = (ok ? QString() : *error + QStringLiteral("; "))
                 + QStringLiteral("delete the Redis ACL user %1: %2").arg(m_user, why);
    return false;
}

HttpRequest DbRedisStaticReadOperation::nextRequest(VuState &) const
{
    return {QByteArrayLiteral("GET"), m_path, QByteArray()};
}

ErrorClass DbRedisStaticReadOperation::classify(const HttpResult &result) const
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return result.body.contains("\"password\"") ? ErrorClass::None : ErrorClass::InvalidResponse;
}

QString DbRedisStaticReadOperation::aclRules() const
{
    return QStringLiteral("path \"%1\" {\n  capabilities = [\"read\"]\n}\n")
        .arg(QString::fromUtf8(m_path.mid(4)));
}

OperationType dbRedisStaticReadType()
{
    OperationType t;
    t.name = QStringLiteral("db_redis_static_read");
    t.group = OperationGroup::Database;
    t.description = QStringLiteral("Database secrets: the current password of a static Redis "
                                   "ACL user (no lease)");
    t.request = QStringLiteral("GET /v1/<mount>/static-creds/bench");
    t.setup = QStringLiteral("a Redis ACL user `<prefix>-static-<i>`, a database mount, "
                             "connection `bench`, static role `bench` (rotation 24 h)");
    t.params = dbRedisConnectionParams();
    t.create = [](const OpParams &params) {
        return std::make_unique<DbRedisStaticReadOperation>(DbRedisParams::from(params));
    };
    return t;
}

std::unique_ptr<ServiceProbe> DbRedisStaticReadOperation::serviceProbe() const
{
    return m_user.isEmpty() ? nullptr : std::make_unique<RedisProbe>(m_redis);
}

} // namespace vw
