// The run's state at a glance: phase, stage i of n, VUs, in-flight, elapsed, a progress bar,
// and a banner for errors (setup failed, unreachable, sealed, stopped) that stays until the
// next run; during a run the banner says at once when the server stops answering (the newest
// second's requests could not reach it), before the abort rule ends the run as failed. Between runs it summarises the session file opened as the SessionSet's main entry
// (ui/models/sessionset.h), which it observes. Its Repeat control sets how many times the next
// run runs the ramp (replicates, docs/session-format.md). GUI thread only.
#pragma once

#include "engine/runsnapshot.h"
#include "profile/profile.h"
#include "session/session.h"

#include <QElapsedTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
class QSpinBox;
class QTimer;
class QToolButton;
QT_END_NAMESPACE

namespace vw {

class ElidedLabel;
class SessionSet;

class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget *parent = nullptr);

    /// From now on, a session file becoming the main entry of `set` is summarised here.
    void observe(SessionSet *set);

    /// A run starts: clears the banner, resets the progress.
    void runStarted(const Profile &profile);
    void setPhase(RunPhase phase, const QString &detail);
    void showSnapshot(const RunSnapshot &s);
    /// The run ended: shows its outcome; failures go to the banner.
    void runFinished(const Session &session);
    /// The finished run's session was saved to `path`: when its cleanup left something, the
    /// banner adds the command that sweeps it ("vault-workbench cleanup '<path>'").
    void sessionSaved(const Session &session, const QString &path);
    /// Shows a loaded session's summary (not a run).
    void showSession(const Session &session);

    /// The Repeat control: how many times the next run runs its ramp (1..100), or 0 for the
    /// profile's own `repeat:`.
    int repeat() const;
    void setRepeat(int n);

    void showError(const QString &text);
    void clearError();
    QString errorText() const;

    /// Cleanup retries (RunController::cleanupRetrying): a line with what is retried, a
    /// countdown to the next try and to giving up, and the "Leave it, sweep later" button;
    /// hidden when the run finishes.
    void showCleanupRetry(const QString &what, const QString &answer, qint64 nextInMs,
                          qint64 budgetLeftMs);
    /// The cleanup line's text ("" when hidden), for tests.
    QString cleanupText() const;

signals:
    /// "Leave it, sweep later" was pressed (RunController::abandonCleanup()).
    void leaveCleanupRequested();

private:
    QLabel *m_phase = nullptr;
    ElidedLabel *m_stage = nullptr; ///< the status line: elided, the whole text as tool tip
    QLabel *m_elapsed = nullptr;
    QProgressBar *m_progress = nullptr;
    QWidget *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    QSpinBox *m_repeat = nullptr;
    QWidget *m_cleanup = nullptr; ///< the retry line and its button
    QLabel *m_cleanupText = nullptr;
    QTimer *m_cleanupTick = nullptr; ///< once a second: the countdown
    QElapsedTimer m_cleanupClock; ///< since the last retry notice
    QString m_cleanupWhat;
    qint64 m_cleanupNextMs = 0;
    qint64 m_cleanupLeftMs = 0;
    void updateCleanupText();
    qint64 m_totalMs = 0;
    int m_rampStages = 0; ///< the running profile's stages (one replicate)
    int m_runs = 1; ///< its repeat
    /// The banner shows the live "server is not answering" warning (showSnapshot()).
    bool m_serverWarning = false;
};

} // namespace vw
