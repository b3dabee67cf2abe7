// db_postgres_creds: GET /v1/<mount>/creds/bench: a dynamic PostgreSQL user from the database
// secrets engine. Each answer is a lease, and PostgreSQL runs the role's creation statement
// (CREATE ROLE ... LOGIN PASSWORD ... VALID UNTIL ...) before Vault answers. With
// `revoke: true` every other request of a VU is PUT /v1/sys/leases/revoke of the lease it read
// last (sync: PostgreSQL's DROP ROLE before the answer), so the row measures a lease's whole
// life: creation and revocation, half the requests each. Cleanup revokes every lease of the
// mount by prefix before it disables the mount (docs/profile-format.md "Database secrets").
// vault-benchmark's `postgresql_secret`.
#pragma once

#include "ops/dbcommon.h"
#include "ops/dbpostgrescommon.h"
#include "ops/operationtype.h"

namespace vw {

/// The requests, lease counting, ACL and cleanup are DbCredsOperation's (core/ops/dbcommon.h).
class DbPostgresCredsOperation : public DbCredsOperation {
public:
    DbPostgresCredsOperation(const DbPostgresParams &params, bool revoke, qint64 ttlMs)
        : DbCredsOperation(revoke, ttlMs)
        , m_params(params)
    {
    }
    /// Enables "<runPrefix>-db-<opIndex>" (database engine), connection "bench" to the
    /// PostgreSQL of `connection`, role "bench" (creation and revocation statements, the
    /// `ttl` as default_ttl and max_ttl).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// The PostgreSQL it creates roles in (core/ops/postgresprobe.h).
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

private:
    DbPostgresParams m_params;
    PostgresConnection m_pg; ///< resolved at setup (the admin password in memory only)
};

OperationType dbPostgresCredsType();

} // namespace vw
