// BenchmarkRun internals. The control thread runs run(): pre-flight, setup, the stage loop
// (stageloop.cpp), cleanup, finished(). Worker threads run the VUs (worker.h).
#pragma once

#include "engine/benchmarkrun.h"
#include "engine/runshared.h"
#include "engine/stagecollector.h"
#include "engine/validity.h"
#include "engine/worker.h"
#include "ops/operation.h"

#include <QThread>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace vw {

class VaultClient;

class BenchmarkRunPrivate {
public:
    BenchmarkRunPrivate(BenchmarkRun *q, const Profile &profile, const RunOptions &options);

    void run();            // control thread: the whole run
    void requestStop();
    bool stopRequested() const { return m_stop.load(); }

    BenchmarkRun *q;
    Profile m_profile;
    RunOptions m_options;
    std::shared_ptr<RunShared> m_shared;
    std::unique_ptr<QThread> m_control;
    std::atomic<bool> m_started{false};
    std::atomic<bool> m_running{false};

private:
    struct WorkerThread {
        std::unique_ptr<QThread> thread;
        Worker *worker = nullptr;
    };
    /// The control loop's view of the stage that is running (or the last one).
    struct CurrentStage {
        int index = -1;
        int64_t startNs = 0;
        int64_t warmupEndNs = 0;
        int64_t plannedEndNs = 0;
        double gaugeSum = 0;
        int64_t gaugeSamples = 0;
        // Validity guard: CPU clocks at the start of the steady window.
        bool steadyStarted = false;
        int64_t steadyStartNs = 0;
        int64_t cpuStartNs = 0;
        QVector<int64_t> workerCpuStartNs;
    };

    // benchmarkrun.cpp
    bool preflight(VaultClient &client, RunRecord &s);
    bool createOperations(RunRecord &s);
    bool startWorkers(const QString &address, RunRecord &s);
    void stopWorkers();
    QString cleanupOperations(VaultClient &client);
    void setPhase(RunPhase phase, const QString &detail);

    // stageloop.cpp
    void runStages(RunRecord &s);
    void tick(int64_t now, bool forceSnapshot);
    void drainWorkers();
    void finalizeReadyStages(bool all);
    /// Hands the run so far to RunOptions::checkpoint (no-op when unset).
    void writeCheckpoint();
    StageStats currentStageStats(int64_t now) const;
    /// Samples the CPU clocks when the current stage's steady window begins.
    void noteSteadyStart(int64_t now);
    /// The current stage's self-measurements from its steady start to `now` (loop lag: the
    /// collector's, so far).
    ValidityInputs currentValidityInputs(int64_t now) const;
    void emitSnapshot(int64_t now);
    /// Sleeps until `untilNs` (or a stop request when `wakeOnStop`); true when a stop was
    /// requested.
    bool waitUntil(int64_t untilNs, bool wakeOnStop);

    std::vector<std::unique_ptr<Operation>> m_ops;
    OperationMix m_mix;
    std::vector<WorkerThread> m_workers;
    RunPhase m_phase = RunPhase::Idle;

    std::atomic<bool> m_stop{false};
    std::mutex m_waitMutex;
    std::condition_variable m_waitCv;

    // Stage loop state (control thread only).
    std::unique_ptr<StageCollector> m_collector;
    int64_t m_windowStartNs = 0;
    int64_t m_nextSnapshotNs = 0;
    qint64 m_nextGaugeSecond = 0;
    CurrentStage m_cur;
    QList<StageStats> m_ended;     // ended stages, index = stage; ops filled when finalised
    QList<ValidityInputs> m_endedInputs; // same index: self-measurements of the steady window
    QList<StageStats> m_finished;  // finalised stages (stageFinished emitted)
    RunRecord m_checkpointBase;      // the session's header (target, server, client, profile)
    bool m_checkpointWarned = false;
};

} // namespace vw
