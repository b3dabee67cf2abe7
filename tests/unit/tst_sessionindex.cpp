// The session library's summaries (core/session/sessionindex.h): read from sessions saved by
// the session writer, they carry the same label, target, status, stages and key figures as
// the full reader and the analysis; a corrupt, foreign or newer file gives an error, never a
// crash; a label is written back atomically. Also times listing 200 sessions.
#include "session/sessionanalysis.h"
#include "session/sessionindex.h"
#include "session/sessionio.h"
#include "manystagesession.h"
#include "sessionplan.h"
#include "syntheticstages.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv2_read");

Session makeSession(const QString &label, int seriesSeconds = 60)
{
    Session s;
    s.id = label + QStringLiteral("-0123456789");
    s.label = label;
    s.profileName = QStringLiteral("kv-read");
    s.profileYaml = "name: kv-read\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                    "operations:\n  - type: kv2_read\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8211");
    test::setPlanFromYaml(&s);
    s.startedAt = QDateTime(QDate(2026, 11, 29), QTime(23, 40, 1, 123), Qt::UTC);
    s.finishedAt = s.startedAt.addSecs(64);
    // An ideal server of 8 workers at 2 ms: throughput grows to 8 VUs, then latency does.
    s.stages = test::fixedCapacityStages(kOp, {1, 2, 4, 8, 16, 32}, 8, 2.0);
    for (int t = 1; t <= seriesSeconds; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.stage = (t - 1) * 6 / seriesSeconds;
        p.vus = 1 << p.stage;
        p.op = kOp;
        p.count = p.ok = 1000 + t % 97;
        p.p50Ms = 1.0 + (t % 13) / 10.0;
        p.p99Ms = 5.0 + (t % 17) / 10.0;
        p.inFlight = p.vus;
        s.series << p;
    }
    return s;
}

QString write(const QTemporaryDir &dir, const QString &name, const Session &s)
{
    const QString path = dir.filePath(name);
    QString error;
    if (!writeSession(s, path, &error))
        qWarning() << error;
    return path;
}

QString writeBytes(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

} // namespace

class TestSessionIndex : public QObject {
    Q_OBJECT
private slots:
    void summaryMatchesTheFullReader()
    {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("a.json"), makeSession("nightly"));
        const SessionSummary s = readSessionSummary(path);
        QVERIFY2(s.ok(), qPrintable(s.error));
        QString error;
        const std::optional<Session> full = readSession(path, &error);
        QVERIFY2(full, qPrintable(error));

        QCOMPARE(s.path, path);
        QCOMPARE(s.id, full->id);
        QCOMPARE(s.label, QStringLiteral("nightly"));
        QCOMPARE(s.profileName, QStringLiteral("kv-read"));
        QCOMPARE(s.targetAddress, QStringLiteral("http://127.0.0.1:8211"));
        QCOMPARE(s.status, QStringLiteral("completed"));
        QCOMPARE(s.executor, QStringLiteral("closed"));
        QCOMPARE(s.startedAt, full->startedAt);
        QCOMPARE(s.finishedAt, full->finishedAt);
        QCOMPARE(s.ops, QStringList{kOp});
        QCOMPARE(s.stages, 6);
        QCOMPARE(s.maxVus, std::optional<int>(32));
        QVERIFY(!s.maxRatePerS);
        QCOMPARE(s.bytes, QFileInfo(path).size());

