// One load worker: lives on its own QThread (event loop), owns a Transport and a share of the
// VUs, and runs them with the ramp's executor (core/engine/executors/: closed or
// arrival-rate). Statistics go into a delta that only the worker thread writes (no lock per
// request); the worker publishes it into a mailbox (one short lock per publish) when the
// control thread asked for it (requestPublish(), seen by the 10 ms probe timer), when a stage
// closes, and on flush(); the control thread takes the mailbox (takeDelta) and merges it by
// adding. A request leaves its stage's `outstanding` count (core/engine/runshared.h) only once
// its record is published, so a stage whose count is 0 has all its records in the mailbox.
// The probe timer also measures the worker's event-loop lag (validity guard,
// core/engine/validity.h).
#pragma once

#include "engine/executors/vuexecutor.h"
#include "engine/runshared.h"
#include "http/transport.h"
#include "ops/operation.h"
#include "stats/opstats.h"

#include <QMap>
#include <QMutex>
#include <QObject>
#include <QTimer>
#include <QVector>
#include <atomic>
#include <ctime>
#include <memory>
#include <vector>

namespace vw {

/// What a worker recorded since the last take. Requests are keyed by their start.
struct WorkerDelta {
    /// stage index -> one OpStats per operation (profile order); only post-warm-up starts
    QMap<int, QVector<OpStats>> stages;
    /// second since the measured window began -> one OpStats per operation; all starts
    QMap<qint64, QVector<OpStats>> seconds;
    /// stage index -> event-loop lag of this worker (probe lateness, us), post-warm-up only
    QMap<int, LatencyHistogram> loopLag;
    /// stage index -> arrival-rate scheduling lateness (the transport's send time, HttpResult
    /// sentNs, - intended start, us) of the starts counted in the stage (intended after its
    /// warm-up), recorded with their completion
    QMap<int, LatencyHistogram> scheduleLateness;
    int node = 0; ///< the worker's node (WorkerConfig::node), for per-node statistics
};

/// Containers of a WorkerDelta the control thread has merged (StageCollector::merge) and gives
/// back to their worker, emptied, so that a worker does not allocate and zero fresh
/// histograms (23552 counters each, core/stats/latencyhistogram.h) at every publish.
struct WorkerSpares {
    QList<QVector<OpStats>> ops;
    QList<LatencyHistogram> loopLag; ///< emptied histograms, for loopLag and scheduleLateness

    bool isEmpty() const { return ops.isEmpty() && loopLag.isEmpty(); }
    /// Empties every container it holds (keeping their memory).
    void resetForReuse();
};

/// The mix of a run, shared read-only by all workers after setup.
struct OperationMix {
    QVector<const Operation *> ops; ///< profile order; owned by the run
    QStringList names; ///< labels (core/profile/operationlabels.h), same order
    QVector<int> cumulativeWeights; ///< running sum of weights, same order
};

/// Per-worker settings fixed at creation.
struct WorkerConfig {
    int index = 0; ///< this worker's number, 0..count-1
    int count = 1; ///< workers in the run
    qint64 requestTimeoutMs = 30000; ///< arrival-rate: the longest a start waits for a VU
    int debugBusyLoopUsPerRequest = 0; ///< test hook: spin this long after each completion
    int node = 0; ///< its node: index into TargetSpec::loadAddresses()
};

class Worker : public QObject, public VuHost {
public:
    static constexpr int kLagProbeMs = 10; ///< event-loop lag probe period

    /// `vuIds`: the global VU numbers this worker runs (VU i runs on worker i % W).
    Worker(std::shared_ptr<RunShared> shared, OperationMix mix, QVector<int> vuIds,
           uint64_t runSeed, WorkerConfig config);
    ~Worker() override;

