// Open model (issue 3, "Open model"): an arrival-rate ramp of 100/s, 400/s and 800/s against a
// loopback server of fixed capacity (8 requests served at once, 40 ms each = 200/s) with a
// pool of 8 VUs. Below capacity every start is sent on time; above it, starts wait for a VU,
// so the latency from the intended start (coordinated-omission corrected) grows stage by
// stage while the service time (from the actual send) stays flat, and starts still unsent at
// the stage end are counted as dropped. Offered vs achieved rates are in the report.
// The pool equals the server's concurrency so that the service time holds no server queueing.
#include "delayserver.h"
#include "delayserverprocess.h"
#include "engine/benchmarkrun.h"
#include "engine/executors/arrivalrateplan.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "session/session.h"
#include "session/sessionio.h"
#include "report/report.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <limits>

using namespace vw;

class TestOpenModel : public QObject {
    Q_OBJECT
private slots:
    void correctedLatencyGrowsServiceTimeStaysFlat();
    void noDropsBelowCapacityAndLatenessRecorded();
    void deadServerFailsAtTheBackoffPace();
};

namespace {

double p50Ms(const LatencyHistogram &h)
{
    return double(h.valueAtPercentileUs(50)) / 1000.0;
}

} // namespace

void TestOpenModel::correctedLatencyGrowsServiceTimeStaysFlat()
{
    constexpr int kDelayMs = 40;
    constexpr int kServerSlots = 8; // capacity 8 / 40 ms = 200 per second
    constexpr int kMaxVus = 8;
    const double rates[] = {100, 400, 800};
    vw::test::DelayServer server(kDelayMs);
    server.setMaxConcurrent(kServerSlots);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    Profile p;
    p.name = QStringLiteral("open-model");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 10000;
    p.ramp.model = std::make_shared<const ArrivalRateModel>(kMaxVus);
    p.ramp.warmupMs = 500;
    for (double r : rates)
        p.ramp.stages.append(StageSpec{0, 2500, r});
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};

    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token"); // the delay server accepts any token
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    QVERIFY(finished.wait(30000));
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 3);
    // The 1-second series says the stage's planned VUs, the max_vus pool (not 0).
    QVERIFY(!s.series.isEmpty());
    for (const SeriesPoint &p : s.series)
        QCOMPARE(p.vus, kMaxVus);
    QVERIFY(run.peakInFlight() <= kMaxVus); // the pool bounds concurrency

    double corrected[3], service[3];
    for (int i = 0; i < 3; ++i) {
        const StageStats &st = s.stages.at(i);
        QCOMPARE(st.rate, rates[i]);
        QCOMPARE(st.vus, kMaxVus);
        const OpStats &op = st.ops.at(0);
        QCOMPARE(op.errorCount(), 0);
        QCOMPARE(op.serviceTime.count(), op.ok);
        corrected[i] = p50Ms(op.latency);
        service[i] = p50Ms(op.serviceTime);
        const double planned = rates[i] * st.steadySeconds;
        qInfo("stage %d: offered %.0f/s achieved %.1f/s dropped %lld (planned %.0f) "
              "corrected p50 %.1f ms p99 %.1f ms, service p50 %.1f ms p99 %.1f ms, "
              "client_bound %d %s",
              i, st.rate, st.achievedPerS(), qint64(op.dropped), planned, corrected[i],
              double(op.latency.valueAtPercentileUs(99)) / 1000.0, service[i],
              double(op.serviceTime.valueAtPercentileUs(99)) / 1000.0, int(st.validity.clientBound),
              qPrintable(st.validity.reasons.join(';')));
        // Every planned start of the steady window was either sent or dropped.
        QVERIFY2(qAbs(double(op.count + op.dropped) - planned) <= 0.05 * planned + 8,
                 qPrintable(QStringLiteral("sent %1 + dropped %2 vs planned %3")
                                .arg(op.count)
                                .arg(op.dropped)
                                .arg(planned)));
        // The service time is the server's 40 ms (plus client overhead), in every stage.
        QVERIFY2(service[i] >= kDelayMs && service[i] < kDelayMs * 1.35,
                 qPrintable(QString::number(service[i])));
    }

    // Below capacity: on time, nothing dropped, achieved = offered.
    const StageStats &low = s.stages.at(0);
    QCOMPARE(low.droppedTotal(), 0);
    QVERIFY2(qAbs(low.achievedPerS() - 100) < 10, qPrintable(QString::number(low.achievedPerS())));
    QVERIFY2(corrected[0] - service[0] < 5, qPrintable(QString::number(corrected[0])));

    // Above capacity: achieved ~ capacity, the rest dropped, corrected latency grows.
    for (int i = 1; i < 3; ++i) {
        const StageStats &st = s.stages.at(i);
        QVERIFY(st.droppedTotal() > 0);
        QVERIFY2(st.achievedPerS() > 150 && st.achievedPerS() < 230,
                 qPrintable(QString::number(st.achievedPerS())));
        QVERIFY(corrected[i] > 5 * service[i]);
    }
    QVERIFY(s.stages.at(2).droppedTotal() > s.stages.at(1).droppedTotal());
    QVERIFY2(corrected[0] < corrected[1] && corrected[1] < corrected[2],
             qPrintable(
                 QStringLiteral("%1 %2 %3").arg(corrected[0]).arg(corrected[1]).arg(corrected[2])));
    // Service time flat: the stages' medians within 25 % of each other.
    const double sMin = std::min({service[0], service[1], service[2]});
    const double sMax = std::max({service[0], service[1], service[2]});
    QVERIFY2(sMax < 1.25 * sMin, qPrintable(QStringLiteral("%1 %2").arg(sMin).arg(sMax)));

    // The report says which latency is which and shows offered vs achieved.
    const QJsonArray stages = reportJson(s).value(QStringLiteral("stages")).toArray();
    const QJsonObject hi = stages.at(2).toObject();
    QCOMPARE(hi.value(QStringLiteral("offered_per_s")).toDouble(), 800.0);
    QVERIFY(hi.value(QStringLiteral("achieved_per_s")).toDouble() < 400);
    QCOMPARE(hi.value(QStringLiteral("dropped")).toInteger(), s.stages.at(2).droppedTotal());
    const QJsonObject op = hi.value(QStringLiteral("ops")).toArray().at(0).toObject();
    QCOMPARE(op.value(QStringLiteral("latency_kind")).toString(), QStringLiteral("corrected"));
    QVERIFY(op.contains(QStringLiteral("service_time_ms")));
    QVERIFY(hi.contains(QStringLiteral("validity")));
}

