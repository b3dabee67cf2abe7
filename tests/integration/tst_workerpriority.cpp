// RunOptions::workerNice: during a run, every worker thread (named vw-worker-N) has its nice
// value raised by exactly that much and the caller's thread keeps its own; with 0 (the CLI)
// the workers keep the process' nice value. Linux: threads read from /proc/self/task.
#include "delayserver.h"
#include "engine/benchmarkrun.h"
#include "session/session.h"
#include "util/threadpriority.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <cerrno>
#include <sys/resource.h>

using namespace vw;

namespace {

/// Nice value of every thread of this process whose name starts with "vw-worker-".
QList<int> workerNices()
{
    QList<int> out;
    const QStringList tids =
        QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &tid : tids) {
        QFile comm(QStringLiteral("/proc/self/task/%1/comm").arg(tid));
        if (!comm.open(QIODevice::ReadOnly) || !comm.readAll().startsWith("vw-worker-"))
            continue;
        errno = 0;
        const int nice = getpriority(PRIO_PROCESS, id_t(tid.toInt()));
        if (errno == 0)
            out << nice;
    }
    return out;
}

} // namespace

class TestWorkerPriority : public QObject {
    Q_OBJECT
private slots:
    void workersRunAtTheAskedNiceValue_data()
    {
        QTest::addColumn<int>("workerNice");
        QTest::newRow("cli: unchanged") << 0;
        QTest::newRow("gui: +5") << 5;
    }

    void workersRunAtTheAskedNiceValue()
    {
        QFETCH(int, workerNice);
        vw::test::DelayServer server(50);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));

        Profile p;
        p.name = QStringLiteral("priority");
        p.target.address = server.address();
        p.ramp.warmupMs = 200;
        p.ramp.stages = {{4, 1500}};
        p.operations = {{QStringLiteral("sys_health"), 100, {}}};
        RunOptions o;
        o.token = QByteArrayLiteral("unused-by-the-delay-server");
        o.workerThreads = 2;
        o.workerNice = workerNice;

        const int base = currentThreadNice();
        BenchmarkRun run(p, o);
        QSignalSpy started(&run, &BenchmarkRun::stageStarted);
        QSignalSpy finished(&run, &BenchmarkRun::finished);
        run.start();
        QVERIFY(started.wait(10000));
        const QList<int> nices = workerNices();
        QVERIFY(finished.wait(20000));
        const Session s = Session(finished.at(0).at(0).value<RunRecord>());
        QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));

        QCOMPARE(nices.size(), 2);
        for (int n : nices)
            QCOMPARE(n, std::min(19, base + workerNice));
        QCOMPARE(currentThreadNice(), base); // the caller's thread is untouched
    }
};

QTEST_GUILESS_MAIN(TestWorkerPriority)
#include "tst_workerpriority.moc"
