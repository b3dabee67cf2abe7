// The chart model (core/report/chartmodel.h): where a stage sits on a chart against load
// (closed: planned VUs; arrival-rate: offered starts/s), the capacity markers at the analysis'
// stages with their evidence, client-bound bands with one width rule, the SLO line at the
// profile's value, USL only against VUs, legend names, a session of the other load model left
// out with a note, and the live partial stage as the last point.
#include "syntheticstages.h"
#include "analysis/capacityanalyzer.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "report/chartmodel.h"
#include "report/charttitle.h"
#include "report/charttype.h"
#include "report/labelplacement.h"

#include <QJsonArray>
#include <QTest>
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
    s.openModel = true;   // an arrival-rate run
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
};

void TestChartModel::closedStagesChartAgainstVus()
{
    const CurveSource src = closedSource(QStringLiteral("a"));
    for (const StageStats &st : src.stages)
        QCOMPARE(chartXForStage(st, loadAxisOf(src)), double(st.vus));
    const ChartModel m = buildChartModel(ChartKind::ThroughputVsLoad, {src});
    QCOMPARE(m.loadAxis, LoadAxis::Vus);
    QCOMPARE(m.x.title, QStringLiteral("VUs (log2)"));
    QCOMPARE(m.x.scale, AxisScale::Log2);
    QCOMPARE(m.title, QStringLiteral("ssh_sign throughput vs VUs"));   // names the operation
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
    for (ChartKind k : {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad}) {
        const ChartModel m = buildChartModel(k, {src});
        QCOMPARE(m.loadAxis, LoadAxis::OfferedRate);
        QCOMPARE(m.x.title, QStringLiteral("offered rate (starts/s, log2)"));
        QVERIFY2(m.title.endsWith(QLatin1String("vs offered rate")), qPrintable(m.title));
        QVERIFY(!m.isEmpty());
        for (const ChartSeries &s : m.series)
            QCOMPARE(xs(s), (QList<double>{100, 200, 300, 400, 500, 600, 700}));   // never max_vus
        QVERIFY(!line(m, ChartLine::Role::Usl));   // the USL is a law of concurrency (VUs)
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
    for (ChartKind k : {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad}) {
        const ChartModel mc = buildChartModel(k, {closed});
        QCOMPARE(mc.bands.size(), 1);
        QCOMPARE(mc.bands.first().x0, 64 / kClientBoundBandFactor);
        QCOMPARE(mc.bands.first().x1, 64 * kClientBoundBandFactor);
        QCOMPARE(mc.bands.first().stage, 6);
        QCOMPARE(mc.bandLabel, QStringLiteral("client-bound stage"));
        const ChartModel mo = buildChartModel(k, {open});
        QCOMPARE(mo.bands.size(), 1);
        QCOMPARE(mo.bands.first().x0, 300 / kClientBoundBandFactor);   // around the rate
        QCOMPARE(mo.bands.first().x1, 300 * kClientBoundBandFactor);
    }
    QVERIFY(buildChartModel(ChartKind::LatencyVsLoad, {closedSource(QStringLiteral("x"))}).bands.isEmpty());
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
    const ChartLine *l95 = line(buildChartModel(ChartKind::LatencyVsLoad, {src}, o), ChartLine::Role::Slo);
    QVERIFY(l95);
    QCOMPARE(l95->points.first().y(), 4.0);
    // no percentile ticked: no latency curve; the SLO and markers stay at p99
    o.percentiles = {};
    const ChartModel none = buildChartModel(ChartKind::LatencyVsLoad, {src}, o);
    QVERIFY(none.series.isEmpty());
    QVERIFY(!none.markers.isEmpty());
    QCOMPARE(line(none, ChartLine::Role::Slo)->points.first().y(), 6.0);
    const ChartLine *e = line(buildChartModel(ChartKind::ErrorRatioVsLoad, {src}), ChartLine::Role::Slo);
    QVERIFY(e);
    QCOMPARE(e->points.first().y(), 1.0);   // percent
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
                                  "client-bound stage"}));
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
    QVERIFY2(m.notes.first().startsWith(QLatin1String("open run left out")), qPrintable(m.notes.first()));
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
    req << LabelRequest{QPointF(790, 10), QSizeF(120, 18)};   // at the top-right corner
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
    const ChartModel m = buildChartModel(ChartKind::LatencyVsLoad,
                                         {closedSource(QStringLiteral("A")),
                                          closedSource(QStringLiteral("B"))});
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
    QVERIFY(slide.marker >= 0.85 * slide.tick);   // marker labels not far below the ticks
    QVERIFY(slide.subtitle > slide.tick && slide.subtitle < slide.title);
    const ChartTypeScale small = chartTypeScale(420);
    QCOMPARE(small.tick, 11.0);   // the floor: still reads in the GUI and the HTML report
    QVERIFY(small.marker >= 0.85 * small.tick && small.title > small.subtitle);
    QCOMPARE(QString::fromLatin1(kChartFontFamilyCss), QStringLiteral("DejaVu Sans, sans-serif"));
}

QTEST_GUILESS_MAIN(TestChartModel)
#include "tst_chartmodel.moc"
