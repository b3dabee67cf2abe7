#include "report/chartmodel.h"

#include "report/charttitle.h"
#include "report/serverchartmodel.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace vw {

namespace {

const QString kSep = QStringLiteral(" · ");

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

struct Range {
    double minX = std::numeric_limits<double>::max();
    double maxX = 0;
    double maxY = 0;
    void see(const QPointF &p, bool positiveXOnly)
    {
        if (!positiveXOnly || p.x() > 0) {
            minX = std::min(minX, p.x());
            maxX = std::max(maxX, p.x());
        }
        maxY = std::max(maxY, p.y());
    }
    bool hasX() const { return maxX > 0 && minX <= maxX; }
};

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
        const QString prefix = overlay ? src.label + kSep : QString();
        const QStringList ops = opsOf(src);
        for (int oi = 0; oi < ops.size(); ++oi) {
            const QString &op = ops.at(oi);
            if (!options.op.isEmpty() && op != options.op)
                continue;
            const QString color = seriesColor(si, oi, overlay);
            const QString keyBase = QString::number(si) + QLatin1Char('\x1f') + src.label
                                    + QLatin1Char('\x1f') + op;
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
                for (const StageStats &st : stages) {
                    if (const std::optional<double> y = yOf(kind, st, op, p))
                        s.points.append(QPointF(chartXForStage(st, axis), *y));
                }
                for (const QPointF &pt : std::as_const(s.points))
                    r.see(pt, true);
                m.series << s;
            }
        }
    }

    m.x.title = loadAxisTitle(axis);
    m.x.unit = loadAxisUnit(axis);
    m.x.labelFormat = QStringLiteral("%g");
    if (r.hasX())
        fitLog2Range(&m.x, r.minX, r.maxX);
    else
        fitLog2Range(&m.x, 1, 2);

    // capacity points, USL fit, client-bound bands
    for (int si : std::as_const(included)) {
        const CurveSource &src = sources.at(si);
        const QString prefix = overlay ? src.label + kSep : QString();
        for (const StageStats &st : src.stages)
            if (st.validity.clientBound && chartXForStage(st, axis) > 0)
                m.bands.append({chartXForStage(st, axis) / kClientBoundBandFactor,
                                chartXForStage(st, axis) * kClientBoundBandFactor, si, st.index});
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
                    if ((stage && s.index == *stage) || (!stage && vus && axis == LoadAxis::Vus && s.vus == *vus)) {
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
            mark(QStringLiteral("knee"), a->knee.stage, a->knee.vus, a->knee.evidence);
            mark(QStringLiteral("saturation"), a->saturation.stage, a->saturation.vus,
                 a->saturation.evidence);
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

    // the SLO, from the first source that sets the objective this chart shows
    for (int si : std::as_const(included)) {
        const SloSpec &slo = sources.at(si).slo;
        std::optional<double> y;
        QString name;
        if (kind == ChartKind::LatencyVsLoad) {
            const std::optional<double> v = top >= 99 ? slo.p99Ms : top >= 95 ? slo.p95Ms : slo.p50Ms;
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
        r.maxY = std::max(r.maxY, *y);   // the USL may run off the top; the SLO not
        break;
    }

    const QString against = axis == LoadAxis::Vus ? QStringLiteral("VUs") : QStringLiteral("offered rate");
    QString what;
    switch (kind) {
    case ChartKind::LatencyVsLoad:
        what = QStringLiteral("latency");
        m.y.title = QStringLiteral("latency (ms)");
        m.y.unit = QStringLiteral("ms");
        m.y.labelFormat = QStringLiteral("%.3g");
        break;
    case ChartKind::ThroughputVsLoad:
        what = QStringLiteral("throughput");
        m.y.title = QStringLiteral("successful requests/s");
        m.y.unit = QStringLiteral("requests/s");
        m.y.labelFormat = QStringLiteral("%.0f");
        break;
    default:
        what = QStringLiteral("error ratio");
        m.y.title = QStringLiteral("errors (% of requests)");
        m.y.unit = QStringLiteral("%");
        m.y.labelFormat = QStringLiteral("%.3g");
        break;
    }
    QStringList titleOps;
    for (const ChartSeries &s : std::as_const(m.series))
        if (!titleOps.contains(s.op))
            titleOps << s.op;
    if (titleOps.isEmpty() && !options.op.isEmpty())
        titleOps << options.op;
    m.title = chartTitleText(titleOps, what, against);
    fitZeroBasedRange(&m.y, r.maxY);
    return m;
}

ChartModel buildTimeChart(ChartKind kind, const QList<CurveSource> &sources,
                          const ChartOptions &options)
{
    ChartModel m;
    m.kind = kind;
    const bool latency = kind == ChartKind::LatencyOverTime;
    const TimeSeries series = sources.isEmpty() ? TimeSeries() : sources.first().series;
    QStringList ops;
    double maxT = 0;
    for (const SeriesPoint &p : series) {
        if (!ops.contains(p.op))
            ops << p.op;
        maxT = std::max(maxT, p.tS);
    }
    Range r;
    for (int oi = 0; oi < ops.size(); ++oi) {
        const QString &op = ops.at(oi);
        if (!options.op.isEmpty() && op != options.op)
            continue;
        const QList<int> which = latency ? QList<int>{50, 99} : QList<int>{0};
        for (int p : which) {
            ChartSeries s;
            s.op = op;
            s.percentile = p;
            s.key = p > 0 ? op + QStringLiteral(" p%1").arg(p) : op;
            s.name = s.key;
            s.legend = s.key;
            s.color = paletteColor(oi);
            s.style = p > 0 ? percentileStyle(p) : LineStyle::Solid;
            s.width = percentileWidth(p > 0 ? p : 99);
            for (const SeriesPoint &pt : series) {
                if (pt.op != op)
                    continue;
                if (latency && pt.ok > 0)
                    s.points.append(QPointF(pt.tS, p >= 99 ? pt.p99Ms : pt.p50Ms));
                else if (!latency)
                    s.points.append(QPointF(pt.tS, double(pt.ok)));
            }
            for (const QPointF &pt : std::as_const(s.points))
                r.see(pt, false);
            m.series << s;
        }
    }
    m.title = latency ? QStringLiteral("Latency over time") : QStringLiteral("Throughput over time");
    if (!options.op.isEmpty())
        m.title = options.op + QStringLiteral(": ") + m.title.toLower();
    m.x.title = QStringLiteral("time (s)");
    m.x.unit = QStringLiteral("s");
    m.x.labelFormat = QStringLiteral("%.0f");
    fitNiceRange(&m.x, 0, std::max(10.0, maxT));
    m.y.title = latency ? QStringLiteral("latency (ms)") : QStringLiteral("requests/s");
    m.y.unit = latency ? QStringLiteral("ms") : QStringLiteral("requests/s");
    m.y.labelFormat = latency ? QStringLiteral("%.3g") : QStringLiteral("%.0f");
    fitZeroBasedRange(&m.y, r.maxY);
    return m;
}

} // namespace

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
    }
    return QString();
}

