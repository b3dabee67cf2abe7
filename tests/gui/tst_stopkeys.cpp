// Stopping a run is an explicit action (issue 22, safety 2): the Stop action (Ctrl+. or
// Shift+Esc, the toolbar's Stop), never a bare Esc that belongs to another widget. Esc in the
// session library's search box clears the search and the run goes on; a run past the
// confirmation threshold (a minute; short here) asks before it stops, and "Keep Running"
// keeps it. Against a real `bao server -dev`.
#include "baoserver.h"
#include "library/sessionlibraryview.h"
#include "mainwindow.h"
#include "messageboxclicker.h"
#include "profileeditorpage.h"
#include "runcontroller.h"
#include "sessionfiles.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace vw;
using vw::test::MessageBoxClicker;

class TestStopKeys : public QObject {
    Q_OBJECT
private:
    vw::test::BaoServer m_bao;
    QTemporaryDir m_dir;

    /// Opens a 10-minute profile against the dev server and starts it.
    void startLongRun(MainWindow &w)
    {
        const QString profile = m_dir.filePath(QStringLiteral("long.yaml"));
        {
            QFile f(profile);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write("name: long-run\n"
                    "target:\n"
                    "  address: http://127.0.0.1:1\n"
                    "ramp:\n"
                    "  executor: closed\n"
                    "  stages:\n"
                    "    - { vus: 1, duration: 10m }\n"
                    "operations:\n"
                    "  - type: sys_health\n");
        }
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openProfile(profile));
        auto *address = w.findChild<QLineEdit *>(QStringLiteral("addressEdit"));
        auto *token = w.findChild<QLineEdit *>(QStringLiteral("tokenEdit"));
        address->setFocus();
        address->selectAll();
        QTest::keyClicks(address, m_bao.address());
        token->clear();
        QTest::keyClicks(token, QString::fromUtf8(m_bao.rootToken()));
        QVERIFY(w.startRun());
        auto *stop = w.findChild<QAction *>(QStringLiteral("stopAction"));
        QTRY_VERIFY(stop->isEnabled());
    }

private slots:

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_stopkeys"));
        QSettings().clear();
        QDir(sessionsDirectory()).removeRecursively();
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void onlyTheStopActionStops()
    {
        MainWindow w;
        QCOMPARE(w.stopConfirmationAfterMs(), RunController::kConfirmStopAfterMs);
        QSignalSpy finished(&w, &MainWindow::runFinished);
        startLongRun(w);
        if (QTest::currentTestFailed())
            return;
        auto *stop = w.findChild<QAction *>(QStringLiteral("stopAction"));
        QVERIFY(!stop->shortcuts().contains(QKeySequence(Qt::Key_Escape)));

        // the library's search box: Esc clears it, the run goes on
        w.findChild<QAction *>(QStringLiteral("libraryAction"))->trigger();
        auto *search = w.sessionLibrary()->findChild<QLineEdit *>(QStringLiteral("librarySearch"));
        QVERIFY(search);
        QTRY_VERIFY(search->hasFocus());
        QTest::keyClicks(search, QStringLiteral("ssh"));
        QCOMPARE(search->text(), QStringLiteral("ssh"));
        QTest::keyClick(search, Qt::Key_Escape);
        QCOMPARE(search->text(), QString());
        // a bare Esc in the editor does not stop it either
        QPlainTextEdit *editor = w.findChild<ProfileEditorPage *>()->editor();
        editor->setFocus();
        QTest::keyClick(editor, Qt::Key_Escape);
        QTest::qWait(300);
        QVERIFY(w.isRunning());
        QVERIFY(stop->isEnabled()); // not stopping
        QVERIFY(finished.isEmpty());

        // past the threshold, Shift+Esc asks; Keep Running keeps it
        w.setStopConfirmationAfterMs(0);
        {
            MessageBoxClicker keep(QStringLiteral("stopRunBox"),
                                   QStringLiteral("keepRunningButton"));
            QTest::keyClick(editor, Qt::Key_Escape, Qt::ShiftModifier);
            QTRY_COMPARE(keep.asked, 1);
        }
        QTest::qWait(300);
        QVERIFY(w.isRunning());
        QVERIFY(stop->isEnabled());

        // ... and "Stop the Run" stops it (Ctrl+.)
        w.activateWindow(); // the question's box had it
        QVERIFY(QTest::qWaitForWindowActive(&w));
        editor->setFocus();
        {
            MessageBoxClicker yes(QStringLiteral("stopRunBox"), QStringLiteral("stopRunButton"));
            QTest::keyClick(editor, Qt::Key_Period, Qt::ControlModifier);
            QTRY_COMPARE(yes.asked, 1);
        }
        QTRY_VERIFY(!stop->isEnabled()); // stopping: cleanup runs
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().value<Session>().status, RunStatus::Stopped);
    }

    // Under the threshold the Stop action stops at once, without a question.
    void shortRunStopsWithoutAsking()
    {
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::runFinished);
        startLongRun(w);
        if (QTest::currentTestFailed())
            return;
        auto *stop = w.findChild<QAction *>(QStringLiteral("stopAction"));
        MessageBoxClicker none(QStringLiteral("stopRunBox"), QStringLiteral("keepRunningButton"));
        stop->trigger();
        QVERIFY(finished.wait(60000));
        QCOMPARE(none.asked, 0);
    }
};

QTEST_MAIN(TestStopKeys)
#include "tst_stopkeys.moc"
