// The chart model: every chart the product draws (latency p50/p95/p99, throughput and error
// ratio against load; latency and throughput over time) as plain values, built here once from
// plain data (CurveSource: stages, partial live stage, series, SessionAnalysis, SloSpec).
// Two thin renderers draw it and decide nothing: SVG for the HTML report (svgrenderer.h) and
// QtCharts for the live results view, the GUI export and the CLI `export`
// (ui/charts/qtchartrenderer.h). So the four pictures cannot disagree.
//
// X of a stage chart: closed stages at their planned VUs, arrival-rate stages at their offered
// rate (starts per second), decided by chartXForStage() alone. A chart has one load axis: the
// kind of its first source with a stage; sources of the other kind are left out with a note
// (ChartModel::notes), never silently. Pure functions; any thread.
#pragma once

#include "charts/chartaxes.h"
#include "charts/chartpalette.h"
#include "charts/curvesource.h"

#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QStringList>

#include <optional>

namespace vw {

enum class ChartKind {
    LatencyVsLoad, ///< Y = latency percentile of successes, ms (p50/p95/p99 curves)
    ThroughputVsLoad, ///< Y = successful requests per second
    ErrorRatioVsLoad, ///< Y = errors / requests, percent
    LatencyOverTime, ///< X = s since the measured window began, Y = p50/p99 ms
    ThroughputOverTime, ///< X = s, Y = successes in that second
    // The server's side (CurveSource::server, core/stats/servertelemetry.h; built by
    // core/charts/serverchartmodel.h): per stage against load, or per second over time.
    ServerMemoryVsLoad, ///< Y = server resident memory and Go heap in use, MiB
    ServerCpuVsLoad, ///< Y = server CPU, cores busy; a line at the cores it may use
    ServerLatencyVsLoad, ///< Y = client mean latency vs server-side request time, ms
    ServerMemoryOverTime, ///< X = s, Y = resident memory and heap, MiB (first source)
    ServerCpuOverTime, ///< X = s, Y = cores busy (first source)
    /// X = s, Y = the server's request time per second (mean, and its p99 when reported)
    /// beside the client's p50/p99 per operation, ms (first source)
    ServerLatencyOverTime,
    /// X = s, Y = errors per second by class group (errorChartGroup()): every operation (or
    /// ChartOptions::op) together, one curve per group per source. A session written before
    /// the series kept classes has one "errors (all classes)" curve and a note saying so.
    ErrorsOverTime,
};

/// "latency", "throughput", "errors", "time", "time-throughput", "server-memory",
/// "server-cpu", "server-latency", "time-server-memory", "time-server-cpu",
/// "time-server-latency", "time-errors"
/// (CLI --chart, export dialog).
QString chartKindName(ChartKind kind);
/// The inverse of chartKindName; false for any other text.
bool chartKindFromName(const QString &name, ChartKind *out);
/// The client's charts against load (latency, throughput, errors).
bool isLoadChart(ChartKind kind);
/// The server's charts (ServerMemoryVsLoad .. ServerLatencyOverTime).
bool isServerChart(ChartKind kind);
/// The server's charts over time (ServerMemoryOverTime, ServerCpuOverTime,
/// ServerLatencyOverTime): per second, the first source only.
bool isServerOverTimeChart(ChartKind kind);

/// The curve an error class key (core/stats/errorclass.h) is counted in on the errors-over-time
/// chart: "5xx" (http_500..http_599), "429", "4xx" (the other http_4xx), "http_other" (any
/// other status), else the key itself ("connection", "timeout", "tls", "invalid_response",
/// "redirect").
QString errorChartGroup(const QString &errorKey);

/// What the x axis of a chart against load counts.
enum class LoadAxis {
    Vus, ///< closed model: planned virtual users of the stage
    OfferedRate, ///< arrival-rate (open) model: offered starts per second of the stage
};

// ---- the one decision about where a stage sits on a chart against load -------------------
/// The load axis of a run, its load model's answer (CurveSource::openModel, from
/// LoadModel::isOpen(), core/profile/loadmodels/loadmodel.h): an open (arrival-rate) run on the
/// offered rate, a closed run on VUs.
LoadAxis loadAxisOf(const CurveSource &source);
/// X of a stage on `axis`: its offered rate (starts/s) or its planned VUs.
double chartXForStage(const StageStats &stage, LoadAxis axis);
/// "VUs (log2)" or "offered rate (starts/s, log2)".
QString loadAxisTitle(LoadAxis axis);
/// "VUs" or "starts/s" (tooltips, marker labels).
QString loadAxisUnit(LoadAxis axis);

/// The interval of a curve's point at x (a stage): [lo, hi] in the y axis' units.
struct ChartInterval {
    double x = 0;
    double lo = 0;
    double hi = 0;
    bool operator==(const ChartInterval &o) const { return x == o.x && lo == o.lo && hi == o.hi; }
};

/// One data curve: one source x op (x percentile for latency).
struct ChartSeries {
    QString key; ///< stable identity across updates: source, label, op, percentile
    QString name; ///< e.g. "kv2_read p99"; overlay: "A · kv2_read p99"
    QString legend; ///< legend text, or empty for no legend entry (one per source x op)
    int source = 0; ///< index into the sources the model was built from
    QString op;
    int percentile = 0; ///< latency charts: 50, 95, 99; 0 otherwise
    QString color; ///< "#rrggbb" (chartpalette.h)
    LineStyle style = LineStyle::Solid;
    double width = 2.0; ///< px at 96 dpi
    QList<QPointF> points; ///< (x, y) in axis units, in stage order (time order)
    /// Where the curve is broken (a gap): indices into points, ascending, each in
    /// (0, points.size()), of the first point of each piece after the first. A stage (second)
    /// between points[i - 1] and points[i] has no value (no success: "-" in `report`, never 0),
    /// so no line crosses it; a straight line there would imply values the run did not have.
    QList<int> breaks;
    /// Charts against load (latency, throughput): the 95% interval of each point that has one
    /// (CurveSource::intervals), in x order, drawn as a band in the curve's colour (light);
    /// empty: none. `intervalTitle` names it ("95% CI, block bootstrap, 3 runs": the SVG
    /// band's <title>, the GUI's tooltip).
    QList<ChartInterval> intervals;
    QString intervalTitle;
    /// The curve's figure in each replicate's stages (CurveSource::replicates), drawn as faint
    /// points; empty without replicates or with ChartOptions::replicates off.
    QList<QPointF> replicatePoints;

