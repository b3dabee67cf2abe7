#include "ops/mariadbprobe.h"

#include "util/procstat.h"

namespace vw {

MariadbProbe::MariadbProbe(const MariadbConnection &c)
    : m_connection(c)
{
}

MariadbProbe::~MariadbProbe() = default;

bool MariadbProbe::read(ServerReading *r, QString *error)
{
    if (m_connection.pid > 0) {
        const double cpu = procTreeCpuSeconds(m_connection.pid);
        if (cpu >= 0)
            r->serviceCpuSeconds = cpu;
    }
    if (!m_client) {
        auto client = std::make_unique<MariadbClient>();
        if (!client->connect(m_connection, error)
            || !client->exec(QStringLiteral("SET SESSION max_statement_time = 0.5"), error))
            return serverKnown(r->serviceCpuSeconds);
        m_client = std::move(client);
    }
    const std::optional<QStringList> row = m_client->rows(
        QStringLiteral("SELECT (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
                       "WHERE VARIABLE_NAME = 'THREADS_CONNECTED'), (SELECT COUNT(*) FROM "
                       "mysql.user)"),
        error);
    if (!row || row->isEmpty()) {
        m_client.reset(); // reconnect next time
        return serverKnown(r->serviceCpuSeconds);
    }
    const QStringList parts = row->first().split(QLatin1Char('\t'));
    bool okC = false, okU = false;
    const double connections = parts.value(0).toDouble(&okC);
    const double users = parts.value(1).toDouble(&okU);
    if (okC && connections >= 1)
        r->serviceConnections = connections - 1; // not the probe's own
    if (okU)
        r->serviceUsers = users;
    return true;
}

} // namespace vw
