// What a service beside a local target (`target up --with mariadb|redis`, docs/local-targets.md
// "Services") hands to the local target's starter (core/localtarget/localtarget.cpp): the node
// to record, the command line (no secret in it) and a readiness check. Each service prepares
// its data directory and its 0600 files itself (core/localtarget/mariadb.h, redis.h), so that
// localtarget.cpp only starts the process, saves the state and waits (bounded) for `ready`.
// Also the few helpers those services share: a data directory another user can reach when we
// are root, a generated password.
#pragma once

#include "localtarget/localtarget.h"
#include "vault/localtargetstate.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <functional>

#include <sys/types.h>

namespace vw {

struct ServiceLaunch {
    /// name, kind, address, configFile (a path in the command line: how `target down` and
    /// `status` recognise the PID), logFile, user, secretFile.
    LocalTargetNode node;
    QStringList argv; ///< program first; never a password
    QProcessEnvironment env;
    /// true once the service accepts its admin (a login with the generated password);
    /// false + *why otherwise. Called every 100 ms for up to 30 s.
    std::function<bool(QString *why)> ready;
};

/// The user a service runs as: when we are root, the Debian package's system user (`mysql`),
/// else ourselves. false + *error when we are root and that user is missing.
struct ServiceUser {
    bool root = false;
    uid_t uid = 0;
    gid_t gid = 0;
};
bool serviceUser(const char *systemUser, ServiceUser *out, QString *error);

/// The data directory of service `name`: `svcDir`/data, unless we are root and `user` cannot
/// pass a folder above it (e.g. /root, 0700): then /tmp/vwb-<name>-XXXXXX (0700), which
/// `target down` removes too (localtarget.cpp removeTargetFiles). Created and owned by
/// `user`. Empty + *error on failure.
QString makeServiceDataDir(const QString &stateDir, const QString &svcDir, const QString &name,
                           const ServiceUser &user, QString *error);

/// `bytes` random bytes as hex (a generated admin password).
QByteArray randomServicePassword(int bytes = 24);

/// The last `lines` non-empty lines of a log file (for errors).
QString lastServiceLogLines(const QString &path, int lines = 12);

/// Where a profile's `connection:` param points (core/localtarget/mariadb.h, redis.h).
struct ServiceEndpoint {
    QString host;
    int port = 0;
    QString user;
    QByteArray password; ///< in memory only (read from a 0600 file)
    qint64 pid = 0; ///< the local target's service process; 0 for a user's own server
};

/// The service `name` ("mariadb", "redis") of the local target in `localTargetDir` (empty:
/// defaultLocalTargetDir()): its address, admin user and the password of its 0600 file.
/// false + *error when the target has no such service, it is not running, or the file
/// cannot be read.
bool localTargetServiceEndpoint(const QString &name, const QString &localTargetDir,
                                ServiceEndpoint *out, QString *error);

/// A user's own server: "SCHEME://USER@HOST[:PORT]" with a scheme of `schemes` (no password
/// in the URL: it would sit in the profile); the password is read from `passwordFile`
/// (required). false + *error naming `what` ("MariaDB") otherwise.
bool parseServiceUrl(const QString &connection, const QStringList &schemes, int defaultPort,
                     const QString &passwordFile, const QString &what, ServiceEndpoint *out,
                     QString *error);

} // namespace vw
