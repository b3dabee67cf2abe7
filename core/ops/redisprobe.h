// The Redis beside the server for the run's telemetry (core/ops/serviceprobe.h): clients
// connected (INFO clients, the probe's own left out), ACL users (ACL USERS: the dynamic users
// the database engine made and not yet deleted, plus the seed) and, for a local target's
// service, the CPU of its process (/proc, core/util/procstat.h). Its own hiredis connection
// (5 s connect timeout), made on the first read; docs/measurement.md "The service beside the
// server".
#pragma once

#include "localtarget/redis.h"
#include "ops/serviceprobe.h"

#include <memory>

namespace vw {

class RedisProbe : public ServiceProbe {
public:
    explicit RedisProbe(const RedisConnection &c);
    ~RedisProbe() override;
    QString name() const override { return redisServiceName(); }
    QString usersName() const override { return QStringLiteral("ACL users"); }
    bool read(ServerReading *r, QString *error) override;

private:
    RedisConnection m_connection;
    std::unique_ptr<RedisClient> m_client; // connected, or null
};

/// "connected_clients:N" of an INFO answer; -1 when absent.
double redisConnectedClients(const QByteArray &info);

} // namespace vw
