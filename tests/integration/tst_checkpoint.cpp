// RunOptions::checkpoint (checkpointWriter): each time a stage's statistics are final the session so far is
// on disk (status "incomplete", the finished stages, readable by sessionio), so a run that
// dies leaves them. Against the loopback delay server; tst_cli kills a real run.
#include "delayserver.h"
#include "engine/benchmarkrun.h"
#include "session/sessionio.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

Profile threeStages(const QString &address)
{
    Profile p;
    p.name = QStringLiteral("checkpoint");
    p.target.address = address;
    p.ramp.warmupMs = 100;
    p.ramp.stages = {{1, 700}, {2, 700}, {4, 700}};
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};
    return p;
}

/// Stages and status of the session file at `path`, or -1 stages when unreadable.
QPair<int, QString> peek(const QString &path)
{
    QString error;
    const std::optional<Session> s = readSession(path, &error);
    return s ? qMakePair(int(s->stages.size()), runStatusKey(s->status)) : qMakePair(-1, error);
}

} // namespace

class TestCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void eachFinishedStageIsOnDisk()
    {
        vw::test::DelayServer server(20);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/run.json")); // folder made

        RunOptions o;
        o.token = QByteArrayLiteral("unused-by-the-delay-server");
        o.checkpoint = checkpointWriter(path);
        BenchmarkRun run(threeStages(server.address()), o);
        QSignalSpy stageFinished(&run, &BenchmarkRun::stageFinished);
        QSignalSpy finished(&run, &BenchmarkRun::finished);
        run.start();
        QVERIFY(stageFinished.wait(10000));
        // written right after stageFinished is emitted, on the run's thread
        QTRY_COMPARE_WITH_TIMEOUT(peek(path).first, 1, 5000);
        QCOMPARE(peek(path).second, QStringLiteral("incomplete"));
        QVERIFY(finished.wait(20000));

        // the last checkpoint holds every stage; the final write is the caller's
        const Session last = Session(finished.at(0).at(0).value<RunRecord>());
        QCOMPARE(last.status, RunStatus::Completed);
        const std::optional<Session> s = readSession(path, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->status, RunStatus::Incomplete);
        QCOMPARE(s->stages.size(), 3);
        QCOMPARE(s->id, last.id);
        QVERIFY(s->error.contains(QStringLiteral("3 of 3 stages")));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(s->stages.at(i).ops.at(0).ok, last.stages.at(i).ops.at(0).ok);
            QVERIFY(s->stages.at(i).ops.at(0).ok > 0);
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains("unused-by-the-delay-server")); // never the token
    }
};

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
