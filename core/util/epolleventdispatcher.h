// A Qt event dispatcher on an FdLoop (fdloop.h), for the load workers' threads
// (core/engine/workerpool.cpp sets it on each worker QThread before it starts). Qt's own
// dispatchers poll() every descriptor at each pass and deliver each readiness as a QEvent;
// here one epoll set holds everything: the direct transport's sockets are plain FdLoop
// entries (no Qt event per request), while QTimer, QSocketNotifier (QSslSocket's) and posted
// events (the control thread's blocking calls, deleteLater) still work, as entries of the
// same loop. Qt timers are LoopTimers: PreciseTimer to the nanosecond of epoll_pwait2,
// coarse and very coarse ones alike (a worker has few).
// Thread affinity: made on any thread, then used only by the thread it is set on (its
// FdLoop becomes that thread's FdLoop::current() in startingUp()); wakeUp() and interrupt()
// from any thread.
#pragma once

#include "util/fdloop.h"

#include <QAbstractEventDispatcher>
#include <QHash>
#include <atomic>
#include <memory>

namespace vw {

class EpollEventDispatcher final : public QAbstractEventDispatcher {
public:
    explicit EpollEventDispatcher(QObject *parent = nullptr);
    ~EpollEventDispatcher() override;

    bool processEvents(QEventLoop::ProcessEventsFlags flags) override;
    void registerSocketNotifier(QSocketNotifier *notifier) override;
    void unregisterSocketNotifier(QSocketNotifier *notifier) override;
    void registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                       QObject *object) override;
    bool unregisterTimer(int timerId) override;
    bool unregisterTimers(QObject *object) override;
    QList<TimerInfo> registeredTimers(QObject *object) const override;
    int remainingTime(int timerId) override;
    void wakeUp() override;
    void interrupt() override;
    void startingUp() override;
    void closingDown() override;

    FdLoop &loop() { return m_loop; }

private:
    struct Notifiers; // the Qt notifiers of one descriptor
    struct QtTimer;
    void destroy(QtTimer *t);

    FdLoop m_loop{false};
    QtTimer *m_firing = nullptr; // the timer whose event is being sent
    bool m_firingDead = false; // ... and was unregistered meanwhile
    QHash<int, Notifiers *> m_notifiers; // by descriptor
    QHash<int, QtTimer *> m_timers; // by Qt timer id
    std::atomic<bool> m_interrupted{false};
};

} // namespace vw
