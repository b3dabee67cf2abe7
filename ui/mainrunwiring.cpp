// MainWindow's wiring of the RunController: its phases, live snapshots, stage ends and
// messages to the run panel and the status bar, and what becomes of the run's session
// (saved, rescued to another folder, or only on screen). Part of MainWindow
// (ui/mainwindow.h), kept apart so that mainwindow.cpp is the wiring of the pages.
#include "mainwindow.h"

#include "library/savedsessionbar.h"
#include "library/sessionlibraryview.h"
#include "recentfilesmenu.h"
#include "runcontroller.h"
#include "runpanel.h"
#include "targetpanel.h"
#include "window/runoutcome.h"

#include <QDir>
#include <QStatusBar>

namespace vw {

void MainWindow::connectRunController()
{
    connect(m_controller, &RunController::phaseChanged, this,
            [this](RunPhase phase, const QString &detail) {
                m_runPanel->setPhase(phase, detail);
                if (phase == RunPhase::Finished)
                    return; // detail is the status key; onRunFinished() says it in words
                statusBar()->showMessage(detail.isEmpty()
                                             ? runPhaseName(phase)
                                             : runPhaseName(phase) + QStringLiteral(": ") + detail);
            });
    connect(m_controller, &RunController::liveUpdate, m_runPanel, &RunPanel::showSnapshot);
    connect(m_controller, &RunController::cleanupRetrying, m_runPanel, &RunPanel::showCleanupRetry);
    connect(m_runPanel, &RunPanel::leaveCleanupRequested, m_controller,
            &RunController::abandonCleanup);
    connect(m_controller, &RunController::stageFinished, this,
            [this](const StageStats &s) { statusBar()->showMessage(stageDoneMessage(s)); });
    connect(m_controller, &RunController::message, this,
            [this](const QString &m) { statusBar()->showMessage(m, kStatusMs); });
    connect(m_controller, &RunController::confirmationAnswered, this, [this](bool yes) {
        if (!yes)
            m_target->forgetDeclinedOverride(); // a declined address is not kept
        updateActions();
    });
    connect(m_controller, &RunController::started, this, [this](const Profile &profile) {
        m_target->tokenUsedForRun();
        m_runPanel->runStarted(profile);
    });
    connect(m_controller, &RunController::finished, this, &MainWindow::onRunFinished);
    connect(m_controller, &RunController::sessionRescued, this,
            [this](const QString &, const QString &error, const QString &rescued) {
                const QString text =
                    tr("Could not save the session: %1. It was saved to %2 instead (Save "
                       "Session As… copies it where you want it).")
                        .arg(error, QDir::toNativeSeparators(rescued));
                const QString shown = m_runPanel->errorText();
                m_runPanel->showError(shown.isEmpty() ? text : shown + QLatin1Char('\n') + text);
            });
    connect(m_controller, &RunController::sessionSaved, this,
            [this](const QString &path, const QString &error) {
                if (!error.isEmpty()) {
                    // not even the rescue folders took it: kept here until saved or discarded
                    m_unsavedRun = m_lastRun;
                    m_unsavedRunError = error;
                    m_runPanel->showError(
                        tr("Could not save the session: %1 (nor in %2): the results are only "
                           "on screen. File > Save Session As… writes them where you choose.")
                            .arg(error, RunController::rescueFolders().join(tr(" or "))));
                    updateActions();
                    updateTitle();
                    return;
                }
                m_lastSavedPath = path;
                m_recent->add(path);
                m_runPanel->sessionSaved(m_lastRun, path); // the sweep command, if needed
                statusBar()->showMessage(tr("Session saved to %1").arg(path), kStatusMs);
                m_savedBar->setRunSavedPath(path);
                m_library->markStale();
                emit sessionSaved(path);
            });
}

} // namespace vw
