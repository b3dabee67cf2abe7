// The pacer's opt-in scheduling (core/engine/executors/pacerscheduling.h): unset changes
// nothing; VW_PACER_PRIORITY=realtime gives the calling thread SCHED_FIFO 1 where the process
// may (root or RLIMIT_RTPRIO >= 1) and otherwise leaves it normal with the reason; VW_PACER_CPUS
// pins worker w to the w-th listed CPU. Each case runs on a thread of its own, which ends with it.
#include "engine/executors/pacerscheduling.h"

#include <QTest>
#include <QThread>

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace vw;

namespace {

struct Seen {
    PacerScheduling result;
    int policy = -1;
    int priority = -1;
    int cpu = -1;
    int allowedCpus = 0;
};

Seen applyOnThread(int workerIndex)
{
    Seen seen;
    std::unique_ptr<QThread> t(QThread::create([&] {
        seen.result = applyPacerScheduling(workerIndex);
        sched_param p{};
        pthread_getschedparam(pthread_self(), &seen.policy, &p);
        seen.priority = p.sched_priority;
        cpu_set_t set;
        CPU_ZERO(&set);
        pthread_getaffinity_np(pthread_self(), sizeof set, &set);
        seen.allowedCpus = CPU_COUNT(&set);
        seen.cpu = sched_getcpu();
    }));
    t->start();
    t->wait();
    return seen;
}

bool mayUseRealtime()
{
    rlimit lim{};
    return geteuid() == 0 || (getrlimit(RLIMIT_RTPRIO, &lim) == 0 && lim.rlim_cur >= 1);
}

} // namespace

class TstPacerScheduling : public QObject {
    Q_OBJECT
private slots:
    void cleanup()
    {
        qunsetenv("VW_PACER_PRIORITY");
        qunsetenv("VW_PACER_CPUS");
    }

    void unsetChangesNothing()
    {
        const Seen s = applyOnThread(0);
        QVERIFY(!s.result.realtime);
        QCOMPARE(s.result.cpu, -1);
        QVERIFY(s.result.error.empty());
        QCOMPARE(s.policy, SCHED_OTHER);
        QCOMPARE(QString::fromStdString(s.result.describe()),
                 QStringLiteral("pacer priority: normal"));
    }

    void realtimeWhenPermitted()
    {
        qputenv("VW_PACER_PRIORITY", "realtime");
        const Seen s = applyOnThread(0);
        if (mayUseRealtime()) {
            QVERIFY(s.result.realtime);
            QCOMPARE(s.policy, SCHED_FIFO);
            QCOMPARE(s.priority, 1);
            QCOMPARE(QString::fromStdString(s.result.describe()),
                     QStringLiteral("pacer priority: realtime"));
        } else {
            QVERIFY(!s.result.realtime);
            QCOMPARE(s.policy, SCHED_OTHER);
            QVERIFY(QString::fromStdString(s.result.describe())
                        .startsWith(QStringLiteral("pacer priority: normal (realtime refused: ")));
        }
    }

    void otherValuesStayNormal()
    {
        qputenv("VW_PACER_PRIORITY", "normal");
        const Seen s = applyOnThread(0);
        QVERIFY(!s.result.realtime);
        QCOMPARE(s.policy, SCHED_OTHER);
    }

    void pinsWorkerToItsListedCpu()
    {
        cpu_set_t mine;
        CPU_ZERO(&mine);
        sched_getaffinity(0, sizeof mine, &mine);
        int last = -1;
        for (int c = 0; c < CPU_SETSIZE; ++c)
            if (CPU_ISSET(c, &mine))
                last = c;
        QVERIFY(last >= 0);
        qputenv("VW_PACER_CPUS", QByteArray::number(last) + ",junk");
        // worker 2 of a one-CPU list (junk is skipped) gets that CPU: index modulo the list
        const Seen s = applyOnThread(2);
        QCOMPARE(s.result.cpu, last);
        QCOMPARE(s.allowedCpus, 1);
        QCOMPARE(s.cpu, last);
        QVERIFY(QString::fromStdString(s.result.describe())
                    .endsWith(QStringLiteral(", cpu %1").arg(last)));
    }
};

QTEST_GUILESS_MAIN(TstPacerScheduling)
#include "tst_pacerscheduling.moc"
