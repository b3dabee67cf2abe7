// One load worker: lives on its own QThread (event loop), owns a Transport and runs its VUs
// (closed model: each VU sends its next request as soon as the previous one completed).
// Statistics go into a per-worker delta guarded by a mutex held only for one record or one
// swap; the control thread takes the delta (takeDelta) and merges it by adding.
#pragma once

#include "engine/runshared.h"
#include "engine/transport.h"
#include "ops/operation.h"
#include "stats/opstats.h"

#include <QMap>
#include <QMutex>
#include <QObject>
#include <QVector>
#include <memory>
#include <vector>

namespace vw {

/// What a worker recorded since the last take. Requests are keyed by their start.
struct WorkerDelta {
    /// stage index -> one OpStats per operation (profile order); only post-warm-up starts
    QMap<int, QVector<OpStats>> stages;
    /// second since the measured window began -> one OpStats per operation; all starts
    QMap<qint64, QVector<OpStats>> seconds;
};

/// The mix of a run, shared read-only by all workers after setup.
struct OperationMix {
    QVector<const Operation *> ops;   ///< profile order; owned by the run
    QStringList names;                ///< type names, same order
    QVector<int> cumulativeWeights;   ///< running sum of weights, same order
};

class Worker : public QObject {
public:
    /// `vuIds`: the global VU numbers this worker runs (VU i runs on worker i % W).
    Worker(std::shared_ptr<RunShared> shared, OperationMix mix, QVector<int> vuIds,
           uint64_t runSeed);
    ~Worker() override;

    // --- worker thread only ---
    /// Creates the transport (maxConcurrency = this worker's VU count).
    bool init(const QString &transportKind, TransportConfig config, QString *error);
    /// Starts every VU that the current stage plans and that is not running yet.
    void startVus();
    /// Aborts everything in flight; those completions are not recorded.
    void abortAll();
    /// Destroys the transport (its managers belong to this thread).
    void shutdown();

    // --- any thread ---
    WorkerDelta takeDelta();

private:
    struct Vu {
        int id = 0;
        VuState state;
        bool running = false;
    };

    void sendNext(int slot);
    void onDone(int slot, int op, int stage, bool counted, qint64 second, HttpResult &&r);
    int pickOp(Vu &vu) const;

    std::shared_ptr<RunShared> m_shared;
    OperationMix m_mix;
    std::vector<Vu> m_vus;
    std::unique_ptr<Transport> m_transport;
    bool m_aborting = false;

    QMutex m_mutex;       // guards m_delta only
    WorkerDelta m_delta;
};

} // namespace vw
