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
#include "theme/charttheme.h"
#include "window/aboutdialog.h"
#include "window/runoutcome.h"
#include "window/unsavedchanges.h"
#include "window/windowgeometry.h"

#include <QAction>
#include <QActionGroup>
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
#include <QGuiApplication>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <tuple>

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
    // Each side scrolls when the window is smaller than its content (a 1280x720 screen at
    // 150 % has 853x480 device-independent pixels); at usual sizes it simply fills the side.
    for (QWidget *side : {left, right}) {
        auto *scroll = new QScrollArea(m_splitter);
        scroll->setObjectName(side == left ? QStringLiteral("leftScroll")
                                           : QStringLiteral("rightScroll"));
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(side);
        m_splitter->addWidget(scroll);
    }
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);
    for (QWidget *w : {static_cast<QWidget *>(m_splitter), left, right})
        w->setContentsMargins(4, 4, 4, 4);
    // the left side at least as wide as its content: no horizontal scrolling there by default
    const int leftWidth = std::max(440, left->minimumSizeHint().width());
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
                if (phase == RunPhase::Running && !m_liveBegun && isRunning()) {
                    m_liveBegun = true;   // measuring: the live run replaces the results
                    m_sessions->beginLive(m_liveLabel, m_livePlan);
                }
                if (phase == RunPhase::Finished)
                    return;   // detail is the status key; onRunFinished() says it in words
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
                m_runPanel->sessionSaved(m_lastRun, path);   // the sweep command, if needed
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
    restoreWindowGeometry();
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
    // Deleting the file of a session shown: the question says so, and the file line says
    // the file is gone (no Show in Folder on a missing file).
    m_library->setShownCheck([this](const QString &path) {
        const auto same = [](const QString &a, const QString &b) {
            return !a.isEmpty() && !b.isEmpty()
                   && QDir::cleanPath(QFileInfo(a).absoluteFilePath())
                          == QDir::cleanPath(QFileInfo(b).absoluteFilePath());
        };
        if (same(path, m_savedBar->path()))
            return true;
        for (const SessionEntry &e : m_sessions->entries())
            if (same(path, e.path))
                return true;
        return false;
    });
    connect(m_library, &SessionLibraryView::sessionDeleted, m_savedBar,
            &SavedSessionBar::fileDeleted);
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
        settleUnsavedProfile(tr("start a new profile"), [this] {
            m_editor->setText(defaultProfileYaml());
            updateTitle();
            statusBar()->showMessage(tr("Quickstart profile loaded (Ctrl+Z undoes)"), kStatusMs);
        });
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
    view->addSeparator();
    QMenu *themeMenu = view->addMenu(tr("Chart &Theme"));
    themeMenu->setObjectName(QStringLiteral("chartThemeMenu"));
    auto *themes = new QActionGroup(this);
    for (const auto &[theme, text, name] :
         {std::tuple{ChartTheme::FollowSystem, tr("Follow &System"), "chartThemeSystemAction"},
          std::tuple{ChartTheme::Light, tr("&Light"), "chartThemeLightAction"},
          std::tuple{ChartTheme::Dark, tr("&Dark"), "chartThemeDarkAction"}}) {
        QAction *a = themeMenu->addAction(text);
        a->setObjectName(QLatin1String(name));
        a->setCheckable(true);
        a->setChecked(ChartThemeSettings::instance()->theme() == theme);
        themes->addAction(a);
        connect(a, &QAction::triggered, this,
                [t = theme] { ChartThemeSettings::instance()->setTheme(t); });
    }
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts)
        ->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Profile Reference"), this, [this] {
            showDocument(this, QString::fromLatin1(kProfileReferenceResource),
                         tr("Profile reference"));
        })->setObjectName(QStringLiteral("profileReferenceAction"));
    help->addSeparator();
    help->addAction(tr("&About Vault Workbench"), this, [this] { showAboutDialog(this); })
        ->setObjectName(QStringLiteral("aboutAction"));

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
    auto loaded = std::make_shared<bool>(false);
    settleUnsavedProfile(tr("open %1").arg(QFileInfo(path).fileName()),
                         [this, path, loaded] { *loaded = loadProfileNow(path); });
    return *loaded;
}

