// Closing the main window without losing work or leaving anything behind, in this order:
// unsaved profile edits are saved or discarded (or the close is cancelled); a run's results
// that are only on screen (its session could not be written anywhere) are saved as a file or
// discarded (or the close is cancelled); a run still
// going is stopped and cleaned up first (or kept running: no close), the window closing when
// the run has finished; a local target this window started is stopped (the window closing
// once it is down, or staying with the error) or kept running, as asked. The questions are in
// ui/window/unsavedchanges.h. Never blocks the GUI thread: every wait ignores the close event
// and closes the window again when the work is done. GUI thread only.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace vw {

class LocalTargetBox;
class ProfileEditorPage;
class RunController;

class WindowCloseFlow : public QObject {
    Q_OBJECT
public:
    /// Runs `proceed` unless the profile's unsaved edits are kept (MainWindow's
    /// settleUnsavedProfile()).
    using SettleFn = std::function<void(const QString &action, std::function<void()> proceed)>;

    /// `window` is closed again (queued) when a wait is over and parents the questions;
    /// `saveLayout` writes its geometry and state (ui/window/windowgeometry.h).
    WindowCloseFlow(QWidget *window, ProfileEditorPage *editor, RunController *controller,
                    LocalTargetBox *localTarget, SettleFn settle, std::function<void()> saveLayout,
                    QObject *parent = nullptr);

    /// The results of a run that are only on screen: `unsaved` says whether there are any;
    /// `settle` runs its `proceed` once they are saved (Save As) or discarded, never when the
    /// question is cancelled or the write fails, and returns false when it is cancelled
    /// (MainWindow::settleUnsavedRun()). None by default.
    void setUnsavedRun(std::function<bool()> unsaved,
                       std::function<bool(std::function<void()> proceed)> settle)
    {
        m_unsavedRun = std::move(unsaved);
        m_settleRun = std::move(settle);
    }

    /// From QWidget::closeEvent(): true when the window may close now; false when the close
    /// is cancelled or waits (for a Save, a run's cleanup or the local target's stop).
    bool mayClose();
    /// From the run's finished(): closes the window when a close was waiting for it.
    void runFinished();

signals:
    /// A line for the status bar; `timeoutMs` 0 keeps it until the next one.
    void status(const QString &text, int timeoutMs);
    /// The local target could not be stopped: the window stays open.
    void error(const QString &text);

private:
    static constexpr int kStatusMs = 6000; ///< how long a status-bar message stays (ms)
    void closeLater();

    QWidget *m_window;
    ProfileEditorPage *m_editor;
    RunController *m_controller;
    LocalTargetBox *m_local;
    SettleFn m_settle;
    std::function<void()> m_saveLayout;
    std::function<bool()> m_unsavedRun;
    std::function<bool(std::function<void()>)> m_settleRun;
    /// The local target question, answered for this close: stop the target (once the run,
    /// if any, has cleaned up) or keep it running.
    enum class TargetOnClose { Unasked, Keep, Stop } m_targetOnClose = TargetOnClose::Unasked;
    bool m_closeWhenFinished = false;
    bool m_closeSettled = false; ///< unsaved edits were saved or discarded for this close
    bool m_runSettled = false; ///< results only on screen were saved or discarded for it
    void closeCancelled(); ///< this close is over: a later one asks again
};

} // namespace vw
