// The verdicts of a comparison (core/analysis/verdict.h, docs/measurement.md "Verdicts"): for
// every session B after the first (A), every op and aligned load level, throughput, p50, p95
// and p99 of B against A, with the Holm correction over each pair's family (all its levels x
// metrics x ops). Intervals between runs when both sides have replicates
// (core/stats/replicatebootstrap.h), else the block bootstrap over each stage's steady seconds
// (core/analysis/stageuncertainty.h). Pure functions; any thread, but the bootstrap takes
// milliseconds per stage: the GUI calls it off its thread.
#pragma once

#include "session/comparison.h"
#include "stats/blockbootstrap.h"

namespace vw {

/// The bootstrap distribution of stage `stage` (an index into s.stages) and op `op` of a
/// session: over its replicates when it has two or more, else over the stage's steady
/// seconds. `notSteady` (may be null) gets the steadiness words of a one-run stage whose
/// throughput or p50 trended (then the figure is not assessed).
BootstrapSample sessionStageSample(const Session &s, int stage, const QString &op,
                                   const BootstrapOptions &options, QString *notSteady);

/// Fills c->ops[].rows[].verdicts, c->tests, c->intervalBasis, c->spreadNotes and sets
/// c->assessed. Threshold: A's analysis.noise_threshold. `options.seed` is mixed with each
/// session's position so that the sides' resamples are independent.
void assessComparison(Comparison *c, const QList<Session> &sessions,
                      const BootstrapOptions &options = {});

/// True when any verdict of `c` is Worse, for the given metrics (empty: any metric): the
/// gate of `compare --fail-on worse[:p99,...]`.
bool anyWorse(const Comparison &c, const QList<CompareMetric> &metrics = {});

} // namespace vw
