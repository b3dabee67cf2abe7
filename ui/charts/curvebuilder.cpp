#include "charts/curvebuilder.h"

#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"

namespace vw {

namespace {

template <typename F>
QList<QPointF> perStage(const CurveSource &source, const QString &op, F value)
{
    QList<QPointF> out;
    out.reserve(source.stages.size() + 1);
    auto add = [&](const StageStats &s) {
        if (const OpStats *o = s.find(op)) {
            double y = 0;
            if (value(s, *o, &y))
                out.append(QPointF(s.vus, y));
        }
    };
    for (const StageStats &s : source.stages)
        add(s);
    if (source.hasPartial)
        add(source.partial);
    return out;
}

} // namespace

QStringList curveOps(const CurveSource &source)
{
    QStringList ops;
    auto collect = [&](const StageStats &s) {
        for (const OpStats &o : s.ops)
            if (!ops.contains(o.op))
                ops << o.op;
    };
    for (const StageStats &s : source.stages)
        collect(s);
    if (source.hasPartial)
        collect(source.partial);
    return ops;
}

QList<QPointF> latencyCurve(const CurveSource &source, const QString &op, double percentile)
{
    return perStage(source, op, [percentile](const StageStats &, const OpStats &o, double *y) {
        if (o.latency.count() == 0)
            return false;
        *y = double(o.latency.valueAtPercentileUs(percentile)) / 1000.0;
        return true;
    });
}

QList<QPointF> throughputCurve(const CurveSource &source, const QString &op)
{
    return perStage(source, op, [](const StageStats &s, const OpStats &o, double *y) {
        if (s.steadySeconds <= 0)
            return false;
        *y = s.throughputPerS(o);
        return true;
    });
}

QList<QPointF> errorRatioCurve(const CurveSource &source, const QString &op)
{
    return perStage(source, op, [](const StageStats &, const OpStats &o, double *y) {
        if (o.count <= 0)
            return false;
        *y = o.errorRatio() * 100.0;
        return true;
    });
}

QList<QPointF> timeThroughputCurve(const TimeSeries &series, const QString &op)
{
    QList<QPointF> out;
    for (const SeriesPoint &p : series)
        if (p.op == op)
            out.append(QPointF(p.tS, double(p.ok)));
    return out;
}

CurveSource curveSourceFromSession(const Session &session, const QString &label)
{
    CurveSource src;
    src.label = label;
    src.stages = session.stages;
    src.series = session.series;
    src.analysis = sessionAnalysis(session);
    src.slo = session.plan.slo;
    return src;
}

QList<QPointF> timeCurve(const TimeSeries &series, const QString &op, bool p99)
{
    QList<QPointF> out;
    for (const SeriesPoint &p : series)
        if (p.op == op && p.ok > 0)
            out.append(QPointF(p.tS, p99 ? p.p99Ms : p.p50Ms));
    return out;
}

} // namespace vw
