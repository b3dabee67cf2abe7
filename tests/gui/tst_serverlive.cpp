// The live server view and the honest states of a GUI run (issue 22), offscreen against a real
// `bao server -dev` (tests/support/baoserver.h):
// - the Server tab's per-second charts draw the server's memory, CPU and request time while
//   the run goes (RunSnapshot::server), beside the client's latency;
// - a chart without server data says "no data from the server (<reason>)" instead of an axis;
// - a server killed by PID mid-run: the run panel's banner says so during the run, and the run
//   ends failed;
// - cleanup retrying against a sealed server shows its countdown, and "Leave it, sweep later"
//   ends it with what is left recorded as the session's leftovers;
// - the session library's Leftovers column.
#include "baoserver.h"
#include "charts/stagecurvechart.h"
#include "localtargetbox.h"
#include "mainwindow.h"
#include "library/sessionlibrarymodel.h"
#include "models/sessionset.h"
#include "opsrun.h"
#include "resultspage.h"
#include "runcontroller.h"
#include "runpanel.h"
#include "session/sessionindex.h"
#include "session/sessionio.h"
#include "vault/localtargetstate.h"
#include "sessionfiles.h"
#include "writefailure.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>

using namespace vw;

class TestServerLive : public QObject {
    Q_OBJECT
private slots:
    void serverTabIsLiveDuringTheRun();
    void emptyServerChartsSayWhy();
    void bannerWhenTheServerIsKilled();
    void cleanupCountdownAndLeaveIt();
    void libraryShowsLeftovers();
    void roomCheckBeforeSetup();
    void sessionRescuedWhenTheDiskFillsDuringTheRun();
    void liveAgainstAGuiStartedCluster();
};

namespace {

Profile healthProfile(const test::BaoServer &bao, QList<StageSpec> stages)
{
    Profile p;
    p.name = QStringLiteral("server-live");
    p.target = test::targetOf(bao);
    p.ramp.warmupMs = 0;
    p.ramp.stages = std::move(stages);
    p.operations = {test::opSpec(QStringLiteral("sys_health"))};
    return p;
}

int pointsOf(const StageCurveChart *c)
{
    int n = 0;
    for (const ChartSeries &s : c->model().series)
        if (s.percentile == 0) // the server's own curves (the client's carry a percentile)
            n += int(s.points.size());
    return n;
}

} // namespace

