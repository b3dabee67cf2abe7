// Closing the window with a local target that it started (issue 22, safety 3) asks: stop it,
// keep it running, or cancel the close. Stop stops it in the background and the window closes
// once it is down; Keep leaves it for the next window, whose kind selector and status show
// it (read from the state directory, core/vault/localtargetstate.h) and which does not ask,
// since it did not start it. A real dev server (`bao`), started by the target row's Start.
#include "localtargetbox.h"
#include "mainwindow.h"
#include "messageboxclicker.h"
#include "vault/localtargetstate.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace vw;
using vw::test::MessageBoxClicker;

namespace {

const QString kBox = QStringLiteral("localTargetQuitBox");

LocalTargetBox *boxOf(MainWindow &w)
{
    return w.findChild<LocalTargetBox *>();
}

/// Clicks Start (the kind selected: dev) and waits until the target is up.
void startDev(MainWindow &w)
{
    LocalTargetBox *box = boxOf(w);
    QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 10000);
    auto *kind = box->findChild<QComboBox *>(QStringLiteral("localTargetKind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("dev")));
    QTest::mouseClick(box->findChild<QPushButton *>(QStringLiteral("localTargetStart")),
                      Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 60000);
    QVERIFY2(box->startedHere(),
             qPrintable(box->findChild<QLabel *>(QStringLiteral("localTargetStatus"))->text()));
}

} // namespace

class TestLocalTargetQuit : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString stateDir() const { return m_dir.filePath(QStringLiteral("state")); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("VW_TARGET_DIR", stateDir().toLocal8Bit());
        qunsetenv("VAULT_TOKEN");
        qunsetenv("BAO_TOKEN");
        qunsetenv("VAULT_ADDR");
        qunsetenv("BAO_ADDR");
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_localtargetquit"));
        QSettings().clear();
    }

    void cleanupTestCase()
    {
        QString error;
        stopLocalTarget(stateDir(), {}, &error); // whatever a failed step left
    }

    void keepRunningThenTheNextWindowShowsIt()
    {
        qint64 pid = 0;
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            startDev(w);
            pid = localTargetPid(QStringLiteral("dev"));
            QVERIFY(pid > 0);
            {
                MessageBoxClicker cancel(kBox, QStringLiteral("cancelQuitButton"));
                w.close();
                QTRY_COMPARE(cancel.asked, 1);
                QTest::qWait(50);
                QVERIFY(w.isVisible()); // Cancel: the window stays
            }
            MessageBoxClicker keep(kBox, QStringLiteral("keepTargetButton"));
            w.close();
            QTRY_COMPARE(keep.asked, 1);
            QTRY_VERIFY(!w.isVisible());
        }
        QCOMPARE(localTargetPid(QStringLiteral("dev")), pid); // still running

        MainWindow next;
        next.show();
        LocalTargetBox *box = boxOf(next);
        QTRY_VERIFY_WITH_TIMEOUT(box->isTargetUp(), 10000);
        QCOMPARE(box->kind(), QStringLiteral("dev"));
        QVERIFY(!box->startedHere());
        QVERIFY(box->findChild<QLabel *>(QStringLiteral("localTargetStatus"))
                    ->text()
                    .startsWith(QStringLiteral("dev: ")));
        MessageBoxClicker none(kBox, QStringLiteral("stopTargetButton"));
        next.close(); // this window did not start it: no question
        QTRY_VERIFY(!next.isVisible());
        QTest::qWait(100);
        QCOMPARE(none.asked, 0);
        QCOMPARE(localTargetPid(QStringLiteral("dev")), pid);
    }

    void stopItStopsTheTargetThenCloses()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        LocalTargetBox *box = boxOf(w);
        QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy(), 10000);
        if (box->isTargetUp()) { // left by the test before: stopped with the row's Stop
            box->stopTarget();
            QTRY_VERIFY_WITH_TIMEOUT(!box->isBusy() && !box->isTargetUp(), 30000);
        }
        startDev(w);
        const qint64 pid = localTargetPid(QStringLiteral("dev"));
        QVERIFY(pid > 0);
        MessageBoxClicker stop(kBox, QStringLiteral("stopTargetButton"));
        w.close();
        QTRY_COMPARE(stop.asked, 1);
        QVERIFY(w.isVisible()); // closes only once the target is down
        QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 30000);
        QVERIFY(!QFile::exists(QDir(stateDir()).filePath(QStringLiteral("target.json"))));
        QCOMPARE(localTargetPid(QStringLiteral("dev")), 0);
        QCOMPARE(stop.asked, 1);
    }

    // A cluster started by the CLI: the selector says so (from its state, nothing started).
    void kindFollowsTheState()
    {
        QTemporaryDir other;
        LocalTargetState state;
        state.dir = other.path();
        state.topology = QStringLiteral("cluster");
        state.loadBalancer = QStringLiteral("nginx");
        for (const char *name : {"leader", "standby-1", "standby-2"}) {
            LocalTargetNode n;
            n.name = QLatin1String(name);
            n.kind = QStringLiteral("bao");
            n.address = QStringLiteral("http://127.0.0.1:1"); // nothing answers: unreachable
            state.nodes << n;
        }
        QString error;
        QVERIFY2(writeLocalTargetState(state, &error), qPrintable(error));
        qputenv("VW_TARGET_DIR", other.path().toLocal8Bit());
        LocalTargetBox box;
        QTRY_VERIFY_WITH_TIMEOUT(!box.isBusy(), 20000);
        qputenv("VW_TARGET_DIR", stateDir().toLocal8Bit());
        QCOMPARE(box.kind(), QStringLiteral("cluster"));
        QVERIFY(!box.isTargetUp()); // its processes are not alive (PID 0)
        QVERIFY(!box.startedHere());
    }
};

QTEST_MAIN(TestLocalTargetQuit)
#include "tst_localtargetquit.moc"
