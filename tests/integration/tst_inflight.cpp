// N VUs must mean N requests really in flight (docs/measurement.md, "Closed model"): a run of
// 32 VUs against the loopback delay server, checked by the engine's gauge and server-side.
#include "delayserver.h"
#include "engine/benchmarkrun.h"
#include "session/session.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

class TestInFlight : public QObject {
    Q_OBJECT
private slots:
    void thirtyTwoVusAreThirtyTwoRequestsInFlight();
    void requestsCountForTheStageTheyStartedIn();
    void destructorStopsAndJoins();
};

void TestInFlight::thirtyTwoVusAreThirtyTwoRequestsInFlight()
{
    constexpr int kVus = 32;
    constexpr int kDelayMs = 200;
    vw::test::DelayServer server(kDelayMs);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    Profile p;
    p.name = QStringLiteral("inflight");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 5000;
    p.ramp.warmupMs = 500;
    p.ramp.stages = {{kVus, 2500}};
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};

    RunOptions o;
    o.serverTelemetry = false; // the delay server counts the load's requests only
    o.token = QByteArrayLiteral("loopback-test-token"); // the delay server accepts any token
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    QSignalSpy stageFinished(&run, &BenchmarkRun::stageFinished);
    QSignalSpy snapshots(&run, &BenchmarkRun::snapshot);
    run.start();
    QVERIFY(run.isRunning());
    QVERIFY(finished.wait(20000));
    QVERIFY(!run.isRunning());
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));

    // The engine's gauge and the server agree: all 32 VUs had a request in flight at once.
    QCOMPARE(run.peakInFlight(), kVus);
    QCOMPARE(server.peakHolding(), kVus);
    QCOMPARE(s.stages.size(), 1);
    const StageStats &st = s.stages.at(0);
    QCOMPARE(st.maxInFlight, kVus);
    QVERIFY2(st.meanInFlight > 0.9 * kVus, qPrintable(QString::number(st.meanInFlight)));
    QVERIFY(st.complete);
    QVERIFY(st.steadySeconds >= 1.9 && st.steadySeconds < 2.5);

    // Little's law, N = X * R: 32 VUs at ~200 ms each.
    QCOMPARE(st.ops.size(), 1);
    const OpStats &op = st.ops.at(0);
    QVERIFY(op.count > 0);
    QCOMPARE(op.ok, op.count);
    const double x = st.throughputPerS(op);
    const double r = op.latency.meanUs() / 1e6;
    qInfo("X=%.1f/s R=%.1f ms count=%lld mean in flight %.2f, %lld server requests, %d snapshots",
          x, r * 1e3, qint64(op.count), st.meanInFlight, server.requestCount(),
          int(snapshots.size()));
    QVERIFY2(r >= kDelayMs / 1000.0, qPrintable(QString::number(r)));
    QVERIFY2(qAbs(x * r - kVus) < 0.15 * kVus,
             qPrintable(QStringLiteral("X=%1/s R=%2s").arg(x).arg(r)));
    // Requests are counted by start time after the warm-up: at most the steady window's worth
    // of rounds, and the server saw the warm-up's requests too.
    QVERIFY(op.count <= qint64(kVus * (st.steadySeconds / (kDelayMs / 1000.0) + 1)));
    QVERIFY(server.requestCount() > op.count);

    QCOMPARE(stageFinished.size(), 1);
    QVERIFY(!s.series.isEmpty());

    // Live snapshots: at most 10 per second; mid-stage ones show the gauge and partial stats.
    QVERIFY(snapshots.size() >= 5);
    QVERIFY(snapshots.size() <= 10 * 4);
    bool sawSteady = false;
    for (const QList<QVariant> &args : snapshots) {
        const RunSnapshot snap = args.at(0).value<RunSnapshot>();
        QCOMPARE(snap.stageCount, 1);
        QVERIFY(snap.inFlight <= kVus);
        if (snap.stageIndex == 0 && !snap.inWarmup && snap.stagesFinished == 0
            && snap.current.steadySeconds > 0.5) {
            sawSteady = true;
            QCOMPARE(snap.vus, kVus);
            QCOMPARE(snap.current.maxInFlight, kVus);
            QCOMPARE(snap.current.ops.size(), 1);
            QVERIFY(snap.current.ops.at(0).count > 0);
        }
    }
    QVERIFY(sawSteady);
    const RunSnapshot last = snapshots.last().at(0).value<RunSnapshot>();
    QCOMPARE(last.stagesFinished, 1);
    QCOMPARE(last.inFlight, 0);
}

void TestInFlight::requestsCountForTheStageTheyStartedIn()
{
    // 500 ms per request. Stage 0 (4 VUs, 1.2 s): each VU starts at 0, 0.5 and 1.0 s -> 12.
    // The requests started at 1.0 s are in flight at the boundary: they finish at 1.5 s and
    // count for stage 0; VUs 1-3 then stop. Stage 1 (1 VU, 1.0 s): VU 0 starts at 1.5 and
    // 2.0 s -> 2. Every boundary has >= 200 ms of margin.
    vw::test::DelayServer server(500);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    Profile p;
    p.name = QStringLiteral("boundary");
    p.target.address = server.address();
    p.ramp.stages = {{4, 1200}, {1, 1000}};
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};
    RunOptions o;
    o.serverTelemetry = false; // the delay server counts the load's requests only
    o.token = QByteArrayLiteral("loopback-test-token");
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    const qint64 before = server.requestCount();
    run.start();
    QVERIFY(finished.wait(20000));
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 2);
    QCOMPARE(s.stages.at(0).ops.at(0).count, 12);
    QCOMPARE(s.stages.at(0).ops.at(0).ok, 12);
    QCOMPARE(s.stages.at(1).ops.at(0).count, 2);
    QCOMPARE(s.stages.at(0).maxInFlight, 4);
    // The server saw exactly those (pre-flight requests aside): nothing after the end.
    int64_t seriesCount = 0;
    for (const SeriesPoint &pt : s.series)
        seriesCount += pt.count;
    QCOMPARE(seriesCount, 14);
    QVERIFY(server.requestCount() - before >= 14);
    QVERIFY(server.requestCount() - before <= 14 + 3); // health, lookup-self, mounts probe
}

void TestInFlight::destructorStopsAndJoins()
{
    vw::test::DelayServer server(100);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    Profile p;
    p.name = QStringLiteral("destroyed");
    p.target.address = server.address();
    p.ramp.stages = {{8, 30000}};
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};
    RunOptions o;
    o.serverTelemetry = false; // the delay server counts the load's requests only
    o.token = QByteArrayLiteral("loopback-test-token");
    auto run = std::make_unique<BenchmarkRun>(p, o);
    QSignalSpy stageStarted(run.get(), &BenchmarkRun::stageStarted);
    run->start();
    QVERIFY(stageStarted.wait(10000));
    QTRY_COMPARE_WITH_TIMEOUT(server.peakHolding(), 8, 5000);
    QElapsedTimer t;
    t.start();
    run.reset(); // stops, drains, cleans up and joins every thread
    QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
    const qint64 served = server.requestCount();
    QTest::qWait(300);
    QCOMPARE(server.requestCount(), served); // nothing sends any more
}

QTEST_GUILESS_MAIN(TestInFlight)
#include "tst_inflight.moc"
