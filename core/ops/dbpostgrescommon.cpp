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
    const QString mount = QStringLiteral("%1-db-%2").arg(ctx.runPrefix).arg(ctx.opIndex);
    if (!created.enableMount(client, mount, QStringLiteral("database"), ctx.runPrefix, {}, error))
        return {};
    // The connection lives inside the mount and goes with it, like a role.
    const QJsonObject config{
        {QStringLiteral("plugin_name"), QStringLiteral("postgresql-database-plugin")},
        {QStringLiteral("connection_url"), resolved->vaultConnectionUrl()},
        {QStringLiteral("username"), resolved->user},
        {QStringLiteral("password"), QString::fromUtf8(resolved->password)},
        {QStringLiteral("allowed_roles"), QStringLiteral("bench")},
        {QStringLiteral("verify_connection"), true},
        {QStringLiteral("max_open_connections"), params.maxOpenConnections}};
    const VaultResponse r = client.post(mount + QStringLiteral("/config/bench"), config);
    if (!r.ok()) {
        *error = QStringLiteral("configure the PostgreSQL connection %1 on %2: %3")
                     .arg(resolved->displayUrl(), mount, r.describe());
        return {};
    }
    return mount;
}

bool revokeLeasesByPrefix(VaultClient &client, const QString &prefix, QString *error)
{
    const VaultResponse r =
        client.withTimeout(10 * 60 * 1000)
            ->request("PUT", QStringLiteral("sys/leases/revoke-prefix/") + prefix,
                      QJsonObject{{QStringLiteral("sync"), true}});
    if (r.ok() || r.alreadyGone())
        return true;
    if (error)
        *error = QStringLiteral("revoke the leases under %1: %2").arg(prefix, r.describe());
    return false;
}

} // namespace vw
