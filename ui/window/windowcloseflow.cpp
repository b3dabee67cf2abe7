#include "window/windowcloseflow.h"

#include "localtargetbox.h"
#include "profileeditorpage.h"
#include "runcontroller.h"
#include "window/unsavedchanges.h"

#include <QWidget>
#include <memory>

namespace vw {

WindowCloseFlow::WindowCloseFlow(QWidget *window, ProfileEditorPage *editor,
                                 RunController *controller, LocalTargetBox *localTarget,
                                 SettleFn settle, std::function<void()> saveLayout, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_editor(editor)
    , m_controller(controller)
    , m_local(localTarget)
    , m_settle(std::move(settle))
    , m_saveLayout(std::move(saveLayout))
{
}

void WindowCloseFlow::closeLater()
{
    QMetaObject::invokeMethod(m_window, &QWidget::close, Qt::QueuedConnection);
}

void WindowCloseFlow::runFinished()
{
    if (m_closeWhenFinished)
        m_window->close();
}

void WindowCloseFlow::closeCancelled()
{
    m_closeSettled = false;
    m_runSettled = false;
}

bool WindowCloseFlow::mayClose()
{
    if (m_closeWhenFinished && m_controller->isRunning()) // stopping: closes after cleanup
        return false;
    if (!m_closeSettled && m_editor->isModified()) {
        // asked from the event loop, not inside the close event (Save may finish later)
        m_settle(tr("close the window"), [this] {
            m_closeSettled = true;
            closeLater();
        });
        return false;
    }
    if (!m_runSettled && m_unsavedRun && m_unsavedRun()) {
        // a run's results only on screen: Save As (written on a pool thread) or Discard
        const bool goesOn = m_settleRun([this] {
            m_runSettled = true;
            closeLater();
        });
        if (!goesOn)
            closeCancelled();
        return false;
    }
    if (m_controller->isRunning()
        && askAboutRunningClose(m_window) == RunningCloseChoice::KeepRunning) {
        closeCancelled();
        emit status(tr("The run goes on"), kStatusMs);
        return false;
    }
    if (m_targetOnClose == TargetOnClose::Unasked && m_local->startedHere()) {
        // a target this window started: never left running without a word
        switch (askAboutLocalTargetOnQuit(m_window, m_local->kind())) {
        case LocalTargetQuitChoice::Cancel:
            closeCancelled();
            return false;
        case LocalTargetQuitChoice::KeepRunning:
            m_targetOnClose = TargetOnClose::Keep;
            break;
        case LocalTargetQuitChoice::Stop:
            m_targetOnClose = TargetOnClose::Stop;
            break;
        }
    }
    m_saveLayout();
    if (m_controller->isRunning()) {
        // never block the GUI on cleanup: stop, and close when finished() arrives; the
        // unsaved-profile answer (m_closeSettled) holds for that close, not asked again
        m_closeWhenFinished = true;
        m_controller->stop();
        emit status(tr("Stopping the run; the window closes after cleanup"), 0);
        return false;
    }
    if (m_targetOnClose == TargetOnClose::Stop && m_local->isTargetUp()) {
        // stopped in the background (after the run's cleanup, which needed it); the window
        // closes when it is down, or stays with the error
        if (m_local->isBusy())
            return false; // a stop under way: its stopFinished() closes
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection = connect(
            m_local, &LocalTargetBox::stopFinished, this, [this, connection](const QString &error) {
                QObject::disconnect(*connection);
                if (error.isEmpty()) {
                    closeLater();
                    return;
                }
                m_targetOnClose = TargetOnClose::Unasked;
                closeCancelled();
                emit this->error(tr("Could not stop the local target: %1").arg(error));
            });
        emit status(tr("Stopping the local target; the window closes after that"), 0);
        m_local->stopTarget();
        return false;
    }
    closeCancelled();
    m_targetOnClose = TargetOnClose::Unasked;
    return true;
}

} // namespace vw
