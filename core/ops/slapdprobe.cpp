#include "ops/slapdprobe.h"

#include "util/procstat.h"

namespace vw {

namespace {

double number(const QHash<QString, QByteArray> &values, const QString &key)
{
    bool ok = false;
    const double v = values.value(key).toDouble(&ok);
    return ok ? v : -1;
}

} // namespace

SlapdMonitorFigures slapdMonitorFigures(const QList<LdapClient::Entry> &entries)
{
    SlapdMonitorFigures f;
    for (const LdapClient::Entry &e : entries) {
        const QString dn = e.dn.toLower().remove(QLatin1Char(' '));
        if (dn == QLatin1String("cn=current,cn=connections,cn=monitor"))
            f.connections = number(e.values, QStringLiteral("monitorcounter"));
        else if (dn == QLatin1String("cn=operations,cn=monitor"))
            f.operationsCompleted = number(e.values, QStringLiteral("monitoropcompleted"));
    }
    return f;
}

SlapdProbe::SlapdProbe(const LdapConnection &c)
    : m_connection(c)
{
}

SlapdProbe::~SlapdProbe() = default;

bool SlapdProbe::read(ServerReading *r, QString *error)
{
    if (m_connection.pid > 0) {
        const double cpu = procTreeCpuSeconds(m_connection.pid);
        if (cpu >= 0)
            r->serviceCpuSeconds = cpu;
    }
    if (!m_client) {
        auto client = std::make_unique<LdapClient>();
        const bool bound = client->open(m_connection.url, error);
        ++m_ownOperations; // the bind (completed, or failed: counted by slapd either way)
        if (!bound || client->bind(m_connection.bindDn, m_connection.password, error) != 0)
            return serverKnown(r->serviceCpuSeconds);
        m_client = std::move(client);
    }
    const QString inetOrgPerson = QStringLiteral("(objectClass=inetOrgPerson)");
    if (m_staticUsers < 0) {
        const auto all = m_client->searchDns(m_connection.baseDn, inetOrgPerson, error);
        const auto dynamic =
            all ? m_client->searchDns(m_connection.dynamicDn(), inetOrgPerson, error)
                : std::nullopt;
        m_ownOperations += all ? 2 : 1;
        if (!all || !dynamic) {
            m_client.reset(); // reconnect next time
            return serverKnown(r->serviceCpuSeconds);
        }
        m_staticUsers = double(all->size() - dynamic->size());
    }
    const auto dynamic = m_client->searchDns(m_connection.dynamicDn(), inetOrgPerson, error);
    ++m_ownOperations;
    if (!dynamic) {
        m_client.reset();
        return serverKnown(r->serviceCpuSeconds);
    }
    r->serviceUsers = m_staticUsers + double(dynamic->size());
    // The monitor last: the search that reads cn=Operations is not completed yet when slapd
    // answers it, every earlier operation of this probe is.
    QString monitorError;
    const auto monitor = m_client->search(
        QStringLiteral("cn=Monitor"), QStringLiteral("(|(cn=Current)(cn=Operations))"),
        {QStringLiteral("monitorCounter"), QStringLiteral("monitorOpCompleted")}, &monitorError);
    if (monitor) {
        const SlapdMonitorFigures f = slapdMonitorFigures(*monitor);
        if (f.connections >= 1)
            r->serviceConnections = f.connections - 1; // not the probe's own
        if (f.operationsCompleted >= 0)
            r->serviceOperations = qMax(0.0, f.operationsCompleted - m_ownOperations);
    }
    ++m_ownOperations;
    return true;
}

} // namespace vw
