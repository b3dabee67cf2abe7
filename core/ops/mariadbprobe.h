// The MariaDB beside the server for the run's telemetry (core/ops/serviceprobe.h): client
// connections (the status variable Threads_connected, the probe's own left out), users
// (mysql.user: the dynamic users the database engine created and not yet dropped, plus the
// seed) and, for a local target's service, the CPU of mariadbd (/proc,
// core/util/procstat.h). Its own Connector/C connection (5 s timeouts), made on the first
// read; docs/measurement.md "The service beside the server".
#pragma once

#include "localtarget/mariadb.h"
#include "ops/serviceprobe.h"

#include <memory>

namespace vw {

class MariadbProbe : public ServiceProbe {
public:
    explicit MariadbProbe(const MariadbConnection &c);
    ~MariadbProbe() override;
    QString name() const override { return mariadbServiceName(); }
    QString usersName() const override { return QStringLiteral("users"); }
    bool read(ServerReading *r, QString *error) override;

private:
    MariadbConnection m_connection;
    std::unique_ptr<MariadbClient> m_client; // connected, or null
};

} // namespace vw
