// Issue 9, item 6: a stage whose requests outlast it (a slow server, a short stage). 20 VUs
// against a stub that answers every request after 1.5 s, in a 1 s stage: counting the
// successes that started in the window gives 20 / 1 s = 20/s, though the server completes
// 20 / 1.5 s = 13.3/s. The stage is flagged stage_too_short (not client-bound) and its
// throughput is Little's law, mean in-flight / mean latency (docs/measurement.md,
// "Throughput"), within 10 % of VUs / delay.
#include "delayserver.h"
#include "engine/benchmarkrun.h"
#include "report/report.h"
#include "session/session.h"

#include <QSignalSpy>
#include <QTest>

using namespace vw;

namespace {

constexpr int kVus = 20;
constexpr int kDelayMs = 1500;
constexpr int kStageMs = 1000;

Session runShortStage(const QString &address, qint64 warmupMs, QList<StageSpec> stages)
{
    Profile p;
    p.name = QStringLiteral("slow-server");
    p.target.address = address;
    p.target.requestTimeoutMs = 5000;
    p.ramp.warmupMs = warmupMs;
    p.ramp.stages = stages;
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};
    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token");
    o.workerThreads = 2;
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    if (!finished.wait(30000))
        return Session();
    return Session(finished.at(0).at(0).value<RunRecord>());
}

} // namespace

class TestSlowServer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void latencyLongerThanTheStage();
    void latencyLongerThanTheStageAfterAWarmup();

private:
    vw::test::DelayServer m_server{kDelayMs};
};

void TestSlowServer::initTestCase()
{
    QString error;
    QVERIFY2(m_server.start(&error), qPrintable(error));
}

void TestSlowServer::latencyLongerThanTheStage()
{
    const Session s = runShortStage(m_server.address(), 0, {{kVus, kStageMs}});
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 1);
    const StageStats &st = s.stages.first();
    const OpStats &o = st.ops.first();
    // Every VU's request started in the window and was waited for after the stage's end.
    QCOMPARE(o.ok, qint64(kVus));
    QVERIFY(o.latency.meanUs() >= kDelayMs * 1000.0);
    const double expected = double(kVus) * 1000.0 / kDelayMs; // 13.3/s
    const double x = st.throughputPerS(o);
    qInfo("steady %.3f s, mean in-flight %.2f, mean latency %.1f ms: throughput %.2f/s "
          "(VUs / delay %.2f/s; counted starts / window %.2f/s)",
          st.steadySeconds, st.meanInFlight, o.latency.meanUs() / 1000.0, x, expected,
          double(o.ok) / st.steadySeconds);
    QVERIFY(st.validity.stageTooShort);
    QVERIFY2(!st.validity.clientBound, qPrintable(st.validity.reasons.join(';')));
    QVERIFY2(
        qAbs(x - expected) <= 0.1 * expected,
        qPrintable(QStringLiteral("throughput %1/s, expected %2/s +- 10%").arg(x).arg(expected)));
    // The table says so under the stage.
    const QString table = reportTable(s);
    QVERIFY2(table.contains(QStringLiteral("~ stage 1: stage_too_short")), qPrintable(table));
    QVERIFY2(!table.contains(QStringLiteral("client-bound")), qPrintable(table));
}

void TestSlowServer::latencyLongerThanTheStageAfterAWarmup()
{
    // Two 1 s stages with a 200 ms warm-up: the first stage's requests all start in its
    // warm-up (none counted: no latency, throughput 0); the VUs' second requests start in the
    // second stage's window at 1.5 s and finish after the run's end.
    const Session s = runShortStage(m_server.address(), 200, {{kVus, kStageMs}, {kVus, kStageMs}});
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 2);
    QCOMPARE(s.stages.at(0).ops.first().ok, qint64(0));
    QCOMPARE(s.stages.at(0).ops.first().latency.count(), qint64(0));
    const StageStats &st = s.stages.at(1);
    const OpStats &o = st.ops.first();
    QCOMPARE(o.ok, qint64(kVus));
    const double expected = double(kVus) * 1000.0 / kDelayMs;
    const double x = st.throughputPerS(o);
    qInfo("stage 2: steady %.3f s, mean in-flight %.2f, mean latency %.1f ms: %.2f/s",
          st.steadySeconds, st.meanInFlight, o.latency.meanUs() / 1000.0, x);
    QVERIFY(st.validity.stageTooShort);
    QVERIFY2(
        qAbs(x - expected) <= 0.1 * expected,
        qPrintable(QStringLiteral("throughput %1/s, expected %2/s +- 10%").arg(x).arg(expected)));
}

QTEST_GUILESS_MAIN(TestSlowServer)
#include "tst_slowserver.moc"
