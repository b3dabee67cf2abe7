// Shared by db_postgres_creds and db_postgres_static_read: their connection params and the
// database secrets engine mount "<runPrefix>-db-<opIndex>" with its PostgreSQL connection
// "bench" (OpenBao's built-in postgresql-database-plugin; the mount and the lease revocation
// by prefix are core/ops/dbcommon.h's, docs/profile-format.md "Database secrets").
#pragma once

#include "localtarget/postgres.h"
#include "ops/dbcommon.h"
#include "ops/operation.h"
#include "ops/opparams.h"
#include "ops/opsupport.h"

namespace vw {

/// `connection` ("postgres": the local target's service, `target up --with postgres`; or
/// postgresql://USER@HOST:PORT/DB), `password_file` (for a URL) and `max_open_connections`
/// (the engine's pool towards PostgreSQL, 1..1000, default 4 as OpenBao's).
QList<ParamSpec> dbPostgresConnectionParams();

struct DbPostgresParams {
    QString connection;
    QString passwordFile;
    int maxOpenConnections = 4;
    static DbPostgresParams from(const OpParams &params);
};

/// Resolves the connection (core/localtarget/postgres.h), enables the database mount
/// "<runPrefix>-db-<opIndex>" through `created` and writes its connection config "bench"
/// (plugin postgresql-database-plugin, verify_connection, allowed_roles "bench"; the admin
/// password goes to Vault only). Returns the mount path (empty + *error); the resolved
/// connection goes to *resolved.
QString setupPostgresMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                           const DbPostgresParams &params, PostgresConnection *resolved,
                           QString *error);

} // namespace vw
