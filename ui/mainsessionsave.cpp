// MainWindow's Save Session As and the question about a run whose results are only on screen
// (its session could not be written anywhere): the file is written on a pool thread. Part of
// MainWindow (ui/mainwindow.h), kept apart so that mainwindow.cpp is the wiring of the pages.
#include "mainwindow.h"

#include "library/savedsessionbar.h"
#include "library/sessionlibraryview.h"
#include "models/sessionset.h"
#include "recentfilesmenu.h"
#include "runpanel.h"
#include "session/sessionio.h"
#include "sessionfiles.h"
#include "window/unsavedchanges.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStatusBar>

#include <memory>

namespace vw {

QString MainWindow::suggestedSessionPath(const QString &fileName) const
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
        .filePath(fileName);
}

void MainWindow::saveSessionAs()
{
    const SessionEntry *main = m_sessions->mainEntry();
    QString name;
    if (!m_savedBar->path().isEmpty())
        name = QFileInfo(m_savedBar->path()).fileName();
    else if (m_unsavedRun && (!main || main->live || main->path.isEmpty()))
        name = QFileInfo(autoSavePath(*m_unsavedRun)).fileName();
    else if (main && !main->live)
        name = QFileInfo(autoSavePath(main->session)).fileName();
    else
        return; // nothing to save
    const QString target = m_chooseSessionFile(suggestedSessionPath(name));
    if (!target.isEmpty())
        saveSessionTo(target);
}

void MainWindow::saveSessionTo(const QString &target)
{
    const SessionEntry *main = m_sessions->mainEntry();
    const bool shown = main && !main->live;
    if (shown && !m_savedBar->path().isEmpty() && !m_savedBar->isFileDeleted()) {
        m_savedBar->saveAs(target); // a copy of its file; savedAs() -> sessionSavedAs()
        return;
    }
    if (m_unsavedRun && (!shown || main->path.isEmpty())) {
        writeSessionCopy(*m_unsavedRun, target, true); // the run's session, only on screen
        return;
    }
    if (shown)
        writeSessionCopy(main->session, target, false); // its file was deleted
}

void MainWindow::writeSessionCopy(const Session &session, const QString &target, bool unsavedRun)
{
    statusBar()->showMessage(tr("Saving the session as %1…").arg(target));
    m_sessionWrites.start(
        [session, target](const JobContext &) {
            // the session writer: atomic, never a token (docs/session-format.md, "Writing")
            QString error;
            writeSession(session, target, &error);
            return error;
        },
        [this, target, unsavedRun](const QString &error) {
            if (!error.isEmpty()) {
                m_runPanel->showError(
                    tr("Could not save the session as %1: %2").arg(target, error));
                emit sessionSavedAs(target, error);
                return;
            }
            if (unsavedRun) {
                m_unsavedRun.reset();
                m_unsavedRunError.clear();
                m_lastSavedPath = target;
                m_savedBar->setRunSavedPath(target); // the file line names it now
                m_library->markStale();
            }
            m_recent->add(target);
            statusBar()->showMessage(tr("Session saved as %1").arg(target), kStatusMs);
            updateActions();
            updateTitle();
            emit sessionSavedAs(target, QString());
        });
}

bool MainWindow::settleUnsavedRun(const QString &action, std::function<void()> proceed)
{
    if (!m_unsavedRun) {
        proceed();
        return true;
    }
    switch (askAboutUnsavedRun(this, m_unsavedRunError, action)) {
    case UnsavedChoice::Discard:
        proceed();
        return true;
    case UnsavedChoice::Cancel:
        statusBar()->showMessage(tr("Cancelled: the run's results stay on screen"), kStatusMs);
        return false;
    case UnsavedChoice::Save:
        break;
    }
    const QString target = m_chooseSessionFile(
        suggestedSessionPath(QFileInfo(autoSavePath(*m_unsavedRun)).fileName()));
    if (target.isEmpty()) {
        statusBar()->showMessage(tr("Cancelled: the run's results stay on screen"), kStatusMs);
        return false;
    }
    // written on a pool thread: go on once it is on disk (never when the write fails)
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &MainWindow::sessionSavedAs, this,
                          [target, connection, proceed = std::move(proceed)](const QString &written,
                                                                             const QString &error) {
                              if (written != target)
                                  return;
                              QObject::disconnect(*connection);
                              if (error.isEmpty())
                                  proceed();
                          });
    writeSessionCopy(*m_unsavedRun, target, true);
    return true;
}

} // namespace vw
