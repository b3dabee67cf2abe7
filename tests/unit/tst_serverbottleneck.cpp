// Which server resource saturates at the knee (core/analysis/serverbottleneck.h), on
// synthetic stages (a server of 4 workers, 1 ms each: the knee at 4 VUs) with synthetic
// server telemetry: one case per verdict, and the boundaries of the rules.
#include "analysis/serverbottleneck.h"
#include "serverstages.h"
#include "syntheticstages.h"

#include <QTest>

using namespace vw;
using vw::test::ServerFigures;

namespace {

const QList<int> kVus{1, 2, 4, 8, 16};
const std::optional<int> kKnee = 2; // stage 3, 4 VUs

QList<StageStats> stages()
{
    return vw::test::fixedCapacityStages(QStringLiteral("kv2_read"), kVus, 4, 1.0);
}

QList<ServerFigures> flat()
{
    return QList<ServerFigures>(kVus.size(), ServerFigures{});
}

} // namespace

class TestServerBottleneck : public QObject {
    Q_OBJECT
private slots:
    void cpuAtAllCores();
    void cpuBelowTheShareIsNotCpu();
    void cpuFromMachineCoresWhenServerDoesNotSay();
    void memoryClimbing();
    void memoryUpAndDownIsNotClimbing();
    void storageSlowing();
    void storageSmallShareIsNotStorage();
    void clientBoundStagesAreNotJudged();
    void serverFlatClientGrowing();
    void noneWhenNothingShows();
    void notAssessedWithoutMetrics();
    void lastStageWithoutKnee();
};

void TestServerBottleneck::cpuAtAllCores()
{
    QList<ServerFigures> f = flat();
    f[2].coresBusy = 1.85; // of 2: 92 %
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), kKnee, 0);
    QCOMPARE(b.resource, QStringLiteral("cpu"));
    QCOMPARE(b.stage, std::optional<int>(2));
    QCOMPARE(b.evidence.text, QStringLiteral("server CPU: 1.85 of 2 cores busy at stage 3 (4 VUs), "
                                             "the knee (>= 90 %)"));
    QCOMPARE(b.evidence.data.value(QStringLiteral("cores_busy")).toDouble(), 1.85);
    QCOMPARE(b.evidence.stages, (QList<int>{0, 2}));
}

void TestServerBottleneck::cpuBelowTheShareIsNotCpu()
{
    QList<ServerFigures> f = flat();
    f[2].coresBusy = 1.75; // 87.5 % of 2
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), kKnee, 0);
    QVERIFY(b.resource != QLatin1String("cpu"));
}

void TestServerBottleneck::cpuFromMachineCoresWhenServerDoesNotSay()
{
    QList<ServerFigures> f = flat();
    f[2].coresBusy = 3.7;
    const ServerTelemetry t = vw::test::serverTelemetryOf(f, kServerUnknown);
    QCOMPARE(assessServerBottleneck(stages(), t, kKnee, 4).resource, QStringLiteral("cpu"));
    // Unknown cores and no machine: CPU cannot be judged.
    QVERIFY(assessServerBottleneck(stages(), t, kKnee, 0).resource != QLatin1String("cpu"));
}

void TestServerBottleneck::memoryClimbing()
{
    QList<ServerFigures> f = flat();
    f[0].rssBytes = 100 * 1048576.0;
    f[1].rssBytes = 130 * 1048576.0;
    f[2].rssBytes = 160 * 1048576.0;
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), kKnee, 0);
    QCOMPARE(b.resource, QStringLiteral("memory"));
    QCOMPARE(b.evidence.text,
             QStringLiteral("server memory climbing: resident memory 100.0 MiB at stage 1 (1 VUs), "
                            "160.0 MiB at stage 3 (4 VUs), the knee (x1.60)"));
}

void TestServerBottleneck::memoryUpAndDownIsNotClimbing()
{
    QList<ServerFigures> f = flat();
    f[0].rssBytes = 100e6;
    f[1].rssBytes = 200e6;
    f[2].rssBytes = 160e6; // x1.6 from stage 1, but it fell after stage 2
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), kKnee, 0);
    QVERIFY(b.resource != QLatin1String("memory"));
}

