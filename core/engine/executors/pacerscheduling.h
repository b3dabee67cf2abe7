// How the OS schedules a thread that paces arrival-rate starts (the open model's pacer,
// docs/performance.md "Pacer"). Opt-in, from the environment, for measuring:
//   VW_PACER_PRIORITY=realtime  SCHED_FIFO at priority 1 (the lowest real-time priority):
//                               the pacer runs before every normal thread when it wakes. Needs
//                               root or an RLIMIT_RTPRIO >= 1; otherwise the thread stays
//                               normal, silently, and the outcome says so.
//   VW_PACER_CPUS=0,1           pins worker w to the w-th CPU of the list (modulo its length).
// Unset (the default) changes nothing: the workers stay at their normal (or lowered, see
// WorkerPool) priority so that the GUI thread keeps its CPU. Linux only; elsewhere "normal".
#pragma once

#include <string>

namespace vw {

struct PacerScheduling {
    bool realtime = false; ///< SCHED_FIFO was set on the calling thread
    int cpu = -1; ///< CPU the thread was pinned to, -1 when not pinned
    std::string error; ///< why realtime or pinning was asked for and not applied

    /// "pacer priority: realtime|normal[, cpu N][ (reason)]", for the run's output.
    std::string describe() const;
};

/// Applies VW_PACER_PRIORITY / VW_PACER_CPUS to the calling thread (worker `workerIndex`).
/// Returns what holds afterwards; never fails the run.
PacerScheduling applyPacerScheduling(int workerIndex);

} // namespace vw
