#include "charts/chartmodel.h"

#include "charts/axisticks.h"
#include "charts/charttitle.h"
#include "charts/serverchartmodel.h"

#include <QHash>
#include <QJsonArray>
#include <QMap>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace vw {

namespace {

const QString kSep = QStringLiteral(" · ");

/// The BootMetric of a load chart's curve: throughput, or the latency percentile `p`.
std::optional<BootMetric> bootMetricOfCurve(ChartKind kind, int p)
{
    if (kind == ChartKind::ThroughputVsLoad)
        return BootMetric::Throughput;
    if (kind != ChartKind::LatencyVsLoad)
        return std::nullopt;
    if (p == 50)
        return BootMetric::P50;
    if (p == 95)
        return BootMetric::P95;
    if (p == 99)
        return BootMetric::P99;
    return std::nullopt;
}

std::optional<double> yOf(ChartKind kind, const StageStats &st, const QString &op, int p);

/// The intervals (CurveSource::intervals) and replicate points of curve `s` (op, percentile p).
void addUncertainty(ChartSeries *s, ChartKind kind, const CurveSource &src, const QString &op,
                    int p, LoadAxis axis, const ChartOptions &options)
{
    const std::optional<BootMetric> m = bootMetricOfCurve(kind, p);
    if (!m)
        return;
    if (options.intervals && !src.intervals.isEmpty()) {
        for (const StageStats &st : src.stages) {
            const auto byOp = src.intervals.constFind(st.index);
            if (byOp == src.intervals.constEnd() || !byOp->contains(op))
                continue;
            // a copy: value() returns a temporary (a reference into it would dangle)
            const Interval i = byOp->value(op)[size_t(*m)];
            if (i.known)
                s->intervals << ChartInterval{chartXForStage(st, axis), i.lo, i.hi};
        }
        std::sort(s->intervals.begin(), s->intervals.end(),
                  [](const ChartInterval &a, const ChartInterval &b) { return a.x < b.x; });
        if (!s->intervals.isEmpty())
            s->intervalTitle = src.intervalTitle;
    }
    if (options.replicates)
        for (const QList<StageStats> &rep : src.replicates)
            for (const StageStats &st : rep)
                if (const std::optional<double> y = yOf(kind, st, op, p))
                    s->replicatePoints << QPointF(chartXForStage(st, axis), *y);
}

QList<StageStats> stagesOf(const CurveSource &src)
{
    QList<StageStats> all = src.stages;
    if (src.hasPartial)
        all << src.partial;
    return all;
}

/// The load axis of a source with a stage: its load model's (loadAxisOf()).
std::optional<LoadAxis> sourceLoadAxis(const CurveSource &src)
{
    if (src.stages.isEmpty() && !src.hasPartial)
        return std::nullopt;
    return loadAxisOf(src);
}

/// Operation names in order of first appearance over the stages (profile order).
QStringList opsOf(const CurveSource &src)
{
    QStringList ops;
    auto collect = [&](const StageStats &s) {
        for (const OpStats &o : s.ops)
            if (!ops.contains(o.op))
                ops << o.op;
    };
    for (const StageStats &s : src.stages)
        collect(s);
    if (src.hasPartial)
        collect(src.partial);
    return ops;
}

/// Y of `op` at stage `st` on a chart of `kind` (latency at `percentile`), when it has one.
std::optional<double> yOf(ChartKind kind, const StageStats &st, const QString &op, int percentile)
{
    const OpStats *o = st.find(op);
    if (!o)
        return std::nullopt;
    switch (kind) {
    case ChartKind::LatencyVsLoad:
        if (o->latency.count() == 0)
            return std::nullopt;
        return double(o->latency.valueAtPercentileUs(percentile)) / 1000.0;
    case ChartKind::ThroughputVsLoad:
        if (st.steadySeconds <= 0)
            return std::nullopt;
        return st.throughputPerS(*o);
    case ChartKind::ErrorRatioVsLoad:
        if (o->count <= 0)
            return std::nullopt;
        return o->errorRatio() * 100.0;
    default:
        return std::nullopt;
    }
}

/// Bands of several sources at one load (the same x0, x1) share that width side by side, in
/// source order, each an equal part on the log axis: two sessions client-bound at 16 VUs are
/// two bands next to each other, never one over the other.
void shareBandWidths(QList<ChartBand> *bands)
{
    QList<bool> done(bands->size(), false);
    for (int i = 0; i < bands->size(); ++i) {
        if (done[i])
            continue;
        QList<int> group;
        for (int j = i; j < bands->size(); ++j)
            if (!done[j] && (*bands)[j].x0 == (*bands)[i].x0 && (*bands)[j].x1 == (*bands)[i].x1)
                group << j;
        const double l0 = std::log((*bands)[i].x0), l1 = std::log((*bands)[i].x1);
        const double part = (l1 - l0) / double(group.size());
        for (int k = 0; k < group.size(); ++k) {
            done[group[k]] = true;
            if (group.size() > 1) {
                ChartBand &b = (*bands)[group[k]];
                b.x0 = std::exp(l0 + part * k);
                b.x1 = k + 1 == group.size() ? std::exp(l1) : std::exp(l0 + part * (k + 1));
            }
        }
    }
}

QString xText(double x)
{
    return QString::number(x, 'g', 6);
}

QJsonArray pointsJson(const QList<QPointF> &pts)
{
    QJsonArray a;
    for (const QPointF &p : pts)
        a.append(QJsonArray{p.x(), p.y()});
    return a;
}

QJsonArray tickLabels(const ChartAxis &axis)
{
    QJsonArray a;
    for (const AxisTick &t : axisTicks(axis))
        a.append(t.label);
    return a;
}

struct Range {
    double minX = std::numeric_limits<double>::max();
    double maxX = 0;
    double maxY = 0;
    double minPositiveY = std::numeric_limits<double>::max(); ///< for log-y
    void see(const QPointF &p, bool positiveXOnly)
    {
        if (p.y() > 0)
            minPositiveY = std::min(minPositiveY, p.y());
        if (!positiveXOnly || p.x() > 0) {
            minX = std::min(minX, p.x());
            maxX = std::max(maxX, p.x());
        }
        maxY = std::max(maxY, p.y());
    }
    bool hasX() const { return maxX > 0 && minX <= maxX; }
};

/// On a log y axis a point at 0 (or below) has no place: left out of its curve, which breaks
/// there as at a stage without a value.
void dropNonPositiveY(QList<ChartSeries> *series)
{
    for (ChartSeries &s : *series) {
        ChartSeries kept;
        const QList<QList<QPointF>> pieces = s.segments();
        for (const QList<QPointF> &piece : pieces) {
            kept.add(std::nullopt);
            for (const QPointF &p : piece)
                kept.add(p.y() > 0 ? std::optional<QPointF>(p) : std::nullopt);
        }
        s.points = kept.points;
        s.breaks = kept.breaks;
    }
}

/// The y range: log10 over the positive values (ChartOptions::logY), else from 0.
void fitYRange(ChartAxis *y, const Range &r, bool logY)
{
    if (logY) {
        fitLog10Range(y, r.maxY > 0 ? r.minPositiveY : 0, r.maxY);
        y->title.replace(QStringLiteral(" ("), QStringLiteral(" (log, "));
    } else {
        fitZeroBasedRange(y, r.maxY);
    }
}

/// The "total" curve of source `si` (all its operations together), without points.
ChartSeries totalSeries(int si, const QString &label, bool overlay)
{
    ChartSeries s;
    s.source = si;
    s.key = QString::number(si) + QLatin1Char('\x1f') + label + QLatin1Char('\x1f')
            + QStringLiteral("\x1ftotal");
    s.name = (overlay ? shownLabel(label) + kSep : QString()) + QStringLiteral("total");
    s.legend = s.name;
    s.color =
        overlay ? shadeColor(seriesColor(si, 0, true), 0.4) : QString::fromLatin1(kTotalColor);
    s.style = LineStyle::Solid;
    s.width = 2.6;
    return s;
}

ChartModel buildLoadChart(ChartKind kind, const QList<CurveSource> &sources,
                          const ChartOptions &options)
{
    ChartModel m;
    m.kind = kind;
    for (const CurveSource &src : sources)
        if (const std::optional<LoadAxis> a = sourceLoadAxis(src)) {
            m.loadAxis = *a;
            break;
        }
    const LoadAxis axis = m.loadAxis;
    const bool overlay = sources.size() > 1;
    QList<int> pcts = options.percentiles;
    std::sort(pcts.begin(), pcts.end());
    const int top = pcts.isEmpty() ? 99 : pcts.last();

    QList<int> included;
    for (int si = 0; si < sources.size(); ++si) {
        const std::optional<LoadAxis> a = sourceLoadAxis(sources.at(si));
        if (a && *a != axis) {
            m.notes << QStringLiteral("%1 left out: %2 session is charted against %3, this "
                                      "chart is against %4.")
                           .arg(sources.at(si).label,
                                *a == LoadAxis::OfferedRate ? QStringLiteral("an arrival-rate")
                                                            : QStringLiteral("a closed"),
                                loadAxisUnit(*a), loadAxisUnit(axis));
            continue;
        }
        included << si;
    }

    // data curves
    Range r;
    for (int si : std::as_const(included)) {
        const CurveSource &src = sources.at(si);
        const QList<StageStats> stages = stagesOf(src);
        const QString prefix = overlay ? shownLabel(src.label) + kSep : QString();
        const QStringList ops = opsOf(src);
        for (int oi = 0; oi < ops.size(); ++oi) {
            const QString &op = ops.at(oi);
            if (!options.op.isEmpty() && op != options.op)
                continue;
            const QString color = seriesColor(si, oi, overlay);
            const QString keyBase =
                QString::number(si) + QLatin1Char('\x1f') + src.label + QLatin1Char('\x1f') + op;
            const QList<int> which = kind == ChartKind::LatencyVsLoad ? pcts : QList<int>{0};
            for (int p : which) {
                ChartSeries s;
                s.source = si;
                s.op = op;
                s.color = color;
                s.percentile = p;
                if (p > 0) {
                    s.key = keyBase + QLatin1Char('\x1f') + QString::number(p);
                    s.name = prefix + op + QStringLiteral(" p%1").arg(p);
                    // one legend entry per source x op; the line style tells the percentile
                    if (p == top)
                        s.legend = prefix + op;
                    s.style = percentileStyle(p);
                    s.width = percentileWidth(p);
                } else {
                    s.key = keyBase;
                    s.name = prefix + op;
                    s.legend = s.name;
                    s.style = LineStyle::Solid;
                    s.width = percentileWidth(99);
                }
                for (const StageStats &st : stages) { // no value: a gap, not a line across
                    const std::optional<double> y = yOf(kind, st, op, p);
                    s.add(y ? std::optional<QPointF>(QPointF(chartXForStage(st, axis), *y))
                            : std::nullopt);
                }
                addUncertainty(&s, kind, src, op, p, axis, options);
                for (const ChartInterval &ci : std::as_const(s.intervals)) {
                    r.see(QPointF(ci.x, ci.lo), true);
                    r.see(QPointF(ci.x, ci.hi), true);
                }
                for (const QPointF &pt : std::as_const(s.points))
                    r.see(pt, true);
                m.series << s;
            }
        }
        // a mixed profile: the successful requests of all its operations together
        if (kind == ChartKind::ThroughputVsLoad && options.op.isEmpty() && ops.size() > 1) {
            ChartSeries s = totalSeries(si, src.label, overlay);
            for (const StageStats &st : stages) {
                if (st.steadySeconds <= 0) {
                    s.add(std::nullopt);
                    continue;
                }
                double sum = 0;
                for (const OpStats &o : st.ops)
                    sum += st.throughputPerS(o);
                s.add(QPointF(chartXForStage(st, axis), sum));
            }
            for (const QPointF &pt : std::as_const(s.points))
                r.see(pt, true);
            m.series << s;
        }
    }

    m.x.title = loadAxisTitle(axis);
    m.x.unit = loadAxisUnit(axis);
    if (r.hasX())
        fitLog2Range(&m.x, r.minX, r.maxX);
    else
        fitLog2Range(&m.x, 1, 2);

    // capacity points, USL fit, client-bound bands
    for (int si : std::as_const(included)) {
        const CurveSource &src = sources.at(si);
        const QString prefix = overlay ? shownLabel(src.label) + kSep : QString();
        QHash<double, qsizetype> bandAt; // load -> its band in m.bands (this source's)
        for (const StageStats &st : src.stages) {
            const double x = chartXForStage(st, axis);
            if (!st.validity.clientBound || x <= 0)
                continue;
            // one band per load: stages of a session whose loads repeat (120,000 one-second
            // stages over 64 loads) share it, their count in its hover text
            if (const auto at = bandAt.constFind(x); at != bandAt.cend()) {
                ChartBand &same = m.bands[*at];
                same.stages << st.index;
                const qsizetype n = same.stages.size();
                QStringList shown;
                for (qsizetype k = 0; k < std::min<qsizetype>(n, 5); ++k)
                    shown << QString::number(stageNumber(same.stages.at(k)));
                same.description =
                    QStringLiteral("%1stages %2%3 at %4 %5 are client-bound")
                        .arg(prefix, shown.join(QStringLiteral(", ")),
                             n > 5 ? QStringLiteral(" and %1 more").arg(n - 5) : QString(),
                             xText(x), loadAxisUnit(axis))
                    + (same.reasons.isEmpty()
                           ? QStringLiteral(" (no reason recorded)")
                           : QStringLiteral(":\n") + same.reasons.join(QLatin1Char('\n')));
                continue;
            }
            bandAt.insert(x, m.bands.size());
            ChartBand b; // the source's own band: its colour, its legend, its reasons
            b.x0 = x / kClientBoundBandFactor;
            b.x1 = x * kClientBoundBandFactor;
            b.source = si;
            b.stage = st.index;
            b.stages = {st.index};
            b.color = overlay ? paletteColor(si) : QString::fromLatin1(kBandColor);
            b.legend = prefix + QStringLiteral("client-bound stage");
            b.reasons = st.validity.reasons;
            b.hatched = overlay && si > 0;
            b.description = QStringLiteral("%1stage %2 at %3 %4 is client-bound")
                                .arg(prefix)
                                .arg(stageNumber(st.index))
                                .arg(xText(x), loadAxisUnit(axis));
            b.description += b.reasons.isEmpty()
                                 ? QStringLiteral(" (no reason recorded)")
                                 : QStringLiteral(":\n") + b.reasons.join(QLatin1Char('\n'));
            m.bands.append(b);
        }
        const QStringList ops = opsOf(src);
        for (int oi = 0; oi < ops.size(); ++oi) {
            const QString &op = ops.at(oi);
            if (!options.op.isEmpty() && op != options.op)
                continue;
            const OpAnalysis *a = src.analysis.find(op);
            if (!a)
                continue;
            const QString color = seriesColor(si, oi, overlay);
            auto mark = [&](const QString &what, const std::optional<int> &stage,
                            const std::optional<int> &vus, const Evidence &evidence) {
                const StageStats *st = nullptr;
                for (const StageStats &s : src.stages)
                    if ((stage && s.index == *stage)
                        || (!stage && vus && axis == LoadAxis::Vus && s.vus == *vus)) {
                        st = &s;
                        break;
                    }
                if (!st)
                    return;
                const std::optional<double> y = yOf(kind, *st, op, top);
                if (!y)
                    return;
                const QPointF at(chartXForStage(*st, axis), *y);
                // two points at the same stage share one marker: "knee 2, saturation 2"
                for (ChartMarker &mk : m.markers)
                    if (mk.at == at && mk.color == color) {
                        mk.label += QStringLiteral(", %1 %2").arg(what, xText(at.x()));
                        mk.kinds << what;
                        if (!evidence.text.isEmpty())
                            mk.evidence += QLatin1Char('\n') + evidence.text;
                        return;
                    }
                ChartMarker mk;
                mk.kind = what;
                mk.kinds = {what};
                mk.at = at;
                mk.label = QStringLiteral("%1%2 %3").arg(prefix, what, xText(at.x()));
                mk.evidence = evidence.text;
                mk.color = color;
                mk.source = si;
                mk.op = op;
                m.markers << mk;
            };
            // knee and saturation are points of latency and throughput: the error-ratio chart
            // shows only the failure point (at its stage's error ratio)
            if (kind != ChartKind::ErrorRatioVsLoad) {
                mark(QStringLiteral("knee"), a->knee.stage, a->knee.vus, a->knee.evidence);
                mark(QStringLiteral("saturation"), a->saturation.stage, a->saturation.vus,
                     a->saturation.evidence);
            }
            mark(QStringLiteral("failure"), a->failure.stage, a->failure.vus, a->failure.evidence);
            // the USL is a law of throughput against concurrency (VUs): closed charts only
            if (kind == ChartKind::ThroughputVsLoad && axis == LoadAxis::Vus && a->usl.fitted
                && r.hasX() && r.maxX > r.minX) {
                ChartLine l;
                l.role = ChartLine::Role::Usl;
                l.name = QStringLiteral("%1%2 USL fit").arg(prefix, op);
                if (a->usl.nStar)
                    l.name += QStringLiteral(" (N* %1)").arg(*a->usl.nStar, 0, 'f', 1);
                l.color = color;
                l.style = LineStyle::Dashed;
                l.width = 1.6;
                const int steps = 48;
                const double l0 = std::log2(r.minX), l1 = std::log2(r.maxX);
                for (int i = 0; i <= steps; ++i) {
                    const double n = std::pow(2.0, l0 + (l1 - l0) * i / steps);
                    l.points.append(QPointF(n, a->usl.predict(n)));
                }
                m.lines << l;
            }
        }
    }
    if (!m.bands.isEmpty())
        m.bandLabel = QStringLiteral("client-bound stage");
    shareBandWidths(&m.bands);

    // the SLO, from the first source that sets the objective this chart shows
    for (int si : std::as_const(included)) {
        const SloSpec &slo = sources.at(si).slo;
        std::optional<double> y;
        QString name;
        if (kind == ChartKind::LatencyVsLoad) {
            const std::optional<double> v = top >= 99   ? slo.p99Ms
                                            : top >= 95 ? slo.p95Ms
                                                        : slo.p50Ms;
            if (v) {
                y = *v;
                name = QStringLiteral("SLO p%1 %2 ms").arg(top).arg(*v);
            }
        } else if (kind == ChartKind::ErrorRatioVsLoad && slo.errorRatio) {
            y = *slo.errorRatio * 100.0;
            name = QStringLiteral("SLO errors %1 %").arg(*y);
        }
        if (!y)
            continue;
        ChartLine l;
        l.role = ChartLine::Role::Slo;
        l.name = name;
        l.color = QString::fromLatin1(kSloColor);
        l.style = LineStyle::DashDot;
        l.width = 1.4;
        l.points = {QPointF(m.x.min, *y), QPointF(m.x.max, *y)};
        m.lines << l;
        r.maxY = std::max(r.maxY, *y); // the USL may run off the top; the SLO not
        break;
    }

    const QString against =
        axis == LoadAxis::Vus ? QStringLiteral("VUs") : QStringLiteral("offered rate");
    QString what;
    switch (kind) {
    case ChartKind::LatencyVsLoad:
        what = QStringLiteral("latency");
        m.y.title = QStringLiteral("latency (ms)");
        m.y.unit = QStringLiteral("ms");
        break;
    case ChartKind::ThroughputVsLoad:
        what = QStringLiteral("throughput");
        m.y.title = QStringLiteral("successful requests/s");
        m.y.unit = QStringLiteral("requests/s");
        break;
    default:
        what = QStringLiteral("error ratio");
        m.y.title = QStringLiteral("errors (% of requests)");
        m.y.unit = QStringLiteral("%");
        break;
    }
    QStringList titleOps;
    for (const ChartSeries &s : std::as_const(m.series))
        if (!s.op.isEmpty() && !titleOps.contains(s.op)) // the total curve has no op
            titleOps << s.op;
    if (titleOps.isEmpty() && !options.op.isEmpty())
        titleOps << options.op;
    m.title = chartTitleText(titleOps, what, against);
    fitYRange(&m.y, r, kind == ChartKind::LatencyVsLoad && options.logY);
    if (m.y.scale == AxisScale::Log10)
        dropNonPositiveY(&m.series);
    return m;
}

/// End of the measured window of `src`, s since it began: the end of its last stage (start,
/// warm-up and the steady seconds actually run); 0 (unknown) without stages or when a later
/// stage has no start time (old sessions).
double runEndS(const CurveSource &src)
{
    const QList<StageStats> stages = stagesOf(src);
    if (stages.isEmpty() || (stages.size() > 1 && stages.last().startMs <= 0))
        return 0;
    const StageStats &last = stages.last();
    return (last.startMs + last.warmupMs) / 1000.0 + last.steadySeconds;
}

/// The second (tS - 1, tS] holds the end endS (> 0) of the run strictly inside it: only part
/// of it was run, so its count is not a rate per second.
bool partialSecond(double tS, double endS)
{
    return endS > 0 && tS > endS + 1e-3 && tS - 1 < endS - 1e-3;
}

/// Stage boundaries of a time chart (defined below).
void addStageBoundaries(ChartModel *m, const QList<CurveSource> &sources);

ChartModel buildTimeChart(ChartKind kind, const QList<CurveSource> &sources,
                          const ChartOptions &options)
{
    ChartModel m;
    m.kind = kind;
    const bool latency = kind == ChartKind::LatencyOverTime;
    const bool overlay = sources.size() > 1;
    double maxT = 0;
    Range r;
    for (int si = 0; si < sources.size(); ++si) {
        const CurveSource &src = sources.at(si);
        const TimeSeries &series = src.series;
        const QString prefix = overlay ? shownLabel(src.label) + kSep : QString();
        const QString keyBase =
            QString::number(si) + QLatin1Char('\x1f') + src.label + QLatin1Char('\x1f');
        const double endS = runEndS(src);
        QStringList ops;
        for (const SeriesPoint &p : series) {
            if (!ops.contains(p.op))
                ops << p.op;
            if (!partialSecond(p.tS, endS))
                maxT = std::max(maxT, p.tS);
        }
        QMap<double, double> total; // throughput: t -> successes of every op in that second
        for (int oi = 0; oi < ops.size(); ++oi) {
            const QString &op = ops.at(oi);
            if (!options.op.isEmpty() && op != options.op)
                continue;
            const QList<int> which = latency ? QList<int>{50, 99} : QList<int>{0};
            for (int p : which) {
                ChartSeries s;
                s.source = si;
                s.op = op;
                s.percentile = p;
                const QString name = p > 0 ? op + QStringLiteral(" p%1").arg(p) : op;
                s.key = keyBase + name;
                s.name = prefix + name;
                s.legend = s.name;
                s.color = seriesColor(si, oi, overlay);
                s.style = p > 0 ? percentileStyle(p) : LineStyle::Solid;
                s.width = percentileWidth(p > 0 ? p : 99);
                for (const SeriesPoint &pt : series) {
                    if (pt.op != op)
                        continue;
                    // a second without a success has no latency: a gap, not a line across;
                    // the last second, when the run ended inside it, is left out of both
                    if (partialSecond(pt.tS, endS))
                        continue;
                    if (latency && pt.ok > 0) {
                        s.add(QPointF(pt.tS, p >= 99 ? pt.p99Ms : pt.p50Ms));
                    } else if (latency) {
                        s.add(std::nullopt);
                    } else {
                        s.add(QPointF(pt.tS, double(pt.ok)));
                        total[pt.tS] += double(pt.ok);
                    }
                }
                for (const QPointF &pt : std::as_const(s.points))
                    r.see(pt, false);
                m.series << s;
            }
        }
        // a mixed profile: the successes of all its operations together
        if (!latency && options.op.isEmpty() && ops.size() > 1) {
            ChartSeries s = totalSeries(si, src.label, overlay);
            for (auto it = total.cbegin(); it != total.cend(); ++it)
                s.points.append(QPointF(it.key(), it.value()));
            for (const QPointF &pt : std::as_const(s.points))
                r.see(pt, false);
            m.series << s;
        }
    }
    m.title =
        latency ? QStringLiteral("Latency over time") : QStringLiteral("Throughput over time");
    if (!options.op.isEmpty())
        m.title = options.op + QStringLiteral(": ") + m.title.toLower();
    m.x.title = QStringLiteral("time (s)");
    m.x.unit = QStringLiteral("s");
    fitDataRange(&m.x, 0, maxT);
    m.y.title = latency ? QStringLiteral("latency (ms)") : QStringLiteral("requests/s");
    m.y.unit = latency ? QStringLiteral("ms") : QStringLiteral("requests/s");
    fitYRange(&m.y, r, latency && options.logY);
    if (m.y.scale == AxisScale::Log10)
        dropNonPositiveY(&m.series);
    addStageBoundaries(&m, sources);
    return m;
}

/// The groups of the errors-over-time chart in drawing (and colour) order.
const QStringList &errorGroupOrder()
{
    static const QStringList order = {
        QStringLiteral("connection"), QStringLiteral("timeout"),
        QStringLiteral("tls"),        QStringLiteral("5xx"),
        QStringLiteral("429"),        QStringLiteral("4xx"),
        QStringLiteral("http_other"), QStringLiteral("invalid_response"),
        QStringLiteral("redirect")};
    return order;
}

ChartModel buildErrorTimeChart(const QList<CurveSource> &sources, const ChartOptions &options)
{
    ChartModel m;
    m.kind = ChartKind::ErrorsOverTime;
    const bool overlay = sources.size() > 1;
    double maxT = 0;
    Range r;
    const QString all = QStringLiteral("errors (all classes)");
    for (int si = 0; si < sources.size(); ++si) {
        const CurveSource &src = sources.at(si);
        const double endS = runEndS(src);
        const QString prefix = overlay ? shownLabel(src.label) + kSep : QString();
        // second -> group -> errors of every operation (or options.op) in that second
        QMap<double, QMap<QString, double>> perSecond;
        QStringList groups;
        bool classesKnown = true;
        for (const SeriesPoint &p : src.series) {
            if (partialSecond(p.tS, endS))
                continue;
            maxT = std::max(maxT, p.tS);
            QMap<QString, double> &at = perSecond[p.tS];
            if (!options.op.isEmpty() && p.op != options.op)
                continue;
            if (!p.errorClassesKnown) {
                classesKnown = false;
                at[all] += double(p.errors);
                continue;
            }
            for (auto it = p.errorClasses.cbegin(); it != p.errorClasses.cend(); ++it) {
                const QString g = errorChartGroup(it.key());
                at[g] += double(it.value());
                if (!groups.contains(g))
                    groups << g;
            }
        }
        if (!classesKnown) {
            groups = {all};
            m.notes << QStringLiteral("%1session written before error classes were kept per "
                                      "second: total errors only")
                           .arg(overlay ? shownLabel(src.label) + QStringLiteral(": ") : QString());
        } else if (groups.isEmpty() && !perSecond.isEmpty()) {
            // no error in the whole run: one curve at 0 says so (a measured 0, not a gap)
            groups = {QStringLiteral("errors")};
            m.notes << QStringLiteral("%1no errors")
                           .arg(overlay ? shownLabel(src.label) + QStringLiteral(": ") : QString());
        }
        std::sort(groups.begin(), groups.end(), [](const QString &a, const QString &b) {
            return errorGroupOrder().indexOf(a) < errorGroupOrder().indexOf(b);
        });
        for (const QString &g : std::as_const(groups)) {
            ChartSeries s;
            s.source = si;
            s.op = options.op;
            s.key = QString::number(si) + QLatin1Char('\x1f') + src.label + QLatin1Char('\x1f')
                    + QStringLiteral("errors:") + g;
            s.name = prefix + g;
            s.legend = s.name;
            const int colour = std::max<int>(0, int(errorGroupOrder().indexOf(g)));
            s.color = seriesColor(overlay ? si : 0, overlay ? 0 : colour, overlay);
            if (overlay)
                s.style = colour % 2 ? LineStyle::Dashed : LineStyle::Solid;
            s.width = 2.0;
            for (auto it = perSecond.cbegin(); it != perSecond.cend(); ++it)
                s.points.append(QPointF(it.key(), it.value().value(g, 0)));
            for (const QPointF &pt : std::as_const(s.points))
                r.see(pt, false);
            m.series << s;
        }
    }
    m.title = QStringLiteral("Errors over time");
    if (!options.op.isEmpty())
        m.title = options.op + QStringLiteral(": errors over time");
    m.x.title = QStringLiteral("time (s)");
    m.x.unit = QStringLiteral("s");
    fitDataRange(&m.x, 0, maxT);
    m.y.title = QStringLiteral("errors/s");
    m.y.unit = QStringLiteral("errors/s");
    fitYRange(&m.y, r, false);
    addStageBoundaries(&m, sources);
    return m;
}

} // namespace

