// MariaDB beside a local target (`vault-workbench target up dev --with mariadb`,
// docs/local-targets.md "Services") and the admin connection the db_mysql_creds operation
// type uses (core/ops/dbmysqlcreds.h): where Debian's binaries are (mariadb-server), the
// connection settings of the service or of a user's own server, and a small client (MariaDB
// Connector/C, Debian libmariadb-dev) for the few statements the workbench itself runs
// (listing mysql.user, a readiness check). Synchronous, with 5 s connect/read timeouts; the
// control thread or the CLI, never the GUI thread. The admin password is only ever in a 0600
// file (and an init SQL file the server reads once at its start, removed once it answers) and
// in memory, never in argv or a log.
#pragma once

#include "localtarget/servicelaunch.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace vw {

/// mariadbd: $VW_MARIADB_BIN, else PATH, /usr/sbin (Debian: mariadb-server). Empty when not
/// found.
QString findMariadbServer();
/// mariadb-install-db (or mysql_install_db): PATH, /usr/bin. Empty when not found.
QString findMariadbInstallDb();

/// The name and kind of the MariaDB service of a local target ("mariadb").
inline QString mariadbServiceName()
{
    return QStringLiteral("mariadb");
}

/// How to reach one MariaDB (or MySQL) server as its admin (a user with CREATE USER and
/// GRANT OPTION).
struct MariadbConnection {
    QString host = QStringLiteral("127.0.0.1");
    int port = 3306;
    QString user;
    QByteArray password; ///< in memory only
    /// The server's process when it is a local target's service, else 0 (its CPU not read).
    qint64 pid = 0;
    /// "{{username}}:{{password}}@tcp(host:port)/": the `connection_url` of Vault's
    /// mysql-database-plugin (it fills in username and password).
    QString vaultConnectionUrl() const;
    /// "mysql://user@host:port/" (no password): what `target env` and errors show.
    QString displayUrl() const;
};

/// The connection a profile names (`connection:` param of db_mysql_creds):
/// - "mariadb": the MariaDB service of the local target in `localTargetDir` (empty:
///   defaultLocalTargetDir());
/// - "mysql://USER@HOST:PORT" (or mariadb://): a user's own server; the password from
///   `passwordFile` (required; never in the URL).
/// false + *error when the service is not running, the URL does not parse or the file
/// cannot be read.
bool resolveMariadbConnection(const QString &connection, const QString &passwordFile,
                              MariadbConnection *out, QString *error,
                              const QString &localTargetDir = QString());

/// One Connector/C connection over TCP. Not thread-safe: one per thread.
class MariadbClient {
public:
    MariadbClient();
    ~MariadbClient();
    MariadbClient(const MariadbClient &) = delete;
    MariadbClient &operator=(const MariadbClient &) = delete;

    /// Connects (5 s connect, read and write timeouts). false + *error (the server's or the
    /// library's message).
    bool connect(const MariadbConnection &c, QString *error);
    /// Runs `sql` (a result, if any, is discarded). false + *error.
    bool exec(const QString &sql, QString *error);
    /// The columns of every row of `sql`, tab-joined ("user\thost"); nullopt + *error.
    std::optional<QStringList> rows(const QString &sql, QString *error);
    /// `text` as an SQL string literal with its quotes ('it''s').
    QString quoteLiteral(const QString &text) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// True when a MariaDB server answers at host:port (a handshake; an access-denied answer
/// counts, 2 s).
bool mariadbAcceptsConnections(const QString &host, int port);

/// The server's version as it reports it (SELECT VERSION(): "10.11.6-MariaDB-0+deb12u1"),
/// logged in as the admin of `c`; empty when it cannot be read (what `target status` shows).
QString mariadbServerVersion(const MariadbConnection &c);

/// `target up --with mariadb`: under <stateDir>/mariadb, a data directory made by
/// mariadb-install-db (as root: owned by `mysql`, and mariadbd runs with --user=mysql), a free
/// loopback port, an admin user "vwbadmin"@"%" with a generated password (admin-password,
/// 0600; it reaches the server through an init SQL file in the data directory, 0600,
/// removed once the admin logs in), a socket in the data directory. Fills *out (the node's configFile is the data
/// directory, which is in mariadbd's command line). Typical: 4-6 s (mariadb-install-db).
bool prepareMariadb(const QString &stateDir, int port, const LocalTargetProgress &progress,
                    ServiceLaunch *out, QString *error);

} // namespace vw
