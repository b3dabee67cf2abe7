#include "ops/postgresprobe.h"

#include "util/procstat.h"

namespace vw {

PostgresProbe::PostgresProbe(const PostgresConnection &c)
    : m_connection(c)
{
}

PostgresProbe::~PostgresProbe() = default;

bool PostgresProbe::read(ServerReading *r, QString *error)
{
    if (m_connection.pid > 0) {
        const double cpu = procTreeCpuSeconds(m_connection.pid);
        if (cpu >= 0)
            r->serviceCpuSeconds = cpu;
    }
    if (!m_client) {
        auto client = std::make_unique<PostgresClient>();
        if (!client->connect(m_connection, error)
            || !client->exec(QStringLiteral("SET statement_timeout = 500"), error))
            return serverKnown(r->serviceCpuSeconds);
        m_client = std::move(client);
    }
    const std::optional<QString> counts = m_client->scalar(
        QStringLiteral("SELECT (SELECT count(*) FROM pg_stat_activity WHERE backend_type = "
                       "'client backend' AND pid <> pg_backend_pid()) || ' ' || (SELECT "
                       "count(*) FROM pg_roles)"),
        error);
    if (!counts) {
        m_client.reset(); // reconnect next time
        return serverKnown(r->serviceCpuSeconds);
    }
    const QStringList parts = counts->split(QLatin1Char(' '));
    bool okC = false, okU = false;
    const double connections = parts.value(0).toDouble(&okC);
    const double users = parts.value(1).toDouble(&okU);
    if (okC)
        r->serviceConnections = connections;
    if (okU)
        r->serviceUsers = users;
    return true;
}

} // namespace vw
