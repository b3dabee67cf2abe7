// The server telemetry's arithmetic (core/stats/servertelemetry.h: samples from readings,
// stage summaries), its session form (core/session/servertelemetryjson.h; older sessions
// without it load) and the server charts of the chart model (core/charts/serverchartmodel.h).
#include "charts/chartmodel.h"
#include "charts/serverchartmodel.h"
#include "charts/svgrenderer.h"
#include "serverstages.h"
#include "session/servertelemetryjson.h"
#include "session/sessionio.h"
#include "syntheticstages.h"

#include <QJsonArray>
#include <QTest>

using namespace vw;

class TestServerStats : public QObject {
    Q_OBJECT
private slots:
    void sampleFromCumulativeReadings();
    void sampleFromIntervalReadings();
    void counterResetIsUnknown();
    void stageSummaryUsesSteadySamplesOnly();
    void jsonRoundTripKeepsUnknowns();
    void olderSessionLoadsWithoutTelemetry();
    void memoryAndCpuChartsAgainstVus();
    void latencyChartServerBesideClient();
    void overlayAndMissingTelemetry();
    void chartsOverTime();
    void latencyOverTimeBesideTheClient();
    void jsonOnlyTelemetryNotesTheMissingCpu();
};

void TestServerStats::sampleFromCumulativeReadings()
{
    ServerReading a, b;
    a.cpuSeconds = 10.0;
    b.cpuSeconds = 11.5;
    a.handleRequestSumMs = 100;
    a.handleRequestCount = 1000;
    b.handleRequestSumMs = 130;
    b.handleRequestCount = 1100;
    b.rssBytes = 5e7;
    b.procCpuSeconds = 3;
    a.procCpuSeconds = 2;
    const ServerSample s = serverSampleBetween(a, 1.0, b, 2.0);
    QCOMPARE(s.coresBusy, 1.5); // 1.5 CPU s in 1 s
    QCOMPARE(s.handleRequestMs, 0.3); // 30 ms over 100 requests
    QCOMPARE(s.rssBytes, 5e7);
    QCOMPARE(s.procCoresBusy, 1.0);
    QVERIFY(!serverKnown(s.barrierGetMs)); // never reported
    QVERIFY(!serverKnown(s.heapInUseBytes));
}

void TestServerStats::sampleFromIntervalReadings()
{
    // JSON timers belong to a 10 s interval: inside one interval the differences count; in a
    // new interval (its count fell) the new interval's own sum and count.
    ServerReading a, b, c;
    a.intervalTimers = b.intervalTimers = c.intervalTimers = true;
    a.handleRequestSumMs = 10;
    a.handleRequestCount = 100;
    b.handleRequestSumMs = 30;
    b.handleRequestCount = 150;
    c.handleRequestSumMs = 8;
    c.handleRequestCount = 20;
    QCOMPARE(serverSampleBetween(a, 0, b, 1).handleRequestMs, 0.4);
    QCOMPARE(serverSampleBetween(b, 1, c, 2).handleRequestMs, 0.4);
}

void TestServerStats::counterResetIsUnknown()
{
    ServerReading a, b;
    a.cpuSeconds = 5;
    b.cpuSeconds = 1; // the server restarted
    a.handleRequestSumMs = 50;
    a.handleRequestCount = 100;
    b.handleRequestSumMs = 2;
    b.handleRequestCount = 4; // the summary expired and started again
    const ServerSample s = serverSampleBetween(a, 0, b, 1);
    QVERIFY(!serverKnown(s.coresBusy));
    QVERIFY(!serverKnown(s.handleRequestMs));
}

