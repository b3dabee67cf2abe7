// A file that is only ever appended to, each entry durable once appended (issue 23): the
// study's log (app/studylog.h). Rewriting it whole for each entry, as writeFileAtomically()
// (util/atomicfile.h) does a file, would grow with the log; appending with O_APPEND keeps
// every entry whole and in order, also with a second writer or after a crash.
#pragma once

#include <QByteArray>
#include <QString>

namespace vw {

class AppendFile {
public:
    /// Opens `path` for appending (O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC; a new file gets
    /// 0666 less the umask). A failure is kept in error().
    explicit AppendFile(const QString &path);
    ~AppendFile();
    AppendFile(const AppendFile &) = delete;
    AppendFile &operator=(const AppendFile &) = delete;

    /// Appends `bytes` with write(2) (continued after a partial write or EINTR), then
    /// fdatasync(2): true when they are on disk. On the first failure (ENOSPC, EFBIG, EIO...)
    /// false, error() is set and the file is closed: every later append() is false too (a
    /// part of an entry may be in the file; nothing after it is). Blocks on the disk: not on
    /// the GUI thread. One thread at a time.
    bool append(const QByteArray &bytes);
    bool isOpen() const { return m_fd >= 0; }
    /// "cannot write PATH: <strerror text>" (e.g. "...: File too large"), empty while all
    /// went well.
    QString error() const { return m_error; }
    QString path() const { return m_path; }

private:
    void fail(int err);

    QString m_path;
    int m_fd = -1;
    QString m_error;
};

} // namespace vw
