// The target panel's local target row: starts or stops an OpenBao target on loopback (a dev
// server, or a 3-node raft cluster behind nginx; core/localtarget/localtarget.h, the same as
// `vault-workbench target up|down`) and shows each node's name, role and version. Start,
// stop and the status query run on a thread of their own; the GUI thread never waits on
// them (their results come back queued, ui/jobtracker.h). The state directory is the default
// one (defaultLocalTargetDir(), $VW_TARGET_DIR), so the CLI and the window see the same
// target: the kind selector shows the topology of what is running there (read from its
// state, core/vault/localtargetstate.h), also when the CLI or an earlier window started it.
// What it starts has telemetry on (`target up --telemetry`: sys/metrics in Prometheus form),
// so the Server tab shows the server's memory, CPU and request time live. Its "With:" boxes,
// one per service `target up --with` knows (LocalTargetOptions::knownServices(): PostgreSQL
// for the database operations, ...), start those beside it; while a target runs they show
// which of them run.
#pragma once

#include "jobtracker.h"
#include "localtarget/localtarget.h"

#include <QThreadPool>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace vw {

class LocalTargetBox : public QWidget {
    Q_OBJECT
public:
    explicit LocalTargetBox(QWidget *parent = nullptr);
    ~LocalTargetBox() override;

    /// Asks the nodes' roles and versions again (in the background).
    void refreshStatus();
    /// Stops the target (in the background, like the Stop button); stopped() or a message
    /// with the error follows.
    void stopTarget();
    /// True while a start, stop or status query runs.
    bool isBusy() const { return m_busy; }
    /// A process of the target is alive (as last seen: started here, or found by the status
    /// query).
    bool isTargetUp() const { return m_up; }
    /// The target that is up was started by this box (Start), not found already running.
    bool startedHere() const { return m_up && m_startedHere; }
    /// The kind selector's topology ("dev", "cluster", or what the state says, e.g. "raft").
    QString kind() const;
    /// The services checked in the "With:" row (what Start starts beside the target).
    QStringList services() const;

signals:
    /// A target is up: its first node's name ("dev", "leader") and its root token.
    void started(const QString &nodeName, const QByteArray &token);
    void stopped();
    /// After every stopTarget() (the button's too): `error` empty when the target is down.
    void stopFinished(const QString &error);
    /// One line for the status bar (progress and errors).
    void message(const QString &text);

private:
    void start();
    void updateBusy();
    void showStatus(const QList<LocalTargetNodeStatus> &nodes);
    /// The kind selector follows the running target's topology ("dev", "cluster", "raft").
    void showKind(const QString &topology);

    QComboBox *m_kind = nullptr;
    QList<QCheckBox *> m_services; ///< one per LocalTargetOptions::knownServices(), in order
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_status = nullptr;
    bool m_busy = false;
    bool m_up = false;
    bool m_startedHere = false;
    /// Start, stop and status run here; its destructor joins them (a start or stop in
    /// progress finishes, bounded by its own timeouts; the trackers, destroyed first, have
    /// dropped their results by then).
    QThreadPool m_pool;
    JobTracker m_actions{this, JobTracker::Policy::Independent, &m_pool}; ///< start, stop
    JobTracker m_statusQuery{this, JobTracker::Policy::Supersede, &m_pool};
};

} // namespace vw
