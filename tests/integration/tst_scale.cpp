// Scale (issue 3, item 4): 10,000 closed-model VUs in one process, every VU really in flight
// (the engine's gauge agrees), peak RSS under 1 GiB, on the "direct" transport (QNAM would
// need 1,667 managers and threads). VW_SCALE_VUS overrides the count.
//
// The loopback server (1 s per request) is tests/support/delayserverprocess.h: a child
// process, so its sockets and memory do not count against this one.
#include "delayserverprocess.h"
#include "engine/benchmarkrun.h"
#include "session/session.h"
#include "engine/clientresources.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

class TestScale : public QObject {
    Q_OBJECT
private slots:
    void everyVuInFlightUnderOneGiB();
};

void TestScale::everyVuInFlightUnderOneGiB()
{
    const int vus = qEnvironmentVariableIsSet("VW_SCALE_VUS")
                        ? qEnvironmentVariableIntValue("VW_SCALE_VUS")
                        : 10000;
    const int64_t fdLimit = raiseOpenFileLimit(vus + 256); // as the engine does
    QVERIFY2(
        fdLimit >= vus + 256,
        qPrintable(QStringLiteral("open-file hard limit %1 < %2").arg(fdLimit).arg(vus + 256)));

    test::DelayServerProcess server(1000);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    Profile p;
    p.name = QStringLiteral("scale");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 30000;
    p.transport = QStringLiteral("direct");
    // The warm-up covers connecting 10,000 sockets; the steady window holds several rounds.
    p.ramp.warmupMs = 3000;
    p.ramp.stages = {{vus, 6000}};
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};

    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token");
    QElapsedTimer clock;
    clock.start();
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    QVERIFY(finished.wait(60000));
    const qint64 wallMs = clock.elapsed();
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    server.stop();
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));

    const int64_t rss = peakRssBytes();
    const StageStats &st = s.stages.at(0);
    const OpStats &op = st.ops.at(0);
    qInfo("%s, %d VUs: peak in flight %d (stage max %d, mean %.0f), %lld ok, %lld errors, "
          "p50 %.1f ms p99 %.1f ms, peak RSS %.0f MiB, run %lld ms; validity: client_cpu %.2f "
          "worker_cpu %.2f lag p99 %.1f ms %s",
          qPrintable(p.transport), vus, run.peakInFlight(), st.maxInFlight, st.meanInFlight,
          qint64(op.ok), qint64(op.errorCount()),
          double(op.latency.valueAtPercentileUs(50)) / 1000.0,
          double(op.latency.valueAtPercentileUs(99)) / 1000.0, double(rss) / (1 << 20), wallMs,
          st.validity.clientCpu, st.validity.workerCpuMax, st.validity.loopLagMsP99,
          qPrintable(st.validity.reasons.join(';')));
    QCOMPARE(run.peakInFlight(), vus);
    QCOMPARE(st.maxInFlight, vus);
    QVERIFY(op.ok >= vus); // at least one full round in the steady window
    QCOMPARE(op.errorCount(), 0);
    QVERIFY(rss > 0);
    QVERIFY2(rss < (int64_t(1) << 30), qPrintable(QString::number(rss)));
}

QTEST_GUILESS_MAIN(TestScale)

#include "tst_scale.moc"