QString errorChartGroup(const QString &key)
{
    if (!key.startsWith(QLatin1String("http_")))
        return key;
    const int status = key.mid(5).toInt();
    if (status == 429)
        return QStringLiteral("429");
    if (status >= 500 && status <= 599)
        return QStringLiteral("5xx");
    if (status >= 400 && status <= 499)
        return QStringLiteral("4xx");
    return QStringLiteral("http_other");
}

namespace {

/// Stage boundaries of a time chart: a vertical line where each stage after the first began.
void addStageBoundaries(ChartModel *mp, const QList<CurveSource> &sources)
{
    ChartModel &m = *mp;
    const bool overlay = sources.size() > 1;
    for (int si = 0; si < sources.size(); ++si)
        for (const StageStats &st : stagesOf(sources.at(si))) {
            const double x = st.startMs / 1000.0;
            if (st.index == 0 || x <= 0 || x > m.x.max)
                continue;
            ChartLine l;
            l.role = ChartLine::Role::StageBoundary;
            l.color = overlay ? seriesColor(si, 0, true) : QString::fromLatin1(kStageBoundaryColor);
            l.style = LineStyle::Dotted;
            l.width = 1.0;
            l.points = {QPointF(x, m.y.min), QPointF(x, m.y.max)};
            m.lines << l;
        }
}

} // namespace

