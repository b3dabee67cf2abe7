#include "writefailure.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vw::test {

TmpfsMount::TmpfsMount(Kind kind, qint64 bytes)
{
    if (!m_dir.isValid()) {
        m_why = QStringLiteral("no temporary folder");
        return;
    }
    const QByteArray dir = QFile::encodeName(m_dir.path());
    const QByteArray options = "size=" + QByteArray::number(bytes) + ",mode=0755";
    const unsigned long flags = kind == Kind::ReadOnly ? MS_RDONLY : 0;
    if (::mount("tmpfs", dir.constData(), "tmpfs", flags, options.constData()) != 0) {
        m_why =
            QStringLiteral("mount -t tmpfs: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return;
    }
    m_mounted = true;
    if (kind != Kind::Full)
        return;
    const QByteArray filler = dir + "/filler";
    const int fd = ::open(filler.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        m_why = QStringLiteral("cannot fill the tmpfs");
        return;
    }
    static const char block[4096] = {};
    while (::write(fd, block, sizeof block) > 0) { }
    // a partial last block: the rest, byte by byte blocks of 512
    while (::write(fd, block, 512) > 0) { }
    ::close(fd);
}

TmpfsMount::~TmpfsMount()
{
    if (m_mounted)
        ::umount2(QFile::encodeName(m_dir.path()).constData(), MNT_DETACH);
}

bool TmpfsMount::freeBytes(qint64 bytes)
{
    const QByteArray filler = QFile::encodeName(m_dir.path()) + "/filler";
    struct stat st { };
    if (::stat(filler.constData(), &st) != 0)
        return false;
    return ::truncate(filler.constData(), std::max<off_t>(0, st.st_size - off_t(bytes))) == 0;
}

FileSizeLimit::FileSizeLimit(qint64 bytes)
{
    ::getrlimit(RLIMIT_FSIZE, &m_old);
    m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit r = m_old;
    r.rlim_cur = rlim_t(bytes);
    ::setrlimit(RLIMIT_FSIZE, &r);
}

FileSizeLimit::~FileSizeLimit()
{
    ::setrlimit(RLIMIT_FSIZE, &m_old);
    std::signal(SIGXFSZ, m_oldHandler);
}

void applyFileSizeLimit(qint64 bytes)
{
    ::signal(SIGXFSZ, SIG_IGN);
    rlimit r{};
    ::getrlimit(RLIMIT_FSIZE, &r);
    r.rlim_cur = rlim_t(bytes);
    ::setrlimit(RLIMIT_FSIZE, &r);
}

QStringList filesIn(const QString &dir, const QStringList &keep)
{
    QStringList out;
    for (const QString &f : QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System))
        if (!keep.contains(f))
            out << f;
    return out;
}

} // namespace vw::test
