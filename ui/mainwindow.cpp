#include "mainwindow.h"

#include "library/savedsessionbar.h"
#include "library/sessionlibrarydock.h"
#include "library/sessionlibraryview.h"
#include "models/sessionset.h"
#include "profileeditorpage.h"
#include "recentfilesmenu.h"
#include "resultspage.h"
#include "runcontroller.h"
#include "runpanel.h"
#include "session/sessionio.h"
#include "sessionfiles.h"
#include "sessionloadindicator.h"
#include "sessionopener.h"
#include "targetpanel.h"
#include "window/runoutcome.h"
#include "window/unsavedchanges.h"
#include "theme/charttheme.h"
#include "theme/windowtheme.h"
#include "window/accessibility.h"
#include "window/unsavedprofile.h"
#include "window/windowcloseflow.h"
#include "window/windowgeometry.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeData>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>

#include <algorithm>
#include <memory>

namespace vw {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    qRegisterMetaType<vw::RunSnapshot>();

    m_sessions = new SessionSet(this);
    m_editor = new ProfileEditorPage(this);
    m_target = new TargetPanel(this);
    m_runPanel = new RunPanel(this);
    m_runPanel->setObjectName(QStringLiteral("runPanel"));
    m_runPanel->observe(m_sessions);
    m_results = new ResultsPage(m_sessions, this);
    m_results->setObjectName(QStringLiteral("resultsPage"));
    m_controller = new RunController(this);
    m_controller->setDialogParent(this);
    m_controller->setSessionSet(m_sessions); // the live entry follows the run
    m_opener = new SessionOpener(
        m_sessions, m_editor, m_runPanel, [this] { return isRunning(); }, this);
    m_confirmStopAfterMs = RunController::kConfirmStopAfterMs;

    createLayout();
    createActions();
    createMenus();
    createLibrary();

    connect(m_editor, &ProfileEditorPage::validityChanged, this, &MainWindow::updateActions);
    connect(m_editor, &ProfileEditorPage::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_editor, &ProfileEditorPage::profileChanged, this, [this](const Profile &p) {
        m_target->setProfile(m_editor->filePath(), p.target);
        m_target->setLabelPlaceholder(p.name);
        updateTitle();
    });
    connect(m_editor, &ProfileEditorPage::saved, this,
            [this](const QString &path, const QString &error) {
                if (error.isEmpty()) {
                    if (const auto p = m_editor->profile())
                        m_target->setProfile(path,
                                             p->target); // an unsaved profile's override moves
                    m_recent->add(path);
                    statusBar()->showMessage(tr("Profile saved to %1").arg(path), kStatusMs);
                } else {
                    m_runPanel->showError(
                        tr("Could not save the profile: %1").arg(error)); // names the path
                }
                updateTitle();
            });
    connect(m_target, &TargetPanel::message, this,
            [this](const QString &m) { statusBar()->showMessage(m, kStatusMs); });

    connectRunController();
    connect(m_results, &ResultsPage::addOverlayRequested, this, &MainWindow::addOverlayDialog);
    connect(m_sessions, &SessionSet::entriesChanged, this, &MainWindow::updateActions);

    // session files: ui/sessionopener.h puts what the loader read into the SessionSet
    connect(m_opener, &SessionOpener::opened, this, [this](const QString &path) {
        m_recent->add(path);
        updateActions();
        emit sessionOpened(path);
    });
    connect(m_opener, &SessionOpener::openFailed, this, &MainWindow::sessionOpenFailed);
    connect(m_opener, &SessionOpener::notSession, this,
            [this](const QString &path) { openProfile(path); });
    connect(m_opener, &SessionOpener::message, this,
            [this](const QString &m) { statusBar()->showMessage(m, kStatusMs); });
    // the indicator first: it is hidden when loadingFinished() is emitted
    statusBar()->addPermanentWidget(new SessionLoadIndicator(m_opener->loader(), this));
    connect(m_opener->loader(), &SessionLoader::idle, this, &MainWindow::loadingFinished);

    // closing: unsaved edits, a run going, a local target started here (ui/window/)
    m_closeFlow = new WindowCloseFlow(
        this, m_editor, m_controller, m_target->localTarget(),
        [this](const QString &action, std::function<void()> proceed) {
            settleUnsavedProfile(action, std::move(proceed));
        },
        [this] { saveMainWindowLayout(this, m_splitter); }, this);
    m_closeFlow->setUnsavedRun([this] { return hasUnsavedRun(); },
                               [this](std::function<void()> proceed) {
                                   return settleUnsavedRun(tr("close the window"),
                                                           std::move(proceed));
                               });
    connect(m_closeFlow, &WindowCloseFlow::status, statusBar(), &QStatusBar::showMessage);
    connect(m_closeFlow, &WindowCloseFlow::error, m_runPanel, &RunPanel::showError);