void TestServerStats::stageSummaryUsesSteadySamplesOnly()
{
    QList<ServerSample> samples;
    auto add = [&](int stage, bool steady, double rss, double cores,
                   double leases = kServerUnknown) {
        ServerSample s;
        s.stage = stage;
        s.steady = steady;
        s.rssBytes = rss;
        s.coresBusy = cores;
        s.leases = leases;
        samples << s;
    };
    add(0, false, 999, 9, 999); // warm-up
    add(0, true, 100, 1.0, 40);
    add(0, true, 300, 2.0, 70);
    add(0, true, 300, 2.0); // the gauge not reported in the last sample: the one before
    add(1, false, 999, 9, 999); // across the change
    add(-1, false, 999, 9); // after the stages
    const QList<ServerStageStats> st = summariseServerStages(samples, 3);
    QCOMPARE(st.size(), 3);
    QCOMPARE(st.at(0).samples, 3);
    QCOMPARE(st.at(0).rssMeanBytes, 700.0 / 3);
    QCOMPARE(st.at(0).rssMaxBytes, 300.0);
    QCOMPARE(st.at(0).coresBusyMean, 5.0 / 3);
    QCOMPARE(st.at(0).coresBusyMax, 2.0);
    QCOMPARE(st.at(0).leasesMax, 70.0);
    QCOMPARE(st.at(0).leasesEnd, 70.0);
    QCOMPARE(st.at(1).samples, 0);
    QVERIFY(!serverKnown(st.at(1).rssMeanBytes)); // "-", never 0
    QVERIFY(!serverKnown(st.at(1).leasesEnd));
    QCOMPARE(st.at(2).samples, 0);
}

void TestServerStats::jsonRoundTripKeepsUnknowns()
{
    ServerTelemetry t = test::serverTelemetryOf({{}, {200e6, 1.2, 0.3, 0.04}}, 2);
    t.serverPid = 4242;
    t.notes << QStringLiteral("a note");
    t.samples[1].procRssBytes = 201e6;
    t.samples[1].leases = 1234;
    t.stages[1].leasesEnd = 1234;
    const QJsonObject o = serverTelemetryToJson(t);
    // unknown values are null, not 0
    const QJsonArray row0 = o.value(QStringLiteral("samples"))
                                .toObject()
                                .value(QStringLiteral("rows"))
                                .toArray()
                                .at(0)
                                .toArray();
    const QJsonArray cols =
        o.value(QStringLiteral("samples")).toObject().value(QStringLiteral("columns")).toArray();
    QVERIFY(row0.at(int(cols.toVariantList().indexOf(QStringLiteral("proc_rss_bytes")))).isNull());
    ServerTelemetry back;
    QString error;
    QVERIFY2(serverTelemetryFromJson(o, &back, &error), qPrintable(error));
    QCOMPARE(back.source, t.source);
    QCOMPARE(back.serverPid, qint64(4242));
    QCOMPARE(back.serverCores, 2.0);
    QCOMPARE(back.notes, t.notes);
    QCOMPARE(back.samples.size(), 2);
    QCOMPARE(back.samples.at(1).procRssBytes, 201e6);
    QCOMPARE(back.samples.at(1).leases, 1234.0);
    QVERIFY(!serverKnown(back.samples.at(0).leases));
    QCOMPARE(back.stages.at(1).leasesEnd, 1234.0);
    QVERIFY(!serverKnown(back.stages.at(1).leasesMax));
    QVERIFY(!serverKnown(back.samples.at(0).procRssBytes));
    QCOMPARE(back.samples.at(1).stage, 1);
    QVERIFY(back.samples.at(1).steady);
    QCOMPARE(back.stages.size(), 2);
    QCOMPARE(back.stages.at(1).coresBusyMean, 1.2);
    QVERIFY(!serverKnown(back.stages.at(1).procCoresBusyMean));
    // Malformed: a clear error naming the field.
    QVERIFY(!serverTelemetryFromJson(QJsonValue(3), &back, &error));
    QCOMPARE(error, QStringLiteral("server_telemetry: not an object"));
}

void TestServerStats::olderSessionLoadsWithoutTelemetry()
{
    QString error;
    const std::optional<Session> s =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json"), &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY(!s->serverTelemetry.collected());
    QVERIFY(s->serverTelemetry.source.isEmpty());
}

namespace {

const QString kOp = QStringLiteral("kv2_read");
const QList<int> kVus{1, 2, 4, 8};

CurveSource sourceWithServer(const QString &label, double rssScale)
{
    CurveSource s;
    s.label = label;
    s.stages = test::fixedCapacityStages(kOp, kVus, 4, 1.0);
    s.server = test::serverTelemetryOf({{100e6 * rssScale, 0.5, 0.2, 0.02},
                                        {110e6 * rssScale, 0.9, 0.2, 0.02},
                                        {120e6 * rssScale, 1.6, 0.25, 0.02},
                                        {130e6 * rssScale, 1.9, 0.3, 0.02}},
                                       2);
    return s;
}

QList<QPointF> pointsOf(const ChartModel &m, const QString &name)
{
    for (const ChartSeries &s : m.series)
        if (s.name == name)
            return s.points;
    return {};
}

} // namespace