    /// Appends `p` in stage (time) order; without a value, the curve breaks there when points
    /// came before (a break no point follows is dropped by buildChartModel()).
    void add(const std::optional<QPointF> &p);
    /// The pieces a renderer draws as separate lines: points split at breaks (none: no points).
    QList<QList<QPointF>> segments() const;

    bool operator==(const ChartSeries &o) const;
    bool operator!=(const ChartSeries &o) const { return !(*this == o); }
};

/// A detected capacity point drawn on a curve.
struct ChartMarker {
    QString kind; ///< "knee", "saturation", "failure": the first at this place
    QStringList kinds; ///< every point at this place of this curve, in that order
    QPointF at; ///< (x of the stage, y of the curve there)
    QString label; ///< e.g. "knee 16", "B · knee 16", "knee 2, saturation 2"
    QString evidence; ///< the detectors' sentences (OpAnalysis evidence), one per kind
    QString color;
    int source = 0;
    QString op;

    bool operator==(const ChartMarker &o) const;
    bool operator!=(const ChartMarker &o) const { return !(*this == o); }
};

/// A reference line: the USL fit of a throughput curve or the SLO.
struct ChartLine {
    /// Limit: a capacity of the server (its cores on the server CPU chart).
    /// StageBoundary: a vertical line on a time chart where a stage began (x = its startMs in
    /// s, from y.min to y.max; no name, no legend entry; an overlay's in its session's colour).
    enum class Role { Usl, Slo, Limit, StageBoundary };
    Role role = Role::Slo;
    QString name; ///< legend text, e.g. "kv2_read USL fit (N* 21.3)", "SLO p99 50 ms"
    QString color;
    LineStyle style = LineStyle::Dashed;
    double width = 1.5;
    QList<QPointF> points;

