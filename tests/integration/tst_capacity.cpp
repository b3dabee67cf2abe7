// Capacity analysis end to end: a closed ramp 1, 2, 4, 8, 16, 32 VUs by the real engine
// against a loopback server of fixed capacity (at most 8 requests served at once, 5 ms each:
// 1600/s). The knee and the saturation point must land at 8 or 16 VUs. The test server is not
// a Vault: this test is about the client's measurements and the detectors on them.
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"
#include "delayserver.h"
#include "engine/benchmarkrun.h"
#include "session/session.h"

#include <QSignalSpy>
#include <QTest>

using namespace vw;

class TestCapacity : public QObject {
    Q_OBJECT
private slots:
    void fixedCapacityServerPutsKneeAndSaturationAtItsWorkers();
};

void TestCapacity::fixedCapacityServerPutsKneeAndSaturationAtItsWorkers()
{
    constexpr int kWorkers = 8;
    constexpr int kServiceMs = 5;
    vw::test::DelayServer server(kServiceMs);
    server.setMaxConcurrent(kWorkers);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    Profile p;
    p.name = QStringLiteral("capacity");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 5000;
    p.ramp.warmupMs = 300;
    for (int vus : {1, 2, 4, 8, 16, 32})
        p.ramp.stages.append({vus, 1500});
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};

    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token"); // the test server accepts any token
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    QVERIFY(finished.wait(30000));
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 6);
    // More requests were held than the server has workers: the extra ones queued there.
    QVERIFY(server.peakHolding() > kWorkers);

    const SessionAnalysis analysis = analyzeSession(s);
    QCOMPARE(analysis.ops.size(), 1);
    const OpAnalysis &a = analysis.ops.first();
    qInfo("%s", qPrintable(analysisText(analysis)));
    for (const StageStats &st : s.stages) {
        const OpStats &op = st.ops.first();
        qInfo("stage %d: %d VUs, %.1f/s, mean %.3f ms, p99 %.3f ms, errors %lld, client-bound %d",
              st.index, st.vus, st.throughputPerS(op), op.latency.meanUs() / 1000.0,
              op.latency.valueAtPercentileUs(99) / 1000.0, qint64(op.errorCount()),
              int(st.validity.clientBound));
    }

    QVERIFY2(a.knee.vus == 8 || a.knee.vus == 16, qPrintable(a.knee.evidence.text));
    QVERIFY2(a.saturation.vus == 8 || a.saturation.vus == 16,
             qPrintable(a.saturation.evidence.text));
    QVERIFY2(!a.failure.vus.has_value(), qPrintable(a.failure.evidence.text));
    // Throughput cannot exceed the server's capacity (8 / 5 ms = 1600/s), and gets near it.
    QVERIFY(a.maxThroughput.perS.has_value());
    QVERIFY2(*a.maxThroughput.perS < 1.05 * kWorkers * 1000.0 / kServiceMs,
             qPrintable(QString::number(*a.maxThroughput.perS)));
    QVERIFY2(*a.maxThroughput.perS > 0.6 * kWorkers * 1000.0 / kServiceMs,
             qPrintable(QString::number(*a.maxThroughput.perS)));
    QVERIFY(!a.knee.evidence.text.isEmpty());
    QVERIFY(!a.saturation.evidence.stages.isEmpty());
}

QTEST_GUILESS_MAIN(TestCapacity)
#include "tst_capacity.moc"
