// Drives one BenchmarkRun at a time for the GUI. BenchmarkRun::start() returns at once and its
// signals arrive queued on the GUI thread; each snapshot carries only what is new since the
// previous one, and this controller accumulates them (RunSnapshotAccumulator), so liveUpdate()
// delivers the run so far (RunSnapshot::stages and ::series filled). Snapshots are coalesced
// with a single-shot timer so views repaint at <= 10 Hz. The session file is named at start (sessionfiles.h): the run
// checkpoints into it after each stage on its control thread, and after the run the final
// session replaces it from a pool thread; the GUI thread never waits on the network or the
// disk. GUI thread only.
#pragma once

#include "engine/benchmarkrun.h"
#include "jobtracker.h"
#include "session/session.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <memory>

namespace vw {

class RunController : public QObject {
    Q_OBJECT
public:
    static constexpr int kRepaintIntervalMs = 100;   ///< coalescing window, <= 10 Hz
    /// Runs started here lower their worker threads' priority by this much (nice value,
    /// RunOptions::workerNice) unless the options ask for more: with 10,000 VUs on two cores
    /// the GUI thread otherwise waits behind them (docs/performance.md).
    static constexpr int kWorkerNice = 5;
    /// Stopping a run that has gone on longer than this (ms) asks first (MainWindow).
    static constexpr qint64 kConfirmStopAfterMs = 60000;

    explicit RunController(QObject *parent = nullptr);
    ~RunController() override;   ///< a run still going is stopped (blocks until its cleanup)

    /// Starts a run; false when one is already running.
    bool start(const Profile &profile, const RunOptions &options);
    /// Asks the run to stop (cleanup still runs; finished() follows). No-op when idle.
    void stop();
    bool isRunning() const { return m_running; }
    bool isStopping() const { return m_stopping; }
    /// Since start() (ms, monotonic clock); 0 when idle.
    qint64 elapsedMs() const { return m_running ? m_clock.elapsed() : 0; }

    /// Whether finished sessions are written to sessionsDirectory() (default on).
    void setAutoSave(bool on) { m_autoSave = on; }

signals:
    void started(const vw::Profile &profile);
    void phaseChanged(vw::RunPhase phase, const QString &detail);
    void stageStarted(int index, int vus);
    void stageFinished(const vw::StageStats &stats);
    /// The latest snapshot with the run so far in `stages` and `series`, at most every
    /// kRepaintIntervalMs.
    void liveUpdate(const vw::RunSnapshot &snapshot);
    void finished(const vw::Session &session);
    /// After the auto-save: `error` empty on success.
    void sessionSaved(const QString &path, const QString &error);

private:
    void onSnapshot(const RunSnapshot &s);
    void flush();
    void onFinished(const RunRecord &record);

    std::unique_ptr<BenchmarkRun> m_run;
    QTimer m_coalesce;
    QElapsedTimer m_clock;   ///< started with the run
    RunSnapshotAccumulator m_live;   ///< the current run's latest snapshot, stages and series
    bool m_hasPending = false;
    bool m_running = false;
    bool m_stopping = false;
    bool m_autoSave = true;
    QString m_savePath;   ///< this run's session file (checkpoints, then the final session)
    JobTracker m_saves{this, JobTracker::Policy::Independent};   ///< final session writes
};

} // namespace vw
