// Replicates: a ramp run N times (profile `repeat: N`, `run --repeat N`, a study's `repeat:`),
// kept as one session (docs/session-format.md, "Replicates"). Each replicate is the ramp's
// list of stages as it ran; the session's `stages` are the replicates pooled stage by stage.
// Pure functions; any thread.
#pragma once

#include "stats/stagestats.h"

#include <QList>

namespace vw {

/// One replicate: the ramp's stages as run once, stage index 0..K-1.
using Replicate = QList<StageStats>;

/// Splits the stages of a run that ran a ramp of `rampStages` stages `repeat` times back to
/// back (stage i of the run is stage i % rampStages of replicate i / rampStages) into the
/// replicates, their stage indexes renumbered 0..rampStages-1. A stopped run's last
/// replicate may be shorter. repeat <= 1 or rampStages <= 0: one replicate, the stages as given.
QList<Replicate> splitReplicates(const QList<StageStats> &runStages, int rampStages);

/// Stage `index` of every replicate that has it, pooled: the ops' counts, errors and
/// latency histograms added (exact for percentiles), steady seconds and sent added (so
/// throughput is all successes / all steady seconds), in-flight max and seconds-weighted
/// mean, complete only when every replicate's stage is; client-bound when any replicate's
/// is, its reasons prefixed "run <n>: ". Planned fields and startMs from the first replicate.
/// Arrival-rate schedule lateness: the replicate with the largest p99 (a summary, not
/// mergeable). Nodes merged by address.
StageStats poolStage(const QList<StageStats> &sameStage);

/// The session's stages from its replicates: for every stage index present in any replicate,
/// poolStage() of that stage over the replicates that have it. One replicate: its stages.
QList<StageStats> poolReplicates(const QList<Replicate> &replicates);

} // namespace vw
