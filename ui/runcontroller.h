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
#include "vault/targetresolver.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <memory>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

class SessionSet;
class TargetConfirmation;

class RunController : public QObject {
    Q_OBJECT
public:
    static constexpr int kRepaintIntervalMs = 100; ///< coalescing window, <= 10 Hz
    /// Runs started here lower their worker threads' priority by this much (nice value,
    /// RunOptions::workerNice) unless the options ask for more: with 10,000 VUs on two cores
    /// the GUI thread otherwise waits behind them (docs/performance.md).
    static constexpr int kWorkerNice = 5;
    /// Stopping a run that has gone on longer than this (ms) asks first (MainWindow).
    static constexpr qint64 kConfirmStopAfterMs = 60000;

    explicit RunController(QObject *parent = nullptr);
    /// Where an auto-saved session goes when its folder does not take it after the run (a
    /// disk that filled): the temporary folder ($TMPDIR), else the home folder.
    static QStringList rescueFolders();
    ~RunController() override; ///< a run still going is stopped (blocks until its cleanup)

    /// Starts a run; false when one is already running.
    bool start(const Profile &profile, const RunOptions &options);

    enum class StartOutcome { Started, Asking, Refused };
    /// The window's start (MainWindow::startRun()): `profile` against `target` (resolved by
    /// the target panel; its address and sources replace the profile's) with `options`
    /// (token, label). A non-loopback address not confirmed before is asked about first,
    /// before anything is sent to it (ui/targetconfirmation.h, its dialogs on the dialog
    /// parent): Asking, and the run starts once the user says yes; confirmationAnswered()
    /// follows either way. Refused while a run
    /// goes or a question is open.
    StartOutcome startChecked(Profile profile, const ResolvedTarget &target, RunOptions options);
    /// A non-loopback question is open.
    bool isAsking() const;
    /// The parent of the non-loopback question (the main window).
    void setDialogParent(QWidget *parent) { m_dialogParent = parent; }
    /// The SessionSet whose live entry follows the run (ui/models/sessionset.h): begun when
    /// the run measures (phase Running), updated with each liveUpdate(), finished with the
    /// session; a run that never measured (failed setup, unreachable, stopped in setup)
    /// leaves what was shown before. None by default.
    void setSessionSet(SessionSet *set) { m_sessions = set; }
    /// Asks the run to stop (cleanup still runs; finished() follows). No-op when idle.
    void stop();
    /// During cleanup: stop retrying, leave what is not removed yet as the session's
    /// leftovers (BenchmarkRun::abandonCleanup()). No-op when idle.
    void abandonCleanup();
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
    /// Cleanup retries (BenchmarkRun::cleanupRetrying): the next try in `nextInMs`, cleanup
    /// gives up `budgetLeftMs` after it.
    void cleanupRetrying(const QString &what, const QString &answer, qint64 nextInMs,
                         qint64 budgetLeftMs);
    /// The latest snapshot with the run so far in `stages` and `series`, at most every
    /// kRepaintIntervalMs.
    void liveUpdate(const vw::RunSnapshot &snapshot);
    void finished(const vw::Session &session);
    /// A line for the status bar ("No token: ...", "Asking before contacting ...").
    void message(const QString &text);
    /// The non-loopback question was answered (the run has started when `yes`).
    void confirmationAnswered(bool yes);
    /// After the auto-save: `error` empty on success (also after a rescue: `path` is then
    /// where the session was rescued to, sessionRescued() came first).
    void sessionSaved(const QString &path, const QString &error);
    /// The auto-save to `failedPath` failed with `error` (a folder that filled during the run)
    /// and the session was written to `rescuedPath` instead (rescueFolders(),
    /// core/session/sessionio.h writeRescuedSession()).
    void sessionRescued(const QString &failedPath, const QString &error,
                        const QString &rescuedPath);

private:
    void onPhase(RunPhase phase, const QString &detail);
    void onSnapshot(const RunSnapshot &s);
    void flush();
    void onFinished(const RunRecord &record);

    std::unique_ptr<BenchmarkRun> m_run;
    QTimer m_coalesce;
    QElapsedTimer m_clock; ///< started with the run
    RunSnapshotAccumulator m_live; ///< the current run's latest snapshot, stages and series
    bool m_hasPending = false;
    bool m_running = false;
    bool m_stopping = false;
    bool m_autoSave = true;
    QString m_savePath; ///< this run's session file (checkpoints, then the final session)
    JobTracker m_saves{this, JobTracker::Policy::Independent}; ///< final session writes
    QWidget *m_dialogParent = nullptr;
    TargetConfirmation *m_confirmation = nullptr; ///< created at the first non-loopback run
    SessionSet *m_sessions = nullptr;
    /// The run's live entry replaces the results shown once its measured window starts.
    bool m_liveBegun = false;
    QString m_liveLabel;
    Profile m_livePlan;
};

} // namespace vw
