// The worker threads of a run (core/engine/worker.h): created with their share of the VUs
// (VU i runs on worker i % W) and a transport each, driven by the control thread (stage
// begin/close, abort, flush), and stopped at the end. Control thread only.
#pragma once

#include "engine/runshared.h"
#include "engine/worker.h"

#include <QThread>
#include <QVector>
#include <memory>
#include <vector>

namespace vw {

class StageCollector;
struct RunOptions;

class WorkerPool {
public:
    explicit WorkerPool(std::shared_ptr<RunShared> shared);
    ~WorkerPool(); ///< stop()

    /// Starts min(RunOptions::workerThreads or the cores, peak VUs) workers, each with its
    /// transport to `address`. False with *error when a transport cannot be created (the
    /// workers started so far stay until stop()).
    bool start(const Profile &profile, const RunOptions &options, const OperationMix &mix,
               const QString &address, QString *error);
    /// Shuts every worker down (blocking) and joins its thread.
    void stop();

    /// Blocking: each VU's own token (per-VU credentials, core/engine/vucredentials.h),
    /// indexed by VU number; called before the first stage.
    void setVuTokens(const QVector<QByteArray> &byVu);
    /// Queued: every worker starts stage `index`'s load.
    void beginStage(int index);
    /// Blocking: no more starts of stage `index` (countDrops: see Worker::closeStage).
    void closeStage(int index, bool countDrops);
    /// Blocking: every worker aborts what is in flight.
    void abortAll();
    /// Blocking: every worker publishes what it recorded.
    void flush();
    /// Every worker publishes at its next probe (Worker::requestPublish).
    void requestPublish();
    /// Merges what every worker published into `collector` and gives the merged containers
    /// back to their worker for reuse.
    void drainInto(StageCollector &collector);
    /// Each worker thread's CPU time so far, ns (worker order).
    QVector<int64_t> threadCpuNs() const;

private:
    struct WorkerThread {
        std::unique_ptr<QThread> thread;
        Worker *worker = nullptr;
    };
    std::shared_ptr<RunShared> m_shared;
    std::vector<WorkerThread> m_workers;
};

} // namespace vw
