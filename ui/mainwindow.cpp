#include "mainwindow.h"

#include "chartexportdialog.h"
#include "library/savedsessionbar.h"
#include "library/sessionlibraryview.h"
#include "mainactions.h"
#include "models/sessionset.h"
#include "profileeditorpage.h"
#include "recentfilesmenu.h"
#include "resultspage.h"
#include "runcontroller.h"
#include "runpanel.h"
#include "sessionfiles.h"
#include "targetconfirmation.h"
#include "targetpanel.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace vw {

namespace {
const int kStatusMs = 6000;

QWidget *boxed(const QString &title, QWidget *content, QWidget *parent)
{
    auto *box = new QGroupBox(title, parent);
    auto *l = new QVBoxLayout(box);
    l->setContentsMargins(6, 6, 6, 6);
    l->addWidget(content);
    return box;
}
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    qRegisterMetaType<vw::RunSnapshot>();

    m_sessions = new SessionSet(this);
    m_loader = new SessionLoader(this);
    m_editor = new ProfileEditorPage(this);
    m_target = new TargetPanel(this);
    m_runPanel = new RunPanel(this);
    m_runPanel->setObjectName(QStringLiteral("runPanel"));
    m_runPanel->observe(m_sessions);
    m_results = new ResultsPage(m_sessions, this);
    m_results->setObjectName(QStringLiteral("resultsPage"));
    m_controller = new RunController(this);

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
    rl->addWidget(m_results, 1);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({440, 960});
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);
    for (QWidget *w : {static_cast<QWidget *>(m_splitter), left, right})
        w->setContentsMargins(4, 4, 4, 4);

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
    connect(m_editor, &ProfileEditorPage::saved, this, [this](const QString &path,
                                                              const QString &error) {
        if (error.isEmpty()) {
            if (const auto p = m_editor->profile())
                m_target->setProfile(path, p->target);   // an unsaved profile's override moves
            m_recent->add(path);
            statusBar()->showMessage(tr("Profile saved to %1").arg(path), kStatusMs);
        } else {
            m_runPanel->showError(tr("Could not save the profile to %1: %2").arg(path, error));
        }
        updateTitle();
    });
    connect(m_target, &TargetPanel::message, this,
            [this](const QString &m) { statusBar()->showMessage(m, kStatusMs); });

    connect(m_controller, &RunController::phaseChanged, this,
            [this](RunPhase phase, const QString &detail) {
                m_runPanel->setPhase(phase, detail);
                statusBar()->showMessage(detail.isEmpty() ? runPhaseName(phase)
                                                          : runPhaseName(phase) + QStringLiteral(": ") + detail);
            });
    connect(m_controller, &RunController::liveUpdate, this, [this](const RunSnapshot &s) {
        m_runPanel->showSnapshot(s);
        m_sessions->updateLive(s);
    });
    connect(m_controller, &RunController::stageFinished, this, [this](const StageStats &s) {
        QStringList parts;
        for (const OpStats &o : s.ops)
            parts << tr("%1 %2/s p99 %3 ms")
                         .arg(o.op)
                         .arg(s.throughputPerS(o), 0, 'f', 0)
                         .arg(latencyCellMs(o.latency, 99, 2));
        statusBar()->showMessage(tr("Stage %1 (%2 VUs) done: %3")
                                     .arg(stageNumber(s.index))
                                     .arg(s.vus)
                                     .arg(parts.join(QStringLiteral(" · "))));
    });
    connect(m_controller, &RunController::finished, this, &MainWindow::onRunFinished);
    connect(m_controller, &RunController::sessionSaved, this,
            [this](const QString &path, const QString &error) {
                if (!error.isEmpty()) {
                    m_runPanel->showError(tr("Could not save the session: %1").arg(error));
                    return;
                }
                m_lastSavedPath = path;
                m_recent->add(path);
                if (const SessionEntry *e = m_sessions->mainEntry())
                    m_runPanel->sessionSaved(e->session, path);   // the sweep command, if needed
                statusBar()->showMessage(tr("Session saved to %1").arg(path), kStatusMs);
                m_savedBar->setRunSavedPath(path);
                m_library->markStale();
                emit sessionSaved(path);
            });
    connect(m_results, &ResultsPage::addOverlayRequested, this, &MainWindow::addOverlayDialog);
    connect(m_sessions, &SessionSet::entriesChanged, this, &MainWindow::updateActions);

    connect(m_loader, &SessionLoader::loaded, this, &MainWindow::onSessionLoaded);
    connect(m_loader, &SessionLoader::failed, this, &MainWindow::onSessionLoadFailed);
    connect(m_loader, &SessionLoader::notSession, this,
            [this](const QString &path) { openProfile(path); });
    connect(m_loader, &SessionLoader::progress, this, &MainWindow::onLoadProgress);
    connect(m_loader, &SessionLoader::idle, this, &MainWindow::onLoadingIdle);
    m_loadingLabel = new QLabel(this);
    m_loadingLabel->setObjectName(QStringLiteral("loadingLabel"));
    m_loadingProgress = new QProgressBar(this);
    m_loadingProgress->setObjectName(QStringLiteral("loadingProgress"));
    m_loadingProgress->setMaximumWidth(160);
    m_loadingProgress->setTextVisible(false);
    statusBar()->addPermanentWidget(m_loadingLabel);
    statusBar()->addPermanentWidget(m_loadingProgress);
    m_loadingLabel->hide();
    m_loadingProgress->hide();

    m_editor->setInitialText(defaultProfileYaml());

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1400, 900);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());

    updateActions();
    updateTitle();
    statusBar()->showMessage(tr("Ready: edit the profile, check the target, Ctrl+R runs"));
}

