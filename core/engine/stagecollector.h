// Collection: the control thread's merged view of a run, per-stage OpStats and the 1-second
// series, built by adding the workers' deltas (core/engine/worker.h; no per-sample storage).
// Remembers which series points changed since the last takeSeriesChanges(), so that snapshots
// carry only those (core/engine/runsnapshot.h). Control thread only.
#pragma once

#include "engine/worker.h"
#include "profile/profile.h"
#include "stats/secondhistograms.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QMap>
#include <QVector>

namespace vw {

class StageCollector {
public:
    /// The series' `vus` of each stage is the ramp's planned VUs (LoadModel::plannedVus: the
    /// max_vus pool in arrival-rate stages).
    StageCollector(const RampSpec &ramp, const QStringList &opNames);

    /// Stage timing as it happened (steady clock ns), for series labelling.
    void stageStarted(int index, int64_t startNs, int64_t warmupEndNs);
    void setWindowStart(int64_t ns) { m_windowStartNs = ns; }

    /// Adds a worker's delta. Containers that were added (not kept) go to `*spent` when
    /// given, for reuse by the worker (WorkerSpares).
    void merge(WorkerDelta &&delta, WorkerSpares *spent = nullptr);

    /// Per-op statistics of a stage so far (profile order).
    QList<OpStats> stageOps(int index) const;
    /// With two or more load nodes (target.spread round_robin; WorkerDelta::node indexes
    /// them), the statistics of each node are kept as well. Set before the first merge.
    void setNodes(const QStringList &addresses) { m_nodes = addresses; }
    /// Per node (in setNodes() order) the per-op statistics of a stage so far; empty with
    /// fewer than two nodes.
    QList<NodeStageStats> nodeStageOps(int index) const;
    /// All workers' event-loop lag probes of a stage so far (us), post-warm-up.
    LatencyHistogram loopLag(int index) const { return m_loopLag.value(index); }
    /// All workers' arrival-rate scheduling lateness of a stage so far (counted starts), as
    /// its p50/p99/max; not measured when the stage had none.
    ScheduleLateness scheduleLateness(int index) const
    {
        const auto it = m_lateness.constFind(index);
        return it == m_lateness.cend() ? ScheduleLateness() : ScheduleLateness::of(*it);
    }

    /// The in-flight gauge at the end of `second` (seconds since the window start).
    void noteGaugeAtSecondEnd(qint64 second, int inFlight);

    /// Turns every second < `endSecond` into SeriesPoints (one per op, also when empty).
    /// Requests recorded later for a finalised second still update its counts.
    void finalizeSecondsBefore(qint64 endSecond);
    const TimeSeries &series() const { return m_series; }
    /// Per op, the latency histogram of every finalised second (sparse; late records are
    /// added to their second), for RunRecord::secondHistograms.
    const SecondHistograms &secondHistograms() const { return m_secondHistograms; }
    /// Seconds [0, finalizedSeconds()) are final (finalizeSecondsBefore() closed them).
    qint64 finalizedSeconds() const { return m_nextSecond; }
    /// The points from the first one added or changed since the previous call to the end of
    /// the series (a copy of those only); `*from` receives that first point's index.
    TimeSeries takeSeriesChanges(qsizetype *from);

private:
    int stageAt(int64_t ns) const;
    void addLate(qint64 second, const QVector<OpStats> &ops);

    QList<int> m_plannedVus; // per stage
    QStringList m_names;
    int64_t m_windowStartNs = 0;
    QVector<int64_t> m_stageStartNs;
    QVector<int64_t> m_warmupEndNs;
    QMap<int, QVector<OpStats>> m_stageOps;
    QStringList m_nodes;
    QMap<int, QMap<int, QVector<OpStats>>> m_nodeStageOps; // node -> stage -> ops
    QMap<int, LatencyHistogram> m_loopLag;
    QMap<int, LatencyHistogram> m_lateness;
    QMap<qint64, QVector<OpStats>> m_openSeconds;
    QMap<qint64, int> m_gaugeAtEnd;
    QMap<qint64, int> m_pointIndex; // finalised second -> index of its first point
    qint64 m_nextSecond = 0; // first second not finalised yet
    qsizetype m_changedFrom = 0; // first point added or changed since takeSeriesChanges
    TimeSeries m_series;
    SecondHistograms m_secondHistograms;
};

} // namespace vw
