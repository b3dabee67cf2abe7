// The load generator's own resources: CPU clocks for the validity guard, the open-file limit
// that many VUs need, and peak memory. Linux (POSIX clocks, /proc). Any thread.
#pragma once

#include <QString>
#include <cstdint>

namespace vw {

/// CPU time used by this process so far (all threads), ns (CLOCK_PROCESS_CPUTIME_ID).
int64_t processCpuNs();

/// Raises the soft RLIMIT_NOFILE to at least `needed` (capped at the hard limit) when it is
/// lower. Returns the soft limit in force afterwards (-1 if it cannot be read).
int64_t raiseOpenFileLimit(int64_t needed);

/// Connections a VU holds open: one keep-alive socket per VU in both transports
/// (core/http/directtransport.h; qnam: 6 per manager, ceil(VUs / 6) managers).
constexpr int64_t kConnectionsPerVu = 1;
/// Open files the process needs besides the VUs' sockets: stdio, the threads' event loops,
/// the control-plane connections, the session and checkpoint files, libraries.
constexpr int64_t kOpenFileMargin = 64;
/// Open files a run of `vus` VUs needs: vus * kConnectionsPerVu + kOpenFileMargin.
int64_t openFilesNeeded(int vus);

/// "" when the open-file limit serves `vus` VUs, after raising the soft limit towards the hard
/// limit as wrk does (raiseOpenFileLimit); otherwise why not, naming the limit, the VU count,
/// what they need and how to raise it. Called by the pre-flight before anything is created.
QString openFileLimitProblem(int vus);

/// Peak resident set size of this process (VmHWM of /proc/self/status), bytes; 0 if unknown.
int64_t peakRssBytes();

} // namespace vw
