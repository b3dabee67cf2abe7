#include "util/epolleventdispatcher.h"

#include "util/clock.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimerEvent>

#include <sys/epoll.h>

namespace vw {

namespace {
constexpr int64_t kNsPerMs = 1'000'000LL;
}

struct EpollEventDispatcher::Notifiers final : FdHandler {
    EpollEventDispatcher *owner = nullptr;
    int fd = -1;
    QSocketNotifier *read = nullptr;
    QSocketNotifier *write = nullptr;
    QSocketNotifier *exception = nullptr;

    uint32_t events() const
    {
        return (read ? uint32_t(EPOLLIN) : 0u) | (write ? uint32_t(EPOLLOUT) : 0u)
               | (exception ? uint32_t(EPOLLPRI) : 0u);
    }

    void onFdEvents(uint32_t ev) override
    {
        // Each notifier's handler may unregister the others (or this entry): look again.
        EpollEventDispatcher *d = owner;
        const int myFd = fd;
        auto send = [d, myFd](QSocketNotifier *Notifiers::*which) {
            Notifiers *n = d->m_notifiers.value(myFd);
            if (!n || !(n->*which))
                return;
            QEvent event(QEvent::SockAct);
            QCoreApplication::sendEvent(n->*which, &event);
        };
        const uint32_t bad = EPOLLERR | EPOLLHUP;
        if (ev & (EPOLLIN | bad))
            send(&Notifiers::read);
        if (ev & (EPOLLOUT | bad))
            send(&Notifiers::write);
        if (ev & EPOLLPRI)
            send(&Notifiers::exception);
    }
};

struct EpollEventDispatcher::QtTimer {
    int id = 0;
    qint64 intervalMs = 0;
    Qt::TimerType type = Qt::CoarseTimer;
    QObject *object = nullptr;
    std::unique_ptr<LoopTimer> timer;
};

EpollEventDispatcher::EpollEventDispatcher(QObject *parent)
    : QAbstractEventDispatcher(parent)
{
}

EpollEventDispatcher::~EpollEventDispatcher()
{
    qDeleteAll(m_timers);
    for (Notifiers *n : std::as_const(m_notifiers)) {
        m_loop.remove(n->fd);
        delete n;
    }
}

void EpollEventDispatcher::startingUp()
{
    FdLoop::setCurrent(&m_loop);
}

void EpollEventDispatcher::closingDown()
{
    FdLoop::setCurrent(nullptr);
}

bool EpollEventDispatcher::processEvents(QEventLoop::ProcessEventsFlags flags)
{
    m_interrupted.store(false, std::memory_order_relaxed);
    emit awake();
    QCoreApplication::sendPostedEvents(); // a post after this wakes the wait below
    const bool wait = flags.testFlag(QEventLoop::WaitForMoreEvents)
                      && !m_interrupted.load(std::memory_order_relaxed);
    if (wait)
        emit aboutToBlock();
    const int n = m_loop.runOnce(wait ? -1 : 0);
    return n > 0;
}

void EpollEventDispatcher::registerSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    Notifiers *n = m_notifiers.value(fd);
    const bool isNew = !n;
    if (isNew) {
        n = new Notifiers;
        n->owner = this;
        n->fd = fd;
        m_notifiers.insert(fd, n);
    }
    switch (notifier->type()) {
    case QSocketNotifier::Read:
        n->read = notifier;
        break;
    case QSocketNotifier::Write:
        n->write = notifier;
        break;
    case QSocketNotifier::Exception:
        n->exception = notifier;
        break;
    }
    if (isNew)
        m_loop.add(fd, n->events(), n);
    else
        m_loop.modify(fd, n->events());
}

void EpollEventDispatcher::unregisterSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    Notifiers *n = m_notifiers.value(fd);
    if (!n)
        return;
    if (n->read == notifier)
        n->read = nullptr;
    if (n->write == notifier)
        n->write = nullptr;
    if (n->exception == notifier)
        n->exception = nullptr;
    if (n->events() == 0) {
        m_loop.remove(fd);
        m_notifiers.remove(fd);
        delete n;
    } else {
        m_loop.modify(fd, n->events());
    }
}

void EpollEventDispatcher::registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                                         QObject *object)
{
    auto *t = new QtTimer;
    t->id = timerId;
    t->intervalMs = interval;
    t->type = timerType;
    t->object = object;
    t->timer = std::make_unique<LoopTimer>(m_loop, [this, t] {
        // Periodic: the next due time follows the last one, or now when that is past.
        const int64_t now = steadyNowNs();
        int64_t next = t->timer->dueNs() + t->intervalMs * kNsPerMs;
        if (next < now)
            next = now + t->intervalMs * kNsPerMs;
        t->timer->startAt(next);
        // The event may unregister t (a single-shot QTimer): then it is deleted after.
        m_firing = t;
        m_firingDead = false;
        QTimerEvent event(t->id);
        QCoreApplication::sendEvent(t->object, &event);
        m_firing = nullptr;
        if (m_firingDead)
            delete t;
    });
    m_timers.insert(timerId, t);
    t->timer->startAt(steadyNowNs() + interval * kNsPerMs);
}

void EpollEventDispatcher::destroy(QtTimer *t)
{
    if (t == m_firing) {
        t->timer->stop();
        m_firingDead = true; // its callback is running: deleted when it returns
        return;
    }
    delete t;
}

bool EpollEventDispatcher::unregisterTimer(int timerId)
{
    QtTimer *t = m_timers.take(timerId);
    if (!t)
        return false;
    destroy(t);
    return true;
}

bool EpollEventDispatcher::unregisterTimers(QObject *object)
{
    bool any = false;
    for (auto it = m_timers.begin(); it != m_timers.end();) {
        if (it.value()->object == object) {
            destroy(it.value());
            it = m_timers.erase(it);
            any = true;
        } else {
            ++it;
        }
    }
    return any;
}

QList<QAbstractEventDispatcher::TimerInfo> EpollEventDispatcher::registeredTimers(
    QObject *object) const
{
    QList<TimerInfo> out;
    for (const QtTimer *t : m_timers)
        if (t->object == object)
            out.append(TimerInfo(t->id, int(t->intervalMs), t->type));
    return out;
}

int EpollEventDispatcher::remainingTime(int timerId)
{
    const QtTimer *t = m_timers.value(timerId);
    if (!t)
        return -1;
    return int(std::max<int64_t>(0, (t->timer->dueNs() - steadyNowNs()) / kNsPerMs));
}

void EpollEventDispatcher::wakeUp()
{
    m_loop.wake();
}

void EpollEventDispatcher::interrupt()
{
    m_interrupted.store(true, std::memory_order_relaxed);
    m_loop.wake();
}

} // namespace vw
