// The chart model (core/charts/chartmodel.h): where a stage sits on a chart against load
// (closed: planned VUs; arrival-rate: offered starts/s), the capacity markers at the analysis'
// stages with their evidence, client-bound bands with one width rule, the SLO line at the
// profile's value, USL only against VUs, legend names, a session of the other load model left
// out with a note, the live partial stage as the last point; tick labels, the empty chart's
// axis, time-axis extent, the partly covered last second, the total line, time charts of every
// session with stage boundaries, error-ratio markers and log-y (issue 12).
#include "syntheticstages.h"
#include "analysis/capacityanalyzer.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "charts/axisticks.h"
#include "charts/chartmodel.h"
#include "charts/charttitle.h"
#include "charts/charttype.h"
#include "charts/labelplacement.h"
#include "charts/svgrenderer.h"

#include <QJsonArray>
#include <QTest>
#include <cmath>
#include <QTimeZone>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");
const QList<int> kVus = {1, 2, 4, 8, 16, 32, 64};

/// A closed ramp against a server that serves 8 at once, 5 ms each (1600/s at most).
CurveSource closedSource(const QString &label, const SloSpec &slo = {})
{
    CurveSource s;
    s.label = label;
    s.stages = test::fixedCapacityStages(kOp, kVus, 8, 5.0);
    AnalysisSettings settings;
    settings.slo = slo;
    s.analysis = analyzeStages(s.stages, {kOp}, *defaultLoadModel(), settings);
    s.slo = slo;
    return s;
}

/// The same stages run as arrival-rate stages at 100, 200, ... starts/s (max_vus 64).
CurveSource arrivalSource(const QString &label)
{
    CurveSource s;
    s.label = label;
    s.openModel = true; // an arrival-rate run
    s.stages = test::fixedCapacityStages(kOp, kVus, 8, 5.0);
    for (StageStats &st : s.stages) {
        st.rate = 100.0 * (st.index + 1);
        st.vus = 64;
    }
    s.analysis = analyzeStages(s.stages, {kOp}, ArrivalRateModel(64), AnalysisSettings());
    return s;
}

QList<double> xs(const ChartSeries &s)
{
    QList<double> out;
    for (const QPointF &p : s.points)
        out << p.x();
    return out;
}

const ChartLine *line(const ChartModel &m, ChartLine::Role role)
{
    for (const ChartLine &l : m.lines)
        if (l.role == role)
            return &l;
    return nullptr;
}

} // namespace

class TestChartModel : public QObject {
    Q_OBJECT
private slots:
    void closedStagesChartAgainstVus();
    void arrivalRateStagesChartAgainstOfferedRate();
    void markersSitAtTheAnalysisPoints();
    void clientBoundBandsHaveOneWidth();
    void clientBoundBandsPerSessionWithReasons();
    void sloLineAtTheProfileValue();
    void legendNamesSessionOpAndPercentile();
    void titleNamesOpsSubtitleNamesTargetDateSessions();
    void markerLabelsArePlacedWithoutOverlap();
    void legendRowsWrapInsteadOfTruncating();
    void typeScaleReadsOnASlide();
    void otherLoadModelLeftOutWithANote();
    void livePartialStageIsTheLastPoint();
    void timeCharts();
    void allErrorStageHasNoLatencyPoint();
    void stageWithoutSuccessBreaksTheCurve();
    void tickLabelsArePlainNumbers();
    void emptyChartHasASaneAxis();
    void timeAxisEndsAtTheData();
    void lastPartialSecondLeftOut();
    void totalLineForMixedProfiles();
    void wordsOfTimeAndMixedCharts();
    void timeChartsPlotEverySessionWithStageBoundaries();
    void errorRatioChartMarksFailureOnly();
    void logYTicksAtOneTwoFive();
    void errorsOverTimeByClass();
    void errorsOverTimeOfAnOlderSessionIsTheTotal();
    void errorsOverTimeWithoutErrorsIsAMeasuredZero();
    void errorsOverTimeSvg();
};

namespace {

QStringList labels(const ChartAxis &axis)
{
    QStringList out;
    for (const AxisTick &t : axisTicks(axis))
        out << t.label;
    return out;
}

/// A run of `seconds` whole seconds of `ops` (ok = 100 per op and second), two stages of
/// 30 s, no warm-up, the second ending at endS.
CurveSource timedSource(const QString &label, const QStringList &ops, int seconds, double endS)
{
    CurveSource src;
    src.label = label;
    for (int i = 0; i < 2; ++i) {
        StageStats st;
        st.index = i;
        st.vus = 1 << i;
        st.startMs = 30000 * i;
        st.durationMs = 30000;
        st.steadySeconds = i == 0 ? 30 : endS - 30;
        for (const QString &op : ops) {
            OpStats o;
            o.op = op;
            o.count = o.ok = 100 * 30;
            st.ops << o;
        }
        src.stages << st;
    }
    for (int t = 1; t <= seconds; ++t)
        for (const QString &op : ops) {
            SeriesPoint p;
            p.tS = t;
            p.op = op;
            p.stage = t > 30 ? 1 : 0;
            // the last second was run for (endS - (seconds - 1)) s only
            p.ok = p.count = t == seconds ? qint64(100 * (endS - (seconds - 1))) : 100;
            p.p50Ms = 1;
            p.p99Ms = 2;
            src.series << p;
        }
    return src;
}

} // namespace

void TestChartModel::closedStagesChartAgainstVus()
{
    const CurveSource src = closedSource(QStringLiteral("a"));
    for (const StageStats &st : src.stages)
        QCOMPARE(chartXForStage(st, loadAxisOf(src)), double(st.vus));
    const ChartModel m = buildChartModel(ChartKind::ThroughputVsLoad, {src});
    QCOMPARE(m.loadAxis, LoadAxis::Vus);
    QCOMPARE(m.x.title, QStringLiteral("VUs (log2)"));
    QCOMPARE(m.x.scale, AxisScale::Log2);
    QCOMPARE(m.title, QStringLiteral("ssh_sign throughput vs VUs")); // names the operation
    QCOMPARE(m.series.size(), 1);
    QCOMPARE(xs(m.series.first()), (QList<double>{1, 2, 4, 8, 16, 32, 64}));
    for (const QPointF &p : m.series.first().points)
        QCOMPARE(p.y(), std::min(p.x(), 8.0) * 200.0);
    // log2 range: whole powers of two around the data, with air for the end markers
    QCOMPARE(m.x.min, 1 / kLog2AxisAir);
    QCOMPARE(m.x.max, 64 * kLog2AxisAir);
    // y: zero-based, nice, above the top point
    QCOMPARE(m.y.min, 0.0);
    QVERIFY(m.y.max >= 1600 && m.y.max <= 2000);
    // the USL fit is drawn against VUs
    const ChartLine *usl = line(m, ChartLine::Role::Usl);
    QVERIFY(usl);
    const OpAnalysis *a = src.analysis.find(kOp);
    QVERIFY(a && a->usl.fitted);
    QCOMPARE(usl->points.first().x(), 1.0);
    QCOMPARE(usl->points.last().x(), 64.0);
    QCOMPARE(usl->points.last().y(), a->usl.predict(64));
}

