// The load path's event loop (core/util/fdloop.h) and the worker threads' Qt dispatcher on it
// (core/util/epolleventdispatcher.h): timers fire in due order, re-armed and stopped ones
// as told; a descriptor removed in a pass gets none of that pass's events; a loop nested in
// Qt's event loop wakes it; on a thread with the dispatcher QTimer, QSocketNotifier, blocking
// queued calls and deleteLater all work.
#include "util/clock.h"
#include "util/epolleventdispatcher.h"
#include "util/fdloop.h"

#include <QSocketNotifier>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <random>

#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace vw;

namespace {

struct Recorder final : FdHandler {
    int fd = -1;
    int events = 0;
    std::function<void()> onEvent;
    void onFdEvents(uint32_t) override
    {
        ++events;
        char buf[64];
        (void)!::read(fd, buf, sizeof buf);
        if (onEvent)
            onEvent();
    }
};

} // namespace

class TestFdLoop : public QObject {
    Q_OBJECT
private slots:
    void timersFireInDueOrder();
    void rearmAndStop();
    void removedDescriptorGetsNoEventsOfThePass();
    void nestedLoopWakesQtsEventLoop();
    void dispatcherRunsQtObjects();
};

void TestFdLoop::timersFireInDueOrder()
{
    FdLoop loop(false);
    std::mt19937 rng(7);
    const int64_t base = steadyNowNs();
    std::vector<std::unique_ptr<LoopTimer>> timers;
    std::vector<int64_t> fired;
    for (int i = 0; i < 200; ++i) {
        const int64_t due = base + int64_t(rng() % 20'000'000); // within 20 ms
        timers.push_back(
            std::make_unique<LoopTimer>(loop, [&fired, due] { fired.push_back(due); }));
        timers.back()->startAt(due);
    }
    const int64_t until = base + 200'000'000;
    while (fired.size() < timers.size() && steadyNowNs() < until)
        loop.runOnce(-1);
    QCOMPARE(fired.size(), timers.size());
    QVERIFY(std::is_sorted(fired.begin(), fired.end()));
    QVERIFY(steadyNowNs() >= fired.back()); // none early
    QCOMPARE(loop.nextDueNs(), int64_t(-1));
}

void TestFdLoop::rearmAndStop()
{
    FdLoop loop(false);
    int a = 0, b = 0;
    LoopTimer ta(loop, [&a] { ++a; });
    LoopTimer tb(loop, [&b] { ++b; });
    const int64_t now = steadyNowNs();
    ta.startAt(now + 50'000'000);
    tb.startAt(now + 1'000'000);
    ta.startAt(now + 2'000'000); // re-armed earlier: replaces the first due time
    tb.stop();
    QVERIFY(!tb.isActive());
    while (a == 0 && steadyNowNs() < now + 500'000'000)
        loop.runOnce(-1);
    QCOMPARE(a, 1);
    QCOMPARE(b, 0);
    QVERIFY(steadyNowNs() - now < 45'000'000); // the replaced 50 ms due time did not count
    QVERIFY(!ta.isActive());
}

void TestFdLoop::removedDescriptorGetsNoEventsOfThePass()
{
    FdLoop loop(false);
    int first[2], second[2];
    QCOMPARE(socketpair(AF_UNIX, SOCK_STREAM, 0, first), 0);
    QCOMPARE(socketpair(AF_UNIX, SOCK_STREAM, 0, second), 0);
    Recorder r1, r2;
    r1.fd = first[0];
    r2.fd = second[0];
    QVERIFY(loop.add(r1.fd, EPOLLIN, &r1));
    QVERIFY(loop.add(r2.fd, EPOLLIN, &r2));
    // Whichever runs first removes the other, whose event of the same pass must not arrive.
    r1.onEvent = [&] { loop.remove(r2.fd); };
    r2.onEvent = [&] { loop.remove(r1.fd); };
    QCOMPARE(::write(first[1], "x", 1), 1);
    QCOMPARE(::write(second[1], "y", 1), 1);
    QCOMPARE(loop.runOnce(100'000'000), 2); // both were ready in this pass
    QCOMPARE(r1.events + r2.events, 1);
    for (int fd : {first[0], first[1], second[0], second[1]})
        ::close(fd);
}

void TestFdLoop::nestedLoopWakesQtsEventLoop()
{
    FdLoop &loop = FdLoop::current(); // the test's main thread: nested in Qt's loop
    int fds[2];
    QCOMPARE(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    Recorder r;
    r.fd = fds[0];
    QVERIFY(loop.add(r.fd, EPOLLIN, &r));
    bool timed = false;
    LoopTimer t([&timed] { timed = true; });
    t.startAt(steadyNowNs() + 5'000'000);
    QCOMPARE(::write(fds[1], "x", 1), 1);
    QTRY_COMPARE_WITH_TIMEOUT(r.events, 1, 2000);
    QTRY_VERIFY_WITH_TIMEOUT(timed, 2000);
    loop.remove(r.fd);
    ::close(fds[0]);
    ::close(fds[1]);
}

void TestFdLoop::dispatcherRunsQtObjects()
{
    QThread thread;
    thread.setEventDispatcher(new EpollEventDispatcher);
    thread.start();
    QObject *context = new QObject;
    context->moveToThread(&thread);
    std::atomic<int> ticks{0}, singleShots{0}, notified{0};
    std::atomic<bool> onLoop{false}, destroyed{false};
    int fds[2];
    QCOMPARE(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    QMetaObject::invokeMethod(
        context,
        [&] {
            onLoop =
                dynamic_cast<EpollEventDispatcher *>(QThread::currentThread()->eventDispatcher())
                && &FdLoop::current()
                       == &static_cast<EpollEventDispatcher *>(
                               QThread::currentThread()->eventDispatcher())
                               ->loop();
            auto *timer = new QTimer(context);
            timer->setTimerType(Qt::PreciseTimer);
            QObject::connect(timer, &QTimer::timeout, context, [&] { ++ticks; });
            timer->start(2);
            QTimer::singleShot(1, context, [&] { ++singleShots; });
            auto *n = new QSocketNotifier(fds[0], QSocketNotifier::Read, context);
            QObject::connect(n, &QSocketNotifier::activated, context, [&, n] {
                char c;
                (void)!::read(fds[0], &c, 1);
                ++notified;
                n->setEnabled(false);
            });
            auto *doomed = new QObject;
            QObject::connect(doomed, &QObject::destroyed, [&] { destroyed = true; });
            doomed->deleteLater();
        },
        Qt::BlockingQueuedConnection);
    QVERIFY(onLoop);
    QCOMPARE(::write(fds[1], "x", 1), 1);
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 5, 2000);
    QTRY_COMPARE_WITH_TIMEOUT(notified.load(), 1, 2000);
    QTRY_VERIFY_WITH_TIMEOUT(destroyed, 2000);
    QCOMPARE(singleShots.load(), 1);
    QMetaObject::invokeMethod(
        context, [context] { delete context; }, Qt::BlockingQueuedConnection);
    thread.quit();
    QVERIFY(thread.wait(2000));
    ::close(fds[0]);
    ::close(fds[1]);
}

QTEST_GUILESS_MAIN(TestFdLoop)
#include "tst_fdloop.moc"
