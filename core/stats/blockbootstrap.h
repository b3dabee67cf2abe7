// Intervals within a run: a circular block bootstrap over the steady seconds of one stage and
// op (docs/measurement.md, "Uncertainty"). Each resample draws ceil(n / b) blocks of b
// consecutive seconds (circularly, Politis & Romano 1992/1994) and merges their histograms
// exactly (core/stats/secondhistograms.h), so a resampled percentile is the percentile of the
// merged histogram, not an average of per-second percentiles. The block length b comes from
// the per-second throughput's autocorrelation (Politis & White 2004, with the correction of
// Patton, Politis & White 2009), and is recorded. Percentile intervals at `confidence`.
// Pure functions; thread-safe (no shared state); cost O(resamples * n / b * log K) per
// percentile, K = distinct latency buckets of the stage (docs/performance.md).
#pragma once

#include "stats/latencyhistogram.h"

#include <QString>
#include <QVector>
#include <array>
#include <cstdint>
#include <limits>

namespace vw {

/// The figures that get intervals. Units: Throughput successes per second; the others
/// latency of successes in milliseconds.
enum class BootMetric { Throughput = 0, Mean, P50, P95, P99 };
inline constexpr int kBootMetricCount = 5;
/// A figure that is not known (NaN).
inline constexpr double kNoFigure = std::numeric_limits<double>::quiet_NaN();
/// "throughput_per_s", "mean_ms", "p50_ms", "p95_ms", "p99_ms" (the JSON keys).
QString bootMetricKey(BootMetric m);

/// The lag-1 autocorrelation of the per-second series of several stages of one op, pooled
/// (each stage's series about its own mean): a stage's own short series hides how much its
/// seconds are correlated, the run's neighbouring stages together show it (docs/measurement.md
/// "Intervals within a run", "Coverage, measured"). Built by pooledAutocorrelation().
struct PooledAutocorrelation {
    double countsR = 0; ///< of the per-second success counts
    double latencyR = 0; ///< of the per-second mean latency
    int seconds = 0; ///< all the stages' seconds (N)
    int stages = 0; ///< stages of at least 3 seconds that went in
    /// The AR(1) autocorrelation time of the larger r, bias-corrected for stages of the mean
    /// length (+ (1 + 4 r) / (N / stages)), `sigmas` standard errors (1 / sqrt(N)) up.
    double tau(double sigmas) const;
};

/// `counts[s]` and `latency[s]`: stage s's per-second success counts and mean latency (any
/// unit), the same lengths; stages under 3 seconds are left out.
PooledAutocorrelation pooledAutocorrelation(const QList<QVector<double>> &counts,
                                            const QList<QVector<double>> &latency);

struct BootstrapOptions {
    int resamples = 1000; ///< bootstrap resamples per stage and op
    uint64_t seed = 0x5eedb007; ///< fixed: the same session gives the same intervals
    double confidence = 0.95;
    /// Below these the stage gets no interval, with the reason (found by simulation,
    /// tests/unit/tst_bootstrapcoverage.cpp; docs/measurement.md, "Uncertainty").
    int minSeconds = 15; ///< steady whole seconds
    /// Checked against BootstrapSample::effectiveSecondsLow (the cautious estimate).
    double minEffectiveSeconds = 13;
    /// A percentile p gets an interval only with at least this many successes above it
    /// (n * (1 - p/100)) in the stage: p99 of 300 requests rests on 3 values.
    double minTailCount = 10;
    /// The stage's run (its neighbouring stages of the same op, itself included): when it
    /// has 2 stages and four times the stage's seconds or more (fewer know no more than the
    /// stage itself), the stage's autocorrelation time
    /// is at least the pooled one (its point, one and two standard errors up), so that a
    /// stage whose own seconds look independent by chance gets no interval when its run says
    /// otherwise. Default: none (the stage alone).
    PooledAutocorrelation run;
};

/// One interval; `known` false when none could be given (`reason` says why, e.g. "6 steady
/// seconds, an interval needs 10").
struct Interval {
    bool known = false;
    double lo = 0;
    double hi = 0;
    QString reason;
};

/// The bootstrap distribution of one stage's op: what the interval functions below and the
/// comparison/capacity code (core/session/comparison.h, core/analysis/) resample from.
struct BootstrapSample {
    bool ok = false; ///< false: no interval at all; `reason` says why
    QString reason;
    int seconds = 0; ///< steady seconds used (n)
    int blockLength = 0; ///< b, seconds (Politis-White, rounded, 1..n)
    double blockLengthRaw = 0; ///< b before rounding (the estimator's value)
    double effectiveSeconds = 0; ///< n / tau, tau = 1 + 2 sum of flat-top weighted autocorrelations
    /// Per metric (index: BootMetric), the expansion of the percentile intervals around the
    /// point estimate: Hesterberg 2015's expanded percentile interval (df = min(n / b,
    /// effective seconds) - 1), max(1, t_df / z * sqrt((df + 1) / df)), times
    /// sqrt(tau(r + 1 / sqrt(n)) / tau(r)) of the AR(1) autocorrelation time (a stage whose
    /// lag-1 autocorrelation may be underestimated), times a calibration found by simulation
    /// (throughput 1.008, latencies 1.176; docs/measurement.md, "Uncertainty"). > 1.
    std::array<double, kBootMetricCount> widening{1, 1, 1, 1, 1};
    /// The effective seconds if the lag-1 autocorrelation were at its upper 95 % bound
    /// (bias-corrected r + 2 / sqrt(n), AR(1)): what minEffectiveSeconds is checked against.
    double effectiveSecondsLow = 0;
    int resamples = 0;
    uint64_t seed = 0;
    double confidence = 0.95;
    /// The point estimates over the n seconds (index: BootMetric), also when !ok (a stage
    /// too short for an interval still has its figures); NaN when undefined (no success: no
    /// latency; no seconds).
    std::array<double, kBootMetricCount> point{kNoFigure, kNoFigure, kNoFigure, kNoFigure,
                                               kNoFigure};
    /// Per metric, `resamples` values in resample order (NaN where a resample had no success).
    /// Resample i of one stage is independent of resample i of another (own seeds), so
    /// element-wise ratios of two samples are draws of the ratio's distribution.
    std::array<QVector<double>, kBootMetricCount> draws;
    /// Per metric: empty when the metric may get an interval, else why not (e.g. the tail rule).
    std::array<QString, kBootMetricCount> metricReason;
};

/// `seconds`: the stage's steady seconds in time order, each the histogram of the successes
/// that started in it (an empty histogram for a second without success). Throughput is the
/// mean of the per-second success counts.
BootstrapSample bootstrapSeconds(const QVector<LatencyHistogram> &seconds,
                                 const BootstrapOptions &options = {});

/// The percentile interval of metric `m` of `s` at s.confidence; not known (with the reason)
/// when !s.ok or the metric has a reason.
Interval bootstrapInterval(const BootstrapSample &s, BootMetric m);

/// The interval of the ratio b/a of metric `m` (B/A: > 1 means B is higher), from the two
/// independent bootstrap distributions (element-wise ratios of the draws, percentile
/// interval at a.confidence). Not known when either side has no interval for `m`.
Interval bootstrapRatioInterval(const BootstrapSample &a, const BootstrapSample &b, BootMetric m);

/// The percentile interval of `draws` (NaNs skipped) at `confidence`; not known when fewer
/// than half the draws are numbers.
Interval percentileInterval(const QVector<double> &draws, double confidence);

/// Politis & White (2004) automatic block length for the circular block bootstrap of `x`
/// (Patton, Politis & White 2009 correction), in observations, >= 1 and <= x.size();
/// 1 for a series of fewer than 3 values or without autocorrelation.
double politisWhiteBlockLength(const QVector<double> &x);
/// n / tau, tau = 1 + 2 * sum_k lambda(k/M) rho_k (flat-top window, the same M as the block
/// length), tau clamped to [1, n]: the number of effectively independent observations.
double effectiveSampleSize(const QVector<double> &x);

} // namespace vw