MainWindow::~MainWindow() = default;

void MainWindow::createLibrary()
{
    m_library = new SessionLibraryView(this);
    m_library->setBaseFolders(QStringList{sessionsDirectory()} + legacySessionsDirectories());
    m_libraryDock = new QDockWidget(tr("Sessions"), this);
    m_libraryDock->setObjectName(QStringLiteral("sessionLibraryDock"));
    m_libraryDock->setWidget(m_library);
    addDockWidget(Qt::BottomDockWidgetArea, m_libraryDock);
    m_libraryDock->hide();
    m_libraryAction->setCheckable(true);
    connect(m_libraryAction, &QAction::toggled, this, [this](bool on) {
        m_libraryDock->setVisible(on);
        if (on) {
            QTimer::singleShot(0, this, [this] {   // once laid out: room for a few rows
                if (m_libraryDock->isFloating() || m_libraryDock->height() >= height() / 3)
                    return;
                resizeDocks({m_libraryDock}, {height() / 3}, Qt::Vertical);
                if (m_libraryDock->height() < 220) {   // the pages leave no room: float it
                    m_libraryDock->setFloating(true);
                    m_libraryDock->resize(width() * 4 / 5, height() / 2);
                    m_libraryDock->move(mapToGlobal(QPoint(width() / 10, height() / 3)));
                }
            });
            m_libraryDock->raise();
            m_library->focusSearch();
        }
    });
    connect(m_libraryDock, &QDockWidget::visibilityChanged, m_libraryAction, [this](bool) {
        m_libraryAction->setChecked(!m_libraryDock->isHidden());
    });
    connect(m_library, &SessionLibraryView::openRequested, this, &MainWindow::openSession);
    connect(m_library, &SessionLibraryView::overlayRequested, this,
            &MainWindow::addOverlaySession);
    connect(m_library, &SessionLibraryView::message, this,
            [this](const QString &m) { statusBar()->showMessage(m, kStatusMs); });
    connect(m_savedBar, &SavedSessionBar::savedAs, this,
            [this](const QString &target, const QString &error) {
                if (!error.isEmpty()) {
                    m_runPanel->showError(tr("Could not save the session as %1: %2")
                                              .arg(target, error));
                    return;
                }
                m_recent->add(target);
                statusBar()->showMessage(tr("Session saved as %1").arg(target), kStatusMs);
            });
}

void MainWindow::createActions()
{
    const MainActions a = createMainActions(this);
    m_newAction = a.newProfile;
    m_openAction = a.open;
    m_saveAction = a.save;
    m_saveAsAction = a.saveAs;
    m_runAction = a.run;
    m_stopAction = a.stop;
    m_addOverlayAction = a.addOverlay;
    m_removeOverlayAction = a.removeOverlay;
    m_quitAction = a.quit;
    m_libraryAction = a.library;

    connect(m_newAction, &QAction::triggered, this, [this] {
        m_editor->setText(defaultProfileYaml());
        statusBar()->showMessage(tr("Quickstart profile loaded (Ctrl+Z undoes)"), kStatusMs);
    });
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::saveProfile);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveProfileAs);
    connect(m_runAction, &QAction::triggered, this, &MainWindow::startRun);
    connect(m_stopAction, &QAction::triggered, this, &MainWindow::stopRun);
    connect(m_addOverlayAction, &QAction::triggered, this, &MainWindow::addOverlayDialog);
    connect(m_removeOverlayAction, &QAction::triggered, m_results,
            &ResultsPage::removeSelectedOverlays);
    connect(m_quitAction, &QAction::triggered, this, &MainWindow::close);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    m_recent = new RecentFilesMenu(this);
    connect(m_recent, &RecentFilesMenu::fileTriggered, this,
            [this](const QString &p) { openFiles({p}); });
    file->addMenu(m_recent);
    file->addSeparator();
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    QAction *exportChart = file->addAction(tr("&Export Chart…"), this, [this] {
        ChartExportDialog dialog(m_results, this);
        dialog.exec();
    });
    exportChart->setObjectName(QStringLiteral("exportChartAction"));
    exportChart->setStatusTip(tr("Write a chart of the results as PNG, SVG or PDF"));
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_runAction);
    run->addAction(m_stopAction);
    run->addSeparator();
    QAction *focusAddress = run->addAction(tr("Edit &Address"), m_target, &TargetPanel::focusAddress);
    focusAddress->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
    QAction *focusToken = run->addAction(tr("Edit &Token"), m_target, &TargetPanel::focusToken);
    focusToken->setShortcut(QKeySequence(QStringLiteral("Ctrl+T")));
    QAction *focusEditor = run->addAction(tr("Edit &Profile"), this, [this] {
        m_editor->editor()->setFocus();
    });
    focusEditor->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));

    QMenu *view = menuBar()->addMenu(tr("&Sessions"));
    view->addAction(m_addOverlayAction);
    view->addAction(m_removeOverlayAction);
    view->addSeparator();
    view->addActions(createPercentileActions(this, m_sessions));
    view->addSeparator();
    view->addAction(m_libraryAction);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts)
        ->setShortcut(QKeySequence::HelpContents);

    QToolBar *tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->setMovable(false);
    tb->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tb->addAction(m_openAction);
    tb->addAction(m_saveAction);
    tb->addSeparator();
    tb->addAction(m_runAction);
    tb->addAction(m_stopAction);
    tb->addSeparator();
    tb->addAction(m_addOverlayAction);
    tb->addAction(m_removeOverlayAction);
}

