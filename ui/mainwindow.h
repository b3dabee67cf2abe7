// The workbench window: wires the pages together (profile editor, target panel, run panel,
// results) and owns nothing but widgets, actions, the RunController, the SessionSet the views
// observe (ui/models/sessionset.h), the SessionOpener that fills it (ui/sessionopener.h) and
// the WindowCloseFlow that closing goes through (ui/window/windowcloseflow.h). GUI thread
// only; nothing here waits on the network or the disk: session files are read and written on
// pool threads.
#pragma once

#include "engine/benchmarkrun.h"
#include "jobtracker.h"
#include "session/session.h"
#include "sessionloader.h"

#include <QMainWindow>
#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
class QSplitter;
QT_END_NAMESPACE

namespace vw {

class ProfileEditorPage;
class RecentFilesMenu;
class SavedSessionBar;
class SessionLibraryDock;
class SessionLibraryView;
class SessionOpener;
class ResultsPage;
class RunController;
class RunPanel;
class SessionSet;
class TargetPanel;
class WindowCloseFlow;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Loads a profile YAML into the editor (errors are shown inline, nothing runs). With
    /// unsaved edits it first asks Save / Discard / Cancel (ui/window/unsavedchanges.h); the
    /// load is an undo boundary (ProfileEditorPage::loadFile()). True when loaded now;
    /// after "Save" it loads once the edits are written.
    bool openProfile(const QString &path);
    /// Opens a saved session (docs/session-format.md) as the main one, or beside the live
    /// run while one is going. Read off the GUI thread: sessionOpened() or
    /// sessionOpenFailed() follows.
    void openSession(const QString &path);
    /// Reads a session file and overlays its curves on the charts (opens it as the main
    /// session when there is none). Asynchronous like openSession().
    void addOverlaySession(const QString &path);
    /// Command line, File > Open, Open Recent: the first session opens, the others are
    /// overlaid; files that are not sessions open as profiles. Asynchronous, in order.
    void openFiles(const QStringList &paths);
    /// A session file is being read (the status bar says which).
    bool isLoading() const;
    /// Overrides the target address field (e.g. the dev server the quickstart started).
    void setTargetAddress(const QString &address);
    /// What the views show (main session or live run, overlays, percentiles).
    SessionSet *sessionSet() const { return m_sessions; }
    /// Runs the editor's profile (Ctrl+R); false when invalid or already running. When the
    /// last run's results are only on screen (hasUnsavedRun()) it first asks Save As /
    /// Discard / Cancel (askAboutUnsavedRun(), ui/window/unsavedchanges.h): Discard starts
    /// now; Save As starts once the file is written (false here); Cancel starts nothing.
    bool startRun();
    /// Runs `proceed` unless the profile has unsaved edits the user keeps: asks Save /
    /// Discard / Cancel (`action` completes "Save them before you ..."). Discard runs it now;
    /// Save runs it once the profile is written (Save As asks for a name first); Cancel, or a
    /// failed write, does not run it. True when it ran now.
    bool settleUnsavedProfile(const QString &action, std::function<void()> proceed);
    /// Stops the current run (the Stop action: Ctrl+., Shift+Esc; never a bare Esc); cleanup
    /// still runs. A run going for more than stopConfirmationAfterMs() asks first.
    void stopRun();
    /// RunController::kConfirmStopAfterMs unless set (tests use a short one).
    qint64 stopConfirmationAfterMs() const { return m_confirmStopAfterMs; }
    void setStopConfirmationAfterMs(qint64 ms) { m_confirmStopAfterMs = ms; }
    bool isRunning() const;
    /// The file of the last auto-saved session, empty before one was written.
    QString lastSavedSessionPath() const { return m_lastSavedPath; }
    /// The session library (the "Sessions" dock, ui/library/).
    SessionLibraryView *sessionLibrary() const { return m_library; }
    /// The line naming the shown session's file, with Show in Folder and Save Session As.
    SavedSessionBar *savedSessionBar() const { return m_savedBar; }

