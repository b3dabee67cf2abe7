#include "util/threadpriority.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace vw {

#ifdef Q_OS_LINUX
namespace {
id_t currentTid()
{
    return id_t(::syscall(SYS_gettid));
}
} // namespace

int currentThreadNice()
{
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, currentTid());
    return errno == 0 ? nice : 0;
}

bool lowerCurrentThreadPriority(int increment, QString *error)
{
    if (increment <= 0)
        return true;
    const int target = std::min(19, currentThreadNice() + increment);
    if (setpriority(PRIO_PROCESS, currentTid(), target) != 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    return true;
}
#else
int currentThreadNice()
{
    return 0;
}
bool lowerCurrentThreadPriority(int, QString *)
{
    return true;
}
#endif

} // namespace vw