void TestServerStats::memoryAndCpuChartsAgainstVus()
{
    const QList<CurveSource> one{sourceWithServer(QStringLiteral("A"), 1)};
    const ChartModel mem = buildChartModel(ChartKind::ServerMemoryVsLoad, one);
    QCOMPARE(mem.title, QStringLiteral("Server memory vs VUs"));
    QCOMPARE(mem.y.unit, QStringLiteral("MiB"));
    const QList<QPointF> rss = pointsOf(mem, QStringLiteral("server resident memory"));
    QCOMPARE(rss.size(), 4);
    QCOMPARE(rss.at(0), QPointF(1, 100e6 / 1048576.0));
    QCOMPARE(rss.at(3), QPointF(8, 130e6 / 1048576.0));
    QCOMPARE(pointsOf(mem, QStringLiteral("server Go heap in use")).at(0).y(), 25e6 / 1048576.0);
    QCOMPARE(mem.x.scale, AxisScale::Log2);

    const ChartModel cpu = buildChartModel(ChartKind::ServerCpuVsLoad, one);
    QCOMPARE(pointsOf(cpu, QStringLiteral("server CPU")),
             (QList<QPointF>{{1, 0.5}, {2, 0.9}, {4, 1.6}, {8, 1.9}}));
    QCOMPARE(cpu.lines.size(), 1); // the server's cores
    QCOMPARE(cpu.lines.first().role, ChartLine::Role::Limit);
    QCOMPARE(cpu.lines.first().points.first().y(), 2.0);
    QVERIFY(cpu.y.max >= 2.0);
    // Drawn by the SVG renderer with the same data.
    const QString svg = renderSvg(cpu);
    QVERIFY(svg.contains(QLatin1String("class=\"line limit\"")));
    QVERIFY(svg.contains(QLatin1String("data-series=\"server CPU\"")));
}

void TestServerStats::latencyChartServerBesideClient()
{
    const ChartModel m =
        buildChartModel(ChartKind::ServerLatencyVsLoad, {sourceWithServer(QStringLiteral("A"), 1)});
    const QList<QPointF> client = pointsOf(m, QStringLiteral("client mean latency"));
    const QList<QPointF> server = pointsOf(m, QStringLiteral("server-side request time"));
    QCOMPARE(client.size(), 4);
    QCOMPARE(client.at(3).x(), 8.0);
    QCOMPARE(client.at(3).y(), 2.0); // 8 VUs on 4 workers of 1 ms: 2 ms
    QCOMPARE(server, (QList<QPointF>{{1, 0.2}, {2, 0.2}, {4, 0.25}, {8, 0.3}}));
}

void TestServerStats::overlayAndMissingTelemetry()
{
    CurveSource none;
    none.label = QStringLiteral("C");
    none.stages = test::fixedCapacityStages(kOp, kVus, 4, 1.0);
    const ChartModel m = buildChartModel(
        ChartKind::ServerMemoryVsLoad,
        {sourceWithServer(QStringLiteral("A"), 1), sourceWithServer(QStringLiteral("B"), 2), none});
    QCOMPARE(pointsOf(m, QStringLiteral("B · server resident memory")).at(0).y(),
             200e6 / 1048576.0);
    QVERIFY(!pointsOf(m, QStringLiteral("A · server resident memory")).isEmpty());
    QVERIFY(m.series.at(0).color != m.series.at(2).color); // A and B apart
    QCOMPARE(m.series.size(), 4); // C draws nothing
    QCOMPARE(m.notes, QStringList{QStringLiteral(
                          "C: no data from the server (this session has no server telemetry)")});
}

