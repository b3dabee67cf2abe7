// A single-shot timer that wakes the owning thread's event loop at an absolute steady-clock
// time (core/util/clock.h, ns) with microsecond precision, for the open model's pacer
// (core/engine/executors/arrivalrateexecutor.h). A QTimer rounds to whole milliseconds; this
// one is a Linux timerfd on CLOCK_MONOTONIC (the clock of std::chrono::steady_clock) armed
// with TFD_TIMER_ABSTIME, so the kernel's high-resolution timer fires at the due time (no
// timer slack, no drift from relative arming), and a QSocketNotifier on the descriptor wakes
// the event loop. Measured lateness of the wake-up itself: docs/performance.md, "Pacer".
// Thread affinity: created, armed and destroyed on one thread (the notifier's).
#pragma once

#include <QObject>
#include <cstdint>
#include <functional>
#include <memory>

class QSocketNotifier;

namespace vw {

class WakeupTimer {
public:
    /// `onTimeout` runs on the owning thread's event loop at (or just after) the due time.
    explicit WakeupTimer(std::function<void()> onTimeout);
    ~WakeupTimer();
    WakeupTimer(const WakeupTimer &) = delete;
    WakeupTimer &operator=(const WakeupTimer &) = delete;

    /// False when the timerfd could not be created (then start() falls back to a 1 ms
    /// precise QTimer: still correct, less precise).
    bool isPrecise() const { return m_fd >= 0; }
    /// Fires once at steady-clock time `dueNs` (at once when it has passed). Re-arming replaces
    /// the previous due time.
    void startAt(int64_t dueNs);
    void stop();
    bool isActive() const { return m_active; }

private:
    void fired();

    std::function<void()> m_onTimeout;
    int m_fd = -1;
    std::unique_ptr<QSocketNotifier> m_notifier;
    std::unique_ptr<QObject> m_fallback;   // a QTimer when there is no timerfd
    bool m_active = false;
    bool m_armed = false;     // the timerfd is set (to m_dueNs) and has not fired
    int64_t m_dueNs = 0;
};

} // namespace vw
