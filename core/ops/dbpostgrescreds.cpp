#include "ops/dbpostgrescreds.h"

#include "ops/postgresprobe.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonObject>

namespace vw {

bool DbPostgresCredsOperation::setup(VaultClient &client, const SetupContext &ctx, QString *error)
{
    const QString mount = setupPostgresMount(m_created, client, ctx, m_params, &m_pg, error);
    if (mount.isEmpty())
        return false;
    setMount(mount);
    return writeCredsRole(
        client,
        QJsonArray{QStringLiteral("CREATE ROLE \"{{name}}\" WITH LOGIN PASSWORD '{{password}}' "
                                  "VALID UNTIL '{{expiration}}';")},
        QJsonArray{QStringLiteral("DROP ROLE IF EXISTS \"{{name}}\";")}, error);
}

std::unique_ptr<ServiceProbe> DbPostgresCredsOperation::serviceProbe() const
{
    return m_mount.isEmpty() ? nullptr : std::make_unique<PostgresProbe>(m_pg);
}

OperationType dbPostgresCredsType()
{
    OperationType t;
    t.name = QStringLiteral("db_postgres_creds");
    t.group = OperationGroup::Database;
    t.description = QStringLiteral("Database secrets: a dynamic PostgreSQL user (a lease; CREATE "
                                   "ROLE on the server), optionally revoked (DROP ROLE)");
    t.request = QStringLiteral("GET /v1/<mount>/creds/bench; with revoke, every other request "
                               "PUT /v1/sys/leases/revoke");
    t.setup = QStringLiteral("a database mount, connection `bench` to PostgreSQL, role `bench` "
                             "(CREATE ROLE ... VALID UNTIL; DROP ROLE)");
    t.params =
        dbPostgresConnectionParams() + dbCredsParams(QStringLiteral("PostgreSQL's DROP ROLE"));
    t.create = [](const OpParams &params) {
        return std::make_unique<DbPostgresCredsOperation>(DbPostgresParams::from(params),
                                                          params.boolean(QStringLiteral("revoke")),
                                                          params.durationMs(QStringLiteral("ttl")));
    };
    return t;
}

} // namespace vw