bool MainWindow::settleUnsavedProfile(const QString &action, std::function<void()> proceed)
{
    if (!m_editor->isModified()) {
        proceed();
        return true;
    }
    const QString name = m_editor->filePath().isEmpty()
                             ? (m_editor->profile() ? m_editor->profile()->name : tr("untitled"))
                             : QFileInfo(m_editor->filePath()).fileName();
    switch (askAboutUnsavedProfile(this, name, action)) {
    case UnsavedChoice::Discard:
        proceed();
        return true;
    case UnsavedChoice::Cancel:
        statusBar()->showMessage(tr("Cancelled: the profile's edits are kept"), kStatusMs);
        return false;
    case UnsavedChoice::Save:
        break;
    }
    QString path = m_editor->filePath();
    if (path.isEmpty()) {
        const QString suggested = QDir::home().filePath(
            (m_editor->profile() ? m_editor->profile()->name : QStringLiteral("profile"))
            + QStringLiteral(".yaml"));
        path = QFileDialog::getSaveFileName(this, tr("Save profile"), suggested,
                                            tr("Profiles (*.yaml *.yml)"));
        if (path.isEmpty())
            return false;
    }
    // Written on a pool thread (ProfileEditorPage::saveTo()): go on once it is on disk.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(m_editor, &ProfileEditorPage::saved, this,
                          [path, connection, proceed = std::move(proceed)](
                              const QString &written, const QString &error) {
                              if (written != path)
                                  return;
                              QObject::disconnect(*connection);
                              if (error.isEmpty())
                                  proceed();
                          });
    m_editor->saveTo(path);
    return false;
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
        if (!m_loadErrors.isEmpty()) {
            // showing the new main session cleared the banner: the files of this batch that
            // failed stay named in it (until dismissed or the next batch), before the
            // session's own note
            QStringList lines = m_loadErrors;
            if (!m_runPanel->errorText().isEmpty())
                lines << m_runPanel->errorText();
            m_runPanel->showError(lines.join(QLatin1Char('\n')));
            statusBar()->showMessage(tr("Session %1 opened; %n file(s) could not be opened "
                                        "(see the banner)",
                                        nullptr, int(m_loadErrors.size()))
                                         .arg(m_sessions->mainEntry()->label),
                                     kStatusMs);
        }
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
    if (const int n = m_runPanel->repeat(); n > 0)   // the run panel's Repeat control
        profile.repeat = n;
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
    // The results on screen stay until the run measures (phase Running, see the constructor).
    m_liveBegun = false;
    m_liveLabel = options.label;
    m_livePlan = profile;
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
    m_lastRun = session;
    // A run that never measured (failed setup, unreachable, stopped during setup) leaves the
    // previous results on screen; the run panel's banner says so.
    if (m_liveBegun || !session.stages.isEmpty())
        m_sessions->finishLive(session);
    m_liveBegun = false;
    m_runPanel->runFinished(session);
    statusBar()->showMessage(runOutcomeMessage(session), kStatusMs);
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

void MainWindow::restoreWindowGeometry()
{
    const QByteArray saved = QSettings().value(QStringLiteral("window/geometry")).toByteArray();
    if (!saved.isEmpty() && restoreGeometry(saved) && isOnPresentScreen(frameGeometry())) {
        // on a present screen, but maybe saved on a larger one: kept within this one
        const QScreen *on = QGuiApplication::screenAt(frameGeometry().center());
        const QRect available = (on ? on : screen())->availableGeometry();
        if (!isMaximized() && !isFullScreen() && !available.contains(geometry()))
            setGeometry(centredWithin(geometry().size(), geometry(), available));
        return;
    }
    const QScreen *s = screen() ? screen() : QGuiApplication::primaryScreen();
    const QRect available = s ? s->availableGeometry() : QRect(0, 0, 1400, 900);
    setGeometry(centredWithin(defaultWindowSize(available), available, available));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_closeWhenFinished && isRunning()) {   // stopping: the window closes after cleanup
        event->ignore();
        return;
    }
    if (!m_closeSettled && m_editor->isModified()) {
        event->ignore();
        // asked from the event loop, not inside the close event (Save may finish later)
        settleUnsavedProfile(tr("close the window"), [this] {
            m_closeSettled = true;
            QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
        });
        return;
    }
    if (isRunning() && askAboutRunningClose(this) == RunningCloseChoice::KeepRunning) {
        m_closeSettled = false;   // this close is over: a later one asks again
        statusBar()->showMessage(tr("The run goes on"), kStatusMs);
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    if (isRunning()) {
        // never block the GUI on cleanup: stop, and close when finished() arrives; the
        // unsaved-profile answer (m_closeSettled) holds for that close, not asked again
        m_closeWhenFinished = true;
        m_controller->stop();
        statusBar()->showMessage(tr("Stopping the run; the window closes after cleanup"));
        event->ignore();
        return;
    }
    m_closeSettled = false;
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
