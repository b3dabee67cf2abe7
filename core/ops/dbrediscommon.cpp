#include "ops/dbrediscommon.h"

#include <QJsonObject>

namespace vw {

QList<ParamSpec> dbRedisConnectionParams()
{
    return {stringParam(QStringLiteral("connection"), redisServiceName(),
                        QStringLiteral("\"redis\" (the local target's service) or "
                                       "redis://USER@HOST:PORT")),
            stringParam(QStringLiteral("password_file"), QString(),
                        QStringLiteral("a file holding the password of a connection URL"))};
}

DbRedisParams DbRedisParams::from(const OpParams &params)
{
    DbRedisParams p;
    p.connection = params.text(QStringLiteral("connection"));
    p.passwordFile = params.text(QStringLiteral("password_file"));
    return p;
}

QString setupRedisMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                        const DbRedisParams &params, RedisConnection *resolved, QString *error)
{
    if (!resolveRedisConnection(params.connection, params.passwordFile, resolved, error))
        return {};
    const QJsonObject config{
        {QStringLiteral("plugin_name"), QStringLiteral("redis-database-plugin")},
        {QStringLiteral("host"), resolved->host},
        {QStringLiteral("port"), resolved->port},
        {QStringLiteral("username"), resolved->user},
        {QStringLiteral("password"), QString::fromUtf8(resolved->password)},
        {QStringLiteral("tls"), false}};
    return setupDatabaseMount(created, client, ctx, config,
                              QStringLiteral("the Redis connection ") + resolved->displayUrl(),
                              error);
}

} // namespace vw
