// What a Vault or OpenBao server says about itself at run start (sys/health, sys/seal-status),
// as VaultClient::serverInfo() reads it and a session stores it (docs/session-format.md).
#pragma once

#include "stats/errorclass.h"

#include <QString>

namespace vw {

/// What the server says about itself (sys/health, sys/seal-status).
struct ServerInfo {
    bool reachable = false;
    bool initialized = false;
    bool sealed = false;
    bool standby = false;
    QString version;        ///< e.g. "2.7.2"
    QString clusterName;
    QString product;        ///< "openbao" or "vault" (guessed: version 2.x without +ent -> openbao
                            ///  unless sys/mounts reports +builtin.vault)
    QString errorText;      ///< set when !reachable
    ErrorClass errorClass = ErrorClass::None;
};

} // namespace vw
