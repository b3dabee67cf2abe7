// The run badge and the status bar in words: each outcome has its own badge text and colour,
// no raw status key ("setup_failed") reaches the screen, and a run that never measured (the
// target unreachable) leaves the previous results on screen.
#include "mainwindow.h"
#include "models/sessionset.h"
#include "runpanel.h"
#include "window/runoutcome.h"

#include <QLabel>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTcpServer>
#include <QTest>

using namespace vw;

namespace {

Session sessionWith(RunStatus status, const QString &error = QString(),
                    const QString &cleanupError = QString(), int stages = 0)
{
    Session s;
    s.label = QStringLiteral("badge");
    s.status = status;
    s.error = error;
    s.cleanupError = cleanupError;
    for (int i = 0; i < stages; ++i) {
        StageStats st;
        st.index = i;
        st.vus = i + 1;
        s.stages.append(st);
    }
    return s;
}

QString badgeOf(RunPanel &panel)
{
    return panel.findChild<QLabel *>(QStringLiteral("phaseLabel"))->text();
}

QString badgeStyleOf(RunPanel &panel)
{
    return panel.findChild<QLabel *>(QStringLiteral("phaseLabel"))->styleSheet();
}

/// No status file key (core/engine/runrecord.h: runStatusKey()) in `text`.
bool hasRawKey(const QString &text)
{
    return text.contains(QLatin1String("setup_failed")) || text.contains(QLatin1Char('_'));
}

} // namespace

class TestRunBadge : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_runbadge"));
        QSettings().clear();
    }

    void eachOutcomeHasItsBadge_data()
    {
        QTest::addColumn<Session>("session");
        QTest::addColumn<QString>("badge");
        QTest::addColumn<QString>("inMessage");
        QTest::newRow("completed") << sessionWith(RunStatus::Completed, {}, {}, 3) << "Completed"
                                   << "Run completed: 3 stage(s) measured";
        QTest::newRow("stopped") << sessionWith(RunStatus::Stopped, {}, {}, 1) << "Stopped"
                                 << "stopped by you after 1 stage(s)";
        QTest::newRow("failed") << sessionWith(RunStatus::Failed, "abort rule: error rate 12 %", {},
                                               2)
                                << "Failed"
                                << "abort rule: error rate 12 %";
        QTest::newRow("setup_failed")
            << sessionWith(RunStatus::SetupFailed, "server is sealed") << "Setup failed"
            << "Setup failed, nothing measured: server is sealed";
        QTest::newRow("unreachable") << sessionWith(
            RunStatus::SetupFailed, "cannot reach http://127.0.0.1:9: connection refused")
                                     << "Unreachable"
                                     << "Target unreachable";
        QTest::newRow("cleanup_failed")
            << sessionWith(RunStatus::Completed, {}, "disable mount vwb-1-kv2: timeout", 2)
            << "Cleanup failed"
            << "cleanup failed: disable mount vwb-1-kv2: timeout";
    }

    void eachOutcomeHasItsBadge()
    {
        QFETCH(Session, session);
        QFETCH(QString, badge);
        QFETCH(QString, inMessage);
        RunPanel panel;
        panel.runFinished(session);
        QCOMPARE(badgeOf(panel), badge);
        const QString message = runOutcomeMessage(session);
        QVERIFY2(message.contains(inMessage), qPrintable(message));
        QVERIFY2(!hasRawKey(message), qPrintable(message));
        // the badge's colours are the outcome's
        const RunOutcomeLook look = runOutcomeLook(runOutcome(session));
        QVERIFY2(badgeStyleOf(panel).contains(look.background), qPrintable(badgeStyleOf(panel)));
    }

    void outcomesLookDifferent()
    {
        QSet<QString> texts, colours;
        const QList<RunOutcome> all = {RunOutcome::Completed,   RunOutcome::Stopped,
                                       RunOutcome::Failed,      RunOutcome::SetupFailed,
                                       RunOutcome::Unreachable, RunOutcome::CleanupFailed,
                                       RunOutcome::Incomplete};
        for (RunOutcome o : all) {
            texts.insert(runOutcomeLook(o).badge);
            colours.insert(runOutcomeLook(o).background);
        }
        QCOMPARE(texts.size(), all.size());
        QCOMPARE(colours.size(), all.size());
        for (RunStatus s : {RunStatus::Completed, RunStatus::Stopped, RunStatus::Failed,
                            RunStatus::SetupFailed, RunStatus::Incomplete})
            QVERIFY2(!hasRawKey(runStatusText(s)), qPrintable(runStatusText(s)));
    }

    // A run against a port nothing answers on fails its pre-flight: the badge says
    // unreachable, the status bar says so in words, and the session on screen stays.
    void failedSetupKeepsThePreviousResults()
    {
        QTcpServer probe; // a free loopback port, closed again: connections are refused
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();

        MainWindow w;
        Session previous = sessionWith(RunStatus::Completed, {}, {}, 2);
        previous.label = QStringLiteral("previous run");
        w.sessionSet()->setMain(previous, QStringLiteral("previous.json"));
        w.setTargetAddress(QStringLiteral("http://127.0.0.1:%1").arg(port));

        QSignalSpy finished(&w, &MainWindow::runFinished);
        QVERIFY(w.startRun());
        QVERIFY(finished.wait(30000));
        const Session s = finished.at(0).at(0).value<Session>();
        QCOMPARE(s.status, RunStatus::SetupFailed);

        const SessionEntry *main = w.sessionSet()->mainEntry();
        QVERIFY(main);
        QCOMPARE(main->label, QStringLiteral("previous run"));
        QCOMPARE(main->session.stages.size(), 2);
        QVERIFY(!main->live);

        auto *panel = w.findChild<RunPanel *>(QStringLiteral("runPanel"));
        QCOMPARE(badgeOf(*panel), QStringLiteral("Unreachable"));
        QVERIFY2(panel->errorText().contains(QStringLiteral("from before this run")),
                 qPrintable(panel->errorText()));
        const QString status = w.statusBar()->currentMessage();
        QVERIFY2(status.startsWith(QStringLiteral("Target unreachable")), qPrintable(status));
        QVERIFY2(!status.contains(QLatin1String("setup_failed")), qPrintable(status));
    }
};

QTEST_MAIN(TestRunBadge)
#include "tst_runbadge.moc"