bool MainWindow::openProfile(const QString &path)
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
    m_loader->load(path, SessionLoader::Placement::Main);
}

void MainWindow::addOverlaySession(const QString &path)
{
    m_loader->load(path, SessionLoader::Placement::Overlay);
}

bool MainWindow::isLoading() const
{
    return m_loader->isBusy();
}

void MainWindow::onSessionLoaded(const QString &path, const Session &session,
                                 SessionLoader::Placement placement)
{
    // Decided now, not when asked: a run may have started, or the main session may have
    // arrived, while the file was being read.
    const bool asMain = placement == SessionLoader::Placement::Main
                            ? !isRunning()
                            : !m_sessions->hasMain() && !isRunning();
    if (asMain) {
        m_sessions->setMain(session, path);
        if (!m_editor->isModified() && !session.profileYaml.isEmpty())
            m_editor->setInitialText(QString::fromUtf8(session.profileYaml));
        statusBar()->showMessage(tr("Session %1 opened").arg(m_sessions->mainEntry()->label),
                                 kStatusMs);
    } else {
        const int i = m_sessions->addOverlay(session, path);
        statusBar()->showMessage(tr("Overlaid %1").arg(m_sessions->overlay(i).label), kStatusMs);
    }
    m_recent->add(path);
    updateActions();
    emit sessionOpened(path);
}

void MainWindow::onSessionLoadFailed(const QString &path, const QString &error)
{
    const QString text = tr("Cannot open session %1: %2").arg(path, error);
    m_loadErrors << text;
    m_runPanel->showError(m_loadErrors.join(QLatin1Char('\n')));
    statusBar()->showMessage(text, kStatusMs);
    emit sessionOpenFailed(path, error);
}

void MainWindow::onLoadProgress(const QString &path, int position, int total)
{
    if (position == 1)
        m_loadErrors.clear();   // a new batch: earlier errors stay in the banner until now
    m_loadingLabel->setText(total > 1 ? tr("Loading file %1 of %2: %3…")
                                            .arg(position)
                                            .arg(total)
                                            .arg(QFileInfo(path).fileName())
                                      : tr("Loading %1…").arg(QFileInfo(path).fileName()));
    m_loadingProgress->setRange(0, 0);   // busy: one file is read in one piece
    m_loadingLabel->show();
    m_loadingProgress->show();
}

void MainWindow::onLoadingIdle()
{
    m_loadingLabel->hide();
    m_loadingProgress->hide();
    emit loadingFinished();
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
    if (m_confirmation && m_confirmation->isAsking())
        return false;
    Profile profile = *m_editor->profile();
    const ResolvedTarget target = m_target->resolvedTarget();
    if (!target.ok()) {
        m_runPanel->showError(tr("The target is not usable: %1")
                                  .arg(target.errors.join(QStringLiteral("; "))));
        return false;
    }
    profile.target = target.target;
    RunOptions options;
    options.token = m_target->token();
    options.targetSources = target.sources;
    options.label = m_target->label().isEmpty() ? profile.name : m_target->label();

    // A non-loopback address: asked once per address, naming what answers there.
    if (!isLoopbackAddress(profile.target.address)
        && !TargetConfirmation::isConfirmed(profile.target.address)) {
        if (!m_confirmation) {
            m_confirmation = new TargetConfirmation(this);
            connect(m_confirmation, &TargetConfirmation::answered, this,
                    [this](bool yes, const Profile &p, const RunOptions &o) {
                        if (yes)
                            startConfirmedRun(p, o);
                        else
                            statusBar()->showMessage(tr("Run not started: the target was not "
                                                        "confirmed"),
                                                     kStatusMs);
                        updateActions();
                    });
        }
        statusBar()->showMessage(
            tr("Asking %1 for its version before the first run there…").arg(profile.target.address));
        m_confirmation->ask(profile, options);
        updateActions();
        return false;
    }
    return startConfirmedRun(profile, options);
}

