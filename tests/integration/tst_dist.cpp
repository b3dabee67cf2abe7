// `vault-workbench dist local` (app/distcommand.h, docs/distributed.md) end to end on loopback:
// 3 local shards against the fixed-delay stub (tests/support/delayserver.h) vs one process
// with the same plan: totals within 1 % by Little's law (count x mean latency) and within 2 %
// raw on this loaded machine, the merged count exactly the sum of the shards', p50 within the
// histogram's precision plus 1 ms. A shard killed with SIGKILL stops the others and
// makes the merged run failed with that shard incomplete. And 2 shards against a real
// `bao server -dev` (kv2_read, 2 short stages): merged, completed, no errors.
#include "apprun.h"
#include "baoserver.h"
#include "delayserver.h"
#include "session/sessionio.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace vw;

namespace {

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

const QByteArray kHealthProfile = "name: dist\n"
                                  "ramp:\n"
                                  "  executor: closed\n"
                                  "  warmup: 500ms\n"
                                  "  stages:\n"
                                  "    - { vus: 12, duration: 4500ms }\n"
                                  "    - { vus: 24, duration: 4500ms }\n"
                                  "operations:\n"
                                  "  - type: sys_health\n";

int64_t total(const Session &s)
{
    int64_t n = 0;
    for (const StageStats &st : s.stages)
        n += st.completedTotal();
    return n;
}

Session read(const QString &path)
{
    QString e;
    std::optional<Session> s = readSession(path, &e);
    if (!s)
        qFatal("%s: %s", qPrintable(path), qPrintable(e));
    return *s;
}

/// The child processes of `pid` (Linux /proc/PID/task/PID/children).
QList<qint64> childrenOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/task/%1/children").arg(pid));
    QList<qint64> out;
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &w : f.readAll().split(' '))
        if (!w.trimmed().isEmpty())
            out << w.trimmed().toLongLong();
    return out;
}

} // namespace

class TestDist : public QObject {
    Q_OBJECT
private slots:
    void threeShardsMatchOneProcess()
    {
        // 50 ms: the client's own time per request (its share of a loaded 2-core machine) is
        // small beside it, so the totals compare the split, not the machine's noise.
        test::DelayServer server(50);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("dist.yaml"));
        writeFile(profile, kHealthProfile);
        const QProcessEnvironment env =
            test::appEnvironment(dir.path(), QByteArrayLiteral("loopback-test-token"));

        const QString one = dir.filePath(QStringLiteral("one.json"));
        const test::AppResult single = test::runApp(test::appRun(
            {QStringLiteral("run"), profile, QStringLiteral("--addr"), server.address(),
             QStringLiteral("--out"), one, QStringLiteral("--no-server-telemetry")},
            dir.path(), env, 60000));
        QVERIFY2(single.exitCode == 0, qPrintable(single.out + single.err));

        const QString merged = dir.filePath(QStringLiteral("merged.json"));
        const test::AppResult dist = test::runApp(test::appRun(
            {QStringLiteral("dist"), QStringLiteral("local"), QStringLiteral("-n"),
             QStringLiteral("3"), profile, QStringLiteral("--out"), merged,
             QStringLiteral("--start-delay"), QStringLiteral("3"), QStringLiteral("--addr"),
             server.address(), QStringLiteral("--no-server-telemetry")},
            dir.path(), env, 90000));
        QVERIFY2(dist.exitCode == 0, qPrintable(dist.out + dist.err));
        QVERIFY(!dist.out.contains(QStringLiteral("loopback-test-token")));

