// procTreeCpuSeconds (core/util/procstat.h): a process's CPU with its children's, live and
// ended (how a PostgreSQL service's backends are counted, docs/measurement.md "The service
// beside the server"). Children here are python3 loops that burn 0.4 s of CPU each.
#include "util/procstat.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <unistd.h>

using namespace vw;

namespace {

const char *kBurn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.4:\n"
                    "    pass\nimport sys\nsys.stdout.write('done')\nsys.stdout.flush()\n"
                    "time.sleep(30)\n";

double ownCpuSeconds()
{
    ProcUsage u;
    QString error;
    return readProcUsage(getpid(), &u, &error) ? u.cpuSeconds : -1;
}

} // namespace

class TestProcStat : public QObject {
    Q_OBJECT
private slots:
    void countsLiveAndEndedChildren()
    {
        const double before = procTreeCpuSeconds(getpid());
        const double ownBefore = ownCpuSeconds();
        QVERIFY(before >= ownBefore - 0.02 && ownBefore >= 0);
        QProcess child;
        child.start(QStringLiteral("python3"), {QStringLiteral("-c"), QLatin1String(kBurn)});
        QVERIFY2(child.waitForStarted(5000), qPrintable(child.errorString()));
        // Alive, its 0.4 s spent: it counts as a live child.
        QElapsedTimer t;
        t.start();
        while (!child.readAllStandardOutput().contains("done") && t.elapsed() < 20000)
            child.waitForReadyRead(200);
        const double alive = procTreeCpuSeconds(getpid());
        const double ownAlive = ownCpuSeconds();
        QVERIFY2(alive - before >= 0.3 + (ownAlive - ownBefore) - 0.05,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(alive)));
        // Ended and reaped: its time moved to ours (cutime + cstime), still counted.
        child.kill();
        QVERIFY(child.waitForFinished(5000));
        const double ended = procTreeCpuSeconds(getpid());
        QVERIFY2(ended >= alive - 0.02,
                 qPrintable(QStringLiteral("%1 -> %2").arg(alive).arg(ended)));
    }

    void unknownProcessIsMinusOne()
    {
        QCOMPARE(procTreeCpuSeconds(0), -1.0);
        QCOMPARE(procTreeCpuSeconds(-5), -1.0);
        QCOMPARE(procTreeCpuSeconds(4194305), -1.0); // above pid_max's largest value
    }
};

QTEST_GUILESS_MAIN(TestProcStat)
#include "tst_procstat.moc"
