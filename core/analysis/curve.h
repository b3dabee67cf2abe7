// The points the capacity detectors work on: one per measured stage of one operation,
// in ramp order (x = VUs, y = throughput, latency, error ratio). Built from a session's
// stages by curveFromStages(), or directly by tests.
#pragma once

#include "profile/loadmodels/loadmodel.h"
#include "stats/stagestats.h"

#include <QList>
#include <QMap>
#include <QString>

namespace vw {

struct CurvePoint {
    int stage = 0; ///< StageStats::index (0-based)
    int vus = 0; ///< planned VUs of the stage
    QString load; ///< the stage's load as text (LoadModel::loadText): "16 VUs", "2000/s"
    bool openModel = false; ///< an arrival-rate stage: x is the offered rate, `vus` the pool
    double throughputPerS = 0; ///< successes per second of the steady window
    double meanMs = 0; ///< latency of successful requests, milliseconds (see `ok`)
    double p50Ms = 0;
    double p95Ms = 0;
    double p99Ms = 0;
    qint64 count = 0; ///< requests (ok + errors)
    qint64 ok = 0; ///< successes; 0: no latency (meanMs..p99Ms are 0, not figures)
    QMap<QString, qint64> errors; ///< error key (core/stats/errorclass.h) -> count

    double errorRatio() const
    {
        qint64 e = 0;
        for (qint64 n : errors)
            e += n;
        return count > 0 ? double(e) / double(count) : 0.0;
    }
};

/// A stage left out of the detectors, and why (shown with the results).
struct ExcludedStage {
    int stage = 0;
    int vus = 0;
    QString reason; ///< "client-bound: ...", "no requests measured", "VUs not above ..."
};

struct OpCurve {
    QString op;
    QList<CurvePoint> points; ///< strictly increasing VUs
    QList<ExcludedStage> excluded;
    /// Every stage with requests of the op, in ramp order, kept in `points` or not (client-bound,
    /// VUs not above the previous stage): the failure detector's input. Errors are what the
    /// server answered, whoever limited the load, so no such stage hides them.
    QList<CurvePoint> measured;
};

/// The curve of `op` over `stages`, run by load model `model`. Left out: stages without the op
/// or without any request in the steady window, every stage of an open model such as
/// arrival-rate (LoadModel::isOpen(): x would be the offered rate, not VUs; such stages are
/// still in OpCurve::measured, for the failure detector), stages
/// flagged client-bound by StageStats::validity (the load generator was the bottleneck,
/// docs/measurement.md "Validity"), and stages whose VUs are not above the previous kept stage
/// (a ramp-down or a repeated level: the detectors need increasing concurrency). Those last two
/// kinds still count for failure (OpCurve::measured).
OpCurve curveFromStages(const QList<StageStats> &stages, const QString &op, const LoadModel &model);

} // namespace vw
