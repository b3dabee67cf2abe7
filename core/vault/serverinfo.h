// What a Vault or OpenBao server says about itself at run start (sys/health, sys/seal-status),
// as VaultClient::serverInfo() reads it and a session stores it (docs/session-format.md).
#pragma once

#include "stats/errorclass.h"

#include <QString>

namespace vw {

/// The node's place in its cluster, from sys/health ("standby", "performance_standby").
enum class ServerRole {
    Unknown, ///< not reachable, sealed, uninitialised, or a session from before roles
    Active, ///< the active node: serves every request itself
    Standby, ///< a standby: redirects (307) what it cannot serve to the active node
    PerfStandby, ///< a performance standby: serves reads, forwards writes
};

/// The key in sessions and reports: "unknown", "active", "standby", "perf_standby".
inline QString serverRoleKey(ServerRole r)
{
    switch (r) {
    case ServerRole::Active:
        return QStringLiteral("active");
    case ServerRole::Standby:
        return QStringLiteral("standby");
    case ServerRole::PerfStandby:
        return QStringLiteral("perf_standby");
    case ServerRole::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

/// The inverse of serverRoleKey(); anything else (an absent field) is Unknown.
inline ServerRole serverRoleFromKey(const QString &key)
{
    for (ServerRole r : {ServerRole::Active, ServerRole::Standby, ServerRole::PerfStandby})
        if (serverRoleKey(r) == key)
            return r;
    return ServerRole::Unknown;
}

/// What the server says about itself (sys/health, sys/seal-status).
struct ServerInfo {
    bool reachable = false;
    bool initialized = false;
    bool sealed = false;
    bool standby = false;
    ServerRole role = ServerRole::Unknown; ///< of the node at target.address
    QString version; ///< e.g. "2.7.2"
    QString clusterName;
    QString product; ///< "openbao" or "vault" (guessed: version 2.x without +ent -> openbao
        ///  unless sys/mounts reports +builtin.vault)
    QString errorText; ///< set when !reachable
    ErrorClass errorClass = ErrorClass::None;
};

} // namespace vw
