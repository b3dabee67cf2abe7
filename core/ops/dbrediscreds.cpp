#include "ops/dbrediscreds.h"

#include "ops/redisprobe.h"

#include <QJsonArray>

namespace vw {

bool DbRedisCredsOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount = setupRedisMount(m_created, client, ctx, m_params, &m_redis, error);
    if (mount.isEmpty())
        return false;
    setMount(mount);
    // The plugin reads one statement: a JSON array of ACL rules.
    return writeCredsRole(client, QJsonArray{QStringLiteral("[\"~vwb:*\", \"+@read\"]")},
                          QJsonArray{}, error);
}

OperationType dbRedisCredsType()
{
    OperationType t;
    t.name = QStringLiteral("db_redis_creds");
    t.group = OperationGroup::Database;
    t.description = QStringLiteral("Database secrets: a dynamic Redis ACL user (a lease; ACL "
                                   "SETUSER on the server), optionally revoked (ACL DELUSER)");
    t.request = QStringLiteral("GET /v1/<mount>/creds/bench; with revoke, every other request "
                               "PUT /v1/sys/leases/revoke");
    t.setup = QStringLiteral("a database mount, connection `bench` to Redis "
                             "(redis-database-plugin), role `bench` (ACL rules ~vwb:* +@read)");
    t.params = dbRedisConnectionParams() + dbCredsParams(QStringLiteral("Redis's ACL DELUSER"));
    t.create = [](const OpParams &params) {
        return std::make_unique<DbRedisCredsOperation>(DbRedisParams::from(params),
                                                       params.boolean(QStringLiteral("revoke")),
                                                       params.durationMs(QStringLiteral("ttl")));
    };
    return t;
}

std::unique_ptr<ServiceProbe> DbRedisCredsOperation::serviceProbe() const
{
    return m_mount.isEmpty() ? nullptr : std::make_unique<RedisProbe>(m_redis);
}

} // namespace vw