    // --- worker thread only ---
    /// Creates the transport (maxConcurrency = this worker's VU count), the executor and the
    /// lag probe, and notes the thread's CPU clock.
    bool init(const QString &transportKind, TransportConfig config, QString *error);
    /// Each of this worker's VUs takes its token from `byVu` (index = VU number; VuState::token,
    /// put on requests without a token of their own). Before the first stage.
    void setVuTokens(const QVector<QByteArray> &byVu);
    /// The control thread published a new stage: start its load.
    void beginStage(int stage);
    /// The stage's time is over: no more starts of it (arrival-rate counts unsent starts as
    /// dropped when `countDrops`). Called blocking by the control thread before the next stage.
    void closeStage(int stage, bool countDrops);
    /// Aborts everything in flight; those completions are not recorded.
    void abortAll();
    /// Publishes everything recorded so far (the control thread calls it blocking at the end).
    void flush();
    /// Destroys the executor and the transport (they belong to this thread).
    void shutdown();

    // --- any thread ---
    /// Asks the worker to publish its records at its next probe (<= kLagProbeMs + its lag).
    void requestPublish() { m_publishRequested.store(true, std::memory_order_relaxed); }
    /// What the worker published since the last take.
    WorkerDelta takeDelta();
    /// Gives back containers of earlier deltas, emptied (WorkerSpares::resetForReuse), for reuse.
    void recycle(WorkerSpares &&spares);
    /// CPU time this worker's thread has used so far, ns (0 before init()).
    int64_t threadCpuNs() const;

    // VuHost (worker thread; for the executor)

    int vuCount() const override { return int(m_vus.size()); }
    int vuId(int slot) const override { return m_vus[size_t(slot)].id; }
    int opCount() const override { return int(m_mix.ops.size()); }
    int pickOp() override;
    void launch(int slot, int op, int64_t intendedNs, bool openModel) override;
    void recordDropped(int stage, int op, int64_t n) override;

private:
    /// The request a VU has in flight (a VU has at most one).
    struct Started {
        int slot = 0;
        int op = 0;
        int row = 0; // the op whose stats count it (VuState::countAs), else op
        int stage = 0;
        bool counted = false;
        bool openModel = false;
        qint64 second = 0;
        int64_t intendedNs = 0;
    };
    struct Vu {
        int id = 0;
        VuState state;
        Started inFlight; // kept here so the completion captures only the slot (no allocation)
        std::vector<std::unique_ptr<OpVuState>> opStates; // one per op (Operation::newVuState)
    };
    void onDone(const Started &s, HttpResult &&r);
    int pickOpWith(std::mt19937_64 &rng) const;
    void probeLag();
    /// Worker thread: moves m_local into the mailbox, then releases the published requests
    /// from their stages' outstanding counts.
    void publish();
    QVector<OpStats> &stageOps(int stage);
    QVector<OpStats> &secondOps(qint64 second);
    QVector<OpStats> newOps(); // a spare or a new one
    LatencyHistogram &stageLoopLag(int stage);
    LatencyHistogram &stageLateness(int stage);
    LatencyHistogram &histogramIn(QMap<int, LatencyHistogram> &map, int stage);

    std::shared_ptr<RunShared> m_shared;
    OperationMix m_mix;
    WorkerConfig m_config;
    std::vector<Vu> m_vus;
    std::mt19937_64 m_rng; // the executor's op choices
    std::unique_ptr<Transport> m_transport;
    std::unique_ptr<VuExecutor> m_executor;
    QTimer *m_probe = nullptr; // child of this; worker thread
    int64_t m_probeDueNs = 0;
    clockid_t m_cpuClock{};
    bool m_hasCpuClock = false;
    bool m_aborting = false;

    // Worker thread only: records since the last publish, and per stage the requests among
    // them (recorded, or aborted) that still count as outstanding.
    WorkerDelta m_local;
    QVector<int> m_unpublishedDone; // index = stage
    QVector<OpStats> *m_lastSecondOps = nullptr; // m_local.seconds[m_lastSecond]
    qint64 m_lastSecond = -1;
    std::atomic<bool> m_publishRequested{false};
    WorkerSpares m_spares; // worker thread only: emptied containers to reuse

    QMutex m_mailboxMutex; // guards m_mailbox and m_returned: one lock per publish and take
    WorkerDelta m_mailbox;
    WorkerSpares m_returned;
};

} // namespace vw
