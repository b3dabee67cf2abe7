// One load worker: lives on its own QThread (event loop), owns a Transport and a share of the
// VUs, and runs them with the ramp's executor (core/engine/executors/: closed or
// arrival-rate). Statistics go into a per-worker delta guarded by a mutex held only for one
// record or one swap; the control thread takes the delta (takeDelta) and merges it by adding.
// A probe timer measures the worker's event-loop lag (validity guard, core/engine/validity.h).
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
};

/// The mix of a run, shared read-only by all workers after setup.
struct OperationMix {
    QVector<const Operation *> ops;   ///< profile order; owned by the run
    QStringList names;                ///< type names, same order
    QVector<int> cumulativeWeights;   ///< running sum of weights, same order
};

/// Per-worker settings fixed at creation.
struct WorkerConfig {
    int index = 0;                    ///< this worker's number, 0..count-1
    int count = 1;                    ///< workers in the run
    qint64 requestTimeoutMs = 30000;  ///< arrival-rate: the longest a start waits for a VU
    int debugBusyLoopUsPerRequest = 0;///< test hook: spin this long after each completion
};

class Worker : public QObject, public VuHost {
public:
    static constexpr int kLagProbeMs = 10;   ///< event-loop lag probe period

    /// `vuIds`: the global VU numbers this worker runs (VU i runs on worker i % W).
    Worker(std::shared_ptr<RunShared> shared, OperationMix mix, QVector<int> vuIds,
           uint64_t runSeed, WorkerConfig config);
    ~Worker() override;

    // --- worker thread only ---
    /// Creates the transport (maxConcurrency = this worker's VU count), the executor and the
    /// lag probe, and notes the thread's CPU clock.
    bool init(const QString &transportKind, TransportConfig config, QString *error);
    /// The control thread published a new stage: start its load.
    void beginStage(int stage);
    /// The stage's time is over: no more starts of it (arrival-rate counts unsent starts as
    /// dropped when `countDrops`). Called blocking by the control thread before the next stage.
    void closeStage(int stage, bool countDrops);
    /// Aborts everything in flight; those completions are not recorded.
    void abortAll();
    /// Destroys the executor and the transport (they belong to this thread).
    void shutdown();

    // --- any thread ---
    WorkerDelta takeDelta();
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
    struct Vu {
        int id = 0;
        VuState state;
    };
    struct Started {
        int slot = 0;
        int op = 0;
        int stage = 0;
        bool counted = false;
        bool openModel = false;
        qint64 second = 0;
        int64_t intendedNs = 0;
    };
    void onDone(const Started &s, HttpResult &&r);
    int pickOpWith(std::mt19937_64 &rng) const;
    void probeLag();

    std::shared_ptr<RunShared> m_shared;
    OperationMix m_mix;
    WorkerConfig m_config;
    std::vector<Vu> m_vus;
    std::mt19937_64 m_rng;                  // the executor's op choices
    std::unique_ptr<Transport> m_transport;
    std::unique_ptr<VuExecutor> m_executor;
    QTimer *m_probe = nullptr;              // child of this; worker thread
    int64_t m_probeDueNs = 0;
    clockid_t m_cpuClock{};
    bool m_hasCpuClock = false;
    bool m_aborting = false;

    QMutex m_mutex;       // guards m_delta only
    WorkerDelta m_delta;
};

} // namespace vw
