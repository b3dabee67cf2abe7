#include "localtarget/postgres.h"

#include "vault/localtargetstate.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <postgresql/libpq-fe.h> // Debian libpq-dev

namespace vw {

QString findPostgresBinDir()
{
    auto holdsServer = [](const QString &dir) {
        return QFileInfo(dir + QStringLiteral("/postgres")).isExecutable()
               && QFileInfo(dir + QStringLiteral("/initdb")).isExecutable();
    };
    if (const QString d = qEnvironmentVariable("VW_POSTGRES_BIN_DIR"); !d.isEmpty())
        return holdsServer(d) ? d : QString();
    QString best;
    int bestMajor = -1;
    const QDir root(QStringLiteral("/usr/lib/postgresql"));
    for (const QString &v : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const int major = v.toInt(&ok);
        const QString bin = root.filePath(v) + QStringLiteral("/bin");
        if (ok && major > bestMajor && holdsServer(bin)) {
            best = bin;
            bestMajor = major;
        }
    }
    return best;
}

QString PostgresConnection::vaultConnectionUrl() const
{
    return QStringLiteral("postgresql://{{username}}:{{password}}@%1:%2/%3?sslmode=disable")
        .arg(host)
        .arg(port)
        .arg(database);
}

QString PostgresConnection::displayUrl() const
{
    return QStringLiteral("postgresql://%1@%2:%3/%4").arg(user, host).arg(port).arg(database);
}

namespace {

bool readPassword(const QString &path, QByteArray *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read the PostgreSQL password file %1: %2")
                     .arg(path, f.errorString());
        return false;
    }
    *out = f.readAll().trimmed();
    if (out->isEmpty()) {
        *error = QStringLiteral("the PostgreSQL password file %1 is empty").arg(path);
        return false;
    }
    return true;
}

} // namespace

bool resolvePostgresConnection(const QString &connection, const QString &passwordFile,
                               PostgresConnection *out, QString *error,
                               const QString &localTargetDir)
{
    PostgresConnection c;
    if (connection == postgresServiceName()) {
        const QString dir = localTargetDir.isEmpty() ? defaultLocalTargetDir() : localTargetDir;
        LocalTargetState state;
        if (!readLocalTargetState(dir, &state, error))
            return false;
        const LocalTargetNode *n = state.node(postgresServiceName());
        if (!n || n->kind != postgresServiceName()) {
            *error = QStringLiteral("the local target in %1 has no PostgreSQL service (`target up "
                                    "dev --with postgres` starts one)")
                         .arg(dir);
            return false;
        }
        if (!isLocalTargetProcess(n->pid, n->configFile)) {
            *error =
                QStringLiteral("the local target's PostgreSQL (pid %1) is not running").arg(n->pid);
            return false;
        }
        const QUrl url(n->address);
        c.host = url.host();
        c.port = url.port(5432);
        c.user = n->user;
        c.database = url.path().mid(1);
        c.pid = n->pid;
        if (!readPassword(n->secretFile, &c.password, error))
            return false;
        *out = c;
        return true;
    }
    const QUrl url(connection, QUrl::StrictMode);
    if (!url.isValid()
        || (url.scheme() != QLatin1String("postgresql")
            && url.scheme() != QLatin1String("postgres"))
        || url.host().isEmpty() || url.userName().isEmpty()) {
        *error = QStringLiteral("connection \"%1\" is neither \"postgres\" (the local target's "
                                "service) nor postgresql://USER@HOST:PORT/DB")
                     .arg(connection);
        return false;
    }
    if (!url.password().isEmpty()) {
        *error = QStringLiteral("connection: no password in the URL (it would sit in the profile "
                                "and the session); give password_file");
        return false;
    }
    if (passwordFile.isEmpty()) {
        *error = QStringLiteral("connection %1 needs password_file (a file with the password)")
                     .arg(connection);
        return false;
    }
    c.host = url.host();
    c.port = url.port(5432);
    c.user = url.userName();
    if (url.path().size() > 1)
        c.database = url.path().mid(1);
    if (!readPassword(passwordFile, &c.password, error))
        return false;
    *out = c;
    return true;
}