QList<int> drawnLines(const ChartModel &m, int columns)
{
    QList<int> out;
    QHash<QString, int> lastColumn; // colour (session) -> column of its last boundary kept
    for (int i = 0; i < m.lines.size(); ++i) {
        const ChartLine &l = m.lines.at(i);
        if (l.role == ChartLine::Role::StageBoundary && !l.points.isEmpty()) {
            const int c = axisColumn(m.x, l.points.first().x(), std::max(1, columns));
            const auto last = lastColumn.constFind(l.color);
            if (last != lastColumn.cend() && std::abs(c - *last) < kStageBoundaryGapPx)
                continue;
            lastColumn.insert(l.color, c);
        }
        out.append(i);
    }
    return out;
}

QString chartKindName(ChartKind kind)
{
    switch (kind) {
    case ChartKind::LatencyVsLoad:
        return QStringLiteral("latency");
    case ChartKind::ThroughputVsLoad:
        return QStringLiteral("throughput");
    case ChartKind::ErrorRatioVsLoad:
        return QStringLiteral("errors");
    case ChartKind::LatencyOverTime:
        return QStringLiteral("time");
    case ChartKind::ThroughputOverTime:
        return QStringLiteral("time-throughput");
    case ChartKind::ServerMemoryVsLoad:
        return QStringLiteral("server-memory");
    case ChartKind::ServerCpuVsLoad:
        return QStringLiteral("server-cpu");
    case ChartKind::ServerLatencyVsLoad:
        return QStringLiteral("server-latency");
    case ChartKind::ServerMemoryOverTime:
        return QStringLiteral("time-server-memory");
    case ChartKind::ServerCpuOverTime:
        return QStringLiteral("time-server-cpu");
    case ChartKind::ServerLatencyOverTime:
        return QStringLiteral("time-server-latency");
    case ChartKind::ErrorsOverTime:
        return QStringLiteral("time-errors");
    }
    return QString();
}