    /// File > Save Session As… (enabled for any session shown, and for a run's results that
    /// are only on screen): asks for a file (setSessionFileChooser()) and saveSessionTo() it.
    void saveSessionAs();
    /// Writes to `target`, on a pool thread: a copy of the shown session's file (read and
    /// written by the session code); else, when the last run's session could not be written
    /// (hasUnsavedRun()), that session; else the session shown (its file deleted).
    /// sessionSavedAs() follows.
    void saveSessionTo(const QString &target);
    /// The last run's results are only on screen: its session could not be written anywhere,
    /// not even to the rescue folders (RunController::rescueFolders()). The window is marked
    /// modified, and closing it or starting a new run asks Save As / Discard / Cancel
    /// (askAboutUnsavedRun(), ui/window/unsavedchanges.h) until it is saved.
    bool hasUnsavedRun() const { return m_unsavedRun.has_value(); }
    /// Picks the file Save Session As writes, given a suggested path; empty: cancelled.
    /// QFileDialog unless set (tests set their own).
    using FileChooser = std::function<QString(const QString &suggested)>;
    void setSessionFileChooser(FileChooser chooser) { m_chooseSessionFile = std::move(chooser); }

signals:
    void runFinished(const vw::Session &session);
    void sessionSaved(const QString &path);
    /// Save Session As wrote `path` (`error` empty), or could not (`error` says why).
    void sessionSavedAs(const QString &path, const QString &error);
    /// A session file was read and is now in the SessionSet.
    void sessionOpened(const QString &path);
    /// A session file could not be read; the sessions shown are unchanged.
    void sessionOpenFailed(const QString &path, const QString &error);
    /// Every file requested has been handled.
    void loadingFinished();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    static constexpr int kStatusMs = 6000; ///< how long a status-bar message stays (ms)
    /// mainmenus.cpp: the actions, menus and toolbar, and the File menu's dialogs.
    void createActions();
    void createMenus();
    void openDialog();
    void addOverlayDialog();
    void saveProfile();
    void saveProfileAs();
    void updateActions();
    void updateTitle();
    void showShortcuts();
    /// The "Sessions" dock and the file line above the results (ui/library/).
    void createLibrary();
    /// mainlayout.cpp: the pages in their boxes, the two scrolling sides and the splitter.
    void createLayout();
    /// mainrunwiring.cpp: the RunController's signals to the run panel and status bar, and
    /// what becomes of the run's session.
    void connectRunController();
    bool loadProfileNow(const QString &path);
    /// startRun() once the last run's results are settled.
    bool startRunNow();
    void onRunFinished(const Session &session);
    // mainsessionsave.cpp: Save Session As and the run whose results are only on screen.
    /// Runs `proceed` unless the last run's results, only on screen, are kept: asks Save As /
    /// Discard / Cancel (`action` completes "... before you ..."); Save As runs it once the
    /// file is written. False when cancelled (nothing runs).
    bool settleUnsavedRun(const QString &action, std::function<void()> proceed);
    /// Writes `session` to `target` on a pool thread; `unsavedRun`: it is the last run's
    /// session only on screen, which is then saved. sessionSavedAs() follows.
    void writeSessionCopy(const Session &session, const QString &target, bool unsavedRun);
    /// Where Save Session As suggests writing a session first saved as `fileName`.
    QString suggestedSessionPath(const QString &fileName) const;

    ProfileEditorPage *m_editor = nullptr;
    TargetPanel *m_target = nullptr;
    RunPanel *m_runPanel = nullptr;
    ResultsPage *m_results = nullptr;
    RunController *m_controller = nullptr;
    SessionSet *m_sessions = nullptr;
    SessionOpener *m_opener = nullptr; ///< session files into the SessionSet
    WindowCloseFlow *m_closeFlow = nullptr; ///< what closing asks and waits for
    RecentFilesMenu *m_recent = nullptr;
    QSplitter *m_splitter = nullptr;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_saveSessionAsAction = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_addOverlayAction = nullptr;
    QAction *m_removeOverlayAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_libraryAction = nullptr;
    QAction *m_tabMovesFocusAction = nullptr; ///< Ctrl+M: Tab in the editor moves focus
    SessionLibraryDock *m_libraryDock = nullptr;
    SessionLibraryView *m_library = nullptr;
    SavedSessionBar *m_savedBar = nullptr;

    QString m_lastSavedPath;
    qint64 m_confirmStopAfterMs = 0; ///< RunController::kConfirmStopAfterMs unless set
    Session m_lastRun; ///< the last finished run of this window
    /// The last run's session when it could not be written anywhere (only on screen), and why.
    std::optional<Session> m_unsavedRun;
    QString m_unsavedRunError;
    FileChooser m_chooseSessionFile;
    JobTracker m_sessionWrites{this, JobTracker::Policy::Independent}; ///< Save Session As
};

} // namespace vw
