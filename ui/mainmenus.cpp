// MainWindow's actions and menus (File, Run, Sessions, Help, the toolbar) and the dialogs the
// File menu opens; the actions themselves are made in mainactions.cpp. Part of MainWindow
// (ui/mainwindow.h), kept apart so that mainwindow.cpp is the wiring of the pages.
#include "mainwindow.h"

#include "editor/codeeditor.h"
#include "exportmenu.h"
#include "mainactions.h"
#include "profileeditorpage.h"
#include "recentfilesmenu.h"
#include "resultspage.h"
#include "sessionfiles.h"
#include "targetpanel.h"
#include "theme/charttheme.h"
#include "window/aboutdialog.h"
#include "window/unsavedchanges.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

#include <tuple>

namespace vw {

void MainWindow::createActions()
{
    const MainActions a = createMainActions(this);
    m_newAction = a.newProfile;
    m_openAction = a.open;
    m_saveAction = a.save;
    m_saveAsAction = a.saveAs;
    m_saveSessionAsAction = a.saveSessionAs;
    m_runAction = a.run;
    m_stopAction = a.stop;
    m_addOverlayAction = a.addOverlay;
    m_removeOverlayAction = a.removeOverlay;
    m_quitAction = a.quit;
    m_libraryAction = a.library;
    m_tabMovesFocusAction = a.tabMovesFocus;
    m_editor->codeEditor()->setTabChangesFocus(m_tabMovesFocusAction->isChecked());
    connect(m_tabMovesFocusAction, &QAction::toggled, this, [this](bool on) {
        m_editor->codeEditor()->setTabChangesFocus(on);
        statusBar()->showMessage(on ? tr("Tab moves focus; Ctrl+M makes it indent again")
                                    : tr("Tab indents in the editor; Ctrl+M makes it move focus"),
                                 kStatusMs);
    });

    connect(m_newAction, &QAction::triggered, this, [this] {
        settleUnsavedProfile(tr("start a new profile"), [this] {
            m_editor->setInitialText(defaultProfileYaml()); // untitled, its own undo history
            updateTitle();
            statusBar()->showMessage(tr("New profile from the quickstart (untitled)"), kStatusMs);
        });
    });
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::saveProfile);
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveProfileAs);
    connect(m_saveSessionAsAction, &QAction::triggered, this, &MainWindow::saveSessionAs);
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
    file->addAction(m_saveSessionAsAction);
    file->addSeparator();
    // Export Chart… and Export Report (HTML/CSV)…, written off the GUI thread (ui/exportmenu.h)
    new ExportMenu(this, file, m_results, statusBar());
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_runAction);
    run->addAction(m_stopAction);
    run->addSeparator();
    QAction *focusAddress =
        run->addAction(tr("Edit &Address"), m_target, &TargetPanel::focusAddress);
    focusAddress->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
    QAction *focusToken = run->addAction(tr("Edit &Token"), m_target, &TargetPanel::focusToken);
    focusToken->setShortcut(QKeySequence(QStringLiteral("Ctrl+T")));
    QAction *focusEditor = run->addAction(tr("Edit &Profile"), this, [this] {
        m_editor->views()->setCurrentIndex(0); // the YAML tab, also from the Form
        m_editor->editor()->setFocus(Qt::ShortcutFocusReason);
    });
    focusEditor->setObjectName(QStringLiteral("focusEditorAction"));
    focusEditor->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));

    QMenu *view = menuBar()->addMenu(tr("&Sessions"));
    view->addAction(m_addOverlayAction);
    view->addAction(m_removeOverlayAction);
    view->addSeparator();
    view->addActions(createPercentileActions(this, m_sessions));
    view->addSeparator();
    view->addAction(m_libraryAction);

    // View: the whole window's theme (ui/theme/windowtheme.h; the charts follow) and the
    // editor's Tab key
    QMenu *look = menuBar()->addMenu(tr("&View"));
    look->setObjectName(QStringLiteral("viewMenu"));
    QMenu *themeMenu = look->addMenu(tr("&Theme"));
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
    look->addSeparator();
    look->addAction(m_tabMovesFocusAction);
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts =
        help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    shortcuts->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&Profile Reference"), this,
                    [this] {
                        showDocument(this, QString::fromLatin1(kProfileReferenceResource),
                                     tr("Profile reference"));
                    })
        ->setObjectName(QStringLiteral("profileReferenceAction"));
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

void MainWindow::openDialog()
{
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("dialogs/lastDir"), QDir::homePath()).toString();
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
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Add sessions to the overlay"), sessionsDirectory(),
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

void MainWindow::showShortcuts()
{
    // every action of the window: its own, the menus', the editor's (Ctrl+Space), the docks'
    showShortcutsWindow(this, findChildren<QAction *>());
}

} // namespace vw
