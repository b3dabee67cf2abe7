// db_mysql_creds: GET /v1/<mount>/creds/bench: a dynamic MariaDB (or MySQL) user from the
// database secrets engine (OpenBao's built-in mysql-database-plugin). Each answer is a lease,
// and the server runs the role's CREATE USER and GRANT before Vault answers. With
// `revoke: true` every other request of a VU revokes the lease it read last (sync: DROP USER
// before the answer). Requests, lease counting and cleanup are DbCredsOperation's
// (core/ops/dbcommon.h); docs/profile-format.md "Database secrets". vault-benchmark's
// `mysql_secret`.
#pragma once

#include "localtarget/mariadb.h"
#include "ops/dbcommon.h"
#include "ops/operationtype.h"

namespace vw {

/// `connection` ("mariadb": the local target's service, `target up --with mariadb`; or
/// mysql://USER@HOST:PORT), `password_file` (for a URL), `max_open_connections` (1..1000,
/// default 4, as OpenBao's).
struct DbMysqlParams {
    QString connection;
    QString passwordFile;
    int maxOpenConnections = 4;
    static DbMysqlParams from(const OpParams &params);
};

class DbMysqlCredsOperation : public DbCredsOperation {
public:
    DbMysqlCredsOperation(const DbMysqlParams &params, bool revoke, qint64 ttlMs)
        : DbCredsOperation(revoke, ttlMs)
        , m_params(params)
    {
    }
    /// Enables "<runPrefix>-db-<opIndex>", connection "bench" (mysql-database-plugin) to the
    /// server of `connection`, role "bench": CREATE USER '{{name}}'@'%' and GRANT SELECT on
    /// the database `vwb_bench` (which need not exist), revoked with DROP USER.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// The MariaDB it creates users in (core/ops/mariadbprobe.h).
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

private:
    DbMysqlParams m_params;
    MariadbConnection m_db; ///< resolved at setup (the admin password in memory only)
};

OperationType dbMysqlCredsType();

} // namespace vw
