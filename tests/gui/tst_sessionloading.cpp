// Session files are read off the GUI thread (ui/sessionloader.h, MainWindow::openFiles()),
// offscreen: a 10 ms timer keeps ticking while a multi-MB session file is read and the window
// says it is loading; a corrupt or missing file is reported by name and the sessions shown
// stay as they were; several files open in the order given (the first session as the main
// one, the others overlaid, a profile into the editor).
#include "sessionplan.h"
#include "syntheticstages.h"
#include "mainwindow.h"
#include "models/sessionset.h"
#include "runpanel.h"
#include "session/sessionio.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv2_read");

Session session(const QString &label, int stages, int seriesSeconds)
{
    Session s;
    s.id = label + QStringLiteral("-0123456789");
    s.label = label;
    s.profileName = QStringLiteral("kv");
    s.profileYaml = "name: kv-" + label.toUtf8()
                    + "\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\noperations:\n"
                      "  - type: kv2_read\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    test::setPlanFromYaml(&s);
    s.startedAt = QDateTime::currentDateTimeUtc();
    QList<int> vus;
    for (int i = 1; i <= stages; ++i)
        vus << i;
    s.stages = test::fixedCapacityStages(kOp, vus, 64, 2.0);
    for (int t = 1; t <= seriesSeconds; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.stage = (t - 1) * stages / seriesSeconds;
        p.vus = p.stage + 1;
        p.op = kOp;
        p.count = p.ok = 1000 + t % 97;
        p.p50Ms = 1.0 + (t % 13) / 10.0;
        p.p99Ms = 5.0 + (t % 17) / 10.0;
        p.inFlight = p.vus;
        s.series << p;
    }
    return s;
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const Session &s)
{
    const QString path = dir.filePath(name);
    QString error;
    if (!writeSession(s, path, &error))
        qFatal("cannot write %s: %s", qPrintable(path), qPrintable(error));
    return path;
}

