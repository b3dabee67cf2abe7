// Opening session files in the window: what the SessionLoader (ui/sessionloader.h) reads
// off the GUI thread goes into the SessionSet (ui/models/sessionset.h) as the main session
// or as an overlay, decided when the file arrives (a run may have started, or the main
// session arrived, while it was read). Files of one batch that could not be read are named
// in the run panel's banner, also after a later file of the batch became the main session.
// A main session with a profile fills the editor when it has no unsaved edits and no profile
// file was named with it (openFiles(): the profile named wins). GUI thread
// only; nothing here touches the disk (the loader reads on a pool thread).
#pragma once

#include "session/session.h"
#include "sessionloader.h"

#include <QObject>
#include <QStringList>
#include <functional>

namespace vw {

class ProfileEditorPage;
class RunPanel;
class SessionSet;

class SessionOpener : public QObject {
    Q_OBJECT
public:
    /// `isRunning` says whether a run is going (a session read meanwhile is overlaid).
    SessionOpener(SessionSet *sessions, ProfileEditorPage *editor, RunPanel *runPanel,
                  std::function<bool()> isRunning, QObject *parent = nullptr);

    /// Queues `path` as the main session (beside the live run while one is going).
    void openSession(const QString &path);
    /// Queues `path` as an overlay (the main session when there is none).
    void addOverlaySession(const QString &path);
    /// The first file not named as a profile (isProfileFileName(), ui/sessionfiles.h) is
    /// asked for as the main session, the others as overlays; in order.
    void openFiles(const QStringList &paths);
    /// A session file is being read.
    bool isBusy() const { return m_loader->isBusy(); }
    SessionLoader *loader() const { return m_loader; }

signals:
    /// `path` is now in the SessionSet.
    void opened(const QString &path);
    /// `path` could not be read (named in the run panel's banner); the sessions are unchanged.
    void openFailed(const QString &path, const QString &error);
    /// `path` is not a session file: the caller opens it as a profile.
    void notSession(const QString &path);
    /// A line for the status bar.
    void message(const QString &text);

private:
    void onLoaded(const QString &path, const Session &session, SessionLoader::Placement placement);
    void onFailed(const QString &path, const QString &error);

    SessionSet *m_sessions;
    ProfileEditorPage *m_editor;
    RunPanel *m_runPanel;
    std::function<bool()> m_isRunning;
    SessionLoader *m_loader;
    QStringList m_loadErrors; ///< of the files requested since the loader was last idle
    /// A profile file was named among the files requested since the loader was last idle.
    bool m_profileNamed = false;
};

} // namespace vw
