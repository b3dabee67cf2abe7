// db_postgres_static_read: GET /v1/<mount>/static-creds/bench: the current password of a
// static role, a PostgreSQL user that setup creates (CREATE ROLE "<runPrefix>-static-<i>"
// through the admin connection, core/localtarget/postgres.h) and Vault manages (it rotates
// the password once, at creation, then every 24 h). No lease; PostgreSQL is not touched per
// request. Cleanup removes the mount, then drops that user. vault-benchmark's
// `postgresql_secret` with a static role.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/dbpostgrescommon.h"
#include "ops/operationtype.h"

namespace vw {

class DbPostgresStaticReadOperation : public CreatingOperation {
public:
    explicit DbPostgresStaticReadOperation(const DbPostgresParams &params)
        : m_params(params)
    {
    }
    /// Creates the PostgreSQL user "<runPrefix>-static-<opIndex>", enables
    /// "<runPrefix>-db-<opIndex>" with connection "bench" and static role "bench" for it.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// Removes the mount, then DROP ROLE of the user setup created.
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 with "password" in the body; 200 without it is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// Read on "<mount>/static-creds/bench".
    QString aclRules() const override;
    /// The PostgreSQL of its static user (core/ops/postgresprobe.h).
    std::unique_ptr<ServiceProbe> serviceProbe() const override;

private:
    DbPostgresParams m_params;
    PostgresConnection m_pg;
    QString m_user; ///< the PostgreSQL user setup created (empty: none)
    QByteArray m_path;
};

OperationType dbPostgresStaticReadType();

} // namespace vw