void TestChartModel::arrivalRateStagesChartAgainstOfferedRate()
{
    const CurveSource src = arrivalSource(QStringLiteral("open"));
    for (const StageStats &st : src.stages)
        QCOMPARE(chartXForStage(st, loadAxisOf(src)), st.rate);
    for (ChartKind k :
         {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad}) {
        const ChartModel m = buildChartModel(k, {src});
        QCOMPARE(m.loadAxis, LoadAxis::OfferedRate);
        QCOMPARE(m.x.title, QStringLiteral("offered rate (starts/s, log2)"));
        QVERIFY2(m.title.endsWith(QLatin1String("vs offered rate")), qPrintable(m.title));
        QVERIFY(!m.isEmpty());
        for (const ChartSeries &s : m.series)
            QCOMPARE(xs(s), (QList<double>{100, 200, 300, 400, 500, 600, 700})); // never max_vus
        QVERIFY(!line(m, ChartLine::Role::Usl)); // the USL is a law of concurrency (VUs)
        QVERIFY(m.notes.isEmpty());
        QCOMPARE(m.x.min, 64 / kLog2AxisAir);
        QCOMPARE(m.x.max, 1024 * kLog2AxisAir);
    }
}

void TestChartModel::markersSitAtTheAnalysisPoints()
{
    const CurveSource src = closedSource(QStringLiteral("a"));
    const OpAnalysis *a = src.analysis.find(kOp);
    QVERIFY(a && a->knee.vus && a->knee.stage && a->saturation.vus);
    const ChartModel t = buildChartModel(ChartKind::ThroughputVsLoad, {src});
    const ChartModel l = buildChartModel(ChartKind::LatencyVsLoad, {src});
    int knees = 0, saturations = 0;
    for (const ChartMarker &mk : t.markers) {
        if (mk.kinds.contains(QLatin1String("knee"))) {
            ++knees;
            QCOMPARE(mk.at.x(), double(*a->knee.vus));
            const StageStats &st = src.stages.at(*a->knee.stage);
            QCOMPARE(mk.at.y(), st.throughputPerS(st.ops.first()));
            QVERIFY(mk.evidence.contains(a->knee.evidence.text));
            QVERIFY(mk.label.contains(QStringLiteral("knee %1").arg(*a->knee.vus)));
            QCOMPARE(mk.color, t.series.first().color);
        }
        if (mk.kinds.contains(QLatin1String("saturation"))) {
            ++saturations;
            QCOMPARE(mk.at.x(), double(*a->saturation.vus));
        }
    }
    QCOMPARE(knees, 1);
    QCOMPARE(saturations, 1);
    // on the latency chart the marker sits on the highest percentile drawn (p99)
    bool found = false;
    for (const ChartMarker &mk : l.markers)
        if (mk.kind == QLatin1String("knee")) {
            found = true;
            const StageStats &st = src.stages.at(*a->knee.stage);
            QCOMPARE(mk.at.y(), st.ops.first().latency.valueAtPercentileUs(99) / 1000.0);
        }
    QVERIFY(found);
    // no analysis (a live run): no marker
    CurveSource live = src;
    live.analysis = SessionAnalysis();
    QVERIFY(buildChartModel(ChartKind::ThroughputVsLoad, {live}).markers.isEmpty());
}

void TestChartModel::clientBoundBandsHaveOneWidth()
{
    CurveSource closed = closedSource(QStringLiteral("c"));
    closed.stages[6].validity.measured = true;
    closed.stages[6].validity.clientBound = true;
    CurveSource open = arrivalSource(QStringLiteral("o"));
    open.stages[2].validity.clientBound = true;
    for (ChartKind k :
         {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad}) {
        const ChartModel mc = buildChartModel(k, {closed});
        QCOMPARE(mc.bands.size(), 1);
        QCOMPARE(mc.bands.first().x0, 64 / kClientBoundBandFactor);
        QCOMPARE(mc.bands.first().x1, 64 * kClientBoundBandFactor);
        QCOMPARE(mc.bands.first().stage, 6);
        QCOMPARE(mc.bandLabel, QStringLiteral("client-bound stage"));
        const ChartModel mo = buildChartModel(k, {open});
        QCOMPARE(mo.bands.size(), 1);
        QCOMPARE(mo.bands.first().x0, 300 / kClientBoundBandFactor); // around the rate
        QCOMPARE(mo.bands.first().x1, 300 * kClientBoundBandFactor);
    }
    QVERIFY(buildChartModel(ChartKind::LatencyVsLoad, {closedSource(QStringLiteral("x"))})
                .bands.isEmpty());
}

