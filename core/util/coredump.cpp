#include "util/coredump.h"

#include <cerrno>
#include <cstring>
#include <sys/prctl.h>

namespace vw {

bool excludeFromCoreDumps(QString *error)
{
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0)
        return true;
    if (error)
        *error = QString::fromLocal8Bit(std::strerror(errno));
    return false;
}

bool coreDumpsExcluded()
{
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0;
}

} // namespace vw