        const Session a = read(one);
        const Session m = read(merged);
        QCOMPARE(m.status, RunStatus::Completed);
        QCOMPARE(m.merge.shards.size(), 3);
        int64_t sum = 0;
        for (int i = 0; i < 3; ++i) {
            const Session s = read(merged + QStringLiteral(".shards/shard-%1.json").arg(i));
            QCOMPARE(s.shard.index, i);
            QCOMPARE(s.shard.count, 3);
            QVERIFY(s.shard.complete);
            QVERIFY(s.shard.startAt.isValid());
            QVERIFY2(qAbs(s.shard.offsetMs) < 1000, qPrintable(QString::number(s.shard.offsetMs)));
            QCOMPARE(s.stages.at(0).vus, 4); // 12 VUs over 3 shards
            QCOMPARE(s.stages.at(1).vus, 8);
            sum += total(s);
        }
        QCOMPARE(total(m), sum); // exactly
        QCOMPARE(m.stages.at(0).vus, 12);
        QCOMPARE(m.stages.at(1).vus, 24);
        for (int st = 0; st < 2; ++st) {
            const OpStats &x = a.stages.at(st).ops.at(0);
            const OpStats &y = m.stages.at(st).ops.at(0);
            const double ratio = double(y.count) / double(x.count);
            const double p50a = double(x.latency.valueAtPercentileUs(50)) / 1000.0;
            const double p50m = double(y.latency.valueAtPercentileUs(50)) / 1000.0;
            const double p99a = double(x.latency.valueAtPercentileUs(99)) / 1000.0;
            const double p99m = double(y.latency.valueAtPercentileUs(99)) / 1000.0;
            qInfo("stage %d: one process %lld requests %.1f/s p50 %.3f ms p99 %.3f ms | dist 3: "
                  "%lld requests %.1f/s p50 %.3f ms p99 %.3f ms | count ratio %.4f",
                  st + 1, (long long)x.count, a.stages.at(st).throughputPerS(x), p50a, p99a,
                  (long long)y.count, m.stages.at(st).throughputPerS(y), p50m, p99m, ratio);
            // The split itself loses nothing: in the closed model count x mean latency is
            // VUs x window (Little's law) for both, within 1 %. The raw totals also carry the
            // client's own speed, which 3 processes on this loaded 2-core machine lower by up
            // to ~1 % (their p50 is ~0.2 ms higher): within 2 % (docs/distributed.md).
            const double little =
                double(y.count) * y.latency.meanUs() / (double(x.count) * x.latency.meanUs());
            qInfo("stage %d: count x mean latency, dist / one: %.4f", st + 1, little);
            QVERIFY2(qAbs(little - 1) <= 0.01, qPrintable(QString::number(little)));
            QVERIFY2(qAbs(ratio - 1) <= 0.02, qPrintable(QString::number(ratio)));
            QVERIFY2(qAbs(p50m - p50a) <= p50a * 0.001 + 1.0,
                     qPrintable(QStringLiteral("%1 vs %2").arg(p50m).arg(p50a)));
        }
    }

    void aKilledShardFailsTheMergedRun()
    {
        test::DelayServer server(20);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("dist.yaml"));
        writeFile(profile, kHealthProfile);
        const QString merged = dir.filePath(QStringLiteral("merged.json"));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        QVERIFY(test::startApp(
            p, test::appRun(
                   {QStringLiteral("dist"), QStringLiteral("local"), QStringLiteral("-n"),
                    QStringLiteral("3"), profile, QStringLiteral("--out"), merged,
                    QStringLiteral("--start-delay"), QStringLiteral("2"), QStringLiteral("--addr"),
                    server.address(), QStringLiteral("--no-server-telemetry")},
                   dir.path(),
                   test::appEnvironment(dir.path(), QByteArrayLiteral("loopback-test-token")))));
        // Once shard 1's first stage is on disk (its checkpoint), kill it.
        const QString shard1 = merged + QStringLiteral(".shards/shard-1.json");
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += p.readAll(), out.contains("[shard 1] stage 2:")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(shard1), 10000); // its checkpoint
        const QList<qint64> kids = childrenOf(p.processId());
        QCOMPARE(kids.size(), 3);
        qint64 victim = 0;
        for (qint64 kid : kids) { // the one run with --shard 1/3
            QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(kid));
            if (cmd.open(QIODevice::ReadOnly) && cmd.readAll().split('\0').contains("1/3"))
                victim = kid;
        }
        QVERIFY(victim > 0);
        QCOMPARE(::kill(pid_t(victim), SIGKILL), 0);
        QVERIFY(p.waitForFinished(60000));
        out += p.readAll();
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(out.contains("[shard 1] exited: killed"), out.constData());
        const Session m = read(merged);
        QCOMPARE(m.status, RunStatus::Failed);
        QVERIFY2(m.merge.notes.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("shard 1/3 is incomplete")),
                 qPrintable(m.merge.notes.join(QLatin1Char('\n'))));
        // the others were stopped (SIGTERM) rather than left running: stopped, not completed
        for (int i : {0, 2}) {
            const Session s = read(merged + QStringLiteral(".shards/shard-%1.json").arg(i));
            QCOMPARE(s.status, RunStatus::Stopped);
        }
        QVERIFY(QFile::exists(shard1));
    }

    void aLateShardExitsWithItsCode()
    {
        test::DelayServer server(5);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("dist.yaml"));
        writeFile(profile, kHealthProfile);
        const QString out = dir.filePath(QStringLiteral("late.json"));
        // a barrier a minute ago: the shard is ready far past it (+ 1 s tolerance)
        const QString past = QDateTime::currentDateTimeUtc().addSecs(-60).toString(Qt::ISODate);
        const test::AppResult r = test::runApp(test::appRun(
            {QStringLiteral("run"), profile, QStringLiteral("--shard"), QStringLiteral("0/2"),
             QStringLiteral("--start-at"), past, QStringLiteral("--addr"), server.address(),
             QStringLiteral("--out"), out, QStringLiteral("--no-server-telemetry")},
            dir.path(), test::appEnvironment(dir.path(), QByteArrayLiteral("loopback-test-token")),
            60000));
        QVERIFY2(r.exitCode == 5, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains(QStringLiteral("late start")), qPrintable(r.err));
        const Session s = read(out);
        QCOMPARE(s.status, RunStatus::Failed);
        QVERIFY(s.shard.lateStart);
        QVERIFY(!s.shard.complete);
        QVERIFY(s.shard.offsetMs >= 59000);
        QVERIFY(s.stages.isEmpty()); // no load was sent
        // a local time (no zone) is refused before anything is sent
        const test::AppResult bad = test::runApp(test::appRun(
            {QStringLiteral("run"), profile, QStringLiteral("--start-at"),
             QStringLiteral("2026-12-01T21:00:00"), QStringLiteral("--addr"), server.address()},
            dir.path(), test::appEnvironment(dir.path(), QByteArrayLiteral("t")), 30000));
        QCOMPARE(bad.exitCode, 2);
        // auto/N without JOB_COMPLETION_INDEX
        const test::AppResult noIndex = test::runApp(test::appRun(
            {QStringLiteral("run"), profile, QStringLiteral("--shard"), QStringLiteral("auto/3"),
             QStringLiteral("--addr"), server.address()},
            dir.path(), test::appEnvironment(dir.path(), QByteArrayLiteral("t")), 30000));
        QCOMPARE(noIndex.exitCode, 2);
        QVERIFY2(noIndex.err.contains(QStringLiteral("JOB_COMPLETION_INDEX is not set")),
                 qPrintable(noIndex.err));
    }

    void twoShardsAgainstRealBao()
    {
        test::BaoServer bao;
        QString error;
        QVERIFY2(bao.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("kv.yaml"));
        writeFile(profile, "name: dist-kv\n"
                           "ramp:\n"
                           "  warmup: 300ms\n"
                           "  stages:\n"
                           "    - { vus: 2, duration: 1500ms }\n"
                           "    - { vus: 5, duration: 1500ms }\n"
                           "operations:\n"
                           "  - type: kv2_read\n"
                           "    params: { keys: 20, payload_bytes: 64 }\n");
        const QString merged = dir.filePath(QStringLiteral("merged.json"));
        test::AppRun run =
            test::appRun({QStringLiteral("dist"), QStringLiteral("local"), QStringLiteral("-n"),
                          QStringLiteral("2"), profile, QStringLiteral("--out"), merged,
                          QStringLiteral("--start-delay"), QStringLiteral("4"),
                          QStringLiteral("--addr"), bao.address()},
                         dir.path(), test::appEnvironment(dir.path(), bao.rootToken()), 90000);
        run.redact = bao.rootToken();
        const test::AppResult r = test::runApp(run);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(!r.out.contains(QStringLiteral("TOKEN-LEAKED")));
        const Session m = read(merged);
        QCOMPARE(m.status, RunStatus::Completed);
        QCOMPARE(m.stages.size(), 2);
        QCOMPARE(m.stages.at(1).vus, 5);
        int64_t sum = 0;
        for (int i = 0; i < 2; ++i) {
            const Session s = read(merged + QStringLiteral(".shards/shard-%1.json").arg(i));
            QCOMPARE(s.stages.at(1).vus, i == 0 ? 3 : 2); // ids 0,2,4 and 1,3
            sum += total(s);
            QVERIFY(s.leftovers.isEmpty());
        }
        QCOMPARE(total(m), sum);
        for (const StageStats &st : m.stages) {
            QVERIFY(st.ops.at(0).ok > 0);
            QCOMPARE(st.ops.at(0).errorCount(), 0);
        }
        QFile f(merged);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains(bao.rootToken()));
    }
};

QTEST_GUILESS_MAIN(TestDist)
#include "tst_dist.moc"