// Issue 12 item 7: in an overlay each session's client-bound stages are its own bands (never
// the union), in its colour, with a legend entry naming the session and the guard's reasons.
void TestChartModel::clientBoundBandsPerSessionWithReasons()
{
    CurveSource a = closedSource(QStringLiteral("rsa-2048"));
    a.stages[6].validity.clientBound = true;
    a.stages[6].validity.reasons = {QStringLiteral("client_cpu: 97 % of 2 cores"),
                                    QStringLiteral("loop_lag: p99 40 ms")};
    CurveSource b = closedSource(QStringLiteral("ed25519"));
    b.stages[6].validity.clientBound = true; // the same load as A's: two bands, not one
    b.stages[6].validity.reasons = {QStringLiteral("worker_cpu: 99 % of a core")};
    b.stages[5].validity.clientBound = true;
    b.stages[5].validity.reasons = {QStringLiteral("in_flight: 0.5 of planned")};

    const ChartModel m = buildChartModel(ChartKind::LatencyVsLoad, {a, b});
    QCOMPARE(m.bands.size(), 3);
    const ChartBand &ba = m.bands.at(0);
    QCOMPARE(ba.source, 0);
    QCOMPARE(ba.stage, 6);
    QCOMPARE(ba.color, paletteColor(0));
    QCOMPARE(ba.legend, QStringLiteral("rsa-2048 · client-bound stage"));
    QCOMPARE(ba.reasons, a.stages[6].validity.reasons);
    QCOMPARE(ba.description, QStringLiteral("rsa-2048 · stage 7 at 64 VUs is client-bound:\n"
                                            "client_cpu: 97 % of 2 cores\nloop_lag: p99 40 ms"));
    QCOMPARE(m.bands.at(1).source, 1);
    QCOMPARE(m.bands.at(1).stage, 5);
    QCOMPARE(m.bands.at(1).x0, 32 / kClientBoundBandFactor);
    QCOMPARE(m.bands.at(2).stage, 6);
    // A's and B's bands at 64 VUs share its width side by side: A the lower half (log axis)
    QCOMPARE(ba.x0, 64 / kClientBoundBandFactor);
    QVERIFY(std::abs(ba.x1 - 64.0) < 1e-9);
    QVERIFY(std::abs(m.bands.at(2).x0 - 64.0) < 1e-9);
    QVERIFY(std::abs(m.bands.at(2).x1 - 64 * kClientBoundBandFactor) < 1e-9);
    QCOMPARE(m.bands.at(1).x1, 32 * kClientBoundBandFactor); // B alone at 32 VUs: whole
    QCOMPARE(m.bands.at(2).color, paletteColor(1));
    QVERIFY(!ba.hatched); // A flat, B hatched: the two bands at 64 VUs stay apart
    QVERIFY(m.bands.at(1).hatched && m.bands.at(2).hatched);
    QCOMPARE(m.bands.at(2).reasons, QStringList{QStringLiteral("worker_cpu: 99 % of a core")});
    QVERIFY(m.bands.at(2).description.startsWith(QStringLiteral("ed25519 · stage 7 at 64 VUs")));

    // one legend entry per session with bands, in its colour, after the curves
    QList<LegendEntry> bandEntries;
    for (const LegendEntry &e : m.legend())
        if (e.kind == LegendEntry::Kind::Band)
            bandEntries << e;
    QCOMPARE(bandEntries.size(), 2);
    QCOMPARE(bandEntries.at(0).text, QStringLiteral("rsa-2048 · client-bound stage"));
    QCOMPARE(bandEntries.at(0).color, paletteColor(0));
    QCOMPARE(bandEntries.at(1).text, QStringLiteral("ed25519 · client-bound stage"));
    QCOMPARE(bandEntries.at(1).color, paletteColor(1));
    QVERIFY(!bandEntries.at(0).hatched);
    QVERIFY(bandEntries.at(1).hatched);
    QCOMPARE(m.legend().last().text, QStringLiteral("ed25519 · client-bound stage"));

    // only B client-bound: only B's entry
    a.stages[6].validity.clientBound = false;
    const ChartModel onlyB = buildChartModel(ChartKind::ThroughputVsLoad, {a, b});
    QCOMPARE(onlyB.bands.size(), 2);
    for (const ChartBand &band : onlyB.bands)
        QCOMPARE(band.source, 1);
    // one source: grey, no session prefix
    const ChartModel solo = buildChartModel(ChartKind::LatencyVsLoad, {b});
    QCOMPARE(solo.bands.first().color, QString::fromLatin1(kBandColor));
    QCOMPARE(solo.bands.first().legend, QStringLiteral("client-bound stage"));
    QVERIFY(!solo.bands.first().hatched);
    QVERIFY(solo.bands.first().description.startsWith(
        QStringLiteral("stage 6 at 32 VUs is client-bound:\n")));
}

void TestChartModel::sloLineAtTheProfileValue()
{
    SloSpec slo;
    slo.p99Ms = 6;
    slo.p95Ms = 4;
    slo.errorRatio = 0.01;
    const CurveSource src = closedSource(QStringLiteral("s"), slo);
    const ChartModel lat = buildChartModel(ChartKind::LatencyVsLoad, {src});
    const ChartLine *l = line(lat, ChartLine::Role::Slo);
    QVERIFY(l);
    QCOMPARE(l->name, QStringLiteral("SLO p99 6 ms"));
    QCOMPARE(l->points.size(), 2);
    QCOMPARE(l->points.first(), QPointF(lat.x.min, 6));
    QCOMPARE(l->points.last(), QPointF(lat.x.max, 6));
    QCOMPARE(l->color, QString::fromLatin1(kSloColor));
    QVERIFY(lat.y.max >= 6);
    // p95 the highest percentile drawn: the p95 objective
    ChartOptions o;
    o.percentiles = {50, 95};
    const ChartLine *l95 =
        line(buildChartModel(ChartKind::LatencyVsLoad, {src}, o), ChartLine::Role::Slo);
    QVERIFY(l95);
    QCOMPARE(l95->points.first().y(), 4.0);
    // no percentile ticked: no latency curve; the SLO and markers stay at p99
    o.percentiles = {};
    const ChartModel none = buildChartModel(ChartKind::LatencyVsLoad, {src}, o);
    QVERIFY(none.series.isEmpty());
    QVERIFY(!none.markers.isEmpty());
    QCOMPARE(line(none, ChartLine::Role::Slo)->points.first().y(), 6.0);
    const ChartLine *e =
        line(buildChartModel(ChartKind::ErrorRatioVsLoad, {src}), ChartLine::Role::Slo);
    QVERIFY(e);
    QCOMPARE(e->points.first().y(), 1.0); // percent
    QVERIFY(!line(buildChartModel(ChartKind::ThroughputVsLoad, {src}), ChartLine::Role::Slo));
    QVERIFY(!line(buildChartModel(ChartKind::LatencyVsLoad, {closedSource(QStringLiteral("n"))}),
                  ChartLine::Role::Slo));
}

void TestChartModel::legendNamesSessionOpAndPercentile()
{
    CurveSource a = closedSource(QStringLiteral("A"));
    a.stages[3].validity.clientBound = true;
    const CurveSource b = closedSource(QStringLiteral("B"));
    const ChartModel one = buildChartModel(ChartKind::LatencyVsLoad, {a});
    QStringList names;
    for (const ChartSeries &s : one.series)
        names << s.name;
    QCOMPARE(names, (QStringList{"ssh_sign p50", "ssh_sign p95", "ssh_sign p99"}));
    QCOMPARE(one.series.at(0).style, LineStyle::Dotted);
    QCOMPARE(one.series.at(1).style, LineStyle::Dashed);
    QCOMPARE(one.series.at(2).style, LineStyle::Solid);

    const ChartModel both = buildChartModel(ChartKind::LatencyVsLoad, {a, b});
    names.clear();
    for (const ChartSeries &s : both.series)
        names << s.name;
    QCOMPARE(names, (QStringList{"A · ssh_sign p50", "A · ssh_sign p95", "A · ssh_sign p99",
                                 "B · ssh_sign p50", "B · ssh_sign p95", "B · ssh_sign p99"}));
    QStringList legend;
    for (const LegendEntry &e : both.legend())
        legend << e.text;
    // one entry per session x op, the percentile key (which line style is which percentile),
    // then the band
    QCOMPARE(legend, (QStringList{"A · ssh_sign", "B · ssh_sign", "p50", "p95", "p99",
                                  "A · client-bound stage"}));
    const QList<LegendEntry> entries = both.legend();
    QCOMPARE(entries.at(2).style, LineStyle::Dotted);
    QCOMPARE(entries.at(3).style, LineStyle::Dashed);
    QCOMPARE(entries.at(4).style, LineStyle::Solid);
    QCOMPARE(entries.at(2).color, QString::fromLatin1(kPercentileKeyColor));
    // the same entries in chartData(), which both renderers are compared against
    QCOMPARE(chartData(both).value(QStringLiteral("legend")).toVariant().toStringList(), legend);
    QCOMPARE(both.series.at(0).color, paletteColor(0));
    QCOMPARE(both.series.at(3).color, paletteColor(1));
    QVERIFY(both.markers.first().label.startsWith(QStringLiteral("A · knee ")));

    const ChartModel tput = buildChartModel(ChartKind::ThroughputVsLoad, {a, b});
    legend.clear();
    for (const LegendEntry &e : tput.legend())
        legend << e.text;
    QCOMPARE(legend.mid(0, 2), (QStringList{"A · ssh_sign", "B · ssh_sign"}));
    QVERIFY(legend.at(2).startsWith(QStringLiteral("A · ssh_sign USL fit (N* ")));
    QVERIFY(legend.at(3).startsWith(QStringLiteral("B · ssh_sign USL fit")));

    // one op of several (the HTML report's per-op charts)
    ChartOptions o;
    o.op = QStringLiteral("other");
    QVERIFY(buildChartModel(ChartKind::ThroughputVsLoad, {a}, o).series.isEmpty());
    o.op = kOp;
    const ChartModel per = buildChartModel(ChartKind::ThroughputVsLoad, {a}, o);
    QCOMPARE(per.title, QStringLiteral("ssh_sign throughput vs VUs"));
    QCOMPARE(per.series.size(), 1);
}