struct PostgresClient::Impl {
    PGconn *conn = nullptr;
    ~Impl()
    {
        if (conn)
            PQfinish(conn);
    }
};

PostgresClient::PostgresClient()
    : d(std::make_unique<Impl>())
{
}

PostgresClient::~PostgresClient() = default;

bool PostgresClient::connect(const PostgresConnection &c, QString *error)
{
    if (d->conn) {
        PQfinish(d->conn);
        d->conn = nullptr;
    }
    const QByteArray host = c.host.toUtf8(), port = QByteArray::number(c.port),
                     user = c.user.toUtf8(), db = c.database.toUtf8();
    const char *keys[] = {"host",    "port", "user", "password", "dbname", "connect_timeout",
                          "sslmode", nullptr};
    const char *values[] = {host.constData(), port.constData(),
                            user.constData(), c.password.constData(),
                            db.constData(),   "5",
                            "disable",        nullptr};
    d->conn = PQconnectdbParams(keys, values, 0);
    if (!d->conn || PQstatus(d->conn) != CONNECTION_OK) {
        *error =
            QStringLiteral("connect to %1: %2")
                .arg(c.displayUrl(), d->conn ? QString::fromUtf8(PQerrorMessage(d->conn)).trimmed()
                                             : QStringLiteral("out of memory"));
        return false;
    }
    return true;
}

namespace {

/// Runs `sql`; the result (caller clears it) or nullptr + *error.
PGresult *run(PGconn *conn, const QString &sql, QString *error)
{
    if (!conn) {
        *error = QStringLiteral("not connected to PostgreSQL");
        return nullptr;
    }
    PGresult *r = PQexec(conn, sql.toUtf8().constData());
    const ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        *error = QString::fromUtf8(r ? PQresultErrorMessage(r) : PQerrorMessage(conn)).trimmed();
        if (r)
            PQclear(r);
        return nullptr;
    }
    return r;
}

} // namespace

bool PostgresClient::exec(const QString &sql, QString *error)
{
    PGresult *r = run(d->conn, sql, error);
    if (!r)
        return false;
    PQclear(r);
    return true;
}

std::optional<QString> PostgresClient::scalar(const QString &sql, QString *error)
{
    PGresult *r = run(d->conn, sql, error);
    if (!r)
        return std::nullopt;
    std::optional<QString> out;
    if (PQntuples(r) > 0 && PQnfields(r) > 0)
        out = QString::fromUtf8(PQgetvalue(r, 0, 0));
    else
        *error = QStringLiteral("no row");
    PQclear(r);
    return out;
}

std::optional<QStringList> PostgresClient::column(const QString &sql, QString *error)
{
    PGresult *r = run(d->conn, sql, error);
    if (!r)
        return std::nullopt;
    QStringList out;
    for (int i = 0; i < PQntuples(r); ++i)
        out << QString::fromUtf8(PQgetvalue(r, i, 0));
    PQclear(r);
    return out;
}

QString PostgresClient::quoteIdentifier(const QString &name) const
{
    const QByteArray n = name.toUtf8();
    if (!d->conn)
        return {};
    char *q = PQescapeIdentifier(d->conn, n.constData(), size_t(n.size()));
    const QString out = q ? QString::fromUtf8(q) : QString();
    PQfreemem(q);
    return out;
}

QString PostgresClient::quoteLiteral(const QString &text) const
{
    const QByteArray n = text.toUtf8();
    if (!d->conn)
        return {};
    char *q = PQescapeLiteral(d->conn, n.constData(), size_t(n.size()));
    const QString out = q ? QString::fromUtf8(q) : QString();
    PQfreemem(q);
    return out;
}

bool postgresAcceptsConnections(const QString &host, int port)
{
    const QByteArray info = QStringLiteral("host=%1 port=%2 dbname=postgres connect_timeout=2")
                                .arg(host)
                                .arg(port)
                                .toUtf8();
    return PQping(info.constData()) == PQPING_OK;
}

} // namespace vw