    bool operator==(const ChartLine &o) const;
    bool operator!=(const ChartLine &o) const { return !(*this == o); }
};

/// Half-width factor of a client-bound band: the band of a stage at x spans [x / k, x * k].
inline constexpr double kClientBoundBandFactor = 1.15;

/// The client-bound stages (StageStats::validity.clientBound) of one source at one load: a band over the whole
/// height from x0 = x / kClientBoundBandFactor to x1 = x * kClientBoundBandFactor (every chart
/// against load). Bands are per source, never merged: two sessions client-bound at one load give
/// two bands, each in its session's colour (light), each session with its own legend entry;
/// they share that width side by side in source order (equal parts on the log axis).
struct ChartBand {
    double x0 = 0;
    double x1 = 0;
    int source = 0;
    int stage = 0; ///< StageStats::index (the first of `stages`)
    /// Every client-bound stage of the source at this load (StageStats::index, in stage
    /// order): one band per load and source, however often a session comes back to it.
    QList<int> stages;
    /// "#rrggbb", drawn at kBandOpacity: the source's colour (paletteColor) in an overlay,
    /// kBandColor (grey) on a chart of one source.
    QString color;
    /// Legend text of its source's entry: "client-bound stage" (one source) or
    /// "rsa-2048 · client-bound stage" (overlay, the source's label first).
    QString legend;
    /// The validity guard's reasons (StageValidity::reasons, "<key>: <explanation>").
    QStringList reasons;
    /// Hover text (GUI tooltip, SVG <title>): "rsa-2048 · stage 7 at 64 VUs is client-bound:
    /// client_cpu: 97 % of 2 cores; loop_lag: ..." (reasons one per line).
    QString description;
    /// Drawn hatched (diagonal lines in its colour) over the light fill: the overlay sources
    /// after the first, so bands of two sessions at one load stay apart.
    bool hatched = false;

    bool operator==(const ChartBand &o) const
    {
        return x0 == o.x0 && x1 == o.x1 && source == o.source && stage == o.stage
               && stages == o.stages && color == o.color && legend == o.legend
               && reasons == o.reasons && hatched == o.hatched;
    }
};

/// One legend entry, in drawing order: data curves, the percentile key (latency: "p50" dotted,
/// "p95" dashed, "p99" solid, in kPercentileKeyColor, for curves whose own entry does not name
/// the percentile), reference lines, then the band entry.
/// Colour of the percentile key's lines (the style tells the percentile, not the colour).
inline const char *kPercentileKeyColor = "#444444";

struct LegendEntry {
    enum class Kind { Line, Band };
    Kind kind = Kind::Line;
    QString text;
    QString color;
    LineStyle style = LineStyle::Solid;
    bool hatched = false; ///< band entries: as its bands (ChartBand::hatched)
};

struct ChartModel {
    ChartKind kind = ChartKind::LatencyVsLoad;
    QString title; ///< e.g. "kv2_read latency vs VUs" (charttitle.h)
    /// Target, date and session label(s), e.g. "http://127.0.0.1:8200 · 2026-11-30 18:02 UTC
    /// · A" (chartSubtitle(), charttitle.h); empty when the sources carry none.
    QString subtitle;
    LoadAxis loadAxis = LoadAxis::Vus; ///< charts against load only
    ChartAxis x;
    ChartAxis y;
    QList<ChartSeries> series;
    QList<ChartMarker> markers;
    QList<ChartLine> lines;
    QList<ChartBand> bands; ///< per source, in source then stage order
    QString bandLabel; ///< what a band is, "client-bound stage" (ends every band legend)
    QStringList notes; ///< visible notes, e.g. a session left out of this chart