void TestChartModel::otherLoadModelLeftOutWithANote()
{
    const CurveSource closed = closedSource(QStringLiteral("closed run"));
    const CurveSource open = arrivalSource(QStringLiteral("open run"));
    const ChartModel m = buildChartModel(ChartKind::ThroughputVsLoad, {closed, open});
    QCOMPARE(m.loadAxis, LoadAxis::Vus);
    for (const ChartSeries &s : m.series)
        QCOMPARE(s.source, 0);
    QCOMPARE(m.notes.size(), 1);
    QVERIFY2(m.notes.first().startsWith(QLatin1String("open run left out")),
             qPrintable(m.notes.first()));
    QVERIFY(m.notes.first().contains(QLatin1String("starts/s")));
    // the other way round: the primary decides the axis
    const ChartModel r = buildChartModel(ChartKind::LatencyVsLoad, {open, closed});
    QCOMPARE(r.loadAxis, LoadAxis::OfferedRate);
    QCOMPARE(r.notes.size(), 1);
    QVERIFY(r.notes.first().startsWith(QLatin1String("closed run left out")));
}

void TestChartModel::livePartialStageIsTheLastPoint()
{
    CurveSource live;
    live.label = QStringLiteral("live");
    const QList<StageStats> all = test::fixedCapacityStages(kOp, kVus, 8, 5.0);
    live.stages = all.mid(0, 3);
    live.partial = all.at(3);
    live.partial.complete = false;
    live.hasPartial = true;
    const ChartModel m = buildChartModel(ChartKind::ThroughputVsLoad, {live});
    QCOMPARE(xs(m.series.first()), (QList<double>{1, 2, 4, 8}));
    // nothing yet: an empty chart on [1, 2]
    const ChartModel empty = buildChartModel(ChartKind::ThroughputVsLoad, {CurveSource()});
    QVERIFY(empty.isEmpty());
    QCOMPARE(empty.x.min, 1 / kLog2AxisAir);
    QCOMPARE(empty.x.max, 2 * kLog2AxisAir);
}

void TestChartModel::timeCharts()
{
    CurveSource src;
    for (int t = 1; t <= 12; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.op = kOp;
        p.ok = p.count = 10 * t;
        p.p50Ms = 1;
        p.p99Ms = 2;
        src.series << p;
    }
    const ChartModel lat = buildChartModel(ChartKind::LatencyOverTime, {src});
    QCOMPARE(lat.series.size(), 2);
    QCOMPARE(lat.series.at(0).name, QStringLiteral("ssh_sign p50"));
    QCOMPARE(lat.series.at(1).points.last(), QPointF(12, 2));
    QCOMPARE(lat.x.scale, AxisScale::Linear);
    QCOMPARE(lat.x.min, 0.0);
    QVERIFY(lat.x.max >= 12);
    const ChartModel tput = buildChartModel(ChartKind::ThroughputOverTime, {src});
    QCOMPARE(tput.series.size(), 1);
    QCOMPARE(tput.series.first().points.last(), QPointF(12, 120));
    QCOMPARE(tput.y.min, 0.0);
    QVERIFY(tput.y.max >= 120);
}

// Issue 9: a stage where every request failed has no latency point (not one at 0); its
// throughput is a real 0/s and its error ratio 100 %.
void TestChartModel::allErrorStageHasNoLatencyPoint()
{
    CurveSource src = closedSource(QStringLiteral("a"));
    src.stages[6] = test::allErrorStage(kOp, 6, 64, 812);
    src.analysis = analyzeStages(src.stages, {kOp}, *defaultLoadModel(), AnalysisSettings());
    const ChartModel l = buildChartModel(ChartKind::LatencyVsLoad, {src});
    QVERIFY(!l.series.isEmpty());
    for (const ChartSeries &s : l.series) {
        QVERIFY2(!xs(s).contains(64.0), qPrintable(s.name));
        for (const QPointF &p : s.points)
            QVERIFY(p.y() > 0);
    }
    const ChartModel e = buildChartModel(ChartKind::ErrorRatioVsLoad, {src});
    QCOMPARE(e.series.first().points.last(), QPointF(64, 100));
    // Over time: a second without a success has no latency point either.
    CurveSource timed = src;
    SeriesPoint ok, failed;
    ok.tS = 1;
    ok.op = failed.op = kOp;
    ok.count = ok.ok = 10;
    ok.p50Ms = ok.p99Ms = 5;
    failed.tS = 2;
    failed.count = failed.errors = 10;
    timed.series = {ok, failed};
    const ChartModel t = buildChartModel(ChartKind::LatencyOverTime, {timed});
    QVERIFY(!t.series.isEmpty());
    for (const ChartSeries &s : t.series)
        QCOMPARE(xs(s), QList<double>{1.0});
}

