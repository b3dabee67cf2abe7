// Intervals between runs: a bootstrap over a stage's replicates (docs/measurement.md,
// "Uncertainty", "Replicates"). With two or more replicates (core/stats/replicates.h) the run
// is the level that varies most (Kalibera & Jones 2013), so each resample draws N of the N
// replicates with replacement and pools their stage (successes and steady seconds added,
// latency histograms merged exactly: a resampled p99 is the p99 of the merged buckets). The
// result has the shape of the within-run block bootstrap's (core/stats/blockbootstrap.h,
// BootstrapSample), so intervals, ratios and verdicts treat both alike.
// A bootstrap over few units is too narrow (the resamples of 3 runs never leave their range,
// and their spread is sqrt((n-1)/n) of the sampling spread), so the draws are widened around
// the point estimate, on the log scale, by Hesterberg's expanded-percentile factor
// sqrt(n / (n-1)) * t(0.975, n-1) / z(0.975) (Hesterberg 2015, "What teachers should know
// about the bootstrap"): 2.69 for 3 runs, 1.30 for 10, -> 1 for many.
// Pure functions; thread-safe; cost O(resamples * N * K) per op, K = distinct latency buckets.
#pragma once

#include "stats/blockbootstrap.h"
#include "stats/stagestats.h"

#include <QList>

namespace vw {

/// A stage and op as one replicate measured it, what the resampling adds up.
struct ReplicateUnit {
    double successes = 0; ///< throughput * steady seconds (StageStats::throughputPerS)
    double seconds = 0; ///< steady seconds
    LatencyHistogram latency; ///< of the successes, microseconds
};

/// The op `op` of stage `stage` of each replicate that has it with a steady window and
/// completions, and was not client-bound there (that run measured the client).
QList<ReplicateUnit> replicateUnits(const QList<QList<StageStats>> &replicates, int stage,
                                    const QString &op);

/// Fewest replicates that get an interval between runs.
inline constexpr int kMinReplicates = 2;

/// The expansion factor above for n units (n >= 2) at 95% confidence.
double expandedPercentileFactor(int n);

/// The bootstrap distribution over `units` (one per replicate): `options.resamples` draws of
/// every BootMetric (Throughput: successes per second; latencies ms), `point` the pooled
/// figures of all units, `seconds` the steady seconds of all units, `blockLength` 0 (whole
/// runs are resampled); the draws widened by expandedPercentileFactor(N). Not ok, with the reason, below kMinReplicates units. A percentile
/// gets a metricReason under options.minTailCount successes above it in the pooled stage.
BootstrapSample bootstrapReplicates(const QList<ReplicateUnit> &units,
                                    const BootstrapOptions &options = {});

/// How much more the runs differ than the seconds within a run: the standard deviation of
/// one run's throughput between the runs (`units`, relative to their mean), over the same
/// figure's standard deviation from the seconds within one run (`withinRun`, the block
/// bootstrap of one replicate: its interval's width / (2 * 1.96), relative to its point).
/// About 1 on a quiet host; 0 when either is unknown (fewer than 2 units, no interval).
double runSpreadOverSecondSpread(const QList<ReplicateUnit> &units,
                                 const BootstrapSample &withinRun);

/// "runs differ 3.8x more than seconds within a run: the host is noisy, add repeats" (ratio
/// >= 2), "runs differ as much as seconds within a run" (< 2), "" when ratio is 0.
QString runSpreadWords(double ratio);

} // namespace vw