bool chartKindFromName(const QString &name, ChartKind *out)
{
    for (ChartKind k :
         {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad,
          ChartKind::LatencyOverTime, ChartKind::ThroughputOverTime, ChartKind::ServerMemoryVsLoad,
          ChartKind::ServerCpuVsLoad, ChartKind::ServerLatencyVsLoad,
          ChartKind::ServerMemoryOverTime, ChartKind::ServerCpuOverTime,
          ChartKind::ServerLatencyOverTime, ChartKind::ErrorsOverTime})
        if (chartKindName(k) == name) {
            *out = k;
            return true;
        }
    return false;
}

bool isLoadChart(ChartKind kind)
{
    return kind == ChartKind::LatencyVsLoad || kind == ChartKind::ThroughputVsLoad
           || kind == ChartKind::ErrorRatioVsLoad;
}

bool isServerChart(ChartKind kind)
{
    return kind == ChartKind::ServerMemoryVsLoad || kind == ChartKind::ServerCpuVsLoad
           || kind == ChartKind::ServerLatencyVsLoad || kind == ChartKind::ServerMemoryOverTime
           || kind == ChartKind::ServerCpuOverTime || kind == ChartKind::ServerLatencyOverTime;
}

bool isServerOverTimeChart(ChartKind kind)
{
    return kind == ChartKind::ServerMemoryOverTime || kind == ChartKind::ServerCpuOverTime
           || kind == ChartKind::ServerLatencyOverTime;
}

