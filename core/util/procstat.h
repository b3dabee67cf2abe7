// Another process's resources as the Linux kernel reports them: /proc/<pid>/status (VmRSS,
// Threads) and /proc/<pid>/stat (utime + stime, proc(5)). Used for the server process of a
// local target (core/engine/telemetrysampler.h). Any thread; a few hundred microseconds.
#pragma once

#include <QString>
#include <QtGlobal>

namespace vw {

struct ProcUsage {
    qint64 rssBytes = -1; ///< VmRSS of /proc/<pid>/status, bytes; -1 unknown
    double cpuSeconds = -1; ///< (utime + stime) / sysconf(_SC_CLK_TCK), s; -1 unknown
    int threads = -1; ///< Threads of /proc/<pid>/status; -1 unknown
};

/// Reads `pid`'s usage. false + *error ("no process 4242") when /proc/<pid> cannot be read.
bool readProcUsage(qint64 pid, ProcUsage *out, QString *error);

/// CPU seconds of `pid` and its children (a service such as PostgreSQL, whose backends are
/// its child processes): its own utime + stime, the children it has reaped (cutime + cstime:
/// backends that ended) and every live child's (ppid == pid) utime + stime (proc(5)), s.
/// Cumulative; -1 when /proc/<pid> cannot be read. Scans /proc once (a few ms).
double procTreeCpuSeconds(qint64 pid);

/// VmRSS of /proc/<pid>/status alone, bytes; -1 when unknown.
qint64 procRssBytes(qint64 pid);

/// Why `pid` is not a Vault or OpenBao server process to read (`run --server-pid`), or an
/// empty string when it is: no such process, or its command name (/proc/<pid>/comm) is not
/// "bao" or "vault" (e.g. "\"python3\" is not a bao or vault server").
QString serverProcessProblem(qint64 pid);

} // namespace vw
