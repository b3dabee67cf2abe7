#include "charts/serverchartmodel.h"

#include "charts/charttitle.h"

#include <algorithm>
#include <functional>

namespace vw {

namespace {

const QString kSep = QStringLiteral(" · ");
constexpr double kMiB = 1048576.0;

/// Why `src` draws nothing: a live run has its server telemetry when it ends.
QString missingNote(const CurveSource &src)
{
    return src.hasPartial
               ? QStringLiteral("%1: server metrics are shown when the run ends").arg(src.label)
               : QStringLiteral("%1: not assessed (no server metrics)").arg(src.label);
}

/// Why a source with server telemetry draws nothing on this chart.
QString notReportedNote(const CurveSource &src, ChartKind kind)
{
    const QString what =
        kind == ChartKind::ServerMemoryVsLoad || kind == ChartKind::ServerMemoryOverTime
            ? QStringLiteral("memory")
        : kind == ChartKind::ServerLatencyVsLoad ? QStringLiteral("request time")
                                                 : QStringLiteral("CPU");
    return QStringLiteral("%1: the server's telemetry (%2) has no %3 figure for these stages")
        .arg(src.label, src.server.source, what);
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

} // namespace

ChartModel buildServerChartModel(ChartKind kind, const QList<CurveSource> &sources)
{
    ChartModel m;
    m.kind = kind;
    const bool overTime =
        kind == ChartKind::ServerMemoryOverTime || kind == ChartKind::ServerCpuOverTime;
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
            m.notes << missingNote(src);
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
        if (src.server.collected() && m.isEmpty())
            m.notes << notReportedNote(src, kind);
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
                m.notes << missingNote(src);
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
                m.notes << notReportedNote(src, kind);
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
