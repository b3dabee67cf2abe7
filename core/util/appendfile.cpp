#include "util/appendfile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace vw {

AppendFile::AppendFile(const QString &path)
    : m_path(path)
{
    m_fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
                  0666);
    if (m_fd < 0)
        fail(errno);
}

AppendFile::~AppendFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void AppendFile::fail(int err)
{
    if (m_error.isEmpty())
        m_error = QStringLiteral("cannot write %1: %2")
                      .arg(m_path, QString::fromLocal8Bit(std::strerror(err)));
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

bool AppendFile::append(const QByteArray &bytes)
{
    if (m_fd < 0)
        return false;
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(m_fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            fail(n < 0 ? errno : EIO);
            return false;
        }
        done += n;
    }
    if (::fdatasync(m_fd) != 0) {
        fail(errno);
        return false;
    }
    return true;
}

} // namespace vw
