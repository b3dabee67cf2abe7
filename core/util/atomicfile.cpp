#include "util/atomicfile.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace vw {

namespace {

QString osText(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

/// A new file beside `path` (O_EXCL, never an existing one): its fd, its name in *tmp.
int createTemporary(const QString &path, unsigned mode, QByteArray *tmp)
{
    const QFileInfo info(path);
    const QByteArray dir = QFile::encodeName(info.absolutePath());
    const QByteArray name = QFile::encodeName(info.fileName());
    for (int attempt = 0; attempt < 100; ++attempt) {
        *tmp = dir + "/." + name + '.'
               + QByteArray::number(QRandomGenerator::global()->generate64(), 36) + ".tmp";
        const int fd =
            ::open(tmp->constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode));
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

bool writeAll(int fd, const QByteArray &data)
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, size_t(data.size() - done));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0) { // not an error the kernel gives for a regular file; do not loop on it
            errno = EIO;
            return false;
        }
        done += n;
    }
    return true;
}

/// The rename is on disk only once the folder is: fsync it (EINVAL where a file system
/// cannot, which is not a failure of the write).
bool syncFolder(const QByteArray &dir)
{
    const int fd = ::open(dir.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0 || errno == EINVAL || errno == EROFS;
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return ok;
}

QString megabytes(qint64 bytes)
{
    return QStringLiteral("%1 MB").arg(double(bytes) / 1e6, 0, 'f', 1);
}

} // namespace

bool writeFileAtomically(const QString &path, const QByteArray &data, QString *error, unsigned mode)
{
    auto fail = [&](int err) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, osText(err));
        return false;
    };
    if (path.isEmpty())
        return fail(ENOENT);
    QByteArray tmp;
    const int fd = createTemporary(path, mode, &tmp);
    if (fd < 0)
        return fail(errno);
    if (!writeAll(fd, data) || ::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(tmp.constData());
        return fail(err);
    }
    if (::close(fd) != 0) { // NFS and others report a deferred write error here
        const int err = errno;
        ::unlink(tmp.constData());
        return fail(err);
    }
    if (::rename(tmp.constData(), QFile::encodeName(path).constData()) != 0) {
        const int err = errno;
        ::unlink(tmp.constData());
        return fail(err);
    }
    if (!syncFolder(QFile::encodeName(QFileInfo(path).absolutePath())))
        return fail(errno); // the new file is in place; its name may not survive a crash
    return true;
}

QString folderWriteProblem(const QString &dir, qint64 bytes)
{
    const QFileInfo info(dir);
    if (!info.exists())
        return QStringLiteral("the folder %1 does not exist").arg(dir);
    if (!info.isDir())
        return QStringLiteral("%1 is not a folder").arg(dir);
    // A probe rather than access(2): it finds a read-only mount, a full inode table, an ACL
    // or a root-squashed NFS export as the real write would.
    QByteArray tmp;
    const int fd =
        createTemporary(QFileInfo(dir + QStringLiteral("/probe")).absoluteFilePath(), 0600, &tmp);
    if (fd < 0)
        return QStringLiteral("cannot write in %1: %2").arg(dir, osText(errno));
    ::close(fd);
    ::unlink(tmp.constData());
    if (bytes <= 0)
        return QString();
    struct statvfs vfs { };
    if (::statvfs(QFile::encodeName(dir).constData(), &vfs) != 0)
        return QString(); // no figure: the write itself will tell
    const qint64 freeBytes = qint64(vfs.f_bavail) * qint64(vfs.f_frsize);
    if (freeBytes < bytes)
        return QStringLiteral("not enough room in %1: %2 free; about %3 needed")
            .arg(dir, megabytes(freeBytes), megabytes(bytes));
    return QString();
}

} // namespace vw