bool chartKindFromName(const QString &name, ChartKind *out)
{
    for (ChartKind k : {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad,
                        ChartKind::ErrorRatioVsLoad, ChartKind::LatencyOverTime,
                        ChartKind::ThroughputOverTime, ChartKind::ServerMemoryVsLoad,
                        ChartKind::ServerCpuVsLoad, ChartKind::ServerLatencyVsLoad,
                        ChartKind::ServerMemoryOverTime, ChartKind::ServerCpuOverTime})
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
           || kind == ChartKind::ServerCpuOverTime;
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
    ChartModel m = isServerChart(kind) ? buildServerChartModel(kind, sources)
                   : isLoadChart(kind) ? buildLoadChart(kind, sources, options)
                                       : buildTimeChart(kind, sources, options);
    // the time charts draw the first source only: name that one
    m.subtitle = chartSubtitle(isLoadChart(kind) || sources.isEmpty() ? sources
                                                                      : sources.mid(0, 1));
    return m;
}

bool ChartSeries::operator==(const ChartSeries &o) const
{
    return key == o.key && name == o.name && legend == o.legend && source == o.source
           && op == o.op && percentile == o.percentile && color == o.color && style == o.style
           && width == o.width && points == o.points;
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
    for (const ChartSeries &s : series)
        if (!s.legend.isEmpty())
            out.append({LegendEntry::Kind::Line, s.legend, s.color, LineStyle::Solid});
    // the percentile key: which line style is which percentile, for curves whose own entry
    // names the session x op only
    QList<int> keyed;
    for (const ChartSeries &s : series)
        if (s.percentile > 0 && s.legend.isEmpty() && !keyed.contains(s.percentile))
            keyed << s.percentile;
    for (const ChartSeries &s : series)   // the percentile with the entry is keyed as well
        if (s.percentile > 0 && !s.legend.isEmpty() && !keyed.isEmpty()
            && !keyed.contains(s.percentile))
            keyed << s.percentile;
    std::sort(keyed.begin(), keyed.end());
    for (int p : std::as_const(keyed))
        out.append({LegendEntry::Kind::Line, QStringLiteral("p%1").arg(p),
                    QString::fromLatin1(kPercentileKeyColor), percentileStyle(p)});
    for (const ChartLine &l : lines)
        out.append({LegendEntry::Kind::Line, l.name, l.color, l.style});
    if (!bands.isEmpty())
        out.append({LegendEntry::Kind::Band, bandLabel, QString::fromLatin1(kBandColor),
                    LineStyle::Solid});
    return out;
}

QJsonObject chartData(const ChartModel &m)
{
    QJsonArray series, markers, bands, lines;
    for (const ChartSeries &s : m.series)
        series.append(QJsonObject{{QStringLiteral("name"), s.name},
                                  {QStringLiteral("points"), pointsJson(s.points)}});
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
                       {QStringLiteral("notes"), QJsonArray::fromStringList(m.notes)}};
}

} // namespace vw
