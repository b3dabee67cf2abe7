#include "util/fdloop.h"

#include "util/clock.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <cerrno>
#include <ctime>

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

namespace vw {

namespace {

constexpr int64_t kNsPerS = 1'000'000'000LL;
constexpr int kMaxEvents = 256;

thread_local FdLoop *t_current = nullptr;
thread_local std::unique_ptr<FdLoop> t_owned; // a nested loop made by current()

uint64_t key(int fd, uint32_t generation)
{
    return (uint64_t(generation) << 32) | uint32_t(fd);
}

} // namespace

// ---- LoopTimer

LoopTimer::LoopTimer(std::function<void()> onTimeout)
    : LoopTimer(FdLoop::current(), std::move(onTimeout))
{
}

LoopTimer::LoopTimer(FdLoop &loop, std::function<void()> onTimeout)
    : m_loop(&loop)
    , m_onTimeout(std::move(onTimeout))
{
}

LoopTimer::~LoopTimer()
{
    stop();
}

void LoopTimer::startAt(int64_t dueNs)
{
    m_loop->arm(this, dueNs);
}

void LoopTimer::stop()
{
    if (m_heapIndex >= 0)
        m_loop->disarm(this);
}

// ---- FdLoop

FdLoop &FdLoop::current()
{
    if (!t_current) {
        t_owned = std::make_unique<FdLoop>(true);
        t_current = t_owned.get();
    }
    return *t_current;
}

void FdLoop::setCurrent(FdLoop *loop)
{
    t_current = loop;
}

FdLoop::FdLoop(bool nested)
    : m_nested(nested)
{
    m_epoll = epoll_create1(EPOLL_CLOEXEC);
    m_wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_epoll < 0 || m_wakeFd < 0)
        return;
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = key(m_wakeFd, 0xffffffffu);
    epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wakeFd, &ev);
    if (m_nested) {
        m_timerFd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
        ev.data.u64 = key(m_timerFd, 0xffffffffu);
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_timerFd, &ev);
        m_notifier = std::make_unique<QSocketNotifier>(m_epoll, QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(),
                         [this] { onNestedActivated(); });
    }
}

FdLoop::~FdLoop()
{
    for (LoopTimer *t : m_heap)
        t->m_heapIndex = -1;
    m_heap.clear();
    if (m_notifier && !QCoreApplication::instance())
        (void)m_notifier.release(); // thread exit after the application: no dispatcher left
    m_notifier.reset();
    if (m_timerFd >= 0)
        ::close(m_timerFd);
    if (m_wakeFd >= 0)
        ::close(m_wakeFd);
    if (m_epoll >= 0)
        ::close(m_epoll);
    if (t_current == this)
        t_current = nullptr;
}

bool FdLoop::add(int fd, uint32_t events, FdHandler *handler)
{
    if (fd < 0)
        return false;
    if (size_t(fd) >= m_slots.size())
        m_slots.resize(size_t(fd) + 64);
    Slot &s = m_slots[size_t(fd)];
    ++s.generation;
    s.handler = handler;
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = key(fd, s.generation);
    if (epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &ev) == 0)
        return true;
    s.handler = nullptr;
    return false;
}

bool FdLoop::modify(int fd, uint32_t events)
{
    if (fd < 0 || size_t(fd) >= m_slots.size() || !m_slots[size_t(fd)].handler)
        return false;
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = key(fd, m_slots[size_t(fd)].generation);
    return epoll_ctl(m_epoll, EPOLL_CTL_MOD, fd, &ev) == 0;
}

void FdLoop::remove(int fd)
{
    if (fd < 0 || size_t(fd) >= m_slots.size() || !m_slots[size_t(fd)].handler)
        return;
    Slot &s = m_slots[size_t(fd)];
    s.handler = nullptr;
    ++s.generation; // events of this pass for the old registration no longer match
    epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, nullptr);
}

void FdLoop::wake()
{
    const uint64_t one = 1;
    (void)!::write(m_wakeFd, &one, sizeof one);
}