// A stage without a success (latency "-") is a gap in the curve, not a straight line across
// it implying values there: stages 3-4 (4 and 8 VUs) failed, the curve is 1-2 and 16-64.
void TestChartModel::stageWithoutSuccessBreaksTheCurve()
{
    CurveSource src = closedSource(QStringLiteral("a"));
    src.stages[2] = test::allErrorStage(kOp, 2, 4, 500);
    src.stages[3] = test::allErrorStage(kOp, 3, 8, 500);
    src.stages[6] = test::allErrorStage(kOp, 6, 64, 500); // at the end: no break after it
    src.analysis = analyzeStages(src.stages, {kOp}, *defaultLoadModel(), AnalysisSettings());
    for (bool logY : {false, true}) {
        ChartOptions o;
        o.logY = logY;
        const ChartModel l = buildChartModel(ChartKind::LatencyVsLoad, {src}, o);
        QCOMPARE(l.series.size(), 3);
        for (const ChartSeries &s : l.series) {
            QCOMPARE(xs(s), (QList<double>{1, 2, 16, 32}));
            QCOMPARE(s.breaks, QList<int>{2});
            const QList<QList<QPointF>> pieces = s.segments();
            QCOMPARE(pieces.size(), 2);
            QCOMPARE(pieces.at(0).last().x(), 2.0);
            QCOMPARE(pieces.at(1).first().x(), 16.0);
        }
        const QJsonArray gaps = chartData(l)
                                    .value(QStringLiteral("series"))
                                    .toArray()
                                    .first()
                                    .toObject()
                                    .value(QStringLiteral("gaps"))
                                    .toArray();
        QCOMPARE(gaps, (QJsonArray{QJsonArray{2.0, 16.0}}));
    }
    // throughput (a real 0/s) and error ratio (100 %) have a value there: no gap
    for (ChartKind k : {ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad}) {
        const ChartModel m = buildChartModel(k, {src});
        QCOMPARE(m.series.first().points.size(), 7);
        QVERIFY(m.series.first().breaks.isEmpty());
        QCOMPARE(m.series.first().segments().size(), 1);
    }
    // over time: a second without a success breaks the latency curve
    CurveSource timed;
    for (int t = 1; t <= 5; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.op = kOp;
        p.count = 10;
        p.ok = t == 3 ? 0 : 10;
        p.errors = 10 - p.ok;
        p.p50Ms = p.p99Ms = 5;
        timed.series << p;
    }
    const ChartModel t = buildChartModel(ChartKind::LatencyOverTime, {timed});
    QCOMPARE(t.series.size(), 2);
    for (const ChartSeries &s : t.series) {
        QCOMPARE(xs(s), (QList<double>{1, 2, 4, 5}));
        QCOMPARE(s.breaks, QList<int>{2});
    }
    // ChartSeries::add: no break before the first point or twice at one place
    ChartSeries s;
    s.add(std::nullopt);
    s.add(QPointF(1, 1));
    s.add(std::nullopt);
    s.add(std::nullopt);
    s.add(QPointF(4, 1));
    QCOMPARE(s.breaks, QList<int>{1});
    QCOMPARE(s.segments().size(), 2);
}

// Issue 12 item 5: tick labels are plain grouped numbers, never "1e+03".
void TestChartModel::tickLabelsArePlainNumbers()
{
    QCOMPARE(axisNumber(1000), QStringLiteral("1,000"));
    QCOMPARE(axisNumber(1500), QStringLiteral("1,500"));
    QCOMPARE(axisNumber(0.5), QStringLiteral("0.5"));
    QCOMPARE(axisNumber(2.5), QStringLiteral("2.5"));
    QCOMPARE(axisNumber(0.1 * 3), QStringLiteral("0.3"));
    QCOMPARE(axisNumber(65536), QStringLiteral("65,536"));
    QCOMPARE(axisNumber(1250000), QStringLiteral("1,250,000"));
    ChartAxis y;
    fitZeroBasedRange(&y, 1400);
    QCOMPARE(labels(y), (QStringList{"0", "500", "1,000", "1,500", "2,000"}));
    ChartAxis x;
    fitLog2Range(&x, 1, 2048);
    QCOMPARE(labels(x).last(), QStringLiteral("2,048"));
    // the throughput chart of a ramp to 1600/s: every label free of exponents
    const ChartModel m = buildChartModel(ChartKind::ThroughputVsLoad, {closedSource("a")});
    for (const ChartAxis &a : {m.x, m.y})
        for (const QString &l : labels(a))
            QVERIFY2(!l.contains(QLatin1Char('e')), qPrintable(l));
    QVERIFY(labels(m.y).contains(QStringLiteral("1,000"))); // 1,600/s at most
}

void TestChartModel::emptyChartHasASaneAxis()
{
    for (ChartKind k :
         {ChartKind::ThroughputVsLoad, ChartKind::LatencyVsLoad, ChartKind::ThroughputOverTime}) {
        const ChartModel m = buildChartModel(k, {});
        QVERIFY(m.isEmpty());
        QCOMPARE(labels(m.y), (QStringList{"0", "0.5", "1"}));
    }
    QCOMPARE(labels(buildChartModel(ChartKind::ThroughputVsLoad, {}).x), (QStringList{"1", "2"}));
}

// 61 s of data: the axis ends at 61 s, its gridlines every 10 s say what they are.
void TestChartModel::timeAxisEndsAtTheData()
{
    const CurveSource src = timedSource("a", {kOp}, 61, 61.0);
    const ChartModel m = buildChartModel(ChartKind::LatencyOverTime, {src});
    QCOMPARE(m.x.min, 0.0);
    QCOMPARE(m.x.max, 61.0);
    QCOMPARE(labels(m.x), (QStringList{"0", "10", "20", "30", "40", "50", "60"}));
    for (const AxisTick &t : axisTicks(m.x))
        QCOMPARE(t.label, axisNumber(t.value)); // a 2.5 s gridline would say "2.5"
    ChartAxis small;
    fitDataRange(&small, 0, 12);
    QCOMPARE(labels(small), (QStringList{"0", "2", "4", "6", "8", "10", "12"}));
}

// The run ended 0.3 s into its 61st second: that second is left out of throughput over time
// (not a dip to 30/s) and of latency over time (the percentiles of 0.3 s of requests; both
// charts end at the same second); whole last seconds stay.
void TestChartModel::lastPartialSecondLeftOut()
{
    const CurveSource cut = timedSource("a", {kOp}, 61, 60.3);
    const ChartModel t = buildChartModel(ChartKind::ThroughputOverTime, {cut});
    QCOMPARE(t.series.first().points.last(), QPointF(60, 100));
    QCOMPARE(t.x.max, 60.0);
    const ChartModel l = buildChartModel(ChartKind::LatencyOverTime, {cut});
    QCOMPARE(l.series.first().points.last().x(), 60.0);
    QCOMPARE(l.x.max, t.x.max);
    const CurveSource whole = timedSource("a", {kOp}, 61, 61.0);
    QCOMPARE(buildChartModel(ChartKind::ThroughputOverTime, {whole}).series.first().points.last(),
             QPointF(61, 100));
    QCOMPARE(buildChartModel(ChartKind::LatencyOverTime, {whole}).series.first().points.last().x(),
             61.0);
}