void TestServerLive::serverTabIsLiveDuringTheRun()
{
    test::BaoServer bao;
    bao.enableTelemetry();
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    const Profile p = healthProfile(bao, {{2, 4000}, {4, 4000}});
    RunOptions o;
    o.token = bao.rootToken();
    o.serverPid = bao.processId(); // as the GUI passes a local target's node

    SessionSet set;
    ResultsPage page(&set);
    page.resize(1200, 800);
    page.show();
    auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("middleTabs"));
    QVERIFY(tabs);
    tabs->setCurrentIndex(tabs->count() - 1); // "Server": its first view is the per-second one
    QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Server"));
    const QList<StageCurveChart *> perSecond = page.serverPerSecondCharts();
    QCOMPARE(perSecond.size(), 3);

    RunController controller;
    controller.setAutoSave(false);
    controller.setSessionSet(&set);
    QSignalSpy finished(&controller, &RunController::finished);
    QVERIFY(controller.start(p, o));
    // Before the run ends: memory and CPU from /proc and sys/metrics, request time from
    // sys/metrics, and the client's latency beside it.
    QTRY_VERIFY_WITH_TIMEOUT(pointsOf(perSecond.at(0)) >= 2 && pointsOf(perSecond.at(1)) >= 2,
                             15000);
    QVERIFY(finished.isEmpty());
    QVERIFY(set.isLive());
    const ServerTelemetry &live = set.mainEntry()->session.serverTelemetry;
    QCOMPARE(live.source, QStringLiteral("prometheus"));
    QCOMPARE(live.serverPid, bao.processId());
    QVERIFY(serverKnown(live.samples.last().procRssBytes));
    QVERIFY(live.samples.last().procRssBytes > 1e6); // a real process: megabytes
    QVERIFY(perSecond.at(0)->noDataText().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(pointsOf(perSecond.at(2)) >= 1, 10000); // server request time
    // the client's p99 beside it (its seconds are finalised apart from the telemetry's)
    auto client = [&] {
        for (const ChartSeries &s : perSecond.at(2)->model().series)
            if (s.percentile == 99 && !s.points.isEmpty())
                return true;
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(client(), 5000);
    QVERIFY(finished.isEmpty()); // all of it while the run goes

    QVERIFY(finished.wait(30000));
    const Session s = finished.at(0).at(0).value<Session>();
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    // The live samples were the session's own, as far as the run had got.
    QVERIFY(s.serverTelemetry.samples.size() >= live.samples.size());
    QCOMPARE(s.serverTelemetry.samples.at(0).tS, live.samples.at(0).tS);
}

void TestServerLive::emptyServerChartsSayWhy()
{
    StageCurveChart chart(ChartKind::ServerCpuOverTime);
    CurveSource none;
    none.label = QStringLiteral("A");
    chart.setSources({none});
    QCOMPARE(chart.noDataText(),
             QStringLiteral("no data from the server (this session has no server telemetry)"));
    auto *text = chart.findChild<QLabel *>(QStringLiteral("noDataText"));
    QVERIFY(text);
    QVERIFY(!text->isHidden());
    QVERIFY(text->text().contains(chart.noDataText()));

    CurveSource refused = none;
    refused.server.notes << QStringLiteral("sys/metrics: 403 permission denied (the token "
                                           "cannot read sys/metrics)");
    chart.setSources({refused});
    QCOMPARE(chart.noDataText(), QStringLiteral("no data from the server (sys/metrics: 403 "
                                                "permission denied (the token cannot read "
                                                "sys/metrics))"));

    CurveSource live = none;
    live.live = true;
    chart.setSources({live});
    QVERIFY2(chart.noDataText().contains(QStringLiteral("waiting for its first reading")),
             qPrintable(chart.noDataText()));

    // Data: the chart draws, the text goes.
    CurveSource with = none;
    with.server.source = QStringLiteral("proc");
    for (int i = 1; i <= 3; ++i) {
        ServerSample x;
        x.tS = i;
        x.procCoresBusy = 0.5 * i;
        with.server.samples << x;
    }
    chart.setSources({with});
    QVERIFY(chart.noDataText().isEmpty());
    QVERIFY(text->isHidden());
    QCOMPARE(pointsOf(&chart), 3);

    // The client's charts never show it.
    StageCurveChart client(ChartKind::LatencyVsLoad);
    client.setSources({none});
    QVERIFY(client.noDataText().isEmpty());
}

void TestServerLive::bannerWhenTheServerIsKilled()
{
    test::BaoServer bao;
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    Profile p = healthProfile(bao, {{2, 3000}, {2, 30000}});
    p.target.requestTimeoutMs = 2000;
    p.abort.forMs = 4000; // the banner comes first, the abort rule ends the run after
    RunOptions o;
    o.token = bao.rootToken();

    RunController controller;
    controller.setAutoSave(false);
    RunPanel panel;
    QObject::connect(&controller, &RunController::liveUpdate, &panel, &RunPanel::showSnapshot);
    QObject::connect(&controller, &RunController::finished, &panel, &RunPanel::runFinished);
    QSignalSpy finished(&controller, &RunController::finished);
    QVERIFY(controller.start(p, o));
    panel.runStarted(p);
    QTest::qWait(2000); // in the first stage
    QVERIFY(panel.errorText().isEmpty());
    const qint64 pid = bao.processId();
    QVERIFY(pid > 0);
    QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
    // During the run: the banner says the server is not answering.
    QTRY_VERIFY_WITH_TIMEOUT(
        panel.errorText().startsWith(QStringLiteral("The server is not answering")), 10000);
    QVERIFY2(finished.isEmpty(), "the banner came only with the end of the run");
    QVERIFY2(panel.errorText().contains(QStringLiteral("connection")),
             qPrintable(panel.errorText()));
    // Then the run ends failed, as `run` ends it.
    QVERIFY(finished.wait(30000));
    const Session s = finished.at(0).at(0).value<Session>();
    QVERIFY2(s.status == RunStatus::Failed, qPrintable(runStatusKey(s.status) + s.error));
    QVERIFY(panel.errorText().startsWith(QStringLiteral("Run failed: ")));
}

void TestServerLive::cleanupCountdownAndLeaveIt()
{
    // The panel alone: the countdown and the button.
    {
        RunPanel panel;
        QSignalSpy leave(&panel, &RunPanel::leaveCleanupRequested);
        panel.showCleanupRetry(QStringLiteral("DELETE sys/mounts/vwb-1-kv"),
                               QStringLiteral("503 Vault is sealed"), 4000, 50000);
        QVERIFY2(panel.cleanupText().contains(QStringLiteral("next try in 4 s")),
                 qPrintable(panel.cleanupText()));
        QVERIFY2(panel.cleanupText().contains(QStringLiteral("gives up in 54 s")),
                 qPrintable(panel.cleanupText()));
        QVERIFY(panel.cleanupText().contains(QStringLiteral("503 Vault is sealed")));
        // it counts down
        QTRY_VERIFY_WITH_TIMEOUT(panel.cleanupText().contains(QStringLiteral("gives up in 53 s")),
                                 3000);
        auto *button = panel.findChild<QPushButton *>(QStringLiteral("leaveCleanupButton"));
        QVERIFY(button);
        button->click();
        QCOMPARE(leave.size(), 1);
        panel.runFinished(Session());
        QVERIFY(panel.cleanupText().isEmpty());
    }

    // A real run whose server is sealed mid-run: cleanup retries (503), "leave it" ends it
    // within a second, and the mount it made is the session's leftover.
    test::BaoServer bao;
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    Profile p = healthProfile(bao, {{1, 2000}, {1, 30000}});
    p.operations = {test::opSpec(QStringLiteral("kv2_read"), {{QStringLiteral("keys"), 5}})};
    p.abort.forMs = 1000;
    RunOptions o;
    o.token = bao.rootToken();
    RunController controller;
    controller.setAutoSave(false);
    RunPanel panel;
    QObject::connect(&controller, &RunController::cleanupRetrying, &panel,
                     &RunPanel::showCleanupRetry);
    QObject::connect(&panel, &RunPanel::leaveCleanupRequested, &controller,
                     &RunController::abandonCleanup);
    QSignalSpy retrying(&controller, &RunController::cleanupRetrying);
    QSignalSpy finished(&controller, &RunController::finished);
    QVERIFY(controller.start(p, o));
    QTest::qWait(1500);
    QVERIFY(bao.seal());
    QVERIFY(retrying.wait(30000)); // the run failed on 503s; cleanup meets them too
    QVERIFY(finished.isEmpty());
    QVERIFY2(panel.cleanupText().contains(QStringLiteral("Cleanup is retrying DELETE")),
             qPrintable(panel.cleanupText()));
    QElapsedTimer left;
    left.start();
    panel.findChild<QPushButton *>(QStringLiteral("leaveCleanupButton"))->click();
    QVERIFY(finished.wait(10000));
    QVERIFY2(left.elapsed() < 8000, qPrintable(QString::number(left.elapsed())));
    const Session s = finished.at(0).at(0).value<Session>();
    QVERIFY(!s.leftovers.isEmpty());
    QVERIFY2(s.cleanupError.contains(QStringLiteral("left for later"))
                 || s.cleanupError.contains(QStringLiteral("503")),
             qPrintable(s.cleanupError));
    // Unseal and sweep what is left, so the server is as it was (it is discarded anyway).
    QVERIFY(bao.api("PUT", QStringLiteral("sys/unseal"),
                    QByteArrayLiteral("{\"key\":\"") + bao.unsealKey() + "\"}")
            == 200);
}

void TestServerLive::libraryShowsLeftovers()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto write = [&](const QString &name, RunStatus status, int resources, int leftovers) {
        Session s;
        s.id = name + QStringLiteral("-0123456789");
        s.label = name;
        s.profileName = QStringLiteral("p");
        s.status = status;
        s.startedAt = QDateTime::currentDateTimeUtc();
        s.finishedAt = s.startedAt;
        for (int i = 0; i < resources; ++i)
            s.resources << WorkbenchResource{ResourceKind::Mount,
                                             QStringLiteral("vwb-0a1b2c-kv-%1").arg(i)};
        s.leftovers = s.resources.mid(0, leftovers);
        if (leftovers > 0)
            s.cleanupError = QStringLiteral("kv2_read: 503 Vault is sealed");
        const QString path = dir.filePath(name + QStringLiteral(".json"));
        QString error;
        if (!writeSession(s, path, &error))
            qFatal("%s", qPrintable(error));
        return path;
    };
    SessionLibraryModel model;
    const QString clean = write(QStringLiteral("clean"), RunStatus::Completed, 2, 0);
    const QString left = write(QStringLiteral("left"), RunStatus::Failed, 2, 1);
    const QString killed = write(QStringLiteral("killed"), RunStatus::Incomplete, 3, 0);
    const QString none = write(QStringLiteral("none"), RunStatus::SetupFailed, 0, 0);
    for (const QString &path : {clean, left, killed, none})
        model.upsert(readSessionSummary(path));
    auto cell = [&](const QString &path, int role = Qt::DisplayRole) {
        return model.index(model.rowOf(path), SessionLibraryModel::Leftovers).data(role).toString();
    };
    QCOMPARE(model.headerData(SessionLibraryModel::Leftovers, Qt::Horizontal).toString(),
             QStringLiteral("Leftovers"));
    QCOMPARE(cell(clean), QStringLiteral("none"));
    QCOMPARE(cell(left), QStringLiteral("1 left"));
    QCOMPARE(cell(killed), QStringLiteral("unknown: 3 created"));
    QCOMPARE(cell(none), QStringLiteral("-"));
    QVERIFY2(cell(left, Qt::ToolTipRole).contains(QStringLiteral("vwb-0a1b2c-kv-0")),
             qPrintable(cell(left, Qt::ToolTipRole)));
    QVERIFY(cell(left, Qt::ToolTipRole).contains(QStringLiteral("vault-workbench cleanup '")));
    QVERIFY(cell(killed, Qt::ToolTipRole).contains(QStringLiteral("vault-workbench cleanup")));
    QVERIFY(cell(clean, Qt::ToolTipRole).isEmpty());
    // The status column beside it: a failed run reads "failed", never "completed".
    QCOMPARE(model.index(model.rowOf(left), SessionLibraryModel::Status).data().toString(),
             QStringLiteral("failed"));
}