LoadAxis loadAxisOf(const CurveSource &source)
{
    return source.openModel ? LoadAxis::OfferedRate : LoadAxis::Vus;
}

double chartXForStage(const StageStats &stage, LoadAxis axis)
{
    return axis == LoadAxis::OfferedRate ? stage.rate : double(stage.vus);
}

QString loadAxisTitle(LoadAxis axis)
{
    return axis == LoadAxis::OfferedRate ? QStringLiteral("offered rate (starts/s, log2)")
                                         : QStringLiteral("VUs (log2)");
}

QString loadAxisUnit(LoadAxis axis)
{
    return axis == LoadAxis::OfferedRate ? QStringLiteral("starts/s") : QStringLiteral("VUs");
}

ChartModel buildChartModel(ChartKind kind, const QList<CurveSource> &sources,
                           const ChartOptions &options)
{
    ChartModel m = isServerChart(kind)                 ? buildServerChartModel(kind, sources)
                   : isLoadChart(kind)                 ? buildLoadChart(kind, sources, options)
                   : kind == ChartKind::ErrorsOverTime ? buildErrorTimeChart(sources, options)
                                                       : buildTimeChart(kind, sources, options);
    // a curve ending in stages without a value just ends: no break without a point after it
    for (ChartSeries &s : m.series)
        s.breaks.removeIf([&s](int i) { return i <= 0 || i >= s.points.size(); });
    // the server's charts over time draw the first source only: name that one; every other
    // chart draws every source
    const bool firstOnly = isServerOverTimeChart(kind);
    m.subtitle = chartSubtitle(firstOnly ? sources.mid(0, 1) : sources);
    return m;
}

