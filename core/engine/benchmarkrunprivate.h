// BenchmarkRun internals: the orchestration only. The control thread runs run(): pre-flight,
// setup (OperationSetup), the stage loop (stageloop.cpp), cleanup, finished(). Its parts,
// one job each:
//   operationsetup.h   pre-flight, creating the operations, their setup and cleanup
//   workerpool.h       the worker threads (worker.h) that run the VUs
//   stageplan.h        each stage's planned timing and load, from the profile
//   stagewindow.h      the running stage: timing, gauge samples, CPU clocks
//   stagecollector.h   collection: the workers' records merged per stage and per second
//   snapshotbuilder.h  the snapshots, carrying only what is new
//   checkpointer.h     the "incomplete" record after each finalised stage
//   abortwatch.h       the abort rule: ends a run that keeps failing as "failed"
//   tokenlifetime.h    renews a short-lived renewable token during the run
#pragma once

#include "engine/abortwatch.h"
#include "engine/benchmarkrun.h"
#include "engine/checkpointer.h"
#include "engine/operationsetup.h"
#include "engine/runshared.h"
#include "engine/snapshotbuilder.h"
#include "engine/stagecollector.h"
#include "engine/stageplan.h"
#include "engine/stagewindow.h"
#include "engine/telemetrythread.h"
#include "engine/tokenlifetime.h"
#include "engine/validity.h"
#include "engine/workerpool.h"

#include <QThread>
#include <atomic>
#include <condition_variable>
#include <mutex>

namespace vw {

class BenchmarkRunPrivate {
public:
    BenchmarkRunPrivate(BenchmarkRun *q, const Profile &profile, const RunOptions &options);

    void run(); // control thread: the whole run
    void requestStop();
    bool stopRequested() const { return m_stop.load(); }

    BenchmarkRun *q;
    /// The profile as the engine runs it: its ramp's stages `repeat` times (repeatedRamp(),
    /// stageplan.h), repeat 1. The session's plan is m_asPlanned.
    Profile m_profile;
    Profile m_asPlanned;
    RunOptions m_options;
    std::shared_ptr<RunShared> m_shared;
    std::unique_ptr<QThread> m_control;
    std::atomic<bool> m_started{false};
    std::atomic<bool> m_running{false};
    std::atomic<bool> m_cleanupAbandoned{false}; ///< BenchmarkRun::abandonCleanup()

private:
    void setPhase(RunPhase phase, const QString &detail);

    // stageloop.cpp
    void runStages(RunRecord &s);
    /// The start barrier (RunOptions::startAt): waits for it; false when the run is late
    /// (s failed, shard.lateStart) or was stopped while waiting.
    bool waitForStartBarrier(RunRecord &s);
    void tick(int64_t now, bool forceSnapshot);
    void drainWorkers();
    /// "; most failures: ..." for the abort reason, from the latest stage <= `stage` with
    /// errors (AbortWatch::describeErrors), or empty.
    QString mostFailures(int stage);
    void finalizeReadyStages(bool all);
    void emitSnapshot(int64_t now);
    /// Sleeps until `untilNs` (or a stop request when `wakeOnStop`); true when a stop was
    /// requested.
    bool waitUntil(int64_t untilNs, bool wakeOnStop);

    const StagePlan m_plan;
    WorkerPool m_workers;
    RunPhase m_phase = RunPhase::Idle;

    std::atomic<bool> m_stop{false};
    std::mutex m_waitMutex;
    std::condition_variable m_waitCv;

    // Stage loop state (control thread only).
    std::unique_ptr<StageCollector> m_collector;
    SnapshotBuilder m_snapshots;
    Checkpointer m_checkpoints;
    AbortWatch m_abort;
    TokenRenewer m_renewer; // active only when the pre-flight planned renewals
    std::unique_ptr<TelemetryThread> m_telemetry; // the server's metrics; null when not asked
    VuCredentials *m_credentials = nullptr; // per-VU tokens, renewed in tick(); while running
    int64_t m_windowStartNs = 0;
    int64_t m_nextSnapshotNs = 0;
    bool m_publishAsked = false; // the workers were asked to publish for the next snapshot
    qint64 m_nextGaugeSecond = 0;
    StageWindow m_cur;
    QList<StageStats> m_ended; // ended stages, index = stage; ops filled when finalised
    QList<ValidityInputs> m_endedInputs; // same index: self-measurements of the steady window
    QList<StageStats> m_finished; // finalised stages (stageFinished emitted)
    // The operations while the stages run (leases per stage, the service probe), else null.
    const OperationSetup *m_operations = nullptr;
    // Same index as m_ended: the leases so far when the stage ended (the last one: after the
    // drain), cumulative; a stage's leases are the difference to the one before.
    QList<QList<OpLeases>> m_leaseMarks;
    QList<OpLeases> stageLeases(int k) const;
};

} // namespace vw
