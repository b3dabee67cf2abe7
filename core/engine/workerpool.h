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

/// Peak VUs one worker thread gets before the default adds another (autoWorkerThreads()).
constexpr int kVusPerWorkerThread = 256;

/// The default number of worker threads: one per kVusPerWorkerThread peak VUs (rounded up),
/// at most `cores`, at least 1. One epoll loop serves ~100k requests per second of a cheap
/// op; a second thread on a 2-core machine that also runs the server costs more CPU per
/// request than it adds (a wake-up per response on each thread): measured in
/// docs/performance.md, "Worker threads". `run --workers N` (RunOptions::workerThreads)
/// overrides it, e.g. for ops whose requests cost the client much CPU (jwt_login RS256).
int autoWorkerThreads(int peakVus, int cores);

class WorkerPool {
public:
    explicit WorkerPool(std::shared_ptr<RunShared> shared);
    ~WorkerPool(); ///< stop()

    /// Starts min(RunOptions::workerThreads or autoWorkerThreads(), peak VUs) workers (more
    /// when target.spread needs a multiple of the nodes), each with its
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
    /// How many worker threads start() started (0 before).
    int workerCount() const { return int(m_workers.size()); }

private:
    struct WorkerThread {
        std::unique_ptr<QThread> thread;
        Worker *worker = nullptr;
    };
    std::shared_ptr<RunShared> m_shared;
    std::vector<WorkerThread> m_workers;
};

} // namespace vw