void ChartSeries::add(const std::optional<QPointF> &p)
{
    if (p)
        points.append(*p);
    else if (!points.isEmpty() && (breaks.isEmpty() || breaks.last() != points.size()))
        breaks.append(int(points.size()));
}

QList<QList<QPointF>> ChartSeries::segments() const
{
    QList<QList<QPointF>> out;
    qsizetype from = 0;
    for (int b : breaks)
        if (b > from && b < points.size()) {
            out.append(points.mid(from, b - from));
            from = b;
        }
    if (from < points.size())
        out.append(points.mid(from));
    return out;
}

bool ChartSeries::operator==(const ChartSeries &o) const
{
    return key == o.key && name == o.name && legend == o.legend && source == o.source && op == o.op
           && percentile == o.percentile && color == o.color && style == o.style && width == o.width
           && points == o.points && breaks == o.breaks && intervals == o.intervals
           && intervalTitle == o.intervalTitle && replicatePoints == o.replicatePoints;
}

bool ChartMarker::operator==(const ChartMarker &o) const
{
    return kind == o.kind && kinds == o.kinds && at == o.at && label == o.label
           && evidence == o.evidence && color == o.color && source == o.source && op == o.op;
}

bool ChartLine::operator==(const ChartLine &o) const
{
    return role == o.role && name == o.name && color == o.color && style == o.style
           && width == o.width && points == o.points;
}