    /// No data point in any series.
    bool isEmpty() const;
    /// Data curves with a legend entry, the percentile key, then lines, then one band entry
    /// per source with bands (its ChartBand::legend and colour), in source order.
    QList<LegendEntry> legend() const;
    /// The analysis drawn over the data (markers, lines, bands): equal -> nothing to redraw.
    bool sameAnnotations(const ChartModel &o) const
    {
        if (!(markers == o.markers && lines == o.lines && bands == o.bands
              && bandLabel == o.bandLabel && series.size() == o.series.size()))
            return false;
        for (int i = 0; i < series.size(); ++i) // the intervals' bands and replicate points
            if (series.at(i).intervals != o.series.at(i).intervals
                || series.at(i).replicatePoints != o.series.at(i).replicatePoints)
                return false;
        return true;
    }
};

/// Pixels a renderer keeps between two stage boundaries of one session (drawnLines()).
inline constexpr int kStageBoundaryGapPx = 4;

/// The reference lines (ChartModel::lines, by index, in order) a renderer draws on a plot
/// `columns` pixels wide: every line but the stage boundaries (ChartLine::Role::StageBoundary)
/// that stand within kStageBoundaryGapPx columns (axisColumn(), chartaxes.h) of the last one
/// kept of the same session (colour): a session of 120,000 one-second stages would otherwise
/// draw 120,000 lines over a plot 1,000 pixels wide, a grey fill that says nothing and takes
/// QtCharts minutes. Both renderers (svgrenderer.cpp, ui/charts/qtchartrenderer.cpp).
QList<int> drawnLines(const ChartModel &model, int columns);

struct ChartOptions {
    /// Latency percentiles drawn, e.g. {50, 95, 99}; the markers and the SLO line sit on the
    /// highest. Other chart kinds ignore it. Empty: no latency curve (markers and SLO at p99).
    QList<int> percentiles{50, 95, 99};
    /// Only this operation (the HTML report's per-op charts); empty: every op of every source.
    QString op;
    /// Latency charts (LatencyVsLoad, LatencyOverTime): a log10 y axis (ticks at 1/2/5 x 10^k,
    /// title "latency (log, ms)") so a fast operation is not flattened under a slow one's p99.
    /// A point at 0 ms is left out on that axis. Off by default; other kinds ignore it.
    bool logY = false;
    /// Charts against load: the intervals' bands (sources with CurveSource::intervals).
    bool intervals = true;
    /// Charts against load: the replicates' faint points (the GUI's toggle).
    bool replicates = true;
};

/// The chart of `kind` over `sources` (the first is the primary run, the others overlays).
/// Throughput charts of a source with more than one operation (a mixed profile) add a "total"
/// curve per source (all its operations' successes; not with ChartOptions::op).
/// Charts over time draw every source (overlay names "<label> · <op>") and the stage
/// boundaries; both leave out a run's last second when the run ended inside it (a partly
/// covered second is not a rate, and its few requests no percentile; docs/measurement.md). On the error-ratio chart
/// only failure points are marked (knee and saturation are points of latency/throughput).
ChartModel buildChartModel(ChartKind kind, const QList<CurveSource> &sources,
                           const ChartOptions &options = {});

/// What a chart shows, as JSON, the same shape whichever renderer it is read back from
/// (tests compare renderers with it; the QtCharts SVG export stores it in its <desc>):
/// {"title", "subtitle", "x_title", "y_title", "legend":[text,...] (legend() in order),
///  "series":[{"name","points":[[x,y],...],"gaps":[[x0,x1],...]}] (gaps: the curve is broken
///  between the points at x0 and x1, ChartSeries::breaks; a series with intervals also
///  "intervals":[[x,lo,hi],...] and "interval_title", with replicates "replicates":[[x,y],...]),
///  "markers":[{"kind","label","x","y"}], "bands":[[x0,x1],...] (in ChartModel::bands order),
///  "lines":[{"name","points":[[x,y],...]}], "notes":[...],
///  "x_ticks":["1","2",...], "y_ticks":["0","500","1,000",...]}  (tick labels, axisticks.h)
QJsonObject chartData(const ChartModel &model);

} // namespace vw