void TestServerBottleneck::storageSlowing()
{
    QList<ServerFigures> f = flat();
    f[2].barrierGetMs = 0.2; // x10, a third of the server's request time
    f[2].handleRequestMs = 0.6;
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), kKnee, 0);
    QCOMPARE(b.resource, QStringLiteral("storage"));
    QCOMPARE(b.evidence.text,
             QStringLiteral("server storage: barrier get 0.020 ms at stage 1 "
                            "(1 VUs), 0.200 ms at stage 3 (4 VUs), the knee (x10.00)"));
}

void TestServerBottleneck::storageSmallShareIsNotStorage()
{
    // The barrier slowed ten times but is a tenth of the request's time on the server: the
    // time goes elsewhere (a CPU-starved server slows everything a little).
    QList<ServerFigures> f = flat();
    f[2].barrierGetMs = 0.2;
    f[2].handleRequestMs = 2.0;
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), kKnee, 0);
    QVERIFY(b.resource != QLatin1String("storage"));
}

void TestServerBottleneck::clientBoundStagesAreNotJudged()
{
    // No knee; the last two stages were client-bound: the verdict is on stage 3, whose CPU is
    // at all cores, not on stage 5's.
    QList<StageStats> st = stages();
    vw::test::markClientBound(st[3], QStringLiteral("client_cpu: test"));
    vw::test::markClientBound(st[4], QStringLiteral("client_cpu: test"));
    QList<ServerFigures> f = flat();
    f[2].coresBusy = 2.0;
    const ServerBottleneck b =
        assessServerBottleneck(st, vw::test::serverTelemetryOf(f, 2), std::nullopt, 0);
    QCOMPARE(b.resource, QStringLiteral("cpu"));
    QCOMPARE(b.stage, std::optional<int>(2));
    QVERIFY2(b.evidence.text.contains(QLatin1String("not client-bound")),
             qPrintable(b.evidence.text));
}

void TestServerBottleneck::serverFlatClientGrowing()
{
    // Client latency: 1 ms at 1 VU, 1 ms at 4 VUs (the knee) and 4 ms at 16 VUs; judged at the
    // last stage (no knee given), the server's own time stayed 0.2 -> 0.25 ms.
    QList<ServerFigures> f = flat();
    f[4].handleRequestMs = 0.25;
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), std::nullopt, 0);
    QCOMPARE(b.resource, QStringLiteral("client_or_network"));
    QCOMPARE(b.stage, std::optional<int>(4));
    QVERIFY2(b.evidence.text.contains(QLatin1String("server-side request time 0.200 -> 0.250 ms")),
             qPrintable(b.evidence.text));
    QVERIFY2(b.evidence.text.contains(QLatin1String("1.000 -> 4.000 ms (x4.00)")),
             qPrintable(b.evidence.text));
}

void TestServerBottleneck::noneWhenNothingShows()
{
    // At the knee the client's time has not grown yet and nothing on the server is near a limit.
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(flat(), 2), kKnee, 0);
    QCOMPARE(b.resource, QStringLiteral("none"));
    QVERIFY2(b.evidence.text.startsWith(QLatin1String("no server resource saturated at stage 3")),
             qPrintable(b.evidence.text));
}

void TestServerBottleneck::notAssessedWithoutMetrics()
{
    const ServerBottleneck b = assessServerBottleneck(stages(), ServerTelemetry(), kKnee, 8);
    QCOMPARE(b.resource, QStringLiteral("not_assessed"));
    QCOMPARE(b.evidence.text, QStringLiteral("not assessed (no server metrics)"));
    QVERIFY(!b.stage);
}

void TestServerBottleneck::lastStageWithoutKnee()
{
    QList<ServerFigures> f = flat();
    f[4].coresBusy = 2.0;
    const ServerBottleneck b =
        assessServerBottleneck(stages(), vw::test::serverTelemetryOf(f, 2), std::nullopt, 0);
    QCOMPARE(b.resource, QStringLiteral("cpu"));
    QVERIFY2(b.evidence.text.contains(QLatin1String("the last measured stage (no knee)")),
             qPrintable(b.evidence.text));
}

QTEST_GUILESS_MAIN(TestServerBottleneck)
#include "tst_serverbottleneck.moc"