        const OpAnalysis &a = sessionAnalysis(*full).ops.first();
        QVERIFY(a.maxThroughput.perS && a.maxThroughput.stage && a.knee.vus);
        QCOMPARE(s.peakThroughputPerS, a.maxThroughput.perS);
        QCOMPARE(s.peakStage, a.maxThroughput.stage);
        QCOMPARE(s.peakVus, a.maxThroughput.vus);
        QCOMPARE(s.kneeVus, a.knee.vus);
        // 8 workers at 2 ms: 4000/s from 8 VUs on.
        QVERIFY(qAbs(*s.peakThroughputPerS - 4000.0) < 40.0);
        const OpStats &atPeak = full->stages.at(*a.maxThroughput.stage).ops.first();
        QVERIFY(s.p99AtPeakMs);
        QVERIFY2(qAbs(*s.p99AtPeakMs - atPeak.latency.valueAtPercentileUs(99) / 1000.0) < 0.01,
                 qPrintable(QString::number(*s.p99AtPeakMs)));
    }

    void statusAndEmptyLabel()
    {
        QTemporaryDir dir;
        Session stopped = makeSession(QString());
        stopped.status = RunStatus::Stopped;
        stopped.error = QStringLiteral("stopped by the user");
        const SessionSummary s = readSessionSummary(write(dir, QStringLiteral("s.json"), stopped));
        QVERIFY2(s.ok(), qPrintable(s.error));
        QCOMPARE(s.status, QStringLiteral("stopped"));
        QCOMPARE(s.runError, QStringLiteral("stopped by the user"));
        QCOMPARE(s.displayLabel(), QStringLiteral("kv-read"));
    }

    void noStagesHasNoFigures()
    {
        QTemporaryDir dir;
        Session failed = makeSession(QStringLiteral("down"));
        failed.stages.clear();
        failed.series.clear();
        failed.status = RunStatus::SetupFailed;
        const SessionSummary s = readSessionSummary(write(dir, QStringLiteral("f.json"), failed));
        QVERIFY2(s.ok(), qPrintable(s.error));
        QCOMPARE(s.status, QStringLiteral("setup_failed"));
        QCOMPARE(s.stages, 0);
        QVERIFY(!s.maxVus);
        QVERIFY(!s.peakThroughputPerS); // "-", never 0
        QVERIFY(!s.p99AtPeakMs);
        QVERIFY(!s.kneeVus);
    }

    void badFilesGiveAnError_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << QByteArray("{\"kind\":\"vault-workbench-session\",\"sch")
                                   << QStringLiteral("not JSON");
        QTest::newRow("not an object")
            << QByteArray("[1,2]") << QStringLiteral("not a JSON object");
        QTest::newRow("no kind") << QByteArray("{\"a\":1}") << QStringLiteral("no \"kind\"");
        QTest::newRow("other kind")
            << QByteArray("{\"kind\":\"x\"}") << QStringLiteral("kind \"x\"");
        QTest::newRow("newer schema")
            << QByteArray("{\"kind\":\"vault-workbench-session\",\"schema\":99,\"stages\":[]}")
            << QStringLiteral("newer");
        QTest::newRow("no stages")
            << QByteArray("{\"kind\":\"vault-workbench-session\",\"schema\":2}")
            << QStringLiteral("\"stages\"");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("not JSON");
    }

    void badFilesGiveAnError()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const SessionSummary s =
            readSessionSummary(writeBytes(dir, QStringLiteral("x.json"), bytes));
        QVERIFY(!s.ok());
        QVERIFY2(s.error.contains(expected), qPrintable(s.error));
        QVERIFY(s.label.isEmpty());
    }

    void corruptSavedSession()
    {
        // A real session cut in the middle of its stages (a disk that filled up).
        QTemporaryDir dir;
        QFile f(write(dir, QStringLiteral("full.json"), makeSession("cut")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const SessionSummary s = readSessionSummary(
            writeBytes(dir, QStringLiteral("cut.json"), bytes.left(bytes.size() * 2 / 3)));
        QVERIFY(!s.ok());
        QVERIFY2(s.error.contains(QStringLiteral("not JSON")), qPrintable(s.error));
    }

    void missingAndFolder()
    {
        QTemporaryDir dir;
        QVERIFY(!readSessionSummary(dir.filePath(QStringLiteral("none.json"))).ok());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("d.json")));
        const SessionSummary s = readSessionSummary(dir.filePath(QStringLiteral("d.json")));
        QVERIFY2(s.error.contains(QStringLiteral("not a regular file")), qPrintable(s.error));
    }

    void schemaOneSessionGetsComputedFigures()
    {
        const QString path = QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json");
        const SessionSummary s = readSessionSummary(path);
        QVERIFY2(s.ok(), qPrintable(s.error));
        QString error;
        const std::optional<Session> full = readSession(path, &error);
        QVERIFY2(full, qPrintable(error));
        QCOMPARE(s.stages, int(full->stages.size()));
        const OpAnalysis &a = sessionAnalysis(*full).ops.first();
        QCOMPARE(s.peakThroughputPerS, a.maxThroughput.perS);
        QCOMPARE(s.kneeVus, a.knee.vus);
    }

    void labelIsWrittenBackAtomically()
    {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("r.json"), makeSession("before"));
        QString error;
        QVERIFY2(writeSessionLabel(path, QStringLiteral("after \"quoted\""), &error),
                 qPrintable(error));
        const std::optional<Session> back = readSession(path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->label, QStringLiteral("after \"quoted\""));
        QCOMPARE(back->stages.size(), 6);
        QCOMPARE(readSessionSummary(path).label, QStringLiteral("after \"quoted\""));
        // Nothing but the session is left in the folder (no temporary file).
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("r.json")});
        // A file that is not a session is left alone.
        const QString bad = writeBytes(dir, QStringLiteral("bad.json"), "{oops");
        QVERIFY(!writeSessionLabel(bad, QStringLiteral("x"), &error));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("{oops"));
    }

    void filesInFolderNewestFirst()
    {
        QTemporaryDir dir;
        const QString older = writeBytes(dir, QStringLiteral("older.json"), "{}");
        const QString newer = writeBytes(dir, QStringLiteral("newer.json"), "{}");
        writeBytes(dir, QStringLiteral("profile.yaml"), "name: x\n");
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.json")));
        QFile o(older);
        QVERIFY(o.open(QIODevice::ReadWrite));
        QVERIFY(o.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-3600),
                              QFileDevice::FileModificationTime));
        o.close();
        QCOMPARE(sessionFilesIn(dir.path()), (QStringList{newer, older}));
        QVERIFY(sessionFilesIn(dir.filePath(QStringLiteral("missing"))).isEmpty());
    }

    // Listing 200 saved sessions: the summary reader against the full reader (printed; the
    // figure is in docs/session-format.md, "Session library").
    void listing200Sessions()
    {
        QTemporaryDir dir;
        const Session s = makeSession(QStringLiteral("many"), 600);
        for (int i = 0; i < 200; ++i)
            write(dir, QStringLiteral("s%1.json").arg(i, 3, 10, QLatin1Char('0')), s);
        const QStringList files = sessionFilesIn(dir.path());
        QCOMPARE(files.size(), 200);
        const qint64 bytes = QFileInfo(files.first()).size();

        QElapsedTimer t;
        t.start();
        int ok = 0;
        for (const QString &f : files)
            ok += readSessionSummary(f).ok() ? 1 : 0;
        const qint64 summaryMs = t.elapsed();
        QCOMPARE(ok, 200);

        t.restart();
        for (const QString &f : files)
            QVERIFY(readSession(f, nullptr));
        const qint64 fullMs = t.elapsed();
        qInfo("listing 200 sessions of %lld bytes: summaries %lld ms, full reads %lld ms", bytes,
              summaryMs, fullMs);
    }

    // A long stepped run (issue 9's 20,000-stage session, here 5,000 stages): the summary
    // skims the stages instead of decoding their histograms.
    void largeSessionSummary()
    {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("long.json"), test::manyStageSession(5000));
        QElapsedTimer t;
        t.start();
        const SessionSummary s = readSessionSummary(path);
        const qint64 summaryMs = t.elapsed();
        QVERIFY2(s.ok(), qPrintable(s.error));
        QCOMPARE(s.stages, 5000);
        t.restart();
        const std::optional<Session> full = readSession(path, nullptr);
        const qint64 fullMs = t.elapsed();
        QVERIFY(full);
        QCOMPARE(s.peakThroughputPerS, sessionAnalysis(*full).ops.first().maxThroughput.perS);
        qInfo("session of 5000 stages, %lld bytes: summary %lld ms, full read %lld ms",
              QFileInfo(path).size(), summaryMs, fullMs);
    }
};

QTEST_GUILESS_MAIN(TestSessionIndex)
#include "tst_sessionindex.moc"
