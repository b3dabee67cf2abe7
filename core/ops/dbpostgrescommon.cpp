#include "ops/dbpostgrescommon.h"

#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonObject>

namespace vw {

QList<ParamSpec> dbPostgresConnectionParams()
{
    return {stringParam(QStringLiteral("connection"), QStringLiteral("postgres"),
                        QStringLiteral("\"postgres\" (the local target's service) or "
                                       "postgresql://USER@HOST:PORT/DB")),
            stringParam(QStringLiteral("password_file"), QString(),
                        QStringLiteral("a file holding the password of a connection URL")),
            integerParam(QStringLiteral("max_open_connections"), 1, 1000, 4,
                         QStringLiteral("connections"),
                         QStringLiteral("the engine's connection pool towards PostgreSQL"))};
}

DbPostgresParams DbPostgresParams::from(const OpParams &params)
{
    DbPostgresParams p;
    p.connection = params.text(QStringLiteral("connection"));
    p.passwordFile = params.text(QStringLiteral("password_file"));
    p.maxOpenConnections = int(params.integer(QStringLiteral("max_open_connections")));
    return p;
}

QString setupPostgresMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                           const DbPostgresParams &params, PostgresConnection *resolved,
                           QString *error)
{
    if (!resolvePostgresConnection(params.connection, params.passwordFile, resolved, error))
        return {};
    const QJsonObject config{
        {QStringLiteral("plugin_name"), QStringLiteral("postgresql-database-plugin")},
        {QStringLiteral("connection_url"), resolved->vaultConnectionUrl()},
        {QStringLiteral("username"), resolved->user},
        {QStringLiteral("password"), QString::fromUtf8(resolved->password)},
        {QStringLiteral("max_open_connections"), params.maxOpenConnections}};
    return setupDatabaseMount(created, client, ctx, config,
                              QStringLiteral("the PostgreSQL connection ") + resolved->displayUrl(),
                              error);
}

} // namespace vw
