// One benchmark run: pre-flight, setup, the staged ramp, cleanup, and its RunRecord.
// Owns a control thread and the worker threads; the object itself lives on the caller's
// thread and all its signals are delivered there by queued connection, so the GUI thread
// never waits on the network.
#pragma once

#include "engine/runsnapshot.h"
#include "profile/profile.h"
#include "engine/runrecord.h"

#include <QDateTime>
#include <QObject>
#include <functional>
#include <memory>

namespace vw {

/// Upper bound of RunOptions::workerThreads (`run --workers`).
constexpr int kMaxWorkerThreads = 256;

struct RunOptions {
    QByteArray token; ///< from core/vault/tokensource.h or the GUI; never stored
    QString addressOverride; ///< replaces profile.target.address when non-empty
    /// Where each setting of profile.target came from (ResolvedTarget::sources,
    /// core/vault/targetresolver.h); stored in the session as target.sources.
    QMap<QString, QString> targetSources;
    /// What the address is (ResolvedTarget::topology: a load balancer, a node, a dev server);
    /// stored in the session as target.topology. Empty kind: unknown.
    TargetTopology targetTopology;
    QString label; ///< session label; defaults to the profile name
    /// The session's id; empty = a new random one. Set by a caller that names files after
    /// the id before the run starts (the GUI's auto-save, ui/runcontroller.cpp).
    QString sessionId;
    int workerThreads = 0; ///< 0 = autoWorkerThreads() (core/engine/workerpool.h); `run --workers`
    int snapshotIntervalMs = 100; ///< >= 100 (<= 10 Hz)
    /// Added to each worker thread's nice value (core/util/threadpriority.h; Linux), so that
    /// the caller's own thread (a GUI) keeps the CPU it needs when load generation saturates
    /// the machine. 0 = unchanged (the CLI). Starved workers show in the validity guard.
    int workerNice = 0;
    /// When set, called with the run so far (status "incomplete") each time a stage's
    /// statistics are final, on the run's control thread, so that a crashed or killed process
    /// still leaves its finished stages (core/session/sessionio.h: checkpointWriter() writes
    /// it atomically to a file). The caller saves the final record after finished(). A false
    /// return (with *error) is logged once per run, never fatal.
    std::function<bool(const RunRecord &record, QString *error)> checkpoint;
    /// Server telemetry (core/engine/telemetrysampler.h): sys/metrics read once a second on
    /// the control thread during the stages. false: not read (the session says so).
    bool serverTelemetry = true;
    /// Called once on the control thread before the pre-flight (before anything is sent or
    /// created): a non-empty answer ends the run as SetupFailed with it as the error. The
    /// GUI's check that its output folder takes the planned session
    /// (sessionOutputProblem(), core/session/sessionsize.h), as `run` checks before it starts,
    /// off the GUI thread. Unset: no check.
    std::function<QString()> outputCheck;
    /// The server's process id when it runs on this machine (a local target, `run
    /// --server-pid`): its /proc/<pid> is read with the metrics. 0 = unknown.
    qint64 serverPid = 0;
    /// Where the telemetry reads sys/metrics when it is not the target's address: the node
    /// behind a load balancer whose PID is serverPid (ResolvedTarget::localTargetServerAddress),
    /// so that consecutive readings are of one process. Empty: the target's address.
    QString telemetryAddress;
    /// A shard (`run --shard`, docs/distributed.md): the session gets a shard block (index and
    /// count from profile.ramp.shard, start offset, node, plan hash). False: none.
    bool recordShard = false;
    /// The start barrier (`--start-at`): stage 1 begins at this UTC time. A run that is not
    /// ready (pre-flight and setup done) by startAt + startToleranceMs does not start late: it
    /// fails with ShardInfo::lateStart. Invalid: start when ready.
    QDateTime startAt;
    qint64 startToleranceMs = 1000;
    /// Test hook (tst_validity): each worker spins this many microseconds after every
    /// completion, as a client too slow for its load would. 0 in real runs.
    int debugBusyLoopUsPerRequest = 0;
};

class BenchmarkRunPrivate;

class BenchmarkRun : public QObject {
    Q_OBJECT
public:
    BenchmarkRun(const Profile &profile, const RunOptions &options, QObject *parent = nullptr);
    ~BenchmarkRun() override; ///< stops and joins all threads (after cleanup)

    /// Starts the run in the background; returns at once.
    void start();
    /// Thread-safe. Ends the current stage early, runs cleanup, and finishes with
    /// RunStatus::Stopped and a partial session. No-op after finished().
    void requestStop();
    /// Thread-safe. During cleanup: stop retrying and leave what is not removed yet (the
    /// session's leftovers, swept later with `vault-workbench cleanup SESSION`); the request
    /// under way finishes, a retry's wait ends at once. No-op before cleanup: a stop
    /// (requestStop()) still cleans up.
    void abandonCleanup();
    bool isRunning() const;

    /// Peak in-flight gauge over the whole run (all workers), for tests and the validity view.
    int peakInFlight() const;

signals:
    void phaseChanged(vw::RunPhase phase, const QString &detail);
    void stageStarted(int index, int vus);
    void stageFinished(const vw::StageStats &stats);
    void snapshot(const vw::RunSnapshot &snapshot); ///< at most every snapshotIntervalMs
    /// During cleanup, before each retry's wait (core/vault/retrypolicy.h: 429, 503, refused
    /// connections, 60 s in all): what is retried ("DELETE sys/mounts/vwb-.."), the answer
    /// retried, the wait before the next try and what is left of the budget after it, ms.
    void cleanupRetrying(const QString &what, const QString &answer, qint64 nextInMs,
                         qint64 budgetLeftMs);
    /// Exactly once per start(), after cleanup, whatever happened (completed, stopped,
    /// failed, setup failed). The record never holds the token.
    void finished(const vw::RunRecord &record);

private:
    std::unique_ptr<BenchmarkRunPrivate> d;
};

} // namespace vw
