// The PostgreSQL beside the server for the run's telemetry (core/ops/serviceprobe.h): client
// connections open (pg_stat_activity, client backends, the probe's own left out), roles
// (pg_roles: the dynamic users the database engine created and not yet dropped, plus the
// seed) and, for a local target's service, the CPU of the postmaster and its backends
// (/proc, core/util/procstat.h). Its own libpq connection, made on the first read
// (connect_timeout 5 s) with statement_timeout 500 ms; docs/measurement.md "The service
// beside the server".
#pragma once

#include "localtarget/postgres.h"
#include "ops/serviceprobe.h"

#include <memory>

namespace vw {

class PostgresProbe : public ServiceProbe {
public:
    explicit PostgresProbe(const PostgresConnection &c);
    ~PostgresProbe() override;
    QString name() const override { return postgresServiceName(); }
    QString usersName() const override { return QStringLiteral("roles"); }
    bool read(ServerReading *r, QString *error) override;

private:
    PostgresConnection m_connection;
    std::unique_ptr<PostgresClient> m_client; // connected, or null
};

} // namespace vw
