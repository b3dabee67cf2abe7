// RunController (ui/runcontroller.h) turns the engine's snapshots, which carry only what is
// new, back into the run so far: each liveUpdate's stages and series are the finished
// session's, as far as the run had got (counts of the last seconds may still grow).
#include "delayserver.h"
#include "runcontroller.h"
#include "runpanel.h"

#include <QLabel>

#include <QSignalSpy>
#include <QTest>

using namespace vw;

class TestRunController : public QObject {
    Q_OBJECT
private slots:
    void liveUpdatesCarryTheRunSoFar();
    void aFailedRunShowsItsReason();
    void leftoversShowTheSweepCommand();
};

void TestRunController::liveUpdatesCarryTheRunSoFar()
{
    vw::test::DelayServer server(20);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    Profile p;
    p.name = QStringLiteral("run-controller");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 5000;
    p.ramp.warmupMs = 200;
    p.ramp.stages = {{2, 2000}, {4, 2000}, {6, 2000}};
    p.operations = {{QStringLiteral("sys_health"), 1, {}}};
    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token"); // the delay server accepts any token

    RunController controller;
    controller.setAutoSave(false);
    QSignalSpy live(&controller, &RunController::liveUpdate);
    QSignalSpy finished(&controller, &RunController::finished);
    QVERIFY(controller.start(p, o));
    QVERIFY(finished.wait(30000));
    const Session s = finished.at(0).at(0).value<Session>();
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 3);
    QVERIFY(live.size() >= 20);

    qsizetype lastSize = 0;
    int sawStages = 0;
    for (const QList<QVariant> &args : live) {
        const RunSnapshot snap = args.at(0).value<RunSnapshot>();
        // The stages finished so far, in full, equal to the session's.
        QCOMPARE(snap.stages.size(), snap.stagesFinished);
        for (int i = 0; i < snap.stages.size(); ++i) {
            QCOMPARE(snap.stages.at(i).index, i);
            QCOMPARE(snap.stages.at(i).ops.at(0).count, s.stages.at(i).ops.at(0).count);
        }
        sawStages = std::max(sawStages, int(snap.stages.size()));
        // The series so far: it only grows, and each of its points is the session's second
        // (its counts may still grow by requests that completed later).
        QVERIFY(snap.series.size() >= lastSize);
        QVERIFY(snap.series.size() <= s.series.size());
        lastSize = snap.series.size();
        for (int i = 0; i < snap.series.size(); ++i) {
            QCOMPARE(snap.series.at(i).tS, s.series.at(i).tS);
            QCOMPARE(snap.series.at(i).stage, s.series.at(i).stage);
            QVERIFY(snap.series.at(i).count <= s.series.at(i).count);
        }
    }
    QVERIFY(sawStages >= 2);
    QVERIFY2(lastSize >= 4, qPrintable(QString::number(lastSize)));
}

// The server goes away mid-run: the abort rule ends the run as failed, and the run panel
// above the results shows the reason in its red banner and "failed" on its badge.
void TestRunController::aFailedRunShowsItsReason()
{
    vw::test::DelayServer server(1);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    Profile p;
    p.name = QStringLiteral("run-controller-failed");
    p.target.address = server.address();
    p.target.requestTimeoutMs = 2000;
    p.ramp.warmupMs = 0;
    p.ramp.stages = {{2, 3000}, {2, 20000}};
    p.operations = {{QStringLiteral("sys_health"), 1, {}}};
    p.abort.forMs = 1000;
    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token");

    RunController controller;
    controller.setAutoSave(false);
    RunPanel panel;
    QObject::connect(&controller, &RunController::finished, &panel, &RunPanel::runFinished);
    QSignalSpy finished(&controller, &RunController::finished);
    QVERIFY(controller.start(p, o));
    panel.runStarted(p);
    QTest::qWait(1500); // in the first stage
    server.stop(); // every request is refused from now on
    QVERIFY(finished.wait(30000));
    const Session s = finished.at(0).at(0).value<Session>();
    QVERIFY2(s.status == RunStatus::Failed, qPrintable(runStatusKey(s.status) + s.error));
    QVERIFY2(s.error.contains(QStringLiteral("connection")), qPrintable(s.error));
    QVERIFY2(panel.errorText().contains(s.error), qPrintable(panel.errorText()));
    QVERIFY(panel.errorText().startsWith(QStringLiteral("Run failed: ")));
    const auto *badge = panel.findChild<QLabel *>(QStringLiteral("phaseLabel"));
    QVERIFY(badge);
    QCOMPARE(badge->text(), QStringLiteral("Failed"));
}

// A run whose cleanup left something: once its session is saved, the banner gives the command
// that sweeps it (the CLI prints the same), quoted for a shell.
void TestRunController::leftoversShowTheSweepCommand()
{
    RunPanel panel;
    Session s;
    s.status = RunStatus::Failed;
    s.error = QStringLiteral("aborted");
    s.cleanupError = QStringLiteral("kv2_read: disable mount vwb-63d1a7-kv2-0: connection refused");
    panel.runFinished(s);
    QVERIFY(panel.errorText().contains(QStringLiteral("Cleanup incomplete")));
    panel.sessionSaved(s, QStringLiteral("/tmp/it's a run.json"));
    QVERIFY2(panel.errorText().endsWith(QStringLiteral(
                 "Sweep what is left with: vault-workbench cleanup '/tmp/it'\\''s a run.json'")),
             qPrintable(panel.errorText()));
    // nothing left: no hint
    RunPanel clean;
    Session ok;
    clean.runFinished(ok);
    clean.sessionSaved(ok, QStringLiteral("/tmp/ok.json"));
    QVERIFY(!clean.errorText().contains(QStringLiteral("Sweep")));
}

QTEST_MAIN(TestRunController)
#include "tst_runcontroller.moc"
