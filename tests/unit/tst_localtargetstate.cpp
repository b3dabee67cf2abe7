// Local targets without processes: the state file, node names as addresses in the target
// resolver (core/vault/targetresolver.h), the 0600 secret files, and the config text of each
// process (core/localtarget/localtargetconfig.h).
#include "localtarget/localtargetconfig.h"
#include "session/sessionio.h"
#include "vault/localtargetstate.h"
#include "vault/targetresolver.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace vw;

namespace {

LocalTargetState clusterState(const QString &dir, bool tls)
{
    LocalTargetState s;
    s.dir = dir;
    s.topology = QStringLiteral("cluster");
    s.loadBalancer = QStringLiteral("nginx");
    s.tls = tls;
    s.caFile = tls ? dir + QStringLiteral("/tls/ca.pem") : QString();
    const QString scheme = tls ? QStringLiteral("https") : QStringLiteral("http");
    const QStringList names{QStringLiteral("leader"), QStringLiteral("standby-1"),
                            QStringLiteral("standby-2")};
    for (int i = 0; i < names.size(); ++i)
        s.nodes << LocalTargetNode{names[i],
                                   QStringLiteral("bao"),
                                   QStringLiteral("%1://127.0.0.1:%2").arg(scheme).arg(8201 + i),
                                   QStringLiteral("node-%1").arg(i + 1),
                                   0,
                                   dir + QStringLiteral("/%1/bao.hcl").arg(names[i]),
                                   QString()};
    s.nodes << LocalTargetNode{QStringLiteral("lb"),
                               QStringLiteral("nginx"),
                               QStringLiteral("%1://127.0.0.1:8300").arg(scheme),
                               QString(),
                               0,
                               dir + QStringLiteral("/lb/nginx.conf"),
                               QString()};
    return s;
}

} // namespace

class TestLocalTargetState : public QObject {
    Q_OBJECT

private slots:
    void names()
    {
        for (const char *ok : {"leader", "standby-1", "lb", "dev", "standby-12"})
            QVERIFY2(isLocalTargetName(QLatin1String(ok)), ok);
        for (const char *bad :
             {"http://127.0.0.1:8200", "Leader", "-x", "a b", "127.0.0.1", "standby-", ""})
            QVERIFY2(!isLocalTargetName(QLatin1String(bad)), bad);
    }

    void defaultDirectory()
    {
        auto env = [](QMap<QString, QString> vars) {
            return [vars](const char *name) { return vars.value(QLatin1String(name)); };
        };
        QCOMPARE(defaultLocalTargetDir(env({{QStringLiteral("HOME"), QStringLiteral("/home/u")}})),
                 QStringLiteral("/home/u/.local/state/vault-workbench/target"));
        QCOMPARE(
            defaultLocalTargetDir(env({{QStringLiteral("HOME"), QStringLiteral("/home/u")},
                                       {QStringLiteral("XDG_STATE_HOME"), QStringLiteral("/s")}})),
            QStringLiteral("/s/vault-workbench/target"));
        QCOMPARE(
            defaultLocalTargetDir(env({{QStringLiteral("VW_TARGET_DIR"), QStringLiteral("/t")},
                                       {QStringLiteral("XDG_STATE_HOME"), QStringLiteral("/s")}})),
            QStringLiteral("/t"));
    }

    void stateRoundTripAndPrivateFiles()
    {
        QTemporaryDir dir;
        const LocalTargetState s = clusterState(dir.path(), true);
        QString error;
        QVERIFY2(writeLocalTargetState(s, &error), qPrintable(error));
        LocalTargetState back;
        QVERIFY2(readLocalTargetState(dir.path(), &back, &error), qPrintable(error));
        QCOMPARE(back.nodes.size(), 4);
        QCOMPARE(back.node(QStringLiteral("standby-2"))->address, s.nodes[2].address);
        QCOMPARE(back.baoAddresses().size(), 3);
        QVERIFY(back.tls);
        QVERIFY(writePrivateFile(back.tokenFile(), "t0ken\n", &error));
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(back.tokenFile()).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        QCOMPARE(readLocalTargetToken(dir.path(), &error), QByteArray("t0ken"));
        QTemporaryDir empty;
        QVERIFY(!readLocalTargetState(empty.path(), &back, &error));
        QVERIFY2(error.contains(QLatin1String("target up")), qPrintable(error));
        // A PID that is not the process started (this test's own PID, another cmdline).
        QVERIFY(!isLocalTargetProcess(QCoreApplication::applicationPid(), s.nodes[0].configFile));
        QVERIFY(!isLocalTargetProcess(0, s.nodes[0].configFile));
    }

