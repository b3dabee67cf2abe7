#include "engine/snapshotbuilder.h"

#include "engine/stagecollector.h"

#include <algorithm>

namespace vw {

namespace {

constexpr int64_t kNsPerMs = 1'000'000LL;

/// The seconds [from, to) of every op of `all` (same ops).
SecondHistograms secondsBetween(const SecondHistograms &all, qint64 from, qint64 to)
{
    SecondHistograms out;
    out.ops = all.ops;
    out.byOp.resize(all.byOp.size());
    for (int i = 0; i < all.byOp.size(); ++i)
        for (auto it = all.byOp.at(i).lowerBound(from);
             it != all.byOp.at(i).cend() && it.key() < to; ++it)
            out.byOp[i].insert(it.key(), it.value());
    return out;
}

} // namespace

SnapshotBuilder::SnapshotBuilder(const StagePlan &plan, const RunShared &shared)
    : m_plan(plan)
    , m_shared(shared)
{
}

RunSnapshot SnapshotBuilder::build(RunPhase phase, int64_t now, int64_t windowStartNs,
                                   const StageWindow &cur, const QList<StageStats> &finished,
                                   StageCollector &collector, const QVector<int64_t> &workerCpuNs)
{
    RunSnapshot snap;
    snap.phase = phase;
    snap.elapsedMs = (now - windowStartNs) / kNsPerMs;
    snap.stageIndex = cur.index;
    snap.stageCount = m_plan.stageCount();
    if (cur.index >= 0) {
        snap.vus = m_plan.plannedVus(cur.index);
        snap.stageElapsedMs = (std::min(now, cur.plannedEndNs) - cur.startNs) / kNsPerMs;
        snap.stageDurationMs = m_plan.durationNs(cur.index) / kNsPerMs;
        snap.inWarmup = now < cur.warmupEndNs;
        if (finished.size() <= cur.index) {
            const int64_t end = std::min(now, cur.plannedEndNs);
            snap.current = cur.stats(m_plan, m_shared, windowStartNs, end);
            snap.current.ops = collector.stageOps(cur.index);
            snap.current.complete = false; // partial: the stage is still running
            snap.current.scheduleLateness = collector.scheduleLateness(cur.index);
            ValidityInputs in = cur.validityInputs(end, workerCpuNs);
            in.loopLagUs = collector.loopLag(cur.index);
            snap.current.validity = assessStage(snap.current, in, m_plan.model());
        }
    }
    snap.inFlight = m_shared.inFlight.load();
    snap.stagesFinished = int(finished.size());
    snap.newStages = finished.mid(m_stagesSent);
    m_stagesSent = int(finished.size());
    snap.seriesTail = collector.takeSeriesChanges(&snap.seriesFrom);
    const qint64 finalSeconds = collector.finalizedSeconds();
    if (finalSeconds > m_secondsSent) {
        snap.newSecondHistograms =
            secondsBetween(collector.secondHistograms(), m_secondsSent, finalSeconds);
        m_secondsSent = finalSeconds;
    }
    return snap;
}

} // namespace vw
