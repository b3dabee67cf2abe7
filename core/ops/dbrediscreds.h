// db_redis_creds: GET /v1/<mount>/creds/bench: a dynamic Redis ACL user from the database
// secrets engine (OpenBao's built-in redis-database-plugin: ACL SETUSER before Vault answers).
// Each answer is a lease; with `revoke: true` every other request of a VU revokes the lease it
// read last (sync: ACL DELUSER before the answer). Requests, lease counting and cleanup are
// DbCredsOperation's (core/ops/dbcommon.h); docs/profile-format.md "Database secrets".
// vault-benchmark's `redis_dynamic_secret`.
#pragma once

#include "ops/dbrediscommon.h"
#include "ops/operationtype.h"

namespace vw {

class DbRedisCredsOperation : public DbCredsOperation {
public:
    DbRedisCredsOperation(const DbRedisParams &params, bool revoke, qint64 ttlMs)
        : DbCredsOperation(revoke, ttlMs)
        , m_params(params)
    {
    }
    /// Enables "<runPrefix>-db-<opIndex>", connection "bench" to the Redis of `connection`,
    /// role "bench": an ACL user allowed `+@read` on keys `vwb:*` (the plugin removes the user
    /// on revocation).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// The Redis it makes ACL users in (core/ops/redisprobe.h).
    std::unique_ptr<ServiceProbe> serviceProbe() const override;
    /// Without `revoke` the leases pile up until cleanup, and OpenBao's Redis plugin revokes
    /// them slowly (4 to 5 a second on a 2-core VM: the plugin closes its connection pool after
    /// each ACL DELUSER, under its lock; docs/profile-format.md "Database secrets"): keep such
    /// runs short, or use `revoke: true`.

private:
    DbRedisParams m_params;
    RedisConnection m_redis;
};

OperationType dbRedisCredsType();

} // namespace vw
