// The run's state at a glance: phase, stage i of n, VUs, in-flight, elapsed, a progress bar,
// and a banner for errors (setup failed, unreachable, sealed, stopped) that stays until the
// next run. Between runs it summarises the session file opened as the SessionSet's main entry
// (ui/models/sessionset.h), which it observes. Its Repeat control sets how many times the next
// run runs the ramp (replicates, docs/session-format.md). GUI thread only.
#pragma once

#include "engine/runsnapshot.h"
#include "profile/profile.h"
#include "session/session.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
class QSpinBox;
class QToolButton;
QT_END_NAMESPACE

namespace vw {

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

private:
    QLabel *m_phase = nullptr;
    QLabel *m_stage = nullptr;
    QLabel *m_elapsed = nullptr;
    QProgressBar *m_progress = nullptr;
    QWidget *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    QSpinBox *m_repeat = nullptr;
    qint64 m_totalMs = 0;
    int m_rampStages = 0; ///< the running profile's stages (one replicate)
    int m_runs = 1; ///< its repeat
};

} // namespace vw
