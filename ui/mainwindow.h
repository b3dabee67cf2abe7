// The workbench window: wires the pages together (profile editor, target panel, run panel,
// results) and owns nothing but widgets, actions and the RunController. GUI thread only;
// nothing here waits on the network, and session files are written on a pool thread.
#pragma once

#include "session/session.h"

#include <QMainWindow>

QT_BEGIN_NAMESPACE
class QAction;
class QSplitter;
QT_END_NAMESPACE

namespace vw {

class ProfileEditorPage;
class RecentFilesMenu;
class ResultsPage;
class RunController;
class RunPanel;
class TargetPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Loads a profile YAML into the editor (errors are shown inline, nothing runs).
    bool openProfile(const QString &path);
    /// Opens a saved session (docs/session-format.md) into the results view.
    bool openSession(const QString &path);
    /// Overrides the target address field (e.g. the dev server the quickstart started).
    void setTargetAddress(const QString &address);

    /// Reads a session file and overlays its curves on the charts.
    bool addOverlaySession(const QString &path);
    /// Runs the editor's profile (Ctrl+R); false when invalid or already running.
    bool startRun();
    /// Stops the current run (Ctrl+. / Esc); cleanup still runs.
    void stopRun();
    bool isRunning() const;
    /// The file of the last auto-saved session, empty before one was written.
    QString lastSavedSessionPath() const { return m_lastSavedPath; }

signals:
    void runFinished(const vw::Session &session);
    void sessionSaved(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void openFiles(const QStringList &paths);
    void openDialog();
    void addOverlayDialog();
    void saveProfile();
    void saveProfileAs();
    void updateActions();
    void updateTitle();
    void showShortcuts();
    void onRunFinished(const Session &session);

    ProfileEditorPage *m_editor = nullptr;
    TargetPanel *m_target = nullptr;
    RunPanel *m_runPanel = nullptr;
    ResultsPage *m_results = nullptr;
    RunController *m_controller = nullptr;
    RecentFilesMenu *m_recent = nullptr;
    QSplitter *m_splitter = nullptr;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_addOverlayAction = nullptr;
    QAction *m_removeOverlayAction = nullptr;
    QAction *m_quitAction = nullptr;

    QString m_lastSavedPath;
    bool m_closeWhenFinished = false;
};

} // namespace vw
