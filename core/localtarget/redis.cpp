#include "localtarget/redis.h"

#include "util/childenvironment.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <hiredis/hiredis.h> // Debian libhiredis-dev

#include <algorithm>
#include <sys/stat.h>
#include <vector>

namespace vw {

QString findRedisServer()
{
    if (const QString e = qEnvironmentVariable("VW_REDIS_BIN"); !e.isEmpty())
        return QFileInfo(e).isExecutable() ? e : QString();
    const QString n = QStringLiteral("redis-server");
    if (const QString p = QStandardPaths::findExecutable(n); !p.isEmpty())
        return p;
    return QStandardPaths::findExecutable(n, {QStringLiteral("/usr/bin")});
}

QString RedisConnection::displayUrl() const
{
    return QStringLiteral("redis://%1@%2:%3").arg(user, host).arg(port);
}

bool resolveRedisConnection(const QString &connection, const QString &passwordFile,
                            RedisConnection *out, QString *error, const QString &localTargetDir)
{
    ServiceEndpoint e;
    const bool ok = connection == redisServiceName()
                        ? localTargetServiceEndpoint(redisServiceName(), localTargetDir, &e, error)
                        : parseServiceUrl(connection, {QStringLiteral("redis")}, 6379, passwordFile,
                                          QStringLiteral("Redis (\"redis\")"), &e, error);
    if (!ok)
        return false;
    RedisConnection c;
    c.host = e.host;
    c.port = e.port;
    c.user = e.user;
    c.password = e.password;
    c.pid = e.pid;
    *out = c;
    return true;
}

struct RedisClient::Impl {
    redisContext *ctx = nullptr;
    void close()
    {
        if (ctx)
            redisFree(ctx);
        ctx = nullptr;
    }
    ~Impl() { close(); }
};

RedisClient::RedisClient()
    : d(std::make_unique<Impl>())
{
}

RedisClient::~RedisClient() = default;

namespace {

redisContext *openRedis(const QString &host, int port, int seconds, QString *error)
{
    const timeval tv{seconds, 0};
    const QByteArray h = host.toUtf8();
    redisContext *c = redisConnectWithTimeout(h.constData(), port, tv);
    if (!c || c->err) {
        *error = c ? QString::fromUtf8(c->errstr) : QStringLiteral("out of memory");
        if (c)
            redisFree(c);
        return nullptr;
    }
    redisSetTimeout(c, tv);
    return c;
}

RedisReply runCommand(redisContext *ctx, const QList<QByteArray> &args)
{
    RedisReply out;
    if (!ctx) {
        out.error = QStringLiteral("not connected to Redis");
        return out;
    }
    std::vector<const char *> argv;
    std::vector<size_t> lens;
    for (const QByteArray &a : args) {
        argv.push_back(a.constData());
        lens.push_back(size_t(a.size()));
    }
    auto *r = static_cast<redisReply *>(
        redisCommandArgv(ctx, int(argv.size()), argv.data(), lens.data()));
    if (!r) {
        out.error = QString::fromUtf8(ctx->errstr);
        return out;
    }
    switch (r->type) {
    case REDIS_REPLY_ERROR:
        out.error = QString::fromUtf8(r->str, int(r->len));
        break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
        out.ok = true;
        out.text = QByteArray(r->str, int(r->len));
        break;
    case REDIS_REPLY_INTEGER:
        out.ok = true;
        out.text = QByteArray::number(r->integer);
        break;
    case REDIS_REPLY_ARRAY:
        out.ok = true;
        for (size_t i = 0; i < r->elements; ++i)
            if (r->element[i]->type == REDIS_REPLY_STRING
                || r->element[i]->type == REDIS_REPLY_STATUS)
                out.items << QByteArray(r->element[i]->str, int(r->element[i]->len));
        break;
    default:
        out.ok = true; // nil
    }
    freeReplyObject(r);
    return out;
}

} // namespace

bool RedisClient::connect(const RedisConnection &c, QString *error)
{
    d->close();
    QString why;
    d->ctx = openRedis(c.host, c.port, 5, &why);
    if (!d->ctx) {
        *error = QStringLiteral("connect to %1: %2").arg(c.displayUrl(), why);
        return false;
    }
    const RedisReply r = runCommand(d->ctx, {"AUTH", c.user.toUtf8(), c.password});
    if (!r.ok) {
        *error = QStringLiteral("AUTH as %1 at %2: %3").arg(c.user, c.displayUrl(), r.error);
        d->close();
        return false;
    }
    return true;
}

RedisReply RedisClient::command(const QList<QByteArray> &args)
{
    return runCommand(d->ctx, args);
}

std::optional<QStringList> RedisClient::aclUsers(QString *error)
{
    const RedisReply r = command({"ACL", "USERS"});
    if (!r.ok) {
        *error = QStringLiteral("ACL USERS: ") + r.error;
        return std::nullopt;
    }
    QStringList out;
    for (const QByteArray &u : r.items)
        out << QString::fromUtf8(u);
    std::sort(out.begin(), out.end());
    return out;
}

bool redisAcceptsConnections(const QString &host, int port)
{
    QString why;
    redisContext *c = openRedis(host, port, 2, &why);
    if (!c)
        return false;
    const RedisReply r = runCommand(c, {"PING"});
    redisFree(c);
    return r.ok || r.error.startsWith(QLatin1String("NOAUTH"));
}

QString redisServerVersion(const RedisConnection &c)
{
    RedisClient client;
    QString error;
    if (!client.connect(c, &error))
        return {};
    const RedisReply info = client.command({"INFO", "server"});
    if (!info.ok)
        return {};
    for (const QByteArray &line : info.text.split('\n'))
        if (line.startsWith("redis_version:"))
            return QString::fromLatin1(line.mid(14).trimmed());
    return {};
}

bool prepareRedis(const QString &stateDir, int port, const LocalTargetProgress &progress,
                  ServiceLaunch *out, QString *error)
{
    const QString server = findRedisServer();
    if (server.isEmpty()) {
        *error = QStringLiteral("redis-server is not installed (Debian: apt-get install "
                                "redis-server; or set VW_REDIS_BIN)");
        return false;
    }
    const QString svcDir = stateDir + QLatin1Char('/') + redisServiceName();
    const QString dataDir = svcDir + QStringLiteral("/data");
    if (!QDir().mkpath(dataDir) || ::chmod(QFile::encodeName(svcDir).constData(), 0700) != 0) {
        *error = QStringLiteral("cannot create %1").arg(dataDir);
        return false;
    }
    LocalTargetNode &node = out->node;
    node.name = redisServiceName();
    node.kind = redisServiceName();
    node.address = QStringLiteral("redis://127.0.0.1:%1").arg(port);
    node.configFile = svcDir + QStringLiteral("/redis.conf");
    node.logFile = svcDir + QStringLiteral("/redis.log");
    node.user = QStringLiteral("vwbadmin");
    node.secretFile = svcDir + QStringLiteral("/admin-password");
    const QByteArray password = randomServicePassword();
    // The password only in this 0600 file's ACL line, never argv. No persistence: a
    // benchmark's users die with the server.
    const QByteArray conf = QStringLiteral("# written by vault-workbench target up --with redis\n"
                                           "bind 127.0.0.1\n"
                                           "port %1\n"
                                           "protected-mode yes\n"
                                           "daemonize no\n"
                                           "set-proc-title no\n"
                                           "dir %2\n"
                                           "save \"\"\n"
                                           "appendonly no\n"
                                           "maxclients 2000\n"
                                           "user default off resetpass nocommands\n")
                                .arg(port)
                                .arg(dataDir)
                                .toUtf8()
                            + "user vwbadmin on >" + password + " ~* &* +@all\n";
    if (!writePrivateFile(node.secretFile, password + '\n', error)
        || !writePrivateFile(node.configFile, conf, error))
        return false;
    if (progress)
        progress(QStringLiteral("redis: config %1 (admin %2, password in %3, mode 0600)")
                     .arg(node.configFile, node.user, node.secretFile));
    out->argv = QStringList{server, node.configFile};
    out->env = childEnvironment();
    RedisConnection c;
    c.port = port;
    c.user = node.user;
    c.password = password;
    out->ready = [c](QString *why) {
        RedisClient client;
        if (!client.connect(c, why))
            return false;
        const RedisReply r = client.command({"PING"});
        if (!r.ok)
            *why = r.error;
        return r.ok;
    };
    return true;
}

} // namespace vw
