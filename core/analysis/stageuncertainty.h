// The uncertainty of every stage and op of a run: its steady seconds' interval histograms
// (core/stats/secondhistograms.h) through the block bootstrap (core/stats/blockbootstrap.h)
// and the steadiness test (core/stats/steadiness.h). docs/measurement.md, "Uncertainty".
// Pure functions of a RunRecord; thread-safe; the GUI calls them off its thread
// (ui/ resultspage). Time: docs/performance.md ("Uncertainty").
#pragma once

#include "engine/runrecord.h"
#include "stats/blockbootstrap.h"
#include "stats/steadiness.h"

#include <QJsonObject>

namespace vw {

/// The reason given for every interval of a session without interval histograms.
QString noIntervalHistogramsReason();

/// A stage's steady seconds: the whole seconds of the series that lie inside the stage's
/// post-warm-up window [start + warm-up, start + duration) (a partial last second is left
/// out), in time order, as indexes into the measured window (SecondHistograms' keys).
QVector<qint64> steadySecondsOf(const RunRecord &run, int stage);
/// The op's histograms of those seconds (empty histograms for seconds without success);
/// empty when the run has no interval histograms.
QVector<LatencyHistogram> steadyHistogramsOf(const RunRecord &run, int stage, int op);

struct OpUncertainty {
    QString op;
    BootstrapSample sample; ///< the bootstrap distribution (sample.ok false: see reason)
    std::array<Interval, kBootMetricCount> intervals; ///< index: BootMetric
    Steadiness steadiness;

    /// The report's "ci" (docs/session-format.md): {"throughput_per_s":[lo,hi]|null,
    /// "mean_ms","p50_ms","p95_ms","p99_ms", "confidence":0.95, "method":"circular block
    /// bootstrap", "seconds","block_s","effective_seconds","resamples","seed",
    /// "reason": "" or why (the first metric's reason when some are unknown)}.
    /// Bounds are null when unknown. Throughput per second; latencies ms (3 decimals).
    QJsonObject ciJson() const;
};

struct StageUncertainty {
    int stage = 0;
    QList<OpUncertainty> ops; ///< run.ops order
};

/// One stage's ops. `options.seed` is mixed with the stage and op index, so that each
/// stage's and op's resamples are independent and reproducible.
StageUncertainty stageUncertainty(const RunRecord &run, int stage,
                                  const BootstrapOptions &options = {});
/// Every stage, in order.
QList<StageUncertainty> runUncertainty(const RunRecord &run, const BootstrapOptions &options = {});

/// Compact text of an interval for tables: "412-431" (throughput, 0 decimals below 1000/s:
/// as the table's own figure) or "-" when unknown. `decimals` as the figure beside it.
QString intervalCell(const Interval &i, int decimals);

} // namespace vw
