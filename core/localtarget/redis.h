// Redis beside a local target (`vault-workbench target up dev --with redis`,
// docs/local-targets.md "Services") and the admin connection the db_redis_* operation types
// use (core/ops/dbrediscreds.h, dbredisstaticread.h): where Debian's redis-server is, the
// connection settings of the service or of a user's own server, and a small client (Debian
// libhiredis-dev) for the few commands the workbench itself runs (ACL USERS, ACL SETUSER and
// DELUSER of a static role's user, a readiness check). Synchronous, 5 s timeouts; the control
// thread or the CLI, never the GUI thread. The admin password is only ever in 0600 files
// (redis.conf's ACL line, admin-password) and in memory, never in argv or a log.
#pragma once

#include "localtarget/servicelaunch.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace vw {

/// redis-server: $VW_REDIS_BIN, else PATH, /usr/bin (Debian: redis-server). Empty when not
/// found.
QString findRedisServer();

/// The name and kind of the Redis service of a local target ("redis").
inline QString redisServiceName()
{
    return QStringLiteral("redis");
}

/// How to reach one Redis server (6.0 or later: ACL users) as an ACL user allowed +@all.
struct RedisConnection {
    QString host = QStringLiteral("127.0.0.1");
    int port = 6379;
    QString user;
    QByteArray password; ///< in memory only
    /// The server's process when it is a local target's service, else 0 (its CPU not read).
    qint64 pid = 0;
    /// "redis://user@host:port" (no password): what `target env` and errors show.
    QString displayUrl() const;
};

/// The connection a profile names (`connection:` param of db_redis_*):
/// - "redis": the Redis service of the local target in `localTargetDir` (empty:
///   defaultLocalTargetDir());
/// - "redis://USER@HOST:PORT": a user's own server; the password from `passwordFile`
///   (required; never in the URL).
/// false + *error when the service is not running, the URL does not parse or the file
/// cannot be read.
bool resolveRedisConnection(const QString &connection, const QString &passwordFile,
                            RedisConnection *out, QString *error,
                            const QString &localTargetDir = QString());

/// One reply of Redis, flattened: `error` for an error reply, else `text` (a string, status
/// or integer) or `items` (an array's strings).
struct RedisReply {
    bool ok = false;
    QString error;
    QByteArray text;
    QList<QByteArray> items;
};

/// One hiredis connection. Not thread-safe: one per thread.
class RedisClient {
public:
    RedisClient();
    ~RedisClient();
    RedisClient(const RedisClient &) = delete;
    RedisClient &operator=(const RedisClient &) = delete;

    /// Connects (5 s) and AUTHs as c.user. false + *error.
    bool connect(const RedisConnection &c, QString *error);
    /// One command, its arguments binary-safe (never logged: ACL SETUSER carries a
    /// password). A transport failure is ok=false with `error` set.
    RedisReply command(const QList<QByteArray> &args);
    /// ACL USERS, sorted; nullopt + *error.
    std::optional<QStringList> aclUsers(QString *error);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// True when a Redis server answers PING at host:port (NOAUTH counts; 2 s).
bool redisAcceptsConnections(const QString &host, int port);

/// "redis_version" of INFO server, logged in as the admin of `c` ("7.0.15"); empty when it
/// cannot be read (what `target status` shows).
QString redisServerVersion(const RedisConnection &c);

/// `target up --with redis`: under <stateDir>/redis a redis.conf (0600: loopback, the free
/// `port`, no persistence, `user default off` and an ACL user "vwbadmin" with a generated
/// password and +@all; admin-password 0600), its data directory and log. Runs as this user
/// (also as root: Redis has no system-user switch; it only warns). Fills *out (the node's
/// configFile is redis.conf, which is in redis-server's command line: `set-proc-title no`
/// keeps the command line as started).
bool prepareRedis(const QString &stateDir, int port, const LocalTargetProgress &progress,
                  ServiceLaunch *out, QString *error);

} // namespace vw
