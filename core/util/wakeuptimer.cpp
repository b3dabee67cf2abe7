#include "util/wakeuptimer.h"

#include "util/clock.h"

#include <QSocketNotifier>
#include <QTimer>
#include <algorithm>
#include <ctime>

#include <sys/timerfd.h>
#include <unistd.h>

namespace vw {

namespace {
constexpr int64_t kNsPerS = 1'000'000'000LL;
constexpr int64_t kNsPerMs = 1'000'000LL;
}

WakeupTimer::WakeupTimer(std::function<void()> onTimeout) : m_onTimeout(std::move(onTimeout))
{
    m_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (m_fd >= 0) {
        m_notifier = std::make_unique<QSocketNotifier>(m_fd, QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(),
                         [this] { fired(); });
    } else {
        auto *t = new QTimer;
        t->setSingleShot(true);
        t->setTimerType(Qt::PreciseTimer);
        QObject::connect(t, &QTimer::timeout, t, [this] { fired(); });
        m_fallback.reset(t);
    }
}

WakeupTimer::~WakeupTimer()
{
    m_notifier.reset();
    if (m_fd >= 0)
        ::close(m_fd);
}

void WakeupTimer::startAt(int64_t dueNs)
{
    m_active = true;
    if (m_fd < 0) {
        const int64_t waitNs = dueNs - steadyNowNs();
        static_cast<QTimer *>(m_fallback.get())
            ->start(int(std::max<int64_t>(0, (waitNs + kNsPerMs - 1) / kNsPerMs)));
        return;
    }
    // it_value 0 would disarm: a due time at or before the clock's origin is "now".
    dueNs = std::max<int64_t>(1, dueNs);
    if (m_armed && dueNs == m_dueNs)
        return;   // already armed for it (the pacer re-asks after every completion)
    m_armed = true;
    m_dueNs = dueNs;
    itimerspec spec{};
    spec.it_value.tv_sec = time_t(dueNs / kNsPerS);
    spec.it_value.tv_nsec = long(dueNs % kNsPerS);
    timerfd_settime(m_fd, TFD_TIMER_ABSTIME, &spec, nullptr);
}

void WakeupTimer::stop()
{
    m_active = false;
    if (m_fd < 0) {
        static_cast<QTimer *>(m_fallback.get())->stop();
        return;
    }
    if (!m_armed)
        return;
    m_armed = false;
    const itimerspec off{};
    timerfd_settime(m_fd, 0, &off, nullptr);
}

void WakeupTimer::fired()
{
    if (m_fd >= 0) {
        uint64_t expirations = 0;
        // Clears the descriptor's readiness; EAGAIN when stop() or a re-arm came first.
        if (::read(m_fd, &expirations, sizeof expirations) != sizeof expirations)
            return;
        m_armed = false;   // a one-shot timerfd that fired is disarmed
    }
    if (!m_active)
        return;
    m_active = false;
    m_onTimeout();
}

} // namespace vw
