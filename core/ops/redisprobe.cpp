#include "ops/redisprobe.h"

#include "util/procstat.h"

namespace vw {

double redisConnectedClients(const QByteArray &info)
{
    for (const QByteArray &line : info.split('\n')) {
        if (!line.startsWith("connected_clients:"))
            continue;
        bool ok = false;
        const double v = line.mid(18).trimmed().toDouble(&ok);
        return ok ? v : -1;
    }
    return -1;
}

RedisProbe::RedisProbe(const RedisConnection &c)
    : m_connection(c)
{
}

RedisProbe::~RedisProbe() = default;

bool RedisProbe::read(ServerReading *r, QString *error)
{
    if (m_connection.pid > 0) {
        const double cpu = procTreeCpuSeconds(m_connection.pid);
        if (cpu >= 0)
            r->serviceCpuSeconds = cpu;
    }
    if (!m_client) {
        auto client = std::make_unique<RedisClient>();
        if (!client->connect(m_connection, error))
            return serverKnown(r->serviceCpuSeconds);
        m_client = std::move(client);
    }
    const RedisReply info = m_client->command({"INFO", "clients"});
    const std::optional<QStringList> users = info.ok ? m_client->aclUsers(error) : std::nullopt;
    if (!info.ok || !users) {
        if (!info.ok && error)
            *error = info.error;
        m_client.reset(); // reconnect next time
        return serverKnown(r->serviceCpuSeconds);
    }
    const double clients = redisConnectedClients(info.text);
    if (clients >= 1)
        r->serviceConnections = clients - 1; // not the probe's own
    r->serviceUsers = double(users->size());
    return true;
}

} // namespace vw