// The GUI's run checks where its session goes before anything is sent, as `run` does
// (sessionOutputProblem(), core/session/sessionsize.h): on a full file system the run ends
// "setup failed" naming the folder, and the target is never contacted.
void TestServerLive::roomCheckBeforeSetup()
{
    test::TmpfsMount full(test::TmpfsMount::Kind::Full);
    if (!full.isMounted())
        QSKIP(qPrintable(full.why()));
    const QByteArray oldData = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", full.path().toLocal8Bit());
    auto restore = qScopeGuard([&] { qputenv("XDG_DATA_HOME", oldData); });
    QVERIFY2(sessionsDirectory().startsWith(full.path()), qPrintable(sessionsDirectory()));

    test::BaoServer bao; // a real server, to see that nothing reached it
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    const Profile p = healthProfile(bao, {{1, 2000}});
    RunOptions o;
    o.token = bao.rootToken();
    RunController controller; // auto-save on: the default
    QSignalSpy phases(&controller, &RunController::phaseChanged);
    QSignalSpy finished(&controller, &RunController::finished);
    QVERIFY(controller.start(p, o));
    QVERIFY(finished.wait(20000));
    const Session s = finished.at(0).at(0).value<Session>();
    QCOMPARE(s.status, RunStatus::SetupFailed);
    QVERIFY2(s.error.startsWith(QStringLiteral("the session cannot be saved in ")),
             qPrintable(s.error));
    QVERIFY2(s.error.contains(full.path()), qPrintable(s.error));
    QVERIFY(!s.server.reachable); // the pre-flight never ran
    for (const QList<QVariant> &args : phases)
        QVERIFY(args.at(0).value<RunPhase>() != RunPhase::Connecting);
}

