// The test harness itself: a test process that crashes while it holds a `bao server -dev`
// (tests/support/baoserver.h) must not leave the server running. This binary, run with
// --start-and-crash, starts a server, prints its pid and aborts; the test checks that the
// server process is gone soon after.
#include "baoserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>

using namespace vw;

namespace {

bool processAlive(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == 0 || errno != ESRCH;
}

int startAndCrash(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    test::BaoServer bao;
    QString error;
    if (!bao.start(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    std::printf("%lld\n", bao.processId());
    std::fflush(stdout);
    std::abort(); // no destructor runs: only the kernel can stop the server now
}

} // namespace

class TestBaoHarness : public QObject {
    Q_OBJECT
private slots:
    void serverDiesWithACrashedTest()
    {
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--start-and-crash")});
        QVERIFY(child.waitForFinished(40000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        const qint64 pid = child.readAllStandardOutput().trimmed().toLongLong();
        QVERIFY2(pid > 0, "the child printed no server pid");
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 10000);
    }
};

int main(int argc, char **argv)
{
    if (argc > 1 && qstrcmp(argv[1], "--start-and-crash") == 0)
        return startAndCrash(argc, argv);
    QCoreApplication app(argc, argv);
    TestBaoHarness t;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&t, argc, argv);
}

#include "tst_baoharness.moc"