    m_chooseSessionFile = [this](const QString &suggested) {
        return QFileDialog::getSaveFileName(this, tr("Save session as"), suggested,
                                            tr("Sessions (*.json)"));
    };
    m_editor->setInitialText(defaultProfileYaml());
    restoreMainWindowLayout(this, m_splitter);
    // the saved look for the whole window (View > Theme; Follow System leaves it as it is)
    if (ChartThemeSettings::instance()->theme() != ChartTheme::FollowSystem)
        applyWindowTheme(ChartThemeSettings::instance()->theme());
    makeAccessible(this); // accessible names, Tab out of tables (ui/window/accessibility.h)
    // Focus starts on the profile's tabs (YAML | Form), not in the editor, where a Tab
    // would indent and mark the profile modified, nor in an edit a key press would change.
    m_editor->views()->tabBar()->setFocus(Qt::OtherFocusReason);

    updateActions();
    updateTitle();
    statusBar()->showMessage(tr("Ready: edit the profile, check the target, Ctrl+R runs"));
}

MainWindow::~MainWindow() = default;

void MainWindow::createLibrary()
{
    m_libraryDock = new SessionLibraryDock(this, m_libraryAction);
    m_library = m_libraryDock->view();
    m_library->setBaseFolders(QStringList{sessionsDirectory()} + legacySessionsDirectories());
    connect(m_library, &SessionLibraryView::openRequested, this, &MainWindow::openSession);
    connect(m_library, &SessionLibraryView::overlayRequested, this, &MainWindow::addOverlaySession);
    connect(m_library, &SessionLibraryView::message, this,
            [this](const QString &m) { statusBar()->showMessage(m, kStatusMs); });
    // Deleting the file of a session shown: the question says so, and the file line says
    // the file is gone (no Show in Folder on a missing file).
    m_library->setShownCheck([this](const QString &path) {
        const QList<SessionEntry> &entries = m_sessions->entries();
        return isSameFilePath(path, m_savedBar->path())
               || std::any_of(entries.cbegin(), entries.cend(),
                              [&](const SessionEntry &e) { return isSameFilePath(path, e.path); });
    });
    connect(m_library, &SessionLibraryView::sessionDeleted, m_savedBar,
            &SavedSessionBar::fileDeleted);
    // legends, lists and tabs follow a rename
    connect(m_library, &SessionLibraryView::sessionRenamed, m_sessions,
            [this](const QString &path, const QString &id, const QString &label) {
                m_sessions->renameSession(id, path, label);
            });
    connect(m_savedBar, &SavedSessionBar::savedAs, this,
            [this](const QString &target, const QString &error) {
                if (!error.isEmpty()) {
                    m_runPanel->showError(
                        tr("Could not save the session as %1: %2").arg(target, error));
                    return;
                }
                m_recent->add(target);
                statusBar()->showMessage(tr("Session saved as %1").arg(target), kStatusMs);
            });
    connect(m_savedBar, &SavedSessionBar::savedAs, this, &MainWindow::sessionSavedAs);
}

bool MainWindow::openProfile(const QString &path)
{
    auto loaded = std::make_shared<bool>(false);
    settleUnsavedProfile(tr("open %1").arg(QFileInfo(path).fileName()),
                         [this, path, loaded] { *loaded = loadProfileNow(path); });
    return *loaded;
}

bool MainWindow::settleUnsavedProfile(const QString &action, std::function<void()> proceed)
{
    const SettleOutcome outcome = settleProfileEdits(m_editor, this, action, std::move(proceed));
    if (outcome == SettleOutcome::Cancelled)
        statusBar()->showMessage(tr("Cancelled: the profile's edits are kept"), kStatusMs);
    return outcome == SettleOutcome::Proceeded;
}

bool MainWindow::loadProfileNow(const QString &path)
{
    QString error;
    if (!m_editor->loadFile(path, &error)) {
        m_runPanel->showError(error);
        statusBar()->showMessage(error, kStatusMs);
        return false;
    }
    m_recent->add(path);
    updateTitle();
    statusBar()->showMessage(m_editor->isValid()
                                 ? tr("Profile %1 loaded").arg(QFileInfo(path).fileName())
                                 : tr("Profile %1 has problems: see the list under the editor")
                                       .arg(QFileInfo(path).fileName()),
                             kStatusMs);
    return true;
}

