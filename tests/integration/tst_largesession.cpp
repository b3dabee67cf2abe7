// Issue 9, item 7: a session of 20,000 stages (~7 MB) took 3.7 GB to report, because every
// histogram read from the file was held as 23,552 dense counters. `vault-workbench report`
// must take memory in proportion to the file: its peak resident set (the child's ru_maxrss,
// from wait4) stays under 20 times the file size for the table and the HTML report.
#include "manystagesession.h"

#include "session/sessionio.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace vw;

namespace {

constexpr int kStages = 20000;
constexpr int kMaxRssOverFileSize = 20;

struct ChildRun {
    bool finished = false;
    int exitCode = -1;
    qint64 maxRssBytes = 0;
};

/// Runs the CLI with `args`, stdout to `outPath`, stderr to /dev/null, at most `timeoutMs`
/// (killed by its PID after that). Its peak RSS comes from wait4's rusage.
ChildRun runCli(const QStringList &args, const QString &outPath, int timeoutMs)
{
    ChildRun r;
    QList<QByteArray> store{QByteArray(VW_APP_BINARY)};
    for (const QString &a : args)
        store.append(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &b : store)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, QFile::encodeName(outPath).constData(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return r;
    int status = 0;
    rusage ru{};
    QElapsedTimer t;
    t.start();
    for (;;) {
        const pid_t w = wait4(pid, &status, WNOHANG, &ru);
        if (w == pid)
            break;
        if (w < 0 && errno != EINTR)
            return r;
        if (t.elapsed() > timeoutMs) {
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &ru);
            r.maxRssBytes = qint64(ru.ru_maxrss) * 1024;
            return r;
        }
        QThread::msleep(20);
    }
    r.finished = WIFEXITED(status);
    r.exitCode = r.finished ? WEXITSTATUS(status) : -1;
    r.maxRssBytes = qint64(ru.ru_maxrss) * 1024; // Linux: kilobytes
    return r;
}

} // namespace

class TestLargeSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sparseHistogramsAfterReading();
    void reportStaysProportional_data();
    void reportStaysProportional();

private:
    QTemporaryDir m_dir;
    QString m_path;
    qint64 m_fileBytes = 0;
};

void TestLargeSession::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("big.json"));
    QString error;
    QVERIFY2(writeSession(test::manyStageSession(kStages), m_path, &error), qPrintable(error));
    m_fileBytes = QFileInfo(m_path).size();
    qInfo("session of %d stages: %lld bytes", kStages, m_fileBytes);
    QVERIFY(m_fileBytes > 4 * 1024 * 1024); // the size of the file (7 MB), roughly
}

void TestLargeSession::sparseHistogramsAfterReading()
{
    QString error;
    const std::optional<Session> s = readSession(m_path, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->stages.size(), kStages);
    const OpStats &o = s->stages.first().ops.first();
    QVERIFY(o.latency.count() > 0);
    QVERIFY(o.latency.isSparse());
    // (tst_histogram checks that the sparse form answers as the dense one does.)
    // A stage without a success reads back with no latency.
    QCOMPARE(s->stages.at(96).ops.first().ok, 0);
    QCOMPARE(s->stages.at(96).ops.first().latency.count(), 0);
}

void TestLargeSession::reportStaysProportional_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("table") << QStringLiteral("table");
    QTest::newRow("html") << QStringLiteral("html");
}

void TestLargeSession::reportStaysProportional()
{
    QFETCH(QString, format);
    const QString out = m_dir.filePath(QStringLiteral("report.") + format);
    const ChildRun r =
        runCli({QStringLiteral("report"), m_path, QStringLiteral("--format"), format}, out, 60000);
    QVERIFY2(r.finished, "the report did not finish within 60 s");
    QCOMPARE(r.exitCode, 0);
    qInfo("report --format %s: peak RSS %lld MB for a %lld MB file", qPrintable(format),
          r.maxRssBytes >> 20, m_fileBytes >> 20);
    QVERIFY2(r.maxRssBytes < kMaxRssOverFileSize * m_fileBytes,
             qPrintable(QStringLiteral("peak RSS %1 bytes >= %2 x the file's %3 bytes")
                            .arg(r.maxRssBytes)
                            .arg(kMaxRssOverFileSize)
                            .arg(m_fileBytes)));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    // Every stage is in the report, the last one too.
    QVERIFY(text.contains(format == QLatin1String("html") ? QByteArray(">20000<")
                                                          : QByteArray("20000")));
}

QTEST_GUILESS_MAIN(TestLargeSession)
#include "tst_largesession.moc"
