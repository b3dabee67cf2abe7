#include "localtarget/mariadb.h"

#include "util/childenvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <mariadb/mysql.h> // Debian libmariadb-dev (MariaDB Connector/C)
#include <mariadb/errmsg.h>

#include <sys/stat.h>
#include <unistd.h>

namespace vw {

QString findMariadbServer()
{
    if (const QString e = qEnvironmentVariable("VW_MARIADB_BIN"); !e.isEmpty())
        return QFileInfo(e).isExecutable() ? e : QString();
    for (const char *name : {"mariadbd", "mysqld"}) {
        const QString n = QString::fromLatin1(name);
        if (const QString p = QStandardPaths::findExecutable(n); !p.isEmpty())
            return p;
        if (const QString p = QStandardPaths::findExecutable(n, {QStringLiteral("/usr/sbin")});
            !p.isEmpty())
            return p;
    }
    return {};
}

QString findMariadbInstallDb()
{
    for (const char *name : {"mariadb-install-db", "mysql_install_db"}) {
        const QString n = QString::fromLatin1(name);
        if (const QString p = QStandardPaths::findExecutable(n); !p.isEmpty())
            return p;
        if (const QString p = QStandardPaths::findExecutable(n, {QStringLiteral("/usr/bin")});
            !p.isEmpty())
            return p;
    }
    return {};
}

QString MariadbConnection::vaultConnectionUrl() const
{
    return QStringLiteral("{{username}}:{{password}}@tcp(%1:%2)/").arg(host).arg(port);
}

QString MariadbConnection::displayUrl() const
{
    return QStringLiteral("mysql://%1@%2:%3/").arg(user, host).arg(port);
}

bool resolveMariadbConnection(const QString &connection, const QString &passwordFile,
                              MariadbConnection *out, QString *error, const QString &localTargetDir)
{
    ServiceEndpoint e;
    const bool ok =
        connection == mariadbServiceName()
            ? localTargetServiceEndpoint(mariadbServiceName(), localTargetDir, &e, error)
            : parseServiceUrl(connection, {QStringLiteral("mysql"), QStringLiteral("mariadb")},
                              3306, passwordFile, QStringLiteral("MariaDB (\"mariadb\")"), &e,
                              error);
    if (!ok)
        return false;
    MariadbConnection c;
    c.host = e.host;
    c.port = e.port;
    c.user = e.user;
    c.password = e.password;
    c.pid = e.pid;
    *out = c;
    return true;
}

struct MariadbClient::Impl {
    MYSQL *conn = nullptr;
    void close()
    {
        if (conn)
            mysql_close(conn);
        conn = nullptr;
    }
    ~Impl() { close(); }
};

MariadbClient::MariadbClient()
    : d(std::make_unique<Impl>())
{
}

MariadbClient::~MariadbClient() = default;

namespace {

MYSQL *openConnection(const QString &host, int port, const QByteArray &user,
                      const QByteArray &password, unsigned timeoutSeconds)
{
    MYSQL *m = mysql_init(nullptr);
    if (!m)
        return nullptr;
    const unsigned int proto = MYSQL_PROTOCOL_TCP;
    mysql_optionsv(m, MYSQL_OPT_PROTOCOL, &proto);
    mysql_optionsv(m, MYSQL_OPT_CONNECT_TIMEOUT, &timeoutSeconds);
    mysql_optionsv(m, MYSQL_OPT_READ_TIMEOUT, &timeoutSeconds);
    mysql_optionsv(m, MYSQL_OPT_WRITE_TIMEOUT, &timeoutSeconds);
    const QByteArray h = host.toUtf8();
    mysql_real_connect(m, h.constData(), user.constData(), password.constData(), nullptr,
                       unsigned(port), nullptr, 0);
    return m;
}

} // namespace

bool MariadbClient::connect(const MariadbConnection &c, QString *error)
{
    d->close();
    d->conn = openConnection(c.host, c.port, c.user.toUtf8(), c.password, 5);
    if (!d->conn || mysql_errno(d->conn) != 0) {
        *error = QStringLiteral("connect to %1: %2")
                     .arg(c.displayUrl(), d->conn ? QString::fromUtf8(mysql_error(d->conn))
                                                  : QStringLiteral("out of memory"));
        d->close();
        return false;
    }
    return true;
}

bool MariadbClient::exec(const QString &sql, QString *error)
{
    if (!d->conn) {
        *error = QStringLiteral("not connected to MariaDB");
        return false;
    }
    const QByteArray q = sql.toUtf8();
    if (mysql_real_query(d->conn, q.constData(), (unsigned long)q.size()) != 0) {
        *error = QString::fromUtf8(mysql_error(d->conn));
        return false;
    }
    if (MYSQL_RES *r = mysql_store_result(d->conn))
        mysql_free_result(r);
    return true;
}

std::optional<QStringList> MariadbClient::rows(const QString &sql, QString *error)
{
    if (!d->conn) {
        *error = QStringLiteral("not connected to MariaDB");
        return std::nullopt;
    }
    const QByteArray q = sql.toUtf8();
    if (mysql_real_query(d->conn, q.constData(), (unsigned long)q.size()) != 0) {
        *error = QString::fromUtf8(mysql_error(d->conn));
        return std::nullopt;
    }
    MYSQL_RES *r = mysql_store_result(d->conn);
    if (!r) {
        *error = mysql_errno(d->conn) ? QString::fromUtf8(mysql_error(d->conn))
                                      : QStringLiteral("no result set");
        return std::nullopt;
    }
    QStringList out;
    const unsigned int n = mysql_num_fields(r);
    while (MYSQL_ROW row = mysql_fetch_row(r)) {
        const unsigned long *lengths = mysql_fetch_lengths(r);
        QStringList cols;
        for (unsigned int i = 0; i < n; ++i)
            cols << (row[i] ? QString::fromUtf8(row[i], int(lengths[i])) : QString());
        out << cols.join(QLatin1Char('\t'));
    }
    mysql_free_result(r);
    return out;
}

QString MariadbClient::quoteLiteral(const QString &text) const
{
    const QByteArray in = text.toUtf8();
    QByteArray buf(in.size() * 2 + 1, '\0');
    unsigned long n =
        d->conn ? mysql_real_escape_string(d->conn, buf.data(), in.constData(),
                                           (unsigned long)in.size())
                : mysql_escape_string(buf.data(), in.constData(), (unsigned long)in.size());
    buf.truncate(int(n));
    return QLatin1Char('\'') + QString::fromUtf8(buf) + QLatin1Char('\'');
}

bool mariadbAcceptsConnections(const QString &host, int port)
{
    MYSQL *m = openConnection(host, port, QByteArrayLiteral("vwb-probe"), QByteArray(), 2);
    if (!m)
        return false;
    const unsigned int e = mysql_errno(m);
    mysql_close(m);
    // The server answered (with "access denied" for this nobody) unless the client could not
    // reach it or lost it during the handshake.
    return e == 0
           || !(e == CR_CONNECTION_ERROR || e == CR_CONN_HOST_ERROR || e == CR_SERVER_LOST
                || e == CR_SERVER_GONE_ERROR || e == CR_UNKNOWN_HOST);
}

QString mariadbServerVersion(const MariadbConnection &c)
{
    MariadbClient client;
    QString error;
    if (!client.connect(c, &error))
        return {};
    const std::optional<QStringList> row = client.rows(QStringLiteral("SELECT VERSION()"), &error);
    return row && !row->isEmpty() ? row->first() : QString();
}

bool prepareMariadb(const QString &stateDir, int port, const LocalTargetProgress &progress,
                    ServiceLaunch *out, QString *error)
{
    const QString server = findMariadbServer();
    const QString installDb = findMariadbInstallDb();
    if (server.isEmpty() || installDb.isEmpty()) {
        *error = QStringLiteral("MariaDB's server (mariadbd, mariadb-install-db) is not "
                                "installed (Debian: apt-get install mariadb-server; or set "
                                "VW_MARIADB_BIN)");
        return false;
    }
    ServiceUser user;
    if (!serviceUser("mysql", &user, error))
        return false;
    const QString svcDir = stateDir + QLatin1Char('/') + mariadbServiceName();
    if (!QDir().mkpath(svcDir) || ::chmod(QFile::encodeName(svcDir).constData(), 0700) != 0) {
        *error = QStringLiteral("cannot create %1").arg(svcDir);
        return false;
    }
    const QString dataDir = makeServiceDataDir(stateDir, svcDir, mariadbServiceName(), user, error);
    if (dataDir.isEmpty())
        return false;
    LocalTargetNode &node = out->node;
    node.name = mariadbServiceName();
    node.kind = mariadbServiceName();
    node.address = QStringLiteral("mysql://127.0.0.1:%1/").arg(port);
    node.configFile = dataDir; // `--datadir=<dataDir>` is in its command line
    node.logFile = svcDir + QStringLiteral("/mariadb.log");
    node.user = QStringLiteral("vwbadmin");
    node.secretFile = svcDir + QStringLiteral("/admin-password");
    const QByteArray password = randomServicePassword();
    // The admin comes from an init SQL file the server runs at start (0600, owned by the
    // server's user; written into the data directory after mariadb-install-db, where that
    // user can read it even when <state> is closed to it).
    const QString initFile = dataDir + QStringLiteral("/vwb-init.sql");
    const QByteArray initSql = "CREATE USER IF NOT EXISTS 'vwbadmin'@'%' IDENTIFIED BY '" + password
                               + "';\n"
                                 "GRANT ALL PRIVILEGES ON *.* TO 'vwbadmin'@'%' WITH GRANT "
                                 "OPTION;\n"
                                 "DELETE FROM mysql.global_priv WHERE User='';\n"
                                 "FLUSH PRIVILEGES;\n";
    if (!writePrivateFile(node.secretFile, password + '\n', error)
        || !writePrivateFile(svcDir + QStringLiteral("/my.cnf"),
                             QStringLiteral("[client]\nhost=127.0.0.1\nport=%1\nuser=%2\n"
                                            "password=")
                                     .arg(port)
                                     .arg(node.user)
                                     .toUtf8()
                                 + password + '\n',
                             error))
        return false;
    QProcessEnvironment env = childEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    {
        QString ignored;
        writePrivateFile(node.logFile, {}, &ignored);
        QStringList args{QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + dataDir,
                         QStringLiteral("--auth-root-authentication-method=socket"),
                         QStringLiteral("--skip-test-db"), QStringLiteral("--skip-name-resolve")};
        if (user.root)
            args << QStringLiteral("--user=mysql");
        QProcess install;
        install.setProgram(installDb);
        install.setArguments(args);
        install.setProcessEnvironment(env);
        install.setWorkingDirectory(svcDir);
        install.setStandardInputFile(QProcess::nullDevice());
        install.setStandardOutputFile(node.logFile, QIODevice::Append);
        install.setStandardErrorFile(node.logFile, QIODevice::Append);
        install.start();
        const bool done = install.waitForFinished(120000);
        if (!done || install.exitStatus() != QProcess::NormalExit || install.exitCode() != 0) {
            if (!done)
                install.kill();
            *error = QStringLiteral("mariadb: mariadb-install-db failed; the end of %1:\n%2")
                         .arg(node.logFile, lastServiceLogLines(node.logFile));
            return false;
        }
    }
    if (!writePrivateFile(initFile, initSql, error))
        return false;
    if (user.root)
        (void)::chown(QFile::encodeName(initFile).constData(), user.uid, user.gid);
    if (progress)
        progress(QStringLiteral("mariadb: mariadb-install-db done in %1 (admin %2, password in "
                                "%3, mode 0600)")
                     .arg(dataDir, node.user, node.secretFile));
    out->argv =
        QStringList{server,
                    QStringLiteral("--no-defaults"),
                    QStringLiteral("--datadir=") + dataDir,
                    QStringLiteral("--port=%1").arg(port),
                    QStringLiteral("--bind-address=127.0.0.1"),
                    QStringLiteral("--socket=") + dataDir + QStringLiteral("/mysqld.sock"),
                    QStringLiteral("--pid-file=") + dataDir + QStringLiteral("/mariadbd.pid"),
                    QStringLiteral("--skip-name-resolve"),
                    QStringLiteral("--skip-log-bin"),
                    QStringLiteral("--max-connections=500"),
                    QStringLiteral("--init-file=") + initFile};
    if (user.root)
        out->argv << QStringLiteral("--user=mysql");
    out->env = env;
    MariadbConnection c;
    c.port = port;
    c.user = node.user;
    c.password = password;
    out->ready = [c, initFile](QString *why) {
        if (!mariadbAcceptsConnections(c.host, c.port)) {
            *why = QStringLiteral("not accepting connections yet");
            return false;
        }
        MariadbClient client;
        if (!client.connect(c, why) || !client.exec(QStringLiteral("SELECT 1"), why))
            return false;
        QFile::remove(initFile); // read once at the start; the password stays in 0600 files
        return true;
    };
    return true;
}

} // namespace vw