// Found by a user trial: a mixed profile's title had a stray comma (the total curve has no
// op); a time chart of two sessions named only the first in its subtitle; its legend drew p50
// solid though the curve is dotted; a log axis over six decades labelled 13 ticks.
void TestChartModel::wordsOfTimeAndMixedCharts()
{
    const CurveSource mixed = timedSource("a", {"kv2_read", "kv2_write"}, 10, 10.0);
    const ChartModel thr = buildChartModel(ChartKind::ThroughputVsLoad, {mixed});
    QVERIFY2(!thr.title.contains(QStringLiteral(", throughput")), qPrintable(thr.title));
    QVERIFY2(thr.title.startsWith(QStringLiteral("kv2_read, kv2_write throughput")),
             qPrintable(thr.title));
    CurveSource b = timedSource("b", {kOp}, 10, 10.0);
    const ChartModel lat =
        buildChartModel(ChartKind::LatencyOverTime, {timedSource("a", {kOp}, 10, 10.0), b});
    QVERIFY2(lat.subtitle.contains(QStringLiteral("a"))
                 && lat.subtitle.contains(QStringLiteral("b")),
             qPrintable(lat.subtitle));
    for (const LegendEntry &e : lat.legend())
        if (e.text.endsWith(QStringLiteral(" p50")))
            QCOMPARE(e.style, LineStyle::Dotted);
    // a 10,000-character session label is cut in what the chart shows
    CurveSource longLabel = closedSource(QString(10000, QLatin1Char('L')));
    const ChartModel both =
        buildChartModel(ChartKind::LatencyVsLoad, {longLabel, closedSource("b")});
    for (const LegendEntry &e : both.legend())
        QVERIFY2(e.text.size() < kMaxShownLabel + 40, qPrintable(e.text.left(80)));
    for (const ChartMarker &mk : both.markers)
        QVERIFY(mk.label.size() < kMaxShownLabel + 40);
    QVERIFY(both.subtitle.size() < 2 * kMaxShownLabel + 80);
    QVERIFY(both.subtitle.contains(QChar(0x2026)));
    ChartAxis wide;
    wide.scale = AxisScale::Log10;
    wide.min = 0.2;
    wide.max = 2000;
    QCOMPARE(labels(wide), (QStringList{"1", "10", "100", "1,000"}));
}

void TestChartModel::totalLineForMixedProfiles()
{
    const CurveSource mixed = timedSource("a", {"kv2_read", "kv2_write"}, 10, 10.0);
    const ChartModel t = buildChartModel(ChartKind::ThroughputOverTime, {mixed});
    QCOMPARE(t.series.size(), 3);
    QCOMPARE(t.series.last().name, QStringLiteral("total"));
    QCOMPARE(t.series.last().points.first(), QPointF(1, 200));
    const ChartModel v = buildChartModel(ChartKind::ThroughputVsLoad, {mixed, mixed});
    QStringList names;
    for (const ChartSeries &s : v.series)
        names << s.name;
    QVERIFY2(names.contains(QStringLiteral("a · total")), qPrintable(names.join(", ")));
    for (const ChartSeries &s : v.series)
        if (s.name.endsWith(QLatin1String("total")))
            QCOMPARE(s.points.first().y(), 2 * 100.0 * 30 / 30); // 100/s each op
    // one operation: no total
    QCOMPARE(buildChartModel(ChartKind::ThroughputVsLoad, {closedSource("a")}).series.size(), 1);
    // not on latency
    for (const ChartSeries &s : buildChartModel(ChartKind::LatencyOverTime, {mixed}).series)
        QVERIFY(!s.name.contains(QLatin1String("total")));
}

void TestChartModel::timeChartsPlotEverySessionWithStageBoundaries()
{
    const CurveSource a = timedSource("A", {kOp}, 50, 50.0);
    const CurveSource b = timedSource("B", {kOp}, 40, 40.0);
    const ChartModel m = buildChartModel(ChartKind::ThroughputOverTime, {a, b});
    QCOMPARE(m.series.size(), 2);
    QCOMPARE(m.series.at(0).name, QStringLiteral("A · ssh_sign"));
    QCOMPARE(m.series.at(1).name, QStringLiteral("B · ssh_sign"));
    QCOMPARE(m.series.at(1).points.size(), 40);
    QVERIFY(m.series.at(0).color != m.series.at(1).color);
    QCOMPARE(m.x.max, 50.0);
    int boundaries = 0;
    for (const ChartLine &l : m.lines)
        if (l.role == ChartLine::Role::StageBoundary) {
            ++boundaries;
            QCOMPARE(l.points.first().x(), 30.0); // stage 1 began at 30 s
            QCOMPARE(l.points.first().y(), m.y.min);
            QCOMPARE(l.points.last().y(), m.y.max);
        }
    QCOMPARE(boundaries, 2); // one per session
    for (const LegendEntry &e : m.legend())
        QVERIFY(!e.text.isEmpty()); // boundaries have no legend entry
    const ChartModel lat = buildChartModel(ChartKind::LatencyOverTime, {a, b});
    QCOMPARE(lat.series.size(), 4);
    QCOMPARE(lat.series.at(3).name, QStringLiteral("B · ssh_sign p99"));
}

// Issue 12 item 14: knee and saturation are not drawn at y = 0 on the error-ratio chart; the
// failure point sits at its stage's error ratio.
void TestChartModel::errorRatioChartMarksFailureOnly()
{
    CurveSource src = closedSource(QStringLiteral("a"));
    test::failShare(src.stages[6], kOp, 0.4, QStringLiteral("http_500"));
    src.analysis = analyzeStages(src.stages, {kOp}, *defaultLoadModel(), AnalysisSettings());
    const OpAnalysis *a = src.analysis.find(kOp);
    QVERIFY(a && a->knee.stage && a->failure.stage);
    const ChartModel latency = buildChartModel(ChartKind::LatencyVsLoad, {src});
    QVERIFY(!latency.markers.isEmpty());
    const ChartModel errors = buildChartModel(ChartKind::ErrorRatioVsLoad, {src});
    QCOMPARE(errors.markers.size(), 1);
    QCOMPARE(errors.markers.first().kind, QStringLiteral("failure"));
    QVERIFY(errors.markers.first().at.y() > 0);
    QCOMPARE(errors.markers.first().at.y(),
             src.stages.at(*a->failure.stage).find(kOp)->errorRatio() * 100.0);
}