bool MainWindow::startConfirmedRun(const Profile &profile, RunOptions options)
{
    if (isRunning())
        return false;
    if (options.token.isEmpty())
        statusBar()->showMessage(tr("No token: only unauthenticated operations will succeed"),
                                 kStatusMs);
    m_target->tokenUsedForRun();
    m_sessions->beginLive(options.label, profile);
    m_runPanel->runStarted(profile);
    const bool ok = m_controller->start(profile, options);
    updateActions();
    return ok;
}

void MainWindow::stopRun()
{
    if (!isRunning())
        return;
    m_controller->stop();
    statusBar()->showMessage(tr("Stopping: ending the stage and cleaning up…"));
    updateActions();
}

void MainWindow::onRunFinished(const Session &session)
{
    m_sessions->finishLive(session);
    m_runPanel->runFinished(session);
    statusBar()->showMessage(tr("Run %1: %2 stage(s)")
                                 .arg(runStatusKey(session.status))
                                 .arg(session.stages.size()),
                             kStatusMs);
    updateActions();
    emit runFinished(session);
    if (m_closeWhenFinished)
        close();
}

void MainWindow::openFiles(const QStringList &paths)
{
    // The loader tells sessions from profiles off the GUI thread (notSession() opens a
    // profile) and keeps the order; the first file not named as a profile is asked for as
    // the main session, the others as overlays.
    bool mainAsked = false;
    for (const QString &p : paths) {
        const bool asMain = !mainAsked && !isProfileFileName(p);
        mainAsked = mainAsked || asMain;
        m_loader->load(p, asMain ? SessionLoader::Placement::Main
                                 : SessionLoader::Placement::Overlay);
    }
}

void MainWindow::openDialog()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("dialogs/lastDir"), QDir::homePath()).toString();
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open profiles or sessions"), dir,
        tr("Profiles and sessions (*.yaml *.yml *.json);;Profiles (*.yaml *.yml);;"
           "Sessions (*.json);;All files (*)"));
    if (files.isEmpty())
        return;
    settings.setValue(QStringLiteral("dialogs/lastDir"), QFileInfo(files.first()).absolutePath());
    openFiles(files);
}

void MainWindow::addOverlayDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add sessions to the overlay"), sessionsDirectory(),
        tr("Sessions (*.json);;All files (*)"));
    for (const QString &f : files)
        addOverlaySession(f);
}

void MainWindow::saveProfile()
{
    if (m_editor->filePath().isEmpty())
        saveProfileAs();
    else
        m_editor->saveTo(m_editor->filePath());
}

void MainWindow::saveProfileAs()
{
    QString suggested = m_editor->filePath();
    if (suggested.isEmpty() && m_editor->profile())
        suggested = QDir::home().filePath(m_editor->profile()->name + QStringLiteral(".yaml"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save profile"), suggested,
                                                      tr("Profiles (*.yaml *.yml)"));
    if (!path.isEmpty())
        m_editor->saveTo(path);
}

void MainWindow::updateActions()
{
    const bool running = isRunning();
    const bool asking = m_confirmation && m_confirmation->isAsking();
    m_runAction->setEnabled(!running && !asking && m_editor->isValid());
    m_stopAction->setEnabled(running && !m_controller->isStopping());
    m_removeOverlayAction->setEnabled(m_sessions->overlayCount() > 0);
    m_target->setEditable(!running);
}

void MainWindow::updateTitle()
{
    QString name = m_editor->filePath().isEmpty() ? QString()
                                                  : QFileInfo(m_editor->filePath()).fileName();
    if (name.isEmpty())
        name = m_editor->profile() ? m_editor->profile()->name : tr("untitled");
    setWindowTitle(tr("%1[*] — Vault Workbench").arg(name));
    setWindowModified(m_editor->isModified());
}

void MainWindow::showShortcuts()
{
    showShortcutsWindow(this, actions());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    if (isRunning()) {
        // never block the GUI on cleanup: stop, and close when finished() arrives
        m_closeWhenFinished = true;
        m_controller->stop();
        statusBar()->showMessage(tr("Stopping the run; the window closes after cleanup"));
        event->ignore();
        return;
    }
    event->accept();
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