// Trial of issue 22 (newuser): the session folder's disk filled during a run; the auto-save
// failed ("No space left on device"), the File menu has no Save Session As for it and Quit
// did not ask: the measured run was lost. Now the session is written to $TMPDIR instead and
// named (sessionRescued(), then sessionSaved() with that path, which the window shows with
// Show in Folder and Save Session As). When even $TMPDIR and home take nothing:
// tst_unsavedrun (File > Save Session As…, and closing asks).
void TestServerLive::sessionRescuedWhenTheDiskFillsDuringTheRun()
{
    test::TmpfsMount disk(test::TmpfsMount::Kind::Full);
    if (!disk.isMounted())
        QSKIP(qPrintable(disk.why()));
    QVERIFY(disk.freeBytes(900 * 1024)); // room for the planned session: the run starts
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QByteArray oldData = qgetenv("XDG_DATA_HOME"), oldTmp = qgetenv("TMPDIR");
    qputenv("XDG_DATA_HOME", disk.path().toLocal8Bit());
    qputenv("TMPDIR", tmp.path().toLocal8Bit());
    auto restore = qScopeGuard([&] {
        qputenv("XDG_DATA_HOME", oldData);
        qputenv("TMPDIR", oldTmp);
    });
    QCOMPARE(RunController::rescueFolders().value(0), tmp.path());

    test::BaoServer bao;
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    const Profile p = healthProfile(bao, {{1, 2000}});
    RunOptions o;
    o.token = bao.rootToken();
    RunController controller; // auto-save on
    QSignalSpy rescued(&controller, &RunController::sessionRescued);
    QSignalSpy saved(&controller, &RunController::sessionSaved);
    connect(&controller, &RunController::phaseChanged, this, [&](RunPhase phase) {
        if (phase != RunPhase::Running)
            return;
        QFile filler(QDir(disk.path()).filePath(QStringLiteral("filler2"))); // the disk fills
        if (!filler.open(QIODevice::WriteOnly))
            return;
        const QByteArray chunk(16 * 1024, 'x');
        while (filler.write(chunk) == chunk.size() && filler.flush()) { }
    });
    QVERIFY(controller.start(p, o));
    QTRY_VERIFY_WITH_TIMEOUT(saved.size() == 1, 30000);
    QCOMPARE(rescued.size(), 1);
    const QString failedPath = rescued.at(0).at(0).toString();
    QVERIFY2(failedPath.startsWith(disk.path()), qPrintable(failedPath));
    QVERIFY2(rescued.at(0).at(1).toString().contains(QStringLiteral("No space left on device")),
             qPrintable(rescued.at(0).at(1).toString()));
    const QString path = saved.at(0).at(0).toString();
    QCOMPARE(rescued.at(0).at(2).toString(), path);
    QVERIFY(saved.at(0).at(1).toString().isEmpty());
    QCOMPARE(QFileInfo(path).absolutePath(), tmp.path());
    QCOMPARE(QFileInfo(path).fileName(), QFileInfo(failedPath).fileName());
    const std::optional<Session> s = readSession(path, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->status, RunStatus::Completed);
    QCOMPARE(s->stages.size(), 1);
    QVERIFY(s->stages.first().ops.first().ok > 0);
}

