// The load generator's own resources: CPU clocks for the validity guard, the open-file limit
// that many VUs need, and peak memory. Linux (POSIX clocks, /proc). Any thread.
#pragma once

#include <cstdint>

namespace vw {

/// CPU time used by this process so far (all threads), ns (CLOCK_PROCESS_CPUTIME_ID).
int64_t processCpuNs();

/// Raises the soft RLIMIT_NOFILE to at least `needed` (capped at the hard limit) when it is
/// lower. Returns the soft limit in force afterwards (-1 if it cannot be read).
int64_t raiseOpenFileLimit(int64_t needed);

/// Peak resident set size of this process (VmHWM of /proc/self/status), bytes; 0 if unknown.
int64_t peakRssBytes();

} // namespace vw
