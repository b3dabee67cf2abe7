#include "engine/clientresources.h"

#include <QFile>
#include <algorithm>
#include <ctime>
#include <sys/resource.h>

namespace vw {

int64_t processCpuNs()
{
    timespec ts{};
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return int64_t(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

int64_t raiseOpenFileLimit(int64_t needed)
{
    rlimit rl{};
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return -1;
    if (rlim_t(needed) > rl.rlim_cur && rl.rlim_cur != RLIM_INFINITY) {
        rlimit raised = rl;
        raised.rlim_cur =
            rl.rlim_max == RLIM_INFINITY ? rlim_t(needed) : std::min(rl.rlim_max, rlim_t(needed));
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
            rl = raised;
    }
    return rl.rlim_cur == RLIM_INFINITY ? INT64_MAX : int64_t(rl.rlim_cur);
}

int64_t openFilesNeeded(int vus)
{
    return int64_t(vus) * kConnectionsPerVu + kOpenFileMargin;
}

QString openFileLimitProblem(int vus)
{
    const int64_t needed = openFilesNeeded(vus);
    const int64_t limit = raiseOpenFileLimit(needed);
    if (limit < 0 || limit >= needed)
        return QString();
    rlimit rl{};
    getrlimit(RLIMIT_NOFILE, &rl);
    const QString hard = rl.rlim_max == RLIM_INFINITY ? QStringLiteral("unlimited")
                                                      : QString::number(qint64(rl.rlim_max));
    return QStringLiteral(
               "the open-file limit is %1 (hard limit %2), but %3 VUs need %4 open files "
               "(%5 connection per VU plus %6): raise it with `ulimit -n %4` (above the "
               "hard limit: `ulimit -Hn` as root, or nofile in limits.conf), or run "
               "fewer VUs")
        .arg(limit)
        .arg(hard)
        .arg(vus)
        .arg(needed)
        .arg(kConnectionsPerVu)
        .arg(kOpenFileMargin);
}

int64_t peakRssBytes()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith("VmHWM:")) {
            // "VmHWM:     123456 kB"
            const QByteArray kb = line.mid(6).trimmed().split(' ').value(0);
            return kb.toLongLong() * 1024;
        }
    }
    return 0;
}

} // namespace vw