void TestServerStats::chartsOverTime()
{
    CurveSource s = sourceWithServer(QStringLiteral("A"), 1);
    const ChartModel mem = buildChartModel(ChartKind::ServerMemoryOverTime, {s});
    QCOMPARE(mem.title, QStringLiteral("Server memory over time"));
    QCOMPARE(mem.x.unit, QStringLiteral("s"));
    QCOMPARE(pointsOf(mem, QStringLiteral("server resident memory")).size(), 4);
    QCOMPARE(pointsOf(mem, QStringLiteral("server resident memory")).at(2),
             QPointF(3, 120e6 / 1048576.0));
    const ChartModel cpu = buildChartModel(ChartKind::ServerCpuOverTime, {s});
    QCOMPARE(pointsOf(cpu, QStringLiteral("server CPU")).at(3), QPointF(4, 1.9));
    // The chart kinds have names for the CLI and the export dialog.
    ChartKind k;
    QVERIFY(chartKindFromName(QStringLiteral("time-server-cpu"), &k));
    QCOMPARE(k, ChartKind::ServerCpuOverTime);
    QVERIFY(isServerChart(k) && !isLoadChart(k));
    QVERIFY(serverChartNoDataText(ChartKind::ServerCpuOverTime, {s}, cpu).isEmpty());
}

void TestServerStats::latencyOverTimeBesideTheClient()
{
    // Per second: the server's request time beside each op's client p50/p99 from the series.
    CurveSource s = sourceWithServer(QStringLiteral("A"), 1);
    for (int i = 0; i < s.server.samples.size(); ++i)
        s.server.samples[i].handleRequestMs = 0.5 + 0.1 * i;
    for (int t = 1; t <= 3; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.op = kOp;
        p.count = p.ok = 100;
        p.p50Ms = 1.0 * t;
        p.p99Ms = 4.0 * t;
        s.series << p;
    }
    const ChartModel m = buildChartModel(ChartKind::ServerLatencyOverTime, {s});
    QCOMPARE(m.title, QStringLiteral("Server-side vs client latency over time"));
    QCOMPARE(m.x.unit, QStringLiteral("s"));
    QCOMPARE(pointsOf(m, QStringLiteral("server-side request time (mean)")).size(),
             s.server.samples.size());
    QCOMPARE(pointsOf(m, QStringLiteral("server-side request time (mean)")).at(1).y(), 0.6);
    QCOMPARE(pointsOf(m, kOp + QStringLiteral(" client p99")),
             (QList<QPointF>{{1, 4}, {2, 8}, {3, 12}}));
    QCOMPARE(pointsOf(m, kOp + QStringLiteral(" client p50")).size(), 3);
    ChartKind k;
    QVERIFY(chartKindFromName(QStringLiteral("time-server-latency"), &k));
    QCOMPARE(k, ChartKind::ServerLatencyOverTime);
    QVERIFY(isServerOverTimeChart(k));
    // The client's lines alone are no server data: the chart says so.
    CurveSource clientOnly = s;
    clientOnly.server = ServerTelemetry();
    const ChartModel none = buildChartModel(ChartKind::ServerLatencyOverTime, {clientOnly});
    QCOMPARE(serverChartNoDataText(ChartKind::ServerLatencyOverTime, {clientOnly}, none),
             QStringLiteral("no data from the server (this session has no server telemetry)"));
}

void TestServerStats::jsonOnlyTelemetryNotesTheMissingCpu()
{
    // The JSON form has no CPU: the CPU charts say so instead of showing an empty frame.
    CurveSource s = sourceWithServer(QStringLiteral("A"), 1);
    s.server.source = QStringLiteral("json");
    for (ServerSample &x : s.server.samples)
        x.coresBusy = kServerUnknown;
    s.server.stages = summariseServerStages(s.server.samples, int(s.stages.size()));
    for (ChartKind kind : {ChartKind::ServerCpuVsLoad, ChartKind::ServerCpuOverTime}) {
        const ChartModel m = buildChartModel(kind, {s});
        QVERIFY(m.isEmpty());
        const QString what = kind == ChartKind::ServerCpuVsLoad ? QStringLiteral("stages")
                                                                : QStringLiteral("seconds");
        const QString reason =
            QStringLiteral("the server's telemetry (json) has no CPU figure for these %1")
                .arg(what);
        QCOMPARE(m.notes,
                 QStringList{QStringLiteral("A: no data from the server (%1)").arg(reason)});
        // and the chart's text in place of its axes says the same
        QCOMPARE(serverChartNoDataText(kind, {s}, m),
                 QStringLiteral("no data from the server (%1)").arg(reason));
    }
    QVERIFY(buildChartModel(ChartKind::ServerMemoryVsLoad, {s}).notes.isEmpty());
}

QTEST_GUILESS_MAIN(TestServerStats)
#include "tst_serverstats.moc"
