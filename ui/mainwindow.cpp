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
#include <QGroupBox>
#include <QMimeData>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace vw {

namespace {

QWidget *boxed(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QGroupBox(title, parent);
    auto *l = new QVBoxLayout(box);
    l->setContentsMargins(6, 6, 6, 6);
    l->addWidget(content);
    return box;
}
} // namespace

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

    auto *left = new QWidget(this);
    auto *ll = new QVBoxLayout(left);
    ll->setContentsMargins(0, 0, 0, 0);
    ll->addWidget(boxed(tr("Target"), m_target, left));
    ll->addWidget(boxed(tr("Profile"), m_editor, left), 1);

    auto *right = new QWidget(this);
    auto *rl = new QVBoxLayout(right);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->addWidget(m_runPanel);
    m_savedBar = new SavedSessionBar(m_sessions, right);
    rl->addWidget(m_savedBar);
    // The results take the height the window has, not their charts' preferred height: the
    // side's word-wrapped banners make its layout height-for-width, which would size it by
    // the size hints and scroll a 1600x1000 window (the tables below the charts then showed
    // 3 rows above the fold). Their minimum still holds: a small window scrolls.
    m_results->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_results->setMinimumHeight(m_results->minimumSizeHint().height());
    rl->addWidget(m_results, 1);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    // Each side scrolls when the window is smaller than its content (a 1280x720 screen at
    // 150 % has 853x480 device-independent pixels); at usual sizes it simply fills the side.
    for (QWidget *side : {left, right}) {
        auto *scroll = new QScrollArea(m_splitter);
        scroll->setObjectName(side == left ? QStringLiteral("leftScroll")
                                           : QStringLiteral("rightScroll"));
        scroll->setAccessibleName(side == left ? tr("Target and profile") : tr("Run and results"));
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(side);
        m_splitter->addWidget(scroll);
    }
    m_splitter->setObjectName(QStringLiteral("mainSplit"));
    // a larger window widens the editor too (a third of the extra width), not only the charts
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);
    for (QWidget *w : {static_cast<QWidget *>(m_splitter), left, right})
        w->setContentsMargins(4, 4, 4, 4);
    // the left side at least as wide as its content: it never scrolls sideways (at 1280x720
    // too); a wider window gives it a third of the extra width
    auto *leftScroll = static_cast<QScrollArea *>(m_splitter->widget(0));
    leftScroll->setMinimumWidth(left->minimumSizeHint().width()
                                + leftScroll->verticalScrollBar()->sizeHint().width());
    const int leftWidth = std::max(440, leftScroll->minimumWidth());
    m_splitter->setSizes({leftWidth, 1400 - leftWidth});

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