// Issue 9, item 6: at 10 % of capacity no start is dropped, also at the stage boundaries (the
// control thread closes a stage at its planned end, possibly before the pacer's wake-up for
// the stage's last starts), over several stages of different rates; and the pacer's own
// lateness (send - intended start) is recorded per stage, stored and shown. Not a timing
// test: the tight targets are measured by bench/pacer.sh (docs/performance.md), this asserts
// only that the figures are sane on a shared machine. A client starved of CPU for longer than
// the pool of 100 VUs covers (50 ms at 2000/s) at a stage's end would drop starts here: that
// is the client at capacity, which the test does not expect of a machine able to run it.
void TestOpenModel::noDropsBelowCapacityAndLatenessRecorded()
{
    constexpr int kDelayMs = 5;
    constexpr int kMaxVus = 100; // capacity 100 / 5 ms = 20,000/s: the rates are <= 10 % of it
    const double rates[] = {1000, 2000, 1500, 2000};
    vw::test::DelayServerProcess server(kDelayMs); // epoll child: never the bottleneck
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    Profile p;
    p.name = QStringLiteral("open-model-boundaries");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 10000;
    p.ramp.model = std::make_shared<const ArrivalRateModel>(kMaxVus);
    p.ramp.warmupMs = 200;
    for (double r : rates)
        p.ramp.stages.append(StageSpec{0, 1200, r});
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};

    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token");
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    QVERIFY(finished.wait(30000));
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 4);
    constexpr int64_t kNsPerMs = 1'000'000;
    int64_t bestP50Us = std::numeric_limits<int64_t>::max();
    for (int i = 0; i < 4; ++i) {
        const StageStats &st = s.stages.at(i);
        const OpStats &op = st.ops.at(0);
        const ScheduleLateness &late = st.scheduleLateness;
        qInfo("stage %d: %.0f/s, sent %lld, count %lld, dropped %lld, lateness p50 %lld us "
              "p99 %lld us max %lld us over %lld starts",
              i + 1, st.rate, qint64(st.sent), qint64(op.count), qint64(op.dropped),
              qint64(late.p50Us), qint64(late.p99Us), qint64(late.maxUs), qint64(late.count));
        QCOMPARE(op.errorCount(), 0);
        QCOMPARE(st.droppedTotal(), 0);
        // Every start planned after the warm-up (ArrivalRatePlan, exact) was sent and counted.
        const ArrivalRatePlan plan(rates[i]);
        QCOMPARE(op.count, plan.startsWithin(1200 * kNsPerMs) - plan.startsWithin(200 * kNsPerMs));
        // One lateness sample per counted start, percentiles in order.
        QCOMPARE(late.count, op.count);
        QVERIFY(late.p50Us >= 1 && late.p50Us <= late.p99Us && late.p99Us <= late.maxUs);
        bestP50Us = std::min(bestP50Us, late.p50Us);
    }
    // Sane, not the targets (a shared machine): the 1 ms timer of the old pacer gave a median
    // lateness of about 500 us; the best stage here is well under that.
    QVERIFY2(bestP50Us < 250, qPrintable(QString::number(bestP50Us)));

    // Stored in the session and read back; shown in the report (table and JSON).
    const QJsonObject json = sessionToJson(s);
    const QJsonObject stage2 = json.value(QStringLiteral("stages")).toArray().at(1).toObject();
    const QJsonObject late = stage2.value(QStringLiteral("schedule_lateness_us")).toObject();
    QCOMPARE(late.value(QStringLiteral("p99")).toInteger(), s.stages.at(1).scheduleLateness.p99Us);
    QCOMPARE(late.value(QStringLiteral("count")).toInteger(),
             s.stages.at(1).scheduleLateness.count);
    const std::optional<Session> back = sessionFromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->stages.at(1).scheduleLateness.maxUs, s.stages.at(1).scheduleLateness.maxUs);
    QCOMPARE(back->stages.at(1).scheduleLateness.p50Us, s.stages.at(1).scheduleLateness.p50Us);
    const QString table = reportTable(s);
    QVERIFY2(table.contains(QStringLiteral("schedule lateness p50 %1 us p99 %2 us")
                                .arg(s.stages.at(1).scheduleLateness.p50Us)
                                .arg(s.stages.at(1).scheduleLateness.p99Us)),
             qPrintable(table));
}

