// The load path's event loop: one epoll set per thread and a binary heap of timers with
// nanosecond due times on the steady clock (core/util/clock.h). The direct transport's plain
// connections (core/http/socketconnection.h), the pacer's wake-up (wakeuptimer.h) and the
// worker's Qt objects all run on it; no QSocketNotifier and no Qt event per request.
//
// Two ways a thread drives it (FdLoop::current() picks the right one):
// - a worker thread whose QThread has an EpollEventDispatcher (epolleventdispatcher.h): the
//   dispatcher *is* this loop (Qt's timers, socket notifiers and posted events are entries of
//   it), and it sleeps in epoll_pwait2 until the next timer, to the nanosecond;
// - any other thread (tests, the control plane): the loop is nested in that thread's Qt event
//   loop as one QSocketNotifier on the epoll descriptor; its timers arm one timerfd that sits
//   in the epoll set.
// Descriptors are level-triggered (docs/performance.md, "Lean worker loop").
// Thread affinity: a loop belongs to one thread; its descriptors, timers and handlers are
// added, changed and removed only there. Errors: a failed epoll_ctl returns false (errno set).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

class QSocketNotifier;

namespace vw {

class FdLoop;

/// Readiness of a descriptor: what epoll reported (EPOLLIN, EPOLLOUT, EPOLLERR, EPOLLHUP ...).
class FdHandler {
public:
    virtual ~FdHandler() = default;
    virtual void onFdEvents(uint32_t events) = 0;
};

/// A one-shot timer of a loop, at an absolute steady-clock time (ns). Arming, re-arming and
/// stopping cost O(log timers) and no system call on a worker thread (none allocate once the
/// heap has grown). The callback runs on the loop's thread, never inside startAt().
class LoopTimer {
public:
    /// On this thread's loop (FdLoop::current()).
    explicit LoopTimer(std::function<void()> onTimeout);
    LoopTimer(FdLoop &loop, std::function<void()> onTimeout);
    ~LoopTimer();
    LoopTimer(const LoopTimer &) = delete;
    LoopTimer &operator=(const LoopTimer &) = delete;

    void startAt(int64_t dueNs); ///< re-arming replaces the due time; a past one fires at once
    void stop();
    bool isActive() const { return m_heapIndex >= 0; }
    int64_t dueNs() const { return m_dueNs; }

private:
    friend class FdLoop;
    FdLoop *m_loop;
    std::function<void()> m_onTimeout;
    int64_t m_dueNs = 0;
    int m_heapIndex = -1; // position in the loop's heap, -1 when not armed
};

class FdLoop {
public:
    /// This thread's loop, made on first use (its dispatcher's when it is an
    /// EpollEventDispatcher, else nested in the thread's Qt event loop).
    static FdLoop &current();

    /// `nested`: driven by a QSocketNotifier of the current thread (see above).
    explicit FdLoop(bool nested);
    ~FdLoop();
    FdLoop(const FdLoop &) = delete;
    FdLoop &operator=(const FdLoop &) = delete;

    bool isValid() const { return m_epoll >= 0; }
    /// Inside runOnce(): a handler or timer of this loop is running now, so a blocking call
    /// that waits for this loop (a nested QEventLoop around it) would never be served.
    bool isRunning() const { return m_running; }

    /// Watches `fd` for `events` (EPOLLIN/EPOLLOUT ...), reported to `handler` until remove().
    /// A descriptor has one handler. Events already collected for a removed descriptor are
    /// dropped, even when its number is reused in the same pass.
    bool add(int fd, uint32_t events, FdHandler *handler);
    bool modify(int fd, uint32_t events);
    void remove(int fd);

    /// Waits at most `maxWaitNs` (-1: until the next timer or event; 0: no wait), dispatches
    /// the ready descriptors and then the due timers. Returns the number of events handled.
    /// Not reentrant: a handler must not call it.
    int runOnce(int64_t maxWaitNs);

    /// Makes a runOnce() that sleeps (or the next one) return; any thread. `onWake` (set once,
    /// before the loop runs) is called on the loop's thread for each wake-up.
    void wake();
    void setOnWake(std::function<void()> onWake) { m_onWake = std::move(onWake); }

    /// Steady-clock due time of the earliest timer, or -1 for none.
    int64_t nextDueNs() const { return m_heap.empty() ? -1 : m_heap.front()->m_dueNs; }

    /// For the dispatcher: a loop sleeping on its own (not nested) makes this thread's loop.
    static void setCurrent(FdLoop *loop);

private:
    friend class LoopTimer;
    struct Slot {
        FdHandler *handler = nullptr;
        uint32_t generation = 0;
    };
    void arm(LoopTimer *t, int64_t dueNs);
    void disarm(LoopTimer *t);
    void siftUp(int i);
    void siftDown(int i);
    void place(int i, LoopTimer *t);
    void runTimers();
    void syncTimerFd(); // nested loops: the timerfd follows the heap's first due time
    void onNestedActivated();

    int m_epoll = -1;
    int m_wakeFd = -1; // eventfd of wake()
    int m_timerFd = -1; // nested loops only
    bool m_nested = false;
    int64_t m_timerFdDueNs = -1;
    std::vector<Slot> m_slots; // by descriptor number
    std::vector<LoopTimer *> m_heap; // binary min-heap by due time
    std::function<void()> m_onWake;
    std::unique_ptr<QSocketNotifier> m_notifier; // nested loops only
    bool m_running = false;
    bool m_pwait2 = true; // epoll_pwait2 available (Linux >= 5.11), else ms timeouts
};

} // namespace vw