int FdLoop::runOnce(int64_t maxWaitNs)
{
    if (m_running || m_epoll < 0)
        return 0;
    m_running = true;
    int64_t waitNs = maxWaitNs;
    const int64_t due = nextDueNs();
    if (due >= 0) {
        const int64_t untilDue = std::max<int64_t>(0, due - steadyNowNs());
        waitNs = waitNs < 0 ? untilDue : std::min(waitNs, untilDue);
    }
    if (m_nested)
        waitNs = 0; // the thread's Qt loop did the waiting
    epoll_event events[kMaxEvents];
    int n = -1;
    if (m_pwait2) {
        timespec ts{time_t(waitNs / kNsPerS), long(waitNs % kNsPerS)};
        n = epoll_pwait2(m_epoll, events, kMaxEvents, waitNs < 0 ? nullptr : &ts, nullptr);
        if (n < 0 && errno == ENOSYS)
            m_pwait2 = false;
    }
    if (!m_pwait2)
        n = epoll_wait(m_epoll, events, kMaxEvents,
                       waitNs < 0 ? -1 : int((waitNs + 999'999) / 1'000'000));
    for (int i = 0; i < n; ++i) {
        const int fd = int(uint32_t(events[i].data.u64));
        const uint32_t generation = uint32_t(events[i].data.u64 >> 32);
        if (generation == 0xffffffffu) {
            uint64_t count = 0;
            (void)!::read(fd, &count, sizeof count); // clears the eventfd or the timerfd
            if (fd == m_wakeFd && m_onWake)
                m_onWake();
            if (fd == m_timerFd)
                m_timerFdDueNs = -1;
            continue;
        }
        if (size_t(fd) >= m_slots.size())
            continue;
        const Slot &s = m_slots[size_t(fd)];
        if (s.handler && s.generation == generation)
            s.handler->onFdEvents(events[i].events);
    }
    runTimers();
    if (m_nested)
        syncTimerFd();
    m_running = false;
    return std::max(0, n);
}

void FdLoop::runTimers()
{
    if (m_heap.empty())
        return;
    const int64_t now = steadyNowNs();
    // Only timers due now: one re-armed by its callback for "now" waits for the next pass.
    while (!m_heap.empty() && m_heap.front()->m_dueNs <= now) {
        LoopTimer *t = m_heap.front();
        disarm(t);
        if (t->m_onTimeout)
            t->m_onTimeout(); // may delete t, re-arm it or arm others
    }
}

void FdLoop::onNestedActivated()
{
    runOnce(0);
}

void FdLoop::syncTimerFd()
{
    if (m_timerFd < 0)
        return;
    const int64_t due = nextDueNs();
    if (due == m_timerFdDueNs)
        return;
    m_timerFdDueNs = due;
    itimerspec spec{};
    if (due >= 0) {
        const int64_t d = std::max<int64_t>(1, due); // 0 would disarm
        spec.it_value.tv_sec = time_t(d / kNsPerS);
        spec.it_value.tv_nsec = long(d % kNsPerS);
    }
    timerfd_settime(m_timerFd, TFD_TIMER_ABSTIME, &spec, nullptr);
}

void FdLoop::place(int i, LoopTimer *t)
{
    m_heap[size_t(i)] = t;
    t->m_heapIndex = i;
}

void FdLoop::siftUp(int i)
{
    LoopTimer *t = m_heap[size_t(i)];
    while (i > 0) {
        const int parent = (i - 1) / 2;
        if (m_heap[size_t(parent)]->m_dueNs <= t->m_dueNs)
            break;
        place(i, m_heap[size_t(parent)]);
        i = parent;
    }
    place(i, t);
}

void FdLoop::siftDown(int i)
{
    LoopTimer *t = m_heap[size_t(i)];
    const int n = int(m_heap.size());
    while (true) {
        int child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && m_heap[size_t(child + 1)]->m_dueNs < m_heap[size_t(child)]->m_dueNs)
            ++child;
        if (m_heap[size_t(child)]->m_dueNs >= t->m_dueNs)
            break;
        place(i, m_heap[size_t(child)]);
        i = child;
    }
    place(i, t);
}

void FdLoop::arm(LoopTimer *t, int64_t dueNs)
{
    const int64_t before = nextDueNs();
    if (t->m_heapIndex >= 0) {
        const int64_t old = t->m_dueNs;
        t->m_dueNs = dueNs;
        if (dueNs < old)
            siftUp(t->m_heapIndex);
        else
            siftDown(t->m_heapIndex);
    } else {
        t->m_dueNs = dueNs;
        m_heap.push_back(t);
        t->m_heapIndex = int(m_heap.size()) - 1;
        siftUp(t->m_heapIndex);
    }
    if (m_nested && !m_running && nextDueNs() != before)
        syncTimerFd();
}

void FdLoop::disarm(LoopTimer *t)
{
    const int i = t->m_heapIndex;
    t->m_heapIndex = -1;
    LoopTimer *last = m_heap.back();
    m_heap.pop_back();
    if (last != t) {
        place(i, last);
        siftDown(i);
        siftUp(last->m_heapIndex);
    }
    if (m_nested && !m_running && m_heap.empty())
        syncTimerFd();
}

} // namespace vw
