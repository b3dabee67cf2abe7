// PostgreSQL beside a local target (`vault-workbench target up dev --with postgres`,
// docs/local-targets.md "Services") and the admin connection the database operation types use
// (core/ops/dbpostgrescommon.h): where Debian's binaries are, the connection settings of a
// service or of a user's own database, and a small libpq client (Debian libpq-dev) for the
// few statements the workbench itself runs (a static role's user, counting roles, the
// server-side view). Synchronous, with a connect timeout; the control thread or the CLI,
// never the GUI thread. The admin password is only ever in a 0600 file and in memory, never
// in argv or a log.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace vw {

/// The folder of PostgreSQL's server binaries (initdb, postgres): $VW_POSTGRES_BIN_DIR, else
/// the newest /usr/lib/postgresql/<major>/bin of Debian's packages holding both. Empty when
/// not found.
QString findPostgresBinDir();

/// The name and kind of the PostgreSQL service of a local target ("postgres").
inline QString postgresServiceName()
{
    return QStringLiteral("postgres");
}

/// How to reach one PostgreSQL server as its admin (superuser or a role with CREATEROLE).
struct PostgresConnection {
    QString host = QStringLiteral("127.0.0.1");
    int port = 5432;
    QString user; ///< the admin role
    QByteArray password; ///< in memory only (read from a 0600 file)
    QString database = QStringLiteral("postgres");
    /// The server's process (postmaster) when it is a local target's service, else 0 (a
    /// user's own server: its CPU is not read).
    qint64 pid = 0;

    /// "postgresql://{{username}}:{{password}}@host:port/db?sslmode=disable": the
    /// `connection_url` of Vault's database engine (it fills in username and password).
    QString vaultConnectionUrl() const;
    /// "postgresql://user@host:port/db" (no password): what `target env` and errors show.
    QString displayUrl() const;
};

/// The connection a profile names (`connection:` param of db_postgres_*):
/// - "postgres": the PostgreSQL service of the local target in `localTargetDir` (empty:
///   defaultLocalTargetDir()), its admin user and the password from its 0600 file;
/// - "postgresql://USER@HOST:PORT/DB" (or postgres://): a user's own server; the password is
///   read from `passwordFile` (required; never a URL with a password in a profile).
/// false + *error when the service is not running, the URL does not parse or the file cannot
/// be read.
bool resolvePostgresConnection(const QString &connection, const QString &passwordFile,
                               PostgresConnection *out, QString *error,
                               const QString &localTargetDir = QString());

/// One libpq connection (PQconnectdbParams; the password is a parameter, never a string that
/// is logged). Not thread-safe: one per thread.
class PostgresClient {
public:
    PostgresClient();
    ~PostgresClient();
    PostgresClient(const PostgresClient &) = delete;
    PostgresClient &operator=(const PostgresClient &) = delete;

    /// Connects (connect_timeout 5 s). false + *error (libpq's message).
    bool connect(const PostgresConnection &c, QString *error);
    /// Runs `sql` (no result rows expected). false + *error.
    bool exec(const QString &sql, QString *error);
    /// The first column of the first row of `sql`, as text; nullopt + *error on failure.
    std::optional<QString> scalar(const QString &sql, QString *error);
    /// The first column of every row of `sql`.
    std::optional<QStringList> column(const QString &sql, QString *error);
    /// `name` quoted as an SQL identifier ("vwb-7f3a2c-static" with its quotes).
    QString quoteIdentifier(const QString &name) const;
    /// `text` quoted as an SQL string literal.
    QString quoteLiteral(const QString &text) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// True when a PostgreSQL server accepts connections at host:port (PQping, 2 s).
bool postgresAcceptsConnections(const QString &host, int port);

} // namespace vw