// The whole way, as a user goes: the Local target row starts a 3-node cluster behind nginx
// (telemetry on), the run goes to its balancer "lb", and the Server tab draws the leader's
// memory and CPU (its PID, /proc) and the request time while the run goes; the session records
// a load balancer. VW_SCREENSHOT_SERVER=<path.png> saves the window then (docs/screenshots/).
void TestServerLive::liveAgainstAGuiStartedCluster()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    qputenv("VW_TARGET_DIR", dir.filePath(QStringLiteral("state")).toLocal8Bit());
    qunsetenv("VAULT_TOKEN");
    qunsetenv("VAULT_ADDR");
    qunsetenv("BAO_TOKEN");
    qunsetenv("BAO_ADDR");
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_serverlive"));
    const QString profilePath = dir.filePath(QStringLiteral("kv-read.yaml"));
    {
        QFile f(profilePath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("name: kv-read\n"
                "target:\n"
                "  request_timeout: 10s\n"
                "ramp:\n"
                "  executor: closed\n"
                "  warmup: 500ms\n"
                "  stages:\n"
                "    - { vus: 2, duration: 5s }\n"
                "    - { vus: 4, duration: 5s }\n"
                "    - { vus: 8, duration: 5s }\n"
                "operations:\n"
                "  - type: kv2_read\n"
                "    params: { keys: 20, payload_bytes: 128 }\n");
    }
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openProfile(profilePath));
    auto *box = w.findChild<LocalTargetBox *>();
    QVERIFY(box);
    QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 10000);
    auto *kind = box->findChild<QComboBox *>(QStringLiteral("localTargetKind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("cluster")));
    QSignalSpy started(box, &LocalTargetBox::started);
    box->findChild<QPushButton *>(QStringLiteral("localTargetStart"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 180000);
    QCOMPARE(started.size(), 1);
    auto stopTarget = qScopeGuard([box] {
        box->stopTarget();
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 60000);
    });
    w.setTargetAddress(QStringLiteral("lb"));

    auto *tabs = w.findChild<QTabWidget *>(QStringLiteral("middleTabs"));
    QVERIFY(tabs);
    tabs->setCurrentIndex(tabs->count() - 1); // Server
    auto *page = w.findChild<ResultsPage *>();
    QVERIFY(page);
    const QList<StageCurveChart *> perSecond = page->serverPerSecondCharts();
    QSignalSpy finished(&w, &MainWindow::runFinished);
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT((pointsOf(perSecond.at(0)) >= 6 && pointsOf(perSecond.at(1)) >= 6)
                                 || !finished.isEmpty(),
                             60000);
    QVERIFY2(finished.isEmpty(), "the Server tab drew only after the run");
    QTRY_VERIFY_WITH_TIMEOUT(pointsOf(perSecond.at(2)) >= 3 || !finished.isEmpty(), 20000);
    if (qEnvironmentVariableIsSet("VW_SCREENSHOT_SERVER")) {
        const QString path = qEnvironmentVariable("VW_SCREENSHOT_SERVER");
        QVERIFY2(w.grab().save(path), qPrintable(path));
        qInfo("screenshot written to %s", qPrintable(path));
    }
    QVERIFY(finished.wait(60000));
    const Session s = finished.at(0).at(0).value<Session>();
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.targetTopology.kind, QStringLiteral("load_balancer"));
    QCOMPARE(s.targetTopology.balancer, QStringLiteral("nginx"));
    QCOMPARE(s.targetTopology.backends.size(), 3);
    QCOMPARE(s.serverTelemetry.serverPid, localTargetPid(QStringLiteral("leader")));
    QCOMPARE(s.serverTelemetry.source, QStringLiteral("prometheus"));
}

QTEST_MAIN(TestServerLive)
#include "tst_serverlive.moc"
