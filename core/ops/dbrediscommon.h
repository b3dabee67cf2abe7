// Shared by db_redis_creds and db_redis_static_read: their connection params and the database
// secrets engine mount "<runPrefix>-db-<opIndex>" with its Redis connection "bench" (OpenBao's
// built-in redis-database-plugin, ACL users; core/ops/dbcommon.h; docs/profile-format.md
// "Database secrets").
#pragma once

#include "localtarget/redis.h"
#include "ops/dbcommon.h"

namespace vw {

/// `connection` ("redis": the local target's service, `target up --with redis`; or
/// redis://USER@HOST:PORT) and `password_file` (for a URL).
QList<ParamSpec> dbRedisConnectionParams();

struct DbRedisParams {
    QString connection;
    QString passwordFile;
    static DbRedisParams from(const OpParams &params);
};

/// Resolves the connection (core/localtarget/redis.h), enables the mount and writes its
/// connection "bench" (plugin redis-database-plugin, host, port, the admin user and password,
/// no TLS). Returns the mount path (empty + *error); the resolved connection goes to *resolved.
QString setupRedisMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                        const DbRedisParams &params, RedisConnection *resolved, QString *error);

} // namespace vw