bool ChartModel::isEmpty() const
{
    for (const ChartSeries &s : series)
        if (!s.points.isEmpty())
            return false;
    return true;
}

QList<LegendEntry> ChartModel::legend() const
{
    QList<LegendEntry> out;
    // the percentile key: which line style is which percentile, for curves whose own entry
    // names the session x op only
    QList<int> keyed;
    for (const ChartSeries &s : series)
        if (s.percentile > 0 && s.legend.isEmpty() && !keyed.contains(s.percentile))
            keyed << s.percentile;
    for (const ChartSeries &s : series) // the percentile with the entry is keyed as well
        if (s.percentile > 0 && !s.legend.isEmpty() && !keyed.isEmpty()
            && !keyed.contains(s.percentile))
            keyed << s.percentile;
    std::sort(keyed.begin(), keyed.end());
    // a curve's own entry: solid when the key tells the percentiles apart, else in the curve's
    // style (the time charts name "p50" and "p99" in each entry)
    for (const ChartSeries &s : series)
        if (!s.legend.isEmpty())
            out.append({LegendEntry::Kind::Line, s.legend, s.color,
                        keyed.isEmpty() ? s.style : LineStyle::Solid});
    for (int p : std::as_const(keyed))
        out.append({LegendEntry::Kind::Line, QStringLiteral("p%1").arg(p),
                    QString::fromLatin1(kPercentileKeyColor), percentileStyle(p)});
    for (const ChartLine &l : lines)
        if (l.role != ChartLine::Role::StageBoundary)
            out.append({LegendEntry::Kind::Line, l.name, l.color, l.style});
    QList<int> banded; // one entry per source with bands, in source order
    for (const ChartBand &b : bands)
        if (!banded.contains(b.source)) {
            banded.append(b.source);
            out.append({LegendEntry::Kind::Band, b.legend, b.color, LineStyle::Solid, b.hatched});
        }
    return out;
}

