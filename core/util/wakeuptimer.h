// A single-shot timer that wakes the owning thread at an absolute steady-clock time
// (core/util/clock.h, ns) with microsecond precision, for the open model's pacer
// (core/engine/executors/arrivalrateexecutor.h). A QTimer rounds to whole milliseconds; this
// one is a LoopTimer of the thread's FdLoop (fdloop.h): on a worker thread (its
// EpollEventDispatcher) the loop sleeps in epoll_pwait2 until the due time, with no timer
// descriptor to arm or read; on another thread the loop's timerfd (CLOCK_MONOTONIC,
// TFD_TIMER_ABSTIME) fires at it. Measured lateness: docs/performance.md, "Pacer".
// Thread affinity: created, armed and destroyed on one thread (its loop's).
#pragma once

#include "util/fdloop.h"

#include <cstdint>
#include <functional>

namespace vw {

class WakeupTimer {
public:
    /// `onTimeout` runs on the owning thread's loop at (or just after) the due time.
    explicit WakeupTimer(std::function<void()> onTimeout);
    WakeupTimer(const WakeupTimer &) = delete;
    WakeupTimer &operator=(const WakeupTimer &) = delete;

    /// Fires once at steady-clock time `dueNs` (at once when it has passed). Re-arming replaces
    /// the previous due time.
    void startAt(int64_t dueNs) { m_timer.startAt(dueNs); }
    void stop() { m_timer.stop(); }
    bool isActive() const { return m_timer.isActive(); }

private:
    LoopTimer m_timer;
};

} // namespace vw
