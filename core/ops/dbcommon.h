// What every operation type of the database secrets engine shares (db_postgres_*,
// db_mysql_creds, db_redis_*; docs/profile-format.md "Database secrets"): the mount
// "<runPrefix>-db-<opIndex>" with its connection "bench" (the sweeper, core/vault/
// workbenchresource.cpp, revokes a "-db-" mount's leases by prefix before it disables it),
// the lease revocation by prefix, and DbCredsOperation, the base of every dynamic-credentials
// type: GET <mount>/creds/bench, optionally revoking each lease, counted by a LeaseCounter
// (core/ops/leasecounter.h). A subclass writes only its connection and role in setup().
#pragma once

#include "ops/creatingoperation.h"
#include "ops/leasecounter.h"
#include "ops/opparams.h"
#include "ops/opsupport.h"

#include <QJsonObject>

namespace vw {

/// PUT sys/leases/revoke-prefix/<prefix> (sync: each revocation runs its statements, e.g.
/// DROP ROLE, before the answer), with up to 10 minutes for a large pile of leases. true
/// when revoked or there was nothing; false + *error otherwise.
bool revokeLeasesByPrefix(VaultClient &client, const QString &prefix, QString *error);

/// Enables the database mount "<runPrefix>-db-<opIndex>" through `created` and writes its
/// connection "bench" from `config` (plugin_name, the plugin's connection fields, the admin
/// password: to Vault only) with allowed_roles "bench" and verify_connection added. Returns the
/// mount path; empty + *error ("configure <what> on <mount>: ...") on failure.
QString setupDatabaseMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                           QJsonObject config, const QString &what, QString *error);

/// `revoke` (boolean, default false) and `ttl` (the role's default and maximum lease TTL,
/// 1 s..24 h, default 1 h) of a dynamic-credentials type; `server` names the service whose
/// user removal `revoke` measures ("PostgreSQL's DROP ROLE").
QList<ParamSpec> dbCredsParams(const QString &server);

/// A dynamic-credentials operation: GET /v1/<mount>/creds/bench, each answer a lease (the
/// plugin creates a user on the server before Vault answers). With `revoke` every other
/// request of a VU is PUT /v1/sys/leases/revoke of the lease it read last (sync: the user's
/// removal before the answer). Cleanup revokes every lease of the mount by prefix, then
/// removes the mount.
class DbCredsOperation : public CreatingOperation {
public:
    DbCredsOperation(bool revoke, qint64 ttlMs)
        : m_revoke(revoke)
        , m_ttlSeconds(ttlMs / 1000)
    {
    }
    /// Revokes the mount's leases by prefix (the users' removal), then removes the mount.
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// With `revoke`: the lease to revoke next (per VU).
    std::unique_ptr<OpVuState> newVuState() const override;
    /// Counts leases; with `revoke` remembers the lease_id of a 200 answer of creds/bench.
    void onResponse(VuState &vu, const HttpResult &result, ErrorClass errorClass) const override;
    /// creds: 200 with "lease_id" and "username" (else InvalidResponse); revoke: 204.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/creds/bench"; with `revoke` update on "sys/leases/revoke".
    QString aclRules() const override;

    /// Created: 200 on creds; revoked: 204 on sys/leases/revoke.
    std::optional<LeaseCounts> leaseCounts() const override { return m_leases.counts(); }
    QString leasePrefix() const override { return m_mount + QStringLiteral("/creds/bench/"); }

protected:
    /// setup(): the mount made (setupDatabaseMount); sets the creds path.
    void setMount(const QString &mount);
    /// The role "bench" with these statements and the `ttl` as default_ttl and max_ttl.
    bool writeCredsRole(VaultClient &client, const QJsonArray &creation,
                        const QJsonArray &revocation, QString *error);

    bool m_revoke = false;
    qint64 m_ttlSeconds = 3600;
    QString m_mount;

private:
    QByteArray m_credsPath; ///< "/v1/<mount>/creds/bench"
    LeaseCounter m_leases;
};

} // namespace vw
