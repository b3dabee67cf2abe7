// The slapd beside the server for the run's telemetry (core/ops/serviceprobe.h), read from its
// cn=Monitor backend (core/localtarget/slapd.h declares it; read by the directory's admin):
// - connections: cn=Current,cn=Connections,cn=Monitor monitorCounter, the probe's own left out;
// - operations: cn=Operations,cn=Monitor monitorOpCompleted (cumulative; every bind, search,
//   add, delete, modify: an ldap_login is a search and a bind, a dynamic credential an add
//   and, at revocation, a delete), the probe's own left out;
// - users: the inetOrgPerson entries below the base DN; the entries outside ou=dynamic are
//   counted once (the seed does not change during a run), those below ou=dynamic (the LDAP
//   secrets engine's dynamic users not yet revoked) at each read;
// - for a local target's service, slapd's CPU (/proc, core/util/procstat.h).
// Its own libldap connection (5 s timeouts), bound on the first read; a directory whose
// admin cannot read cn=Monitor gives users only. docs/measurement.md "The service beside the
// server".
#pragma once

#include "localtarget/slapd.h"
#include "ops/serviceprobe.h"

#include <memory>

namespace vw {

class SlapdProbe : public ServiceProbe {
public:
    explicit SlapdProbe(const LdapConnection &c);
    ~SlapdProbe() override;
    QString name() const override { return slapdServiceName(); }
    QString usersName() const override { return QStringLiteral("users"); }
    bool read(ServerReading *r, QString *error) override;

private:
    LdapConnection m_connection;
    std::unique_ptr<LdapClient> m_client; // bound, or null
    double m_staticUsers = -1; // inetOrgPerson entries outside ou=dynamic, counted once
    double m_ownOperations = 0; // the operations this probe completed on slapd
};

/// The monitor entries' figures the probe reads: "monitorcounter" of cn=Current,
/// cn=Connections and "monitoropcompleted" of cn=Operations; -1 where absent.
struct SlapdMonitorFigures {
    double connections = -1;
    double operationsCompleted = -1;
};
SlapdMonitorFigures slapdMonitorFigures(const QList<LdapClient::Entry> &entries);

} // namespace vw
