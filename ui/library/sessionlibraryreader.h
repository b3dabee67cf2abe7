// The session library's disk work, off the GUI thread: lists session folders and reads each
// file's summary (core/session/sessionindex.h) on a pool thread, handing every summary back
// as it is read, so the table fills in while a large folder is still being read; writes a
// new label and moves a file to the trash there too. Results arrive on the GUI thread as
// signals; nothing here blocks it. GUI thread only (the object itself).
#pragma once

#include "jobtracker.h"
#include "session/sessionindex.h"

#include <QObject>
#include <QStringList>

namespace vw {

class SessionLibraryReader : public QObject {
    Q_OBJECT
public:
    explicit SessionLibraryReader(QObject *parent = nullptr);
    /// Abandons a scan under way (the pool thread stops after its current file).
    ~SessionLibraryReader() override = default;

    /// Reads every session file of `folders` (missing folders are skipped; a file found in
    /// two of them is read once). A scan started before is abandoned: its remaining results
    /// are dropped. scanStarted() now, summaryRead() per file, scanFinished() at the end.
    void scan(const QStringList &folders);
    bool isScanning() const { return m_scanning; }

    /// Sets the label in the file (writeSessionLabel()); labelWritten() follows.
    void writeLabel(const QString &path, const QString &label);
    /// Moves the file to the trash (QFile::moveToTrash), or deletes it where there is no
    /// trash; removed() follows.
    void remove(const QString &path);

signals:
    void scanStarted();
    void summaryRead(const vw::SessionSummary &summary);
    void scanFinished(int files);
    /// `summary` is the file read back after the write; `error` empty on success.
    void labelWritten(const QString &path, const vw::SessionSummary &summary, const QString &error);
    /// `trashed`: went to the trash rather than being deleted; `error` empty on success.
    void removed(const QString &path, bool trashed, const QString &error);

private:
    JobTracker m_scan{this}; ///< a new scan supersedes the one under way (ui/jobtracker.h)
    JobTracker m_writes{this, JobTracker::Policy::Independent}; ///< labels and removals
    bool m_scanning = false;
};

} // namespace vw

Q_DECLARE_METATYPE(vw::SessionSummary)
