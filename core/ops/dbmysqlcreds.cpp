#include "ops/dbmysqlcreds.h"

#include "ops/mariadbprobe.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonObject>

namespace vw {

DbMysqlParams DbMysqlParams::from(const OpParams &params)
{
    DbMysqlParams p;
    p.connection = params.text(QStringLiteral("connection"));
    p.passwordFile = params.text(QStringLiteral("password_file"));
    p.maxOpenConnections = int(params.integer(QStringLiteral("max_open_connections")));
    return p;
}

bool DbMysqlCredsOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    MariadbConnection &db = m_db;
    if (!resolveMariadbConnection(m_params.connection, m_params.passwordFile, &db, error))
        return false;
    const QJsonObject config{
        {QStringLiteral("plugin_name"), QStringLiteral("mysql-database-plugin")},
        {QStringLiteral("connection_url"), db.vaultConnectionUrl()},
        {QStringLiteral("username"), db.user},
        {QStringLiteral("password"), QString::fromUtf8(db.password)},
        {QStringLiteral("max_open_connections"), m_params.maxOpenConnections}};
    const QString mount =
        setupDatabaseMount(m_created, client, ctx, config,
                           QStringLiteral("the MariaDB connection ") + db.displayUrl(), error);
    if (mount.isEmpty())
        return false;
    setMount(mount);
    return writeCredsRole(
        client,
        QJsonArray{QStringLiteral("CREATE USER '{{name}}'@'%' IDENTIFIED BY '{{password}}';"),
                   QStringLiteral("GRANT SELECT ON `vwb_bench`.* TO '{{name}}'@'%';")},
        QJsonArray{QStringLiteral("DROP USER IF EXISTS '{{name}}'@'%';")}, error);
}

OperationType dbMysqlCredsType()
{
    OperationType t;
    t.name = QStringLiteral("db_mysql_creds");
    t.group = OperationGroup::Database;
    t.description = QStringLiteral("Database secrets: a dynamic MariaDB/MySQL user (a lease; "
                                   "CREATE USER and GRANT on the server), optionally revoked "
                                   "(DROP USER)");
    t.request = QStringLiteral("GET /v1/<mount>/creds/bench; with revoke, every other request "
                               "PUT /v1/sys/leases/revoke");
    t.setup = QStringLiteral("a database mount, connection `bench` to MariaDB "
                             "(mysql-database-plugin), role `bench` (CREATE USER, GRANT SELECT; "
                             "DROP USER)");
    t.params = {stringParam(QStringLiteral("connection"), mariadbServiceName(),
                            QStringLiteral("\"mariadb\" (the local target's service) or "
                                           "mysql://USER@HOST:PORT")),
                stringParam(QStringLiteral("password_file"), QString(),
                            QStringLiteral("a file holding the password of a connection URL")),
                integerParam(QStringLiteral("max_open_connections"), 1, 1000, 4,
                             QStringLiteral("connections"),
                             QStringLiteral("the engine's connection pool towards MariaDB"))};
    t.params << dbCredsParams(QStringLiteral("MariaDB's DROP USER"));
    t.create = [](const OpParams &params) {
        return std::make_unique<DbMysqlCredsOperation>(DbMysqlParams::from(params),
                                                       params.boolean(QStringLiteral("revoke")),
                                                       params.durationMs(QStringLiteral("ttl")));
    };
    return t;
}

std::unique_ptr<ServiceProbe> DbMysqlCredsOperation::serviceProbe() const
{
    return m_mount.isEmpty() ? nullptr : std::make_unique<MariadbProbe>(m_db);
}

} // namespace vw