void TestChartModel::logYTicksAtOneTwoFive()
{
    ChartOptions o;
    const ChartModel linear = buildChartModel(ChartKind::LatencyVsLoad, {closedSource("a")}, o);
    QCOMPARE(linear.y.scale, AxisScale::Linear);
    o.logY = true;
    const ChartModel m = buildChartModel(ChartKind::LatencyVsLoad, {closedSource("a")}, o);
    QCOMPARE(m.y.scale, AxisScale::Log10);
    QVERIFY(m.y.min > 0);
    QCOMPARE(m.y.title, QStringLiteral("latency (log, ms)"));
    for (const ChartSeries &s : m.series)
        for (const QPointF &p : s.points)
            QVERIFY(p.y() >= m.y.min && p.y() <= m.y.max);
    // a 0 ms point has no place on a log axis: left out, not drawn at -infinity
    CurveSource zero = timedSource("a", {kOp}, 5, 5.0);
    zero.series[2].p50Ms = 0;
    const ChartModel t = buildChartModel(ChartKind::LatencyOverTime, {zero}, o);
    QCOMPARE(t.series.first().points.size(), 4);
    QCOMPARE(buildChartModel(ChartKind::LatencyOverTime, {zero}).series.first().points.size(), 5);
    ChartAxis y;
    fitLog10Range(&y, 0.3, 40);
    QCOMPARE(labels(y), (QStringList{"0.2", "0.5", "1", "2", "5", "10", "20", "50"}));
    // throughput ignores it
    QCOMPARE(buildChartModel(ChartKind::ThroughputVsLoad, {closedSource("a")}, o).y.scale,
             AxisScale::Linear);
}

void TestChartModel::titleNamesOpsSubtitleNamesTargetDateSessions()
{
    CurveSource a = closedSource(QStringLiteral("rsa-2048"));
    a.target = QStringLiteral("http://127.0.0.1:8200");
    a.startedAt = QDateTime(QDate(2026, 11, 30), QTime(18, 2), Qt::UTC);
    CurveSource b = closedSource(QStringLiteral("ed25519"));
    b.target = a.target;
    b.startedAt = a.startedAt.addSecs(3600);
    const ChartModel one = buildChartModel(ChartKind::LatencyVsLoad, {a});
    QCOMPARE(one.title, QStringLiteral("ssh_sign latency vs VUs"));
    QCOMPARE(one.subtitle,
             QStringLiteral("http://127.0.0.1:8200 · 2026-11-30 18:02 UTC · rsa-2048"));
    const ChartModel both = buildChartModel(ChartKind::LatencyVsLoad, {a, b});
    QCOMPARE(both.subtitle, QStringLiteral("http://127.0.0.1:8200 · rsa-2048 2026-11-30 18:02 UTC, "
                                           "ed25519 2026-11-30 19:02 UTC"));
    QCOMPARE(chartData(both).value(QStringLiteral("subtitle")).toString(), both.subtitle);
    // different targets: each session names its own
    b.target = QStringLiteral("https://vault.example:8200");
    QVERIFY(buildChartModel(ChartKind::ThroughputVsLoad, {a, b})
                .subtitle.contains(QLatin1String("ed25519 https://vault.example:8200 2026-11-30")));
    QCOMPARE(chartOpsText({"a", "b", "c", "d"}), QStringLiteral("4 operations"));
    QCOMPARE(chartTitleText({}, QStringLiteral("latency"), QStringLiteral("VUs")),
             QStringLiteral("Latency vs VUs"));
}

