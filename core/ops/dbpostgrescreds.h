// db_postgres_creds: GET /v1/<mount>/creds/bench: a dynamic PostgreSQL user from the database
// secrets engine. Each answer is a lease, and PostgreSQL runs the role's creation statement
// (CREATE ROLE ... LOGIN PASSWORD ... VALID UNTIL ...) before Vault answers. With
// `revoke: true` every other request of a VU is PUT /v1/sys/leases/revoke of the lease it read
// last (sync: PostgreSQL's DROP ROLE before the answer), so the row measures a lease's whole
// life: creation and revocation, half the requests each. Cleanup revokes every lease of the
// mount by prefix before it disables the mount (docs/profile-format.md "Database secrets").
// vault-benchmark's `postgresql_secret`.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/dbpostgrescommon.h"
#include "ops/leasecounter.h"
#include "ops/operationtype.h"

namespace vw {

class DbPostgresCredsOperation : public CreatingOperation {
public:
    DbPostgresCredsOperation(const DbPostgresParams &params, bool revoke, qint64 ttlMs)
        : m_params(params)
        , m_revoke(revoke)
        , m_ttlSeconds(ttlMs / 1000)
    {
    }
    /// Enables "<runPrefix>-db-<opIndex>" (database engine), connection "bench" to the
    /// PostgreSQL of `connection`, role "bench" (creation and revocation statements, the
    /// `ttl` as default_ttl and max_ttl).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// Revokes the mount's leases by prefix (their DROP ROLE), then removes the mount.
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// With `revoke`: the lease to revoke next (per VU).
    std::unique_ptr<OpVuState> newVuState() const override;
    /// With `revoke`: remembers the lease_id of a 200 answer of creds/bench.
    void onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const override;
    /// creds: 200 with "lease_id" and "username" (else InvalidResponse); revoke: 204.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/creds/bench"; with `revoke` update on "sys/leases/revoke".
    QString aclRules() const override;

    /// Created: 200 on creds; revoked: 204 on sys/leases/revoke.
    std::optional<LeaseCounts> leaseCounts() const override { return m_leases.counts(); }
    QString leasePrefix() const override { return m_mount + QStringLiteral("/creds/bench/"); }
    /// The PostgreSQL it creates roles in (core/ops/postgresprobe.h).
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

private:
    DbPostgresParams m_params;
    bool m_revoke = false;
    qint64 m_ttlSeconds = 3600;
    QString m_mount;
    PostgresConnection m_pg; ///< resolved at setup (the admin password in memory only)
    QByteArray m_credsPath; ///< "/v1/<mount>/creds/bench"
    LeaseCounter m_leases;
};

OperationType dbPostgresCredsType();

} // namespace vw
