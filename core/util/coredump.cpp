#include "util/coredump.h"

#include <QStringList>

#include <cerrno>
#include <cstring>
#include <sys/prctl.h>
#include <sys/resource.h>

namespace vw {

namespace {

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

} // namespace

bool coreDumpsAllowedByEnvironment()
{
    return qgetenv(kAllowCoreDumpsVariable) == "1";
}

QString excludeFromCoreDumpsAtStart()
{
    if (coreDumpsAllowedByEnvironment())
        return QStringLiteral("core dumps allowed (%1=1): a core file may hold the token")
            .arg(QLatin1String(kAllowCoreDumpsVariable));
    QStringList problems;
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
        problems << QStringLiteral("PR_SET_DUMPABLE: ") + systemError();
    const rlimit none{0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0)
        problems << QStringLiteral("RLIMIT_CORE: ") + systemError();
    return problems.isEmpty() ? QString()
                              : QStringLiteral("cannot turn core dumps off (%1)")
                                    .arg(problems.join(QStringLiteral(", ")));
}

bool excludeFromCoreDumps(QString *error)
{
    if (coreDumpsAllowedByEnvironment())
        return true;
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0)
        return true;
    if (error)
        *error = systemError();
    return false;
}

bool coreDumpsExcluded()
{
    return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) == 0;
}

qint64 coreFileLimitBytes()
{
    rlimit l{};
    if (getrlimit(RLIMIT_CORE, &l) != 0 || l.rlim_cur == RLIM_INFINITY)
        return -1;
    return qint64(l.rlim_cur);
}

} // namespace vw