void TestChartModel::markerLabelsArePlacedWithoutOverlap()
{
    // knee labels of two sessions at the same and at neighbouring stages
    const QRectF bounds(0, 0, 800, 400);
    QList<LabelRequest> req;
    for (int i = 0; i < 6; ++i)
        req << LabelRequest{QPointF(300 + 6 * i, 200 + (i % 2) * 4), QSizeF(120, 18)};
    req << LabelRequest{QPointF(790, 10), QSizeF(120, 18)}; // at the top-right corner
    const QList<QRectF> placed = placeLabels(req, bounds);
    QCOMPARE(placed.size(), req.size());
    for (int i = 0; i < placed.size(); ++i) {
        QVERIFY2(bounds.contains(placed.at(i)), qPrintable(QString::number(i)));
        for (int j = i + 1; j < placed.size(); ++j)
            QVERIFY2(!placed.at(i).intersects(placed.at(j)),
                     qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
    }
    // the first keeps its place; one moved away gets a leader line
    QCOMPARE(placed.first(), preferredLabelBox(req.first(), bounds));
    QVERIFY(!labelNeedsLeader(req.first(), placed.first(), bounds));
    QVERIFY(labelNeedsLeader(req.at(1), placed.at(1), bounds));

    // labels keep off the markers as well
    QList<QRectF> marks;
    for (const LabelRequest &r : req)
        marks << markerBox(r.anchor);
    const QList<QRectF> clear = placeLabels(req, bounds, 8, 2, marks);
    for (const QRectF &l : clear)
        for (const QRectF &mk : marks)
            QVERIFY(!l.intersects(mk));

    // and in a model: two sessions whose knees sit at the same VUs
    const ChartModel m =
        buildChartModel(ChartKind::LatencyVsLoad,
                        {closedSource(QStringLiteral("A")), closedSource(QStringLiteral("B"))});
    QVERIFY(m.markers.size() >= 2);
    QCOMPARE(m.markers.at(0).at.x(), m.markers.at(1).at.x());
}

void TestChartModel::legendRowsWrapInsteadOfTruncating()
{
    const LegendLayout l = layoutLegendRows({300, 300, 300, 50}, 700, 20, 10);
    QCOMPARE(l.rows, 2);
    QCOMPARE(l.origins.at(0), QPointF(0, 0));
    QCOMPARE(l.origins.at(1), QPointF(310, 0));
    QCOMPARE(l.origins.at(2), QPointF(0, 20));
    QCOMPARE(l.origins.at(3), QPointF(310, 20));
    QCOMPARE(l.height, 40.0);
    // one item wider than the row: a row of its own, never cut
    const LegendLayout wide = layoutLegendRows({50, 900, 50}, 700, 20, 10);
    QCOMPARE(wide.rows, 3);
    // the width estimate is an upper bound of DejaVu Sans' advances (0.32 em space .. 0.99 em W)
    QVERIFY(estimateTextWidth(QStringLiteral("W"), 20) >= 19.8);
    QVERIFY(estimateTextWidth(QStringLiteral("A · ssh_sign"), 20) >= 12 * 0.3 * 20);
}

void TestChartModel::typeScaleReadsOnASlide()
{
    const ChartTypeScale slide = chartTypeScale(1080);
    QVERIFY(slide.tick >= 20);
    QVERIFY(slide.title >= 36);
    QVERIFY(slide.marker >= 0.85 * slide.tick); // marker labels not far below the ticks
    QVERIFY(slide.subtitle > slide.tick && slide.subtitle < slide.title);
    const ChartTypeScale small = chartTypeScale(420);
    QCOMPARE(small.tick, 11.0); // the floor: still reads in the GUI and the HTML report
    QVERIFY(small.marker >= 0.85 * small.tick && small.title > small.subtitle);
    QCOMPARE(QString::fromLatin1(kChartFontFamilyCss), QStringLiteral("DejaVu Sans, sans-serif"));
}

namespace {

/// 10 seconds of kv2_read and ssh_sign: a failover in seconds 4..6 (kv2_read: 5 connection
/// errors/s; ssh_sign: http_503 2/s and http_500 1/s; 4 http_429 in second 5 on ssh_sign).
CurveSource failoverSource()
{
    CurveSource src;
    src.label = QStringLiteral("A");
    for (int t = 1; t <= 10; ++t)
        for (const char *op : {"kv2_read", "ssh_sign"}) {
            SeriesPoint p;
            p.tS = t;
            p.op = QLatin1String(op);
            p.count = 100;
            if (t >= 4 && t <= 6) {
                if (p.op == QLatin1String("kv2_read")) {
                    p.errorClasses = {{QStringLiteral("connection"), 5}};
                } else {
                    p.errorClasses = {{QStringLiteral("http_503"), 2},
                                      {QStringLiteral("http_500"), 1}};
                    if (t == 5)
                        p.errorClasses.insert(QStringLiteral("http_429"), 4);
                }
            }
            for (const int64_t n : std::as_const(p.errorClasses))
                p.errors += n;
            p.ok = p.count - p.errors;
            src.series << p;
        }
    return src;
}

const ChartSeries *named(const ChartModel &m, const QString &name)
{
    for (const ChartSeries &s : m.series)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace

// Issue 23.11: errors per second by class over time, every operation together: one curve per
// class group in a fixed order (connection, timeout, tls, 5xx, 429, 4xx, ...), a 0 in every
// second without errors of that group (measured, not a gap), stage boundaries as the other
// time charts; ChartOptions::op keeps one operation's errors.
void TestChartModel::errorsOverTimeByClass()
{
    QCOMPARE(chartKindName(ChartKind::ErrorsOverTime), QStringLiteral("time-errors"));
    ChartKind k = ChartKind::LatencyVsLoad;
    QVERIFY(chartKindFromName(QStringLiteral("time-errors"), &k));
    QCOMPARE(k, ChartKind::ErrorsOverTime);
    QCOMPARE(errorChartGroup(QStringLiteral("http_503")), QStringLiteral("5xx"));
    QCOMPARE(errorChartGroup(QStringLiteral("http_429")), QStringLiteral("429"));
    QCOMPARE(errorChartGroup(QStringLiteral("http_404")), QStringLiteral("4xx"));
    QCOMPARE(errorChartGroup(QStringLiteral("timeout")), QStringLiteral("timeout"));

    const ChartModel m = buildChartModel(ChartKind::ErrorsOverTime, {failoverSource()});
    QStringList names;
    for (const ChartSeries &s : m.series)
        names << s.name;
    QCOMPARE(names, (QStringList{"connection", "5xx", "429"}));
    QCOMPARE(m.title, QStringLiteral("Errors over time"));
    QCOMPARE(m.y.unit, QStringLiteral("errors/s"));
    QVERIFY(m.notes.isEmpty());
    const ChartSeries *conn = named(m, QStringLiteral("connection"));
    QCOMPARE(conn->points.size(), 10);
    QCOMPARE(conn->points.at(0), QPointF(1, 0));
    QCOMPARE(conn->points.at(3), QPointF(4, 5));
    QCOMPARE(named(m, QStringLiteral("5xx"))->points.at(4), QPointF(5, 3));
    QCOMPARE(named(m, QStringLiteral("429"))->points.at(4), QPointF(5, 4));
    QCOMPARE(named(m, QStringLiteral("429"))->points.at(5), QPointF(6, 0));
    QVERIFY(m.y.max >= 5);
    QCOMPARE(m.y.min, 0.0);
    QVERIFY(conn->color != named(m, QStringLiteral("5xx"))->color);

    ChartOptions one;
    one.op = QStringLiteral("kv2_read");
    const ChartModel r = buildChartModel(ChartKind::ErrorsOverTime, {failoverSource()}, one);
    QCOMPARE(r.series.size(), 1);
    QCOMPARE(r.series.first().name, QStringLiteral("connection"));
    QCOMPARE(r.title, QStringLiteral("kv2_read: errors over time"));

    CurveSource b = failoverSource();
    b.label = QStringLiteral("B");
    const ChartModel overlay = buildChartModel(ChartKind::ErrorsOverTime, {failoverSource(), b});
    QCOMPARE(overlay.series.size(), 6);
    QVERIFY(named(overlay, QStringLiteral("B · 5xx")));
}

void TestChartModel::errorsOverTimeOfAnOlderSessionIsTheTotal()
{
    CurveSource src = failoverSource();
    for (SeriesPoint &p : src.series) {
        p.errorClasses.clear();
        p.errorClassesKnown = false; // read from a session without the error_classes column
    }
    const ChartModel m = buildChartModel(ChartKind::ErrorsOverTime, {src});
    QCOMPARE(m.series.size(), 1);
    QCOMPARE(m.series.first().name, QStringLiteral("errors (all classes)"));
    QCOMPARE(m.series.first().points.at(4), QPointF(5, 5 + 3 + 4));
    QCOMPARE(m.notes.size(), 1);
    QVERIFY2(m.notes.first().contains(QStringLiteral("total errors only")),
             qPrintable(m.notes.first()));
}

void TestChartModel::errorsOverTimeWithoutErrorsIsAMeasuredZero()
{
    CurveSource src = failoverSource();
    for (SeriesPoint &p : src.series) {
        p.errorClasses.clear();
        p.errors = 0;
    }
    const ChartModel m = buildChartModel(ChartKind::ErrorsOverTime, {src});
    QCOMPARE(m.series.size(), 1);
    QCOMPARE(m.series.first().points.size(), 10);
    for (const QPointF &p : m.series.first().points)
        QCOMPARE(p.y(), 0.0);
    QCOMPARE(m.notes, QStringList{QStringLiteral("no errors")});
    // and a source without any second has no curve at all
    QVERIFY(buildChartModel(ChartKind::ErrorsOverTime, {CurveSource()}).isEmpty());
}

void TestChartModel::errorsOverTimeSvg()
{
    const QString svg = renderSvg(buildChartModel(ChartKind::ErrorsOverTime, {failoverSource()}));
    QVERIFY(svg.startsWith(QStringLiteral("<svg")));
    for (const char *text : {"Errors over time", "errors/s", "connection", "5xx", "429"})
        QVERIFY2(svg.contains(QLatin1String(text)), text);
    // one drawn curve per class
    QCOMPARE(int(svg.count(QStringLiteral("class=\"series\""))), 3);
    QVERIFY(svg.contains(QStringLiteral("data-series=\"connection\"")));
}

QTEST_GUILESS_MAIN(TestChartModel)
#include "tst_chartmodel.moc"
