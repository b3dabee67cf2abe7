// Scheduling priority of the calling thread. Linux keeps a nice value per thread
// (setpriority(PRIO_PROCESS, tid) acts on that thread only); raising it needs no privilege.
#pragma once

#include <QString>

namespace vw {

/// Adds `increment` (> 0) to the calling thread's nice value, capped at 19, so that other
/// threads of the process (a GUI thread) win the CPU when it is saturated.
/// false + *error (errno text) when the system refuses; elsewhere than Linux a no-op (true).
bool lowerCurrentThreadPriority(int increment, QString *error);

/// The calling thread's nice value (-20..19); 0 elsewhere than Linux.
int currentThreadNice();

} // namespace vw