QJsonObject chartData(const ChartModel &m)
{
    QJsonArray series, markers, bands, lines;
    for (const ChartSeries &s : m.series) {
        QJsonArray gaps;
        const QList<QList<QPointF>> pieces = s.segments();
        for (int i = 1; i < pieces.size(); ++i)
            gaps.append(QJsonArray{pieces.at(i - 1).last().x(), pieces.at(i).first().x()});
        QJsonObject so{{QStringLiteral("name"), s.name},
                       {QStringLiteral("points"), pointsJson(s.points)},
                       {QStringLiteral("gaps"), gaps}};
        if (!s.intervals.isEmpty()) {
            QJsonArray iv;
            for (const ChartInterval &ci : s.intervals)
                iv.append(QJsonArray{ci.x, ci.lo, ci.hi});
            so.insert(QStringLiteral("intervals"), iv);
            so.insert(QStringLiteral("interval_title"), s.intervalTitle);
        }
        if (!s.replicatePoints.isEmpty())
            so.insert(QStringLiteral("replicates"), pointsJson(s.replicatePoints));
        series.append(so);
    }
    for (const ChartMarker &mk : m.markers)
        markers.append(QJsonObject{{QStringLiteral("kind"), mk.kind},
                                   {QStringLiteral("label"), mk.label},
                                   {QStringLiteral("x"), mk.at.x()},
                                   {QStringLiteral("y"), mk.at.y()}});
    for (const ChartBand &b : m.bands)
        bands.append(QJsonArray{b.x0, b.x1});
    for (const ChartLine &l : m.lines)
        lines.append(QJsonObject{{QStringLiteral("name"), l.name},
                                 {QStringLiteral("points"), pointsJson(l.points)}});
    QJsonArray legendTexts;
    for (const LegendEntry &e : m.legend())
        legendTexts.append(e.text);
    return QJsonObject{{QStringLiteral("title"), m.title},
                       {QStringLiteral("subtitle"), m.subtitle},
                       {QStringLiteral("legend"), legendTexts},
                       {QStringLiteral("x_title"), m.x.title},
                       {QStringLiteral("y_title"), m.y.title},
                       {QStringLiteral("series"), series},
                       {QStringLiteral("markers"), markers},
                       {QStringLiteral("bands"), bands},
                       {QStringLiteral("lines"), lines},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(m.notes)},
                       {QStringLiteral("x_ticks"), tickLabels(m.x)},
                       {QStringLiteral("y_ticks"), tickLabels(m.y)}};
}

} // namespace vw