void MainWindow::openSession(const QString &path)
{
    m_opener->openSession(path);
}

void MainWindow::addOverlaySession(const QString &path)
{
    m_opener->addOverlaySession(path);
}

void MainWindow::openFiles(const QStringList &paths)
{
    m_opener->openFiles(paths);
}

bool MainWindow::isLoading() const
{
    return m_opener->isBusy();
}

void MainWindow::setTargetAddress(const QString &address)
{
    m_target->setAddress(address);
}

bool MainWindow::isRunning() const
{
    return m_controller->isRunning();
}

bool MainWindow::startRun()
{
    if (isRunning())
        return false;
    if (!m_editor->validateNow()) {
        statusBar()->showMessage(tr("The profile has problems; fix them to run"), kStatusMs);
        updateActions();
        return false;
    }
    if (m_controller->isAsking())
        return false;
    if (!hasUnsavedRun())
        return startRunNow();
    // the new run would take the last one's place on screen, and its results are only there:
    // Save As / Discard / Cancel, as closing the window asks (askAboutUnsavedRun())
    auto started = std::make_shared<bool>(false);
    settleUnsavedRun(tr("start a new run"), [this, started] {
        m_unsavedRun.reset(); // saved (Save As), or discarded
        m_unsavedRunError.clear();
        updateActions();
        updateTitle();
        *started = startRunNow();
    });
    return *started;
}

bool MainWindow::startRunNow()
{
    if (isRunning() || m_controller->isAsking() || !m_editor->profile())
        return false; // e.g. a run started while the Save As was being written
    Profile profile = *m_editor->profile();
    if (const int n = m_runPanel->repeat(); n > 0) // the run panel's Repeat control
        profile.repeat = n;
    const ResolvedTarget target = m_target->resolvedTarget();
    if (!target.ok()) {
        m_runPanel->showError(
            tr("The target is not usable: %1").arg(target.errors.join(QStringLiteral("; "))));
        return false;
    }
    RunOptions options;
    options.token = m_target->token();
    // no label typed: the profile and the node or topology ("ssh-sign @ leader", "@ lb")
    options.label =
        m_target->label().isEmpty() ? defaultRunLabel(profile.name, target) : m_target->label();
    // started(), the live entry and a non-loopback question: RunController::startChecked()
    const bool ok = m_controller->startChecked(profile, target, options)
                    == RunController::StartOutcome::Started;
    updateActions();
    return ok;
}

void MainWindow::stopRun()
{
    if (!isRunning() || m_controller->isStopping())
        return;
    const qint64 elapsed = m_controller->elapsedMs();
    if (elapsed > m_confirmStopAfterMs && !confirmStopRun(this, elapsed)) {
        statusBar()->showMessage(tr("The run goes on"), kStatusMs);
        return;
    }
    if (!isRunning())
        return; // it ended while the question was open
    m_controller->stop();
    statusBar()->showMessage(tr("Stopping: ending the stage and cleaning up…"));
    updateActions();
}

void MainWindow::onRunFinished(const Session &session)
{
    m_lastRun = session; // the SessionSet's live entry is finished by the RunController
    m_runPanel->runFinished(session);
    statusBar()->showMessage(runOutcomeMessage(session), kStatusMs);
    updateActions();
    emit runFinished(session);
    m_closeFlow->runFinished();
}

void MainWindow::updateActions()
{
    const bool running = isRunning();
    const bool asking = m_controller->isAsking();
    m_runAction->setEnabled(!running && !asking && m_editor->isValid());
    m_stopAction->setEnabled(running && !m_controller->isStopping());
    m_removeOverlayAction->setEnabled(m_sessions->overlayCount() > 0);
    // any session shown, and a run's results only on screen
    const SessionEntry *main = m_sessions->mainEntry();
    m_saveSessionAsAction->setEnabled(hasUnsavedRun() || (main && !main->live));
    m_target->setEditable(!running);
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Vault Workbench").arg(m_editor->documentName()));
    // unsaved profile edits, or a run's results only on screen
    setWindowModified(m_editor->isModified() || hasUnsavedRun());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    event->setAccepted(m_closeFlow->mayClose()); // ui/window/windowcloseflow.h
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    const auto urls = event->mimeData()->urls();
    for (const QUrl &u : urls)
        if (u.isLocalFile())
            paths << u.toLocalFile();
    // sessions dropped on a window that already shows results are overlaid; profiles open
    // in the editor (SessionLoader::notSession())
    for (const QString &p : std::as_const(paths))
        addOverlaySession(p);
    event->acceptProposedAction();
}

} // namespace vw