    void resolverTakesNodeNames()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(writeLocalTargetState(clusterState(dir.path(), true), &error));
        const QString d = dir.path();
        auto env = [d](const char *name) {
            return QLatin1String(name) == QLatin1String("VW_TARGET_DIR") ? d : QString();
        };
        TargetFlags flags;
        flags.address = QStringLiteral("standby-1");
        const ResolvedTarget r = resolveTarget(TargetSpec(), flags, env);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        QCOMPARE(r.target.address, QStringLiteral("https://127.0.0.1:8202"));
        QCOMPARE(r.sources.value(QStringLiteral("address")),
                 QStringLiteral("local target standby-1 (from flag --addr)"));
        QCOMPARE(r.target.caFile, d + QStringLiteral("/tls/ca.pem"));
        QCOMPARE(r.target.addresses, (QStringList{QStringLiteral("https://127.0.0.1:8201"),
                                                  QStringLiteral("https://127.0.0.1:8203")}));
        QCOMPARE(r.localTargetDir, QDir(d).absolutePath());
        QCOMPARE(r.localTargetNode, QStringLiteral("standby-1"));
        QCOMPARE(r.localTargetPid, 0); // nothing runs

        flags.address = QStringLiteral("standby-9");
        const ResolvedTarget unknown = resolveTarget(TargetSpec(), flags, env);
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.errors.first().contains(QLatin1String("leader, standby-1, standby-2, lb")),
                 qPrintable(unknown.errors.first()));

        QTemporaryDir none;
        const QString n = none.path();
        const ResolvedTarget missing = resolveTarget(TargetSpec(), flags, [n](const char *name) {
            return QLatin1String(name) == QLatin1String("VW_TARGET_DIR") ? n : QString();
        });
        QVERIFY(!missing.ok());
        QVERIFY2(missing.errors.first().contains(QLatin1String("is not an address")),
                 qPrintable(missing.errors.first()));
    }

    // The balancer's name resolves to what it is: a load balancer over the bao nodes, with the
    // leader's PID for the server's /proc telemetry (never the balancer's own); the session
    // keeps the topology.
    void balancerIsRecordedAsSuch()
    {
        QTemporaryDir dir;
        LocalTargetState state = clusterState(dir.path(), false);
        state.lbRoute = QStringLiteral("active");
        // The leader "runs" as this test process: its command line holds its argv[0].
        state.nodes[0].pid = QCoreApplication::applicationPid();
        state.nodes[0].configFile = QCoreApplication::arguments().first(); // argv[0] as run
        QString error;
        QVERIFY(writeLocalTargetState(state, &error));
        const QString d = dir.path();
        auto env = [d](const char *name) {
            return QLatin1String(name) == QLatin1String("VW_TARGET_DIR") ? d : QString();
        };
        TargetFlags flags;
        flags.address = QStringLiteral("lb");
        const ResolvedTarget lb = resolveTarget(TargetSpec(), flags, env);
        QVERIFY2(lb.ok(), qPrintable(lb.errors.join(QLatin1Char('\n'))));
        QCOMPARE(lb.topology.kind, QStringLiteral("load_balancer"));
        QVERIFY(lb.topology.isLoadBalancer());
        QCOMPARE(lb.topology.balancer, QStringLiteral("nginx"));
        QCOMPARE(lb.topology.lbRoute, QStringLiteral("active"));
        QCOMPARE(lb.topology.node, QStringLiteral("lb"));
        QCOMPARE(lb.topology.backends, state.baoAddresses());
        QCOMPARE(lb.localTargetPid, 0); // the balancer's own process: not started here
        QCOMPARE(lb.localTargetServerPid, QCoreApplication::applicationPid()); // the leader
        QCOMPARE(lb.localTargetServerAddress, state.nodes[0].address); // its sys/metrics
        QCOMPARE(lb.topology.describe(),
                 QStringLiteral("load balancer nginx (route active) over 3 node(s)"));

        flags.address = QStringLiteral("leader");
        const ResolvedTarget leader = resolveTarget(TargetSpec(), flags, env);
        QCOMPARE(leader.topology.kind, QStringLiteral("node"));
        QCOMPARE(leader.localTargetServerPid, QCoreApplication::applicationPid());
        QVERIFY(!leader.topology.isLoadBalancer());
        // Any other address: unknown.
        flags.address = QStringLiteral("http://127.0.0.1:8200");
        QVERIFY(resolveTarget(TargetSpec(), flags, env).topology.kind.isEmpty());

        // The session keeps it (target.topology), and reads it back.
        RunRecord r;
        r.id = QStringLiteral("topology-0123456789");
        r.profileName = QStringLiteral("p");
        r.targetAddress = lb.target.address;
        r.targetTopology = lb.topology;
        r.startedAt = r.finishedAt = QDateTime::currentDateTimeUtc();
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QVERIFY2(writeSession(Session(r), path, &error), qPrintable(error));
        const std::optional<Session> back = readSession(path, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->targetTopology == lb.topology);
        RunRecord plain = r;
        plain.targetTopology = TargetTopology();
        QVERIFY(writeSession(Session(plain), path, &error));
        QVERIFY(readSession(path, &error)->targetTopology.kind.isEmpty());
    }

    void configText()
    {
        LocalTargetOptions o;
        o.topology = QStringLiteral("cluster");
        o.telemetry = true;
        o.audit = QStringLiteral("file-raw");
        QVERIFY(o.problem().isEmpty());
        BaoNodeFiles f{QStringLiteral("node-2"),
                       8202,
                       8302,
                       QStringLiteral("/s/standby-1/data"),
                       QString(),
                       QString(),
                       QStringLiteral("/s/standby-1/audit.log")};
        const QString hcl = baoNodeConfig(o, f);
        for (const char *part :
             {"storage \"raft\"", "node_id = \"node-2\"", "address = \"127.0.0.1:8202\"",
              "tls_disable = true", "api_addr = \"http://127.0.0.1:8202\"",
              "cluster_addr = \"https://127.0.0.1:8302\"", "prometheus_retention_time = \"60s\"",
              "disable_hostname = true", "audit \"file\" \"vwb-audit\"", "log_raw = \"true\""})
            QVERIFY2(hcl.contains(QLatin1String(part)), part);
        f.certFile = QStringLiteral("/s/c.crt");
        f.keyFile = QStringLiteral("/s/c.key");
        o.telemetry = false;
        o.audit = QStringLiteral("none");
        const QString tlsHcl = baoNodeConfig(o, f);
        QVERIFY(tlsHcl.contains(QLatin1String("tls_cert_file = \"/s/c.crt\"")));
        QVERIFY(tlsHcl.contains(QLatin1String("api_addr = \"https://")));
        QVERIFY(!tlsHcl.contains(QLatin1String("telemetry")));
        QVERIFY(!tlsHcl.contains(QLatin1String("audit")));

        BalancerFiles b;
        b.port = 8300;
        b.dir = QStringLiteral("/s/lb");
        b.backends = {QStringLiteral("127.0.0.1:8201"), QStringLiteral("127.0.0.1:8202")};
        const QString nginx = nginxConfig(b);
        QVERIFY(
            nginx.contains(QLatin1String("server 127.0.0.1:8201 max_fails=1 fail_timeout=2s;")));
        QVERIFY(
            nginx.contains(QLatin1String("server 127.0.0.1:8202 max_fails=1 fail_timeout=2s;")));
        QVERIFY(
            nginx.contains(QLatin1String("proxy_next_upstream error timeout http_502 http_503;")));
        QVERIFY(nginx.contains(QLatin1String("proxy_next_upstream_tries 3;")));
        QVERIFY(nginx.contains(QLatin1String("listen 127.0.0.1:8300;")));
        QVERIFY(nginx.contains(QLatin1String("pid /s/lb/nginx.pid;")));
        QVERIFY(nginx.contains(QLatin1String("daemon off;")));
        QVERIFY(!nginx.contains(QLatin1String("backup")));
        const QString haproxy = haproxyConfig(b);
        QVERIFY(haproxy.contains(QLatin1String("server node-2 127.0.0.1:8202")));
        QVERIFY(haproxy.contains(QLatin1String("balance roundrobin")));
        // "any" (the default): standbys pass the health check too.
        for (const char *part :
             {"option httpchk GET /v1/sys/health?standbyok=true&perfstandbyok=true\n",
              "http-check expect status 200", "option redispatch", "retries 3",
              "default-server check inter 1000 fall 2 rise 2"})
            QVERIFY2(haproxy.contains(QLatin1String(part)), part);
        // "active": only the active node answers sys/health with 200; nginx keeps the first
        // backend (the node active at target up) as the only primary.
        b.activeOnly = true;
        QVERIFY(haproxyConfig(b).contains(QLatin1String("option httpchk GET /v1/sys/health\n")));
        const QString nginxActive = nginxConfig(b);
        QVERIFY(nginxActive.contains(
            QLatin1String("server 127.0.0.1:8201 max_fails=1 fail_timeout=2s;")));
        QVERIFY(nginxActive.contains(
            QLatin1String("server 127.0.0.1:8202 max_fails=1 fail_timeout=2s backup;")));

        LocalTargetOptions route;
        route.topology = QStringLiteral("cluster");
        QCOMPARE(route.effectiveLbRoute(), QStringLiteral("any"));
        route.lbRoute = QStringLiteral("active");
        QVERIFY(route.problem().contains(QLatin1String("--lb-route needs a load balancer")));
        route.loadBalancer = QStringLiteral("haproxy");
        QVERIFY(route.problem().isEmpty());
        route.lbRoute = QStringLiteral("standby");
        QVERIFY(route.problem().contains(QLatin1String("--lb-route must be active or any")));

        LocalTargetOptions bad;
        bad.topology = QStringLiteral("dev");
        bad.loadBalancer = QStringLiteral("nginx");
        QVERIFY(bad.problem().contains(QLatin1String("needs a cluster")));
        bad.loadBalancer.clear();
        bad.tls = true;
        QVERIFY(bad.problem().contains(QLatin1String("--tls")));
        bad = LocalTargetOptions();
        bad.topology = QStringLiteral("cluster");
        bad.nodes = 1;
        QVERIFY(bad.problem().contains(QLatin1String("--nodes")));
        // services: postgres and slapd, in any order; slapd's user count is bounded
        LocalTargetOptions svc;
        svc.services = {QStringLiteral("slapd"), QStringLiteral("postgres")};
        QVERIFY(svc.problem().isEmpty());
        QCOMPARE(svc.ldapUsers, 100);
        svc.ldapUsers = 0;
        QVERIFY(svc.problem().contains(QLatin1String("--ldap-users must be 1..100000")));
        svc.ldapUsers = 100001;
        QVERIFY(svc.problem().contains(QLatin1String("--ldap-users")));
        svc.ldapUsers = 5;
        svc.services << QStringLiteral("openldap");
        QVERIFY2(svc.problem().contains(QLatin1String("unknown service \"openldap\" (postgres, "
                                                      "mariadb, redis, slapd)")),
                 qPrintable(svc.problem()));
        LocalTargetNode slapd;
        slapd.kind = QStringLiteral("slapd");
        QVERIFY(slapd.isService());
        QVERIFY(!slapd.isBao());
    }
};

QTEST_GUILESS_MAIN(TestLocalTargetState)
#include "tst_localtargetstate.moc"