QString writeRaw(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestSessionLoading : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sessionloading"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void largeFileDoesNotBlockTheGuiThread()
    {
        // a long run: 2000 stages (a latency histogram each) and a 30,000-second series
        const QString path = writeFile(m_dir, QStringLiteral("large.json"),
                                       session(QStringLiteral("large"), 2000, 30000));
        const qint64 bytes = QFileInfo(path).size();
        QElapsedTimer parse;
        parse.start();
        QVERIFY(readSession(path, nullptr));
        const qint64 parseMs = parse.elapsed();
        qInfo("session file %.1f MB, read and parsed in %lld ms on this thread",
              double(bytes) / 1e6, parseMs);
        QVERIFY2(bytes > 2'000'000, qPrintable(QString::number(bytes)));
        QVERIFY2(parseMs >= 40, "the file reads too fast for the test to tell anything");

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *loading = w.findChild<QLabel *>(QStringLiteral("loadingLabel"));
        QVERIFY(loading);
        QVERIFY(!loading->isVisible());

        // the GUI thread's heartbeat: ticks counted until the session enters the set
        QElapsedTimer clock;
        int ticks = 0;
        int ticksBeforeApply = -1;
        qint64 applyMs = -1;
        qint64 lastTickMs = 0, maxGapMs = 0;
        QTimer heartbeat;
        heartbeat.setTimerType(Qt::PreciseTimer);
        heartbeat.setInterval(10);
        connect(&heartbeat, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            if (ticksBeforeApply < 0) {
                maxGapMs = std::max(maxGapMs, now - lastTickMs);
                ++ticks;
            }
            lastTickMs = now;
        });
        connect(w.sessionSet(), &SessionSet::mainChanged, this, [&] {
            ticksBeforeApply = ticks;
            applyMs = clock.elapsed();
        });
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        QSignalSpy done(&w, &MainWindow::loadingFinished);

        clock.start();
        heartbeat.start();
        w.openSession(path);
        const qint64 callMs = clock.elapsed();
        // the call only queues the file: it returns long before the file could be parsed
        QVERIFY2(callMs < parseMs / 2,
                 qPrintable(QStringLiteral("openSession took %1 ms").arg(callMs)));
        QVERIFY(loading->isVisible());
        QVERIFY2(loading->text().contains(QLatin1String("large.json")),
                 qPrintable(loading->text()));
        QVERIFY(w.isLoading());

        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 60000);
        heartbeat.stop();
        qInfo("loaded after %lld ms; %d ticks of the 10 ms timer meanwhile, longest gap %lld ms",
              applyMs, ticksBeforeApply, maxGapMs);
        // while the file was read the timer kept ticking (a read on the GUI thread: 0 ticks)
        QVERIFY(ticksBeforeApply >= 3);
        QVERIFY2(
            ticksBeforeApply >= applyMs / 10 / 4,
            qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(ticksBeforeApply).arg(applyMs)));
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(!loading->isVisible());
        QVERIFY(!w.isLoading());
        const SessionEntry *main = w.sessionSet()->mainEntry();
        QVERIFY(main);
        QCOMPARE(main->path, path);
        QCOMPARE(main->session.stages.size(), 2000);
        QCOMPARE(main->session.series.size(), 30000);
    }

    void badFileIsReportedAndNothingIsLost()
    {
        const QString good =
            writeFile(m_dir, QStringLiteral("good.json"), session(QStringLiteral("good"), 5, 10));
        const QString extra =
            writeFile(m_dir, QStringLiteral("extra.json"), session(QStringLiteral("extra"), 4, 10));
        QByteArray truncated;
        {
            QFile f(good);
            QVERIFY(f.open(QIODevice::ReadOnly));
            truncated = f.readAll();
        }
        truncated.chop(truncated.size() / 2);
        const QString corrupt = writeRaw(m_dir, QStringLiteral("corrupt.json"), truncated);
        const QString missing = m_dir.filePath(QStringLiteral("missing.json"));

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        SessionSet *set = w.sessionSet();
        auto *panel = w.findChild<RunPanel *>();
        QVERIFY(panel);
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        QSignalSpy failed(&w, &MainWindow::sessionOpenFailed);
        w.openSession(good);
        w.addOverlaySession(extra);
        QTRY_COMPARE(opened.count(), 2);
        QCOMPARE(set->mainEntry()->label, QStringLiteral("good"));
        QCOMPARE(set->overlayCount(), 1);

        // a corrupt file as the main session, then as an overlay, then one that is not there
        w.openSession(corrupt);
        w.addOverlaySession(corrupt);
        w.openSession(missing);
        QTRY_COMPARE(failed.count(), 3);
        QCOMPARE(opened.count(), 2);
        QCOMPARE(failed.at(0).at(0).toString(), corrupt);
        QCOMPARE(failed.at(2).at(0).toString(), missing);
        for (const auto &args : std::as_const(failed))
            QVERIFY(!args.at(1).toString().isEmpty());
        // the sessions shown are the ones before
        QCOMPARE(set->mainEntry()->label, QStringLiteral("good"));
        QCOMPARE(set->mainEntry()->path, good);
        QCOMPARE(set->mainEntry()->session.stages.size(), 5);
        QCOMPARE(set->overlayCount(), 1);
        QCOMPARE(set->overlay(0).label, QStringLiteral("extra"));
        // and the window names each file that failed
        QVERIFY2(panel->errorText().contains(QLatin1String("corrupt.json")),
                 qPrintable(panel->errorText()));
        QVERIFY2(panel->errorText().contains(QLatin1String("missing.json")),
                 qPrintable(panel->errorText()));
    }

    // As from the command line: vault-workbench corrupt.json good.json, the corrupt file the
    // first 5,000 bytes of a session. good.json opens (as the main session), and the banner
    // still names the corrupt file with its reason; the status bar says a file failed.
    void corruptFileOnTheCommandLineStaysReported()
    {
        const QString good = writeFile(m_dir, QStringLiteral("cl-good.json"),
                                       session(QStringLiteral("cl-good"), 5, 10));
        QByteArray head;
        {
            QFile f(good);
            QVERIFY(f.open(QIODevice::ReadOnly));
            head = f.read(5000);
        }
        QCOMPARE(head.size(), 5000);
        const QString corrupt = writeRaw(m_dir, QStringLiteral("cl-corrupt.json"), head);

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *panel = w.findChild<RunPanel *>();
        QVERIFY(panel);
        QSignalSpy done(&w, &MainWindow::loadingFinished);
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        QSignalSpy failed(&w, &MainWindow::sessionOpenFailed);
        w.openFiles({corrupt, good});
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 10000);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(w.sessionSet()->mainEntry()->path, good);
        const QString reason = failed.at(0).at(1).toString();
        QVERIFY(!reason.isEmpty());
        QVERIFY2(panel->errorText().contains(
                     QStringLiteral("Cannot open session %1: %2").arg(corrupt, reason)),
                 qPrintable(panel->errorText()));
        const QList<QLabel *> banner = panel->findChildren<QLabel *>();
        bool bannerShown = false;
        for (QLabel *l : banner)
            bannerShown = bannerShown || (l->isVisible() && l->text() == panel->errorText());
        QVERIFY(bannerShown);
        QVERIFY2(w.statusBar()->currentMessage().contains(QLatin1String("could not be opened")),
                 qPrintable(w.statusBar()->currentMessage()));
    }

    void filesOpenInTheOrderGiven()
    {
        const QString a =
            writeFile(m_dir, QStringLiteral("a.json"), session(QStringLiteral("first"), 6, 10));
        const QString b =
            writeFile(m_dir, QStringLiteral("b.json"), session(QStringLiteral("second"), 3, 10));
        const QString c =
            writeFile(m_dir, QStringLiteral("c.json"), session(QStringLiteral("third"), 2, 10));
        const QString profile = writeRaw(m_dir, QStringLiteral("order.yaml"),
                                         "name: order-test\n"
                                         "target:\n  address: http://127.0.0.1:8200\n"
                                         "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                                         "operations:\n  - type: sys_health\n");
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy done(&w, &MainWindow::loadingFinished);
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        // a session shown already: the first session of the files replaces it
        w.openSession(c);
        QTRY_COMPARE(opened.count(), 1);
        opened.clear();
        done.clear();
        // as from the command line: vault-workbench order.yaml a.json b.json c.json
        w.openFiles({profile, a, b, c});
        QTRY_COMPARE(done.count(), 1);
        QCOMPARE(opened.count(), 3);
        QCOMPARE(opened.at(0).at(0).toString(), a);
        QCOMPARE(opened.at(1).at(0).toString(), b);
        QCOMPARE(opened.at(2).at(0).toString(), c);
        SessionSet *set = w.sessionSet();
        QCOMPARE(set->mainEntry()->label, QStringLiteral("first"));
        QCOMPARE(set->overlayCount(), 2);
        QCOMPARE(set->overlay(0).label, QStringLiteral("second"));
        QCOMPARE(set->overlay(1).label, QStringLiteral("third"));
        // Trial of issue 22 (newuser): the main session's profile replaced the one named on
        // the command line. The profile named wins; the sessions are on the charts.
        auto *editor = w.findChild<QPlainTextEdit *>(QStringLiteral("profileEditor"));
        QVERIFY2(editor->toPlainText().contains(QLatin1String("name: order-test")),
                 qPrintable(editor->toPlainText()));
        QVERIFY(w.windowTitle().contains(QLatin1String("order.yaml")));
        // each file is in Open Recent, the last opened first
        const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
        QCOMPARE(recent.value(0), QFileInfo(c).absoluteFilePath());
        QVERIFY(recent.contains(QFileInfo(a).absoluteFilePath()));
        QVERIFY(recent.contains(QFileInfo(profile).absoluteFilePath()));

        // a session opened later without a profile named fills the (unmodified) editor with
        // its profile, as an opened session's always does
        done.clear();
        w.openFiles({b});
        QTRY_COMPARE(done.count(), 1);
        QVERIFY2(editor->toPlainText().contains(QLatin1String("name: kv-second")),
                 qPrintable(editor->toPlainText()));
    }
};

QTEST_MAIN(TestSessionLoading)
#include "tst_sessionloading.moc"
