// The line above the results that names the file of the session shown, for as long as it is
// shown (issue 12: the auto-save path was only in the status bar for 6 s): "Session file:
// <path>" with "Show in Folder" (the file manager on its folder) and "Save Session As…"
// (a copy elsewhere, written by the session writer: no token, atomic). It follows the
// SessionSet's main entry: a session opened from a file shows that file; a run of this
// window shows the file it was auto-saved to once setRunSavedPath() names it; a live run
// hides it. When the file is deleted (from the session library) while shown, the line says
// so and offers neither Show in Folder nor Save As (there is no file to show or copy).
// File work runs off the GUI thread. GUI thread only.
#pragma once

#include "jobtracker.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace vw {

class SessionSet;

class SavedSessionBar : public QWidget {
    Q_OBJECT
public:
    /// Observes `set` (not owned).
    explicit SavedSessionBar(SessionSet *set, QWidget *parent = nullptr);

    /// The file the finished run of this window was saved to.
    void setRunSavedPath(const QString &path);
    /// The file named, empty when hidden.
    QString path() const { return m_path; }
    /// `path` was moved to the trash or deleted: when it is the file named, the line says
    /// "deleted" until another session is shown.
    void fileDeleted(const QString &path);
    /// The file named was deleted while shown.
    bool isFileDeleted() const { return !m_path.isEmpty() && m_path == m_deletedPath; }

    /// Writes the session of path() to `target` (off the GUI thread); savedAs() follows.
    void saveAs(const QString &target);

signals:
    void savedAs(const QString &target, const QString &error);

private:
    void update();
    void askSaveAs();

    SessionSet *m_set = nullptr;
    QString m_runPath;
    QString m_path;
    QString m_deletedPath; ///< the file named when it was deleted; cleared when it changes
    QLabel *m_label = nullptr;
    QPushButton *m_reveal = nullptr;
    QPushButton *m_saveAs = nullptr;
    JobTracker m_jobs{this, JobTracker::Policy::Independent}; ///< Save As copies
};

} // namespace vw
