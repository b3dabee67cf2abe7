#include "charts/serverchartmodel.h"

#include "charts/charttitle.h"

#include <algorithm>
#include <functional>

namespace vw {

namespace {

const QString kSep = QStringLiteral(" · ");
constexpr double kMiB = 1048576.0;

/// What a server chart of `kind` shows, in words ("memory", "CPU", "request time").
QString figureOf(ChartKind kind)
{
    return kind == ChartKind::ServerMemoryVsLoad || kind == ChartKind::ServerMemoryOverTime
               ? QStringLiteral("memory")
           : kind == ChartKind::ServerLatencyVsLoad || kind == ChartKind::ServerLatencyOverTime
               ? QStringLiteral("request time")
               : QStringLiteral("CPU");
}

/// Why `src` has nothing to draw on a chart of `kind`.
QString noDataReason(const CurveSource &src, ChartKind kind)
{
    if (src.server.collected()) {
        if (src.live && !isServerOverTimeChart(kind) && src.stages.isEmpty())
            return QStringLiteral("no stage has finished yet");
        return QStringLiteral("the server's telemetry (%1) has no %2 figure for these %3")
            .arg(src.server.source, figureOf(kind),
                 isServerOverTimeChart(kind) ? QStringLiteral("seconds")
                                             : QStringLiteral("stages"));
    }
    if (!src.server.notes.isEmpty())
        return src.server.notes.join(QStringLiteral("; "));
    if (src.live)
        return QStringLiteral("waiting for its first reading, a second into the stages");
    return QStringLiteral("this session has no server telemetry");
}

/// The chart's note for a source that draws nothing.
QString missingNote(const CurveSource &src, ChartKind kind)
{
    return QStringLiteral("%1: no data from the server (%2)")
        .arg(src.label, noDataReason(src, kind));
}

/// The known one of a server figure and its /proc fallback.
double either(double fromMetrics, double fromProc)
{
    return serverKnown(fromMetrics) ? fromMetrics : fromProc;
}

/// One curve of a chart: its name, line and the value per stage / per sample.
struct CurveSpec {
    QString name;
    LineStyle style;
    std::function<double(const StageStats &, const ServerStageStats *)> perStage;
    std::function<double(const ServerSample &)> perSample;
};

QList<CurveSpec> curvesOf(ChartKind kind)
{
    switch (kind) {
    case ChartKind::ServerMemoryVsLoad:
    case ChartKind::ServerMemoryOverTime:
        return {
            {QStringLiteral("server resident memory"), LineStyle::Solid,
             [](const StageStats &, const ServerStageStats *s) {
                 return either(s->rssMeanBytes, s->procRssMeanBytes) / kMiB;
             },
             [](const ServerSample &x) { return either(x.rssBytes, x.procRssBytes) / kMiB; }},
            {QStringLiteral("server Go heap in use"), LineStyle::Dotted,
             [](const StageStats &, const ServerStageStats *s) {
                 return s->heapInUseMeanBytes / kMiB;
             },
             [](const ServerSample &x) { return x.heapInUseBytes / kMiB; }},
        };
    case ChartKind::ServerCpuVsLoad:
    case ChartKind::ServerCpuOverTime:
        return {
            {QStringLiteral("server CPU"), LineStyle::Solid,
             [](const StageStats &, const ServerStageStats *s) {
                 return either(s->coresBusyMean, s->procCoresBusyMean);
             },
             [](const ServerSample &x) { return either(x.coresBusy, x.procCoresBusy); }},
        };
    case ChartKind::ServerLatencyOverTime: // the client's lines come from the series
        return {
            {QStringLiteral("server-side request time (mean)"), LineStyle::Dashed, nullptr,
             [](const ServerSample &x) { return x.handleRequestMs; }},
            {QStringLiteral("server-side request time p99"), LineStyle::Dotted, nullptr,
             [](const ServerSample &x) { return x.handleRequestP99Ms; }},
        };
    default: // ServerLatencyVsLoad
        return {
            {QStringLiteral("client mean latency"), LineStyle::Solid,
             [](const StageStats &st, const ServerStageStats *) {
                 const double ms = st.meanLatencyS() * 1000.0;
                 return ms > 0 ? ms : kServerUnknown;
             },
             nullptr},
            {QStringLiteral("server-side request time"), LineStyle::Dashed,
             [](const StageStats &, const ServerStageStats *s) { return s->handleRequestMs; },
             nullptr},
        };
    }
}

void setYAxis(ChartKind kind, ChartModel *m)
{
    switch (kind) {
    case ChartKind::ServerMemoryVsLoad:
    case ChartKind::ServerMemoryOverTime:
        m->y.title = QStringLiteral("server memory (MiB)");
        m->y.unit = QStringLiteral("MiB");
        break;
    case ChartKind::ServerCpuVsLoad:
    case ChartKind::ServerCpuOverTime:
        m->y.title = QStringLiteral("server CPU (cores busy)");
        m->y.unit = QStringLiteral("cores");
        break;
    case ChartKind::ServerLatencyOverTime:
        m->y.title = QStringLiteral("latency (ms)");
        m->y.unit = QStringLiteral("ms");
        break;
    default:
        m->y.title = QStringLiteral("mean latency (ms)");
        m->y.unit = QStringLiteral("ms");
        break;
    }
}

QString titleOf(ChartKind kind, LoadAxis axis)
{
    const QString against =
        axis == LoadAxis::Vus ? QStringLiteral("VUs") : QStringLiteral("offered rate");
    switch (kind) {
    case ChartKind::ServerMemoryVsLoad:
        return QStringLiteral("Server memory vs %1").arg(against);
    case ChartKind::ServerCpuVsLoad:
        return QStringLiteral("Server CPU vs %1").arg(against);
    case ChartKind::ServerLatencyVsLoad:
        return QStringLiteral("Server-side vs client latency vs %1").arg(against);
    case ChartKind::ServerMemoryOverTime:
        return QStringLiteral("Server memory over time");
    case ChartKind::ServerLatencyOverTime:
        return QStringLiteral("Server-side vs client latency over time");
    default:
        return QStringLiteral("Server CPU over time");
    }
}

/// The cores line ("all 2 cores"), from the first source that knows its server's cores.
void addCoresLine(const QList<CurveSource> &sources, ChartModel *m, double *maxY)
{
    for (const CurveSource &src : sources) {
        if (!serverKnown(src.server.serverCores))
            continue;
        ChartLine l;
        l.role = ChartLine::Role::Limit;
        l.name = QStringLiteral("all %1 cores of the server").arg(src.server.serverCores);
        l.color = QString::fromLatin1(kSloColor);
        l.style = LineStyle::DashDot;
        l.width = 1.4;
        l.points = {QPointF(m->x.min, src.server.serverCores),
                    QPointF(m->x.max, src.server.serverCores)};
        m->lines << l;
        *maxY = std::max(*maxY, src.server.serverCores);
        return;
    }
}

/// The client's p50 and p99 per operation and second (the series, steady and warm-up seconds
/// with a success), beside the server's request time; a colour each, after the server's
/// `first`.
void addClientLatencyOverTime(const CurveSource &src, int first, ChartModel *m,
                              const std::function<void(const QPointF &)> &see)
{
    QStringList ops;
    for (const SeriesPoint &p : src.series)
        if (!ops.contains(p.op))
            ops << p.op;
    int ci = first;
    for (const QString &op : std::as_const(ops)) {
        for (int pct : {50, 99}) {
            ChartSeries s;
            s.op = op;
            s.percentile = pct;
            s.name = QStringLiteral("%1 client p%2").arg(op).arg(pct);
            s.key = s.name;
            s.legend = s.name;
            s.color = paletteColor(ci++); // a colour per line: p50 and p99 apart
            s.style = LineStyle::Solid;
            s.width = percentileWidth(pct);
            for (const SeriesPoint &p : src.series) {
                if (p.op != op)
                    continue;
                const double y = pct == 50 ? p.p50Ms : p.p99Ms;
                s.add(p.ok > 0 && y > 0 ? std::optional<QPointF>(QPointF(p.tS, y)) : std::nullopt);
            }
            for (const QPointF &p : std::as_const(s.points))
                see(p);
            m->series << s;
        }
    }
}

/// A curve of the server's own figures has a point (the client's lines aside).
bool hasServerPoints(const ChartModel &m)
{
    for (const ChartSeries &s : m.series)
        if (s.percentile == 0 && !s.points.isEmpty())
            return true;
    return false;
}

} // namespace

QString serverChartNoDataText(ChartKind kind, const QList<CurveSource> &sources,
                              const ChartModel &model)
{
    if (hasServerPoints(model))
        return QString();
    return QStringLiteral("no data from the server (%1)")
        .arg(noDataReason(sources.isEmpty() ? CurveSource() : sources.first(), kind));
}

ChartModel buildServerChartModel(ChartKind kind, const QList<CurveSource> &sources)
{
    ChartModel m;
    m.kind = kind;
    const bool overTime = isServerOverTimeChart(kind);
    const QList<CurveSpec> curves = curvesOf(kind);
    double minX = 0, maxX = 0, maxY = 0;
    bool haveX = false;
    auto see = [&](const QPointF &p) {
        minX = haveX ? std::min(minX, p.x()) : p.x();
        maxX = haveX ? std::max(maxX, p.x()) : p.x();
        haveX = true;
        maxY = std::max(maxY, p.y());
    };

    if (overTime) {
        const CurveSource src = sources.isEmpty() ? CurveSource() : sources.first();
        if (!src.server.collected())
            m.notes << missingNote(src, kind);
        for (int ci = 0; ci < curves.size(); ++ci) {
            ChartSeries s;
            s.name = curves.at(ci).name;
            s.key = s.name;
            s.legend = s.name;
            s.color = paletteColor(ci);
            s.style = curves.at(ci).style;
            s.width = percentileWidth(99);
            for (const ServerSample &x : src.server.samples) {
                const double y = curves.at(ci).perSample(x); // unknown: a gap
                s.add(serverKnown(y) ? std::optional<QPointF>(QPointF(x.tS, y)) : std::nullopt);
            }
            for (const QPointF &p : std::as_const(s.points))
                see(p);
            m.series << s;
        }
        if (kind == ChartKind::ServerLatencyOverTime)
            addClientLatencyOverTime(src, int(curves.size()), &m, see);
        if (src.server.collected() && !hasServerPoints(m))
            m.notes << missingNote(src, kind);
        m.x.title = QStringLiteral("time (s)");
        m.x.unit = QStringLiteral("s");
        fitDataRange(&m.x, 0, maxX); // the data's extent (chartaxes.h)
    } else {
        // One load axis, as the client's charts: the first source with a stage decides.
        for (const CurveSource &src : sources)
            if (!src.stages.isEmpty()) {
                m.loadAxis = loadAxisOf(src);
                break;
            }
        const bool overlay = sources.size() > 1;
        for (int si = 0; si < sources.size(); ++si) {
            const CurveSource &src = sources.at(si);
            if (!src.stages.isEmpty() && loadAxisOf(src) != m.loadAxis) {
                m.notes << QStringLiteral(
                               "%1 left out: charted against %2, this chart is against %3.")
                               .arg(src.label, loadAxisUnit(loadAxisOf(src)),
                                    loadAxisUnit(m.loadAxis));
                continue;
            }
            if (!src.server.collected()) {
                m.notes << missingNote(src, kind);
                continue;
            }
            const QString prefix = overlay ? shownLabel(src.label) + kSep : QString();
            bool drawn = false;
            for (int ci = 0; ci < curves.size(); ++ci) {
                ChartSeries s;
                s.source = si;
                s.name = prefix + curves.at(ci).name;
                s.key = QString::number(si) + QLatin1Char('\x1f') + s.name;
                s.legend = s.name;
                s.color = seriesColor(si, ci, overlay);
                s.style = curves.at(ci).style;
                s.width = percentileWidth(99);
                for (const StageStats &st : src.stages) {
                    const ServerStageStats *ss = src.server.stage(st.index);
                    if (!ss || ss->samples == 0) {
                        s.add(std::nullopt); // "-", never 0: a gap in the curve
                        continue;
                    }
                    const double x = chartXForStage(st, m.loadAxis);
                    const double y = curves.at(ci).perStage(st, ss);
                    s.add(x > 0 && serverKnown(y) ? std::optional<QPointF>(QPointF(x, y))
                                                  : std::nullopt);
                }
                for (const QPointF &p : std::as_const(s.points))
                    see(p);
                drawn = drawn || !s.points.isEmpty();
                m.series << s;
            }
            if (!drawn)
                m.notes << missingNote(src, kind);
        }
        m.x.title = loadAxisTitle(m.loadAxis);
        m.x.unit = loadAxisUnit(m.loadAxis);
        if (haveX)
            fitLog2Range(&m.x, minX, maxX);
        else
            fitLog2Range(&m.x, 1, 2);
    }
    if (kind == ChartKind::ServerCpuVsLoad || kind == ChartKind::ServerCpuOverTime)
        addCoresLine(sources, &m, &maxY);
    m.title = titleOf(kind, m.loadAxis);
    setYAxis(kind, &m);
    fitZeroBasedRange(&m.y, maxY);
    return m;
}

} // namespace vw
