// Capacity points with their uncertainty (issue 18 item 6, docs/measurement.md "Capacity
// points with intervals"): the knee, saturation, maximum throughput, maximum throughput within
// the SLO and USL N* of each op, recomputed by the detectors (core/analysis/capacityanalyzer.h)
// on every bootstrap resample of the session's stages (sessionStageSample(),
// core/session/comparisonverdicts.h: over the replicates, the same replicates drawn for every
// stage of a resample; or within each stage's steady seconds), then tallied: "knee at 8 VUs
// (8 in 87 % of resamples, 16 in 13 %)"; the throughput figures and N* also get a 95%
// percentile interval. Pure functions; any thread; tens of milliseconds per op: off the GUI
// thread.
#pragma once

#include "session/session.h"
#include "stats/blockbootstrap.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace vw {

/// One capacity point over the resamples.
struct PointDistribution {
    /// "knee", "saturation", "max_throughput", "max_in_slo", "usl_nstar"
    QString point;
    /// The point estimate's value as text: "8" (VUs), "none" when the detector found none.
    QString value;
    /// Each value found (VUs as text, "none") and in how many resamples, most frequent first.
    QList<QPair<QString, int>> counts;
    int resamples = 0;
    /// max_throughput, max_in_slo (per second) and usl_nstar (VUs): the 95% percentile
    /// interval of the figure over the resamples where it was found; not known otherwise.
    Interval figure;
    /// "knee at 8 VUs (8 in 87 % of resamples, 16 in 13 %)"; "max throughput 412/s at
    /// 16 VUs (95%: 398-430/s; 16 in 91 % of resamples, 32 in 9 %)".
    QString words() const;
    /// {"point","value","resamples","counts":{"8":174,"16":26},"ci":[lo,hi]|null}
    QJsonObject toJson() const;
};

struct OpCapacityIntervals {
    QString op;
    /// Why there are none (e.g. "one run, no interval histograms"); empty when `points` is set.
    QString reason;
    QString basis; ///< "3 runs, bootstrap over the runs" or "block bootstrap within each stage"
    QList<PointDistribution> points;
};

/// Fewer than 2 usable resamples of any stage: `reason` and no points. `resamples` at most the
/// bootstrap's (options.resamples); default 200.
QList<OpCapacityIntervals> capacityIntervals(const Session &s, int resamples = 200,
                                             const BootstrapOptions &options = {});

} // namespace vw
