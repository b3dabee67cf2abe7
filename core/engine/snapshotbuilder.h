// Builds a run's RunSnapshots (core/engine/runsnapshot.h) on the control thread: the scalar
// progress, the running stage's partial statistics and validity, and only what is new since
// the previous snapshot (finalised stages, changed series points), so that a snapshot's size
// does not grow with the run's length. One builder per run; snapshots are built in order.
#pragma once

#include "engine/runsnapshot.h"
#include "engine/stagewindow.h"

namespace vw {

class StageCollector;

class SnapshotBuilder {
public:
    SnapshotBuilder(const StagePlan &plan, const RunShared &shared);

    /// The snapshot at `now` (steady clock, ns). `finished`: every stage finalised so far;
    /// `collector` holds all the records drained so far (its series changes are taken).
    /// `workerCpuNs`: the worker threads' CPU clocks now (WorkerPool::threadCpuNs).
    RunSnapshot build(RunPhase phase, int64_t now, int64_t windowStartNs, const StageWindow &cur,
                      const QList<StageStats> &finished, StageCollector &collector,
                      const QVector<int64_t> &workerCpuNs);

private:
    const StagePlan &m_plan;
    const RunShared &m_shared;
    int m_stagesSent = 0; // finalised stages sent in earlier snapshots
    qint64 m_secondsSent = 0; // interval histograms of seconds [0, this) sent before
};

} // namespace vw