// Issue 9: an arrival-rate run whose server dies mid-run looked stalled in the session (seconds
// with count 0 and in_flight = max_vus, then a "burst" of errors). It is not: each VU fails
// a request per reconnect backoff (at most 100 ms, core/http/socketconnection.h), so the pool
// completes about max_vus x 10 errors per second, in real time, without a gap; a rate above
// that leaves starts late and, at the stage end, dropped. The series attributes a request to
// the second of its intended start (core/engine/worker.cpp, launch()), so the seconds whose
// starts were all dropped show count 0 while the in-flight gauge (real time) shows the pool
// busy. This asserts the real-time pace of failures after the server is gone, and that every
// planned start is accounted for (sent or dropped): a VU stuck for seconds would fail it.
void TestOpenModel::deadServerFailsAtTheBackoffPace()
{
    constexpr int kMaxVus = 10;
    constexpr double kRate = 1000; // far above what failing VUs complete (~10 x 10/s)
    constexpr int kStageMs = 4000;
    constexpr int kKillAtMs = 1000;
    vw::test::DelayServerProcess server(1);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    Profile p;
    p.name = QStringLiteral("open-model-dead-server");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 10000;
    p.ramp.model = std::make_shared<const ArrivalRateModel>(kMaxVus);
    p.ramp.warmupMs = 0;
    p.ramp.stages.append(StageSpec{0, kStageMs, kRate});
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};
    p.abort.enabled = false; // the run's figures are the subject, not the abort rule

    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token");
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    QTimer::singleShot(kKillAtMs, [&server] { server.stop(); }); // the server dies mid-run
    run.start();
    QVERIFY(finished.wait(20000));
    server.stop();
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QCOMPARE(s.stages.size(), 1);
    const StageStats &st = s.stages.at(0);
    const OpStats &op = st.ops.at(0);
    const double deadS = double(kStageMs - kKillAtMs) / 1000.0;
    qInfo("sent %lld (ok %lld, errors %lld), dropped %lld, planned %.0f", qint64(op.count),
          qint64(op.ok), qint64(op.errorCount()), qint64(op.dropped), kRate * st.steadySeconds);
    // At the backoff's pace (100 ms per VU at most) the dead seconds fail >= kMaxVus x 10 per
    // second; half of it leaves room for a loaded machine, a stall of seconds does not fit.
    QVERIFY2(double(op.errorCount()) >= 0.5 * kMaxVus * 10 * deadS,
             qPrintable(QString::number(op.errorCount())));
    // Every planned start was sent or dropped.
    const double planned = kRate * st.steadySeconds;
    QVERIFY2(qAbs(double(op.count + op.dropped) - planned) <= 0.05 * planned + 8,
             qPrintable(QStringLiteral("sent %1 + dropped %2 vs planned %3")
                            .arg(op.count)
                            .arg(op.dropped)
                            .arg(planned)));
    QVERIFY(op.dropped > 0); // the rate is above what the failing pool completes
}

QTEST_GUILESS_MAIN(TestOpenModel)
#include "tst_openmodel.moc"
