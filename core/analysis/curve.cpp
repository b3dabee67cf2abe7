#include "analysis/curve.h"

namespace vw {

namespace {

/// Why the load generator distorted this stage, or "" when it did not (or was not measured:
/// sessions that predate the validity guard count as valid).
QString clientBoundReason(const StageStats &st)
{
    if (!st.validity.clientBound)
        return QString();
    return st.validity.reasons.isEmpty() ? QStringLiteral("flagged by the validity guard")
                                         : st.validity.reasons.join(QStringLiteral("; "));
}

} // namespace

OpCurve curveFromStages(const QList<StageStats> &stages, const QString &op, const LoadModel &model)
{
    OpCurve c;
    c.op = op;
    for (const StageStats &st : stages) {
        const OpStats *o = st.find(op);
        auto exclude = [&](const QString &reason) {
            c.excluded.append(ExcludedStage{st.index, st.vus, reason});
        };
        if (!o || o->count == 0 || st.steadySeconds <= 0) {
            exclude(QStringLiteral("no requests measured"));
            continue;
        }
        // Left out of the curve (points), but measured all the same: its errors count for
        // failure (OpCurve::measured).
        bool kept = true;
        const QString bound = clientBoundReason(st);
        if (model.isOpen()) {
            exclude(QStringLiteral("%1 stage (the knee, saturation and USL work on closed-model "
                                   "VU ramps)")
                        .arg(model.name()));
            kept = false;
        } else if (!bound.isEmpty()) {
            exclude(QStringLiteral("client-bound: %1").arg(bound));
            kept = false;
        } else if (!c.points.isEmpty() && st.vus <= c.points.last().vus) {
            exclude(QStringLiteral("VUs not above the previous stage's %1 (the detectors need "
                                   "increasing concurrency)")
                        .arg(c.points.last().vus));
            kept = false;
        }
        CurvePoint p;
        p.stage = st.index;
        p.vus = st.vus;
        p.load = model.loadText(st);
        p.openModel = model.isOpen();
        p.throughputPerS = st.throughputPerS(*o);
        p.meanMs = o->latency.meanUs() / 1000.0;
        p.p50Ms = double(o->latency.valueAtPercentileUs(50)) / 1000.0;
        p.p95Ms = double(o->latency.valueAtPercentileUs(95)) / 1000.0;
        p.p99Ms = double(o->latency.valueAtPercentileUs(99)) / 1000.0;
        p.count = o->count;
        p.ok = o->ok;
        for (auto it = o->errors.cbegin(); it != o->errors.cend(); ++it)
            if (it.value() > 0)
                p.errors.insert(it.key(), it.value());
        c.measured.append(p);
        if (kept)
            c.points.append(p);
    }
    return c;
}

} // namespace vw
