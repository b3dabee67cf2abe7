// Real write failures for tests of "writes that cannot lie" (issue 23; util/atomicfile.h):
//   - TmpfsMount: a small tmpfs (`mount -t tmpfs -o size=...`), full (ENOSPC) or read-only
//     (EROFS), unmounted by the destructor; needs CAP_SYS_ADMIN (root), else it says why
//     and the test skips that case;
//   - a file size limit (RLIMIT_FSIZE, SIGXFSZ ignored): write(2) past it fails with EFBIG,
//     without any privilege, in this process (FileSizeLimit) or in a child (applyFileSizeLimit
//     from QProcess::setChildProcessModifier).
#pragma once

#include <QString>
#include <QTemporaryDir>

#include <sys/resource.h>

namespace vw::test {

class TmpfsMount {
public:
    enum class Kind { Full, ReadOnly };
    /// Mounts a tmpfs of `bytes` bytes; Full: then filled until ENOSPC (a file "filler").
    TmpfsMount(Kind kind, qint64 bytes = 1024 * 1024);
    ~TmpfsMount();
    TmpfsMount(const TmpfsMount &) = delete;
    TmpfsMount &operator=(const TmpfsMount &) = delete;

    bool isMounted() const { return m_mounted; }
    QString why() const { return m_why; } ///< why it is not mounted
    QString path() const { return m_dir.path(); }
    /// A Full mount: frees `bytes` of its filler, so that smaller writes fit and larger ones
    /// do not.
    bool freeBytes(qint64 bytes);

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
    QString m_why;
};

/// Sets this process's RLIMIT_FSIZE soft limit to `bytes` (and ignores SIGXFSZ) for its
/// lifetime; restores both after.
class FileSizeLimit {
public:
    explicit FileSizeLimit(qint64 bytes);
    ~FileSizeLimit();
    FileSizeLimit(const FileSizeLimit &) = delete;
    FileSizeLimit &operator=(const FileSizeLimit &) = delete;

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = nullptr;
};

/// For a child (after fork, before exec; async-signal-safe): RLIMIT_FSIZE to `bytes`, SIGXFSZ
/// ignored (an ignored signal stays ignored across exec).
void applyFileSizeLimit(qint64 bytes);

/// Files in `dir` other than `keep`: what a failed write must not leave (temporary or partial
/// files).
QStringList filesIn(const QString &dir, const QStringList &keep = {});

} // namespace vw::test
