// The target panel's local target row: starts or stops an OpenBao target on loopback (a dev
// server, or a 3-node raft cluster behind nginx; core/localtarget/localtarget.h, the same as
// `vault-workbench target up|down`) and shows each node's name, role and version. Start,
// stop and the status query run on a thread of their own; the GUI thread never waits on
// them (their results come back queued). The state directory is the default one
// (defaultLocalTargetDir(), $VW_TARGET_DIR), so the CLI and the window see the same target.
#pragma once

#include "localtarget/localtarget.h"

#include <QWidget>
#include <functional>

QT_BEGIN_NAMESPACE
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
    /// True while a start, stop or status query runs.
    bool isBusy() const { return m_busy; }

signals:
    /// A target is up: its first node's name ("dev", "leader") and its root token.
    void started(const QString &nodeName, const QByteArray &token);
    void stopped();
    /// One line for the status bar (progress and errors).
    void message(const QString &text);

private:
    /// Runs `job` on a new thread; `done` gets its result on the GUI thread.
    void runInBackground(std::function<QVariant()> job, std::function<void(const QVariant &)> done);
    void setBusy(bool busy);
    void showStatus(const QList<LocalTargetNodeStatus> &nodes);

    QComboBox *m_kind = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_status = nullptr;
    bool m_busy = false;
    QList<class QThread *> m_threads;   ///< running jobs, joined in the destructor
};

} // namespace vw
