// A run's results are never lost without asking (issue 22; trial of newuser, item 6): when a
// GUI run's session cannot be written anywhere (its folder is gone at the end of the run and
// the rescue folders, $TMPDIR and home, take nothing), File > Save Session As… is enabled for
// it, the window is marked modified, and closing it asks "The run's results are not saved"
// with Save As / Discard / Cancel; Save As writes the session (off the GUI thread) and then
// closes. Starting a new run (F5) asks the same before the new run takes the results' place:
// Cancel starts nothing, Save As writes them and then starts it. Save Session As… also writes
// a copy of a session opened from a file. Offscreen,
// against a real `bao server -dev` (tests/support/baoserver.h).
#include "baoserver.h"
#include "sessionplan.h"
#include "syntheticstages.h"
#include "mainwindow.h"
#include "models/sessionset.h"
#include "runcontroller.h"
#include "runpanel.h"
#include "session/sessionio.h"
#include "sessionfiles.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace vw;

namespace {

/// Clicks `button` of each modal message box named `name` that appears, and counts them.
class BoxAnswer : public QObject {
public:
    BoxAnswer(const QString &name, QMessageBox::StandardButton button)
    {
        connect(&m_poll, &QTimer::timeout, this, [this, name, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || box->objectName() != name || !box->isVisible())
                return;
            ++asked;
            text = box->text() + QLatin1Char('\n') + box->informativeText();
            if (qEnvironmentVariableIsSet("VW_SCREENSHOT_UNSAVED_BOX"))
                box->grab().save(qEnvironmentVariable("VW_SCREENSHOT_UNSAVED_BOX"));
            saveText =
                box->button(QMessageBox::Save) ? box->button(QMessageBox::Save)->text() : QString();
            box->button(button)->click();
        });
        m_poll.start(20);
    }
    int asked = 0;
    QString text;
    QString saveText; ///< the text of the box's Save button

private:
    QTimer m_poll;
};

QAction *fileMenuAction(MainWindow &w, const QString &name)
{
    for (QAction *top : w.menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == QLatin1String("File"))
            for (QAction *a : top->menu()->actions())
                if (a->objectName() == name)
                    return a;
    return nullptr;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

/// Runs `w`'s profile once (finished() into `finished`, empty before): at the end of the run
/// its session folder `sessions` is a file, and the rescue folders take nothing (/dev/null is
/// no folder, for root too), so the results are only on screen. TMPDIR and HOME restored.
void runSavedNowhere(MainWindow &w, const QString &sessions, QSignalSpy &finished)
{
    const QByteArray oldTmp = qgetenv("TMPDIR"), oldHome = qgetenv("HOME");
    auto restore = qScopeGuard([&] {
        qputenv("TMPDIR", oldTmp);
        qputenv("HOME", oldHome);
    });
    QVERIFY(finished.isEmpty());
    QVERIFY(w.startRun());
    QTRY_VERIFY_WITH_TIMEOUT(w.sessionSet()->isLive() || !finished.isEmpty(), 20000);
    QVERIFY(QDir(sessions).removeRecursively());
    writeFile(sessions, "not a folder\n");
    qputenv("TMPDIR", "/dev/null");
    qputenv("HOME", "/dev/null");
    QCOMPARE(RunController::rescueFolders(),
             (QStringList{QStringLiteral("/dev/null"), QStringLiteral("/dev/null")}));
    auto *panel = w.findChild<RunPanel *>();
    QTRY_VERIFY_WITH_TIMEOUT(panel->errorText().contains(QLatin1String("only on screen")), 30000);
    QCOMPARE(finished.size(), 1);
    const Session run = finished.at(0).at(0).value<Session>();
    QVERIFY2(run.status == RunStatus::Completed, qPrintable(run.error));
    QVERIFY(w.lastSavedSessionPath().isEmpty());
    QVERIFY(w.hasUnsavedRun());
}

} // namespace

class TestUnsavedRun : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const char *v : {"VAULT_ADDR", "BAO_ADDR", "VAULT_TOKEN", "BAO_TOKEN"})
            qunsetenv(v);
        // the session folder and the settings in folders of this test
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toLocal8Bit());
        qputenv("VW_TARGET_DIR", m_dir.filePath(QStringLiteral("state")).toLocal8Bit());
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_unsavedrun"));
    }

    void runSavedNowhereOffersSaveAsAndCloseAsks()
    {
        test::BaoServer bao;
        QString error;
        QVERIFY2(bao.start(&error), qPrintable(error));
        const QString profile = m_dir.filePath(QStringLiteral("unsaved-run.yaml"));
        writeFile(profile, "name: unsaved-run\n"
                           "ramp:\n  warmup: 0s\n  stages:\n    - { vus: 1, duration: 2s }\n"
                           "operations:\n  - type: sys_health\n");
        const QString sessions = sessionsDirectory();
        QVERIFY(QDir().mkpath(sessions));

        qputenv("VAULT_TOKEN", bao.rootToken()); // the target panel's token
        auto unsetToken = qScopeGuard([] { qunsetenv("VAULT_TOKEN"); });
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProfile(profile));
        w.setTargetAddress(bao.address());
        QAction *saveSessionAs = fileMenuAction(w, QStringLiteral("saveSessionAsAction"));
        QVERIFY2(saveSessionAs, "File > Save Session As…");
        QVERIFY(!saveSessionAs->isEnabled()); // nothing shown yet
        QVERIFY(!w.isWindowModified());

        QSignalSpy finished(&w, &MainWindow::runFinished);
        runSavedNowhere(w, sessions, finished);
        if (QTest::currentTestFailed())
            return;
        const Session run = finished.at(0).at(0).value<Session>();

        // the results are only on screen: Save Session As… is offered, the window is modified
        QVERIFY(w.hasUnsavedRun());
        QVERIFY(saveSessionAs->isEnabled());
        QVERIFY(w.isWindowModified());
        if (qEnvironmentVariableIsSet("VW_SCREENSHOT_UNSAVED"))
            QVERIFY(w.grab().save(qEnvironmentVariable("VW_SCREENSHOT_UNSAVED")));

        // closing asks; Cancel keeps the window and the results
        {
            BoxAnswer cancel(QStringLiteral("unsavedRunBox"), QMessageBox::Cancel);
            QVERIFY(!w.close());
            QCOMPARE(cancel.asked, 1);
            QVERIFY2(cancel.text.contains(QLatin1String("The run's results are not saved")),
                     qPrintable(cancel.text));
            QCOMPARE(cancel.saveText, QStringLiteral("Save As…"));
            QVERIFY(w.isVisible());
            QVERIFY(w.hasUnsavedRun());
        }
        // Save As: the session is written where chosen, then the window closes
        const QString target = m_dir.filePath(QStringLiteral("kept.json"));
        QString suggested;
        w.setSessionFileChooser([&](const QString &s) {
            suggested = s;
            return target;
        });
        QSignalSpy savedAs(&w, &MainWindow::sessionSavedAs);
        BoxAnswer save(QStringLiteral("unsavedRunBox"), QMessageBox::Save);
        QVERIFY(!w.close()); // waits for the write
        QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 10000);
        QCOMPARE(save.asked, 1);
        QVERIFY(suggested.endsWith(QLatin1String(".json")));
        QCOMPARE(savedAs.size(), 1);
        QCOMPARE(savedAs.at(0).at(0).toString(), target);
        QVERIFY(savedAs.at(0).at(1).toString().isEmpty());
        QVERIFY(!w.hasUnsavedRun());
        const std::optional<Session> kept = readSession(target, &error);
        QVERIFY2(kept, qPrintable(error));
        QCOMPARE(kept->id, run.id);
        QCOMPARE(kept->status, RunStatus::Completed);
        QCOMPARE(kept->stages.size(), 1);
        QVERIFY(kept->stages.first().ops.first().ok > 0);
        QFile::remove(sessions);
    }

    // Starting a new run would put it in the place of the last one, whose results are only on
    // screen: F5 asks as closing does. Cancel starts nothing and keeps them; Save As writes
    // them (off the GUI thread) and then starts the run, which is saved as usual.
    void newRunAsksAboutTheUnsavedResults()
    {
        test::BaoServer bao;
        QString error;
        QVERIFY2(bao.start(&error), qPrintable(error));
        const QString profile = m_dir.filePath(QStringLiteral("unsaved-then-new.yaml"));
        writeFile(profile, "name: unsaved-then-new\n"
                           "ramp:\n  warmup: 0s\n  stages:\n    - { vus: 1, duration: 1s }\n"
                           "operations:\n  - type: sys_health\n");
        const QString sessions = sessionsDirectory();
        QVERIFY(QDir().mkpath(sessions));
        qputenv("VAULT_TOKEN", bao.rootToken());
        auto unsetToken = qScopeGuard([] { qunsetenv("VAULT_TOKEN"); });
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProfile(profile));
        w.setTargetAddress(bao.address());
        QSignalSpy finished(&w, &MainWindow::runFinished);
        runSavedNowhere(w, sessions, finished);
        if (QTest::currentTestFailed())
            return;
        const QString firstId = finished.at(0).at(0).value<Session>().id;
        // the session folder is a folder again: the next run is saved
        QVERIFY(QFile::remove(sessions));
        QVERIFY(QDir().mkpath(sessions));

        {
            BoxAnswer cancel(QStringLiteral("unsavedRunBox"), QMessageBox::Cancel);
            QVERIFY(!w.startRun());
            QCOMPARE(cancel.asked, 1);
            QVERIFY2(cancel.text.contains(QLatin1String("before you start a new run")),
                     qPrintable(cancel.text));
            QVERIFY(!w.isRunning());
            QVERIFY(w.hasUnsavedRun());
            QVERIFY(w.isWindowModified());
            QCOMPARE(w.sessionSet()->mainEntry()->session.id, firstId); // still on screen
        }
        const QString target = m_dir.filePath(QStringLiteral("before-the-next-run.json"));
        w.setSessionFileChooser([&](const QString &) { return target; });
        QSignalSpy savedAs(&w, &MainWindow::sessionSavedAs);
        QSignalSpy saved(&w, &MainWindow::sessionSaved);
        BoxAnswer save(QStringLiteral("unsavedRunBox"), QMessageBox::Save);
        QVERIFY(!w.startRun()); // starts once the file is written
        QCOMPARE(save.asked, 1);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 30000);
        QCOMPARE(savedAs.size(), 1);
        QCOMPARE(savedAs.at(0).at(0).toString(), target);
        const std::optional<Session> kept = readSession(target, &error);
        QVERIFY2(kept, qPrintable(error));
        QCOMPARE(kept->id, firstId);
        const Session second = finished.at(1).at(0).value<Session>();
        QVERIFY(second.id != firstId);
        QVERIFY2(second.status == RunStatus::Completed, qPrintable(second.error));
        QTRY_COMPARE(saved.size(), 1); // the new run's session, in its folder
        QVERIFY(!w.hasUnsavedRun());
        QVERIFY(!w.isWindowModified());
        BoxAnswer none(QStringLiteral("unsavedRunBox"), QMessageBox::Cancel);
        QVERIFY(w.close());
        QCOMPARE(none.asked, 0);
    }

    // Save Session As… for a session opened from a file: a copy elsewhere, without asking on
    // close (nothing is only on screen).
    void saveSessionAsForAnOpenedSession()
    {
        Session opened;
        opened.id = QStringLiteral("opened-0123456789");
        opened.label = QStringLiteral("opened");
        opened.profileName = QStringLiteral("kv");
        opened.profileYaml = "name: kv\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                             "operations:\n  - type: kv2_read\n";
        opened.ops = {QStringLiteral("kv2_read")};
        opened.transport = QStringLiteral("direct");
        opened.targetAddress = QStringLiteral("http://127.0.0.1:8200");
        QVERIFY(test::setPlanFromYaml(&opened));
        opened.startedAt = QDateTime::currentDateTimeUtc();
        opened.stages = test::fixedCapacityStages(QStringLiteral("kv2_read"), {1, 2}, 64, 2.0);
        const QString source = m_dir.filePath(QStringLiteral("opened.json"));
        QString error;
        QVERIFY2(writeSession(opened, source, &error), qPrintable(error));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy openedSpy(&w, &MainWindow::sessionOpened);
        w.openSession(source);
        QTRY_COMPARE(openedSpy.size(), 1);
        QAction *saveSessionAs = fileMenuAction(w, QStringLiteral("saveSessionAsAction"));
        QVERIFY(saveSessionAs && saveSessionAs->isEnabled());
        QVERIFY(!w.isWindowModified());
        const QString copy = m_dir.filePath(QStringLiteral("copy.json"));
        w.setSessionFileChooser([&](const QString &suggested) {
            return suggested.endsWith(QLatin1String("opened.json")) ? copy : QString();
        });
        QSignalSpy savedAs(&w, &MainWindow::sessionSavedAs);
        saveSessionAs->trigger();
        QTRY_COMPARE(savedAs.size(), 1);
        QCOMPARE(savedAs.at(0).at(0).toString(), copy);
        QVERIFY2(savedAs.at(0).at(1).toString().isEmpty(),
                 qPrintable(savedAs.at(0).at(1).toString()));
        const std::optional<Session> s = readSession(copy, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->id, opened.id);
        QCOMPARE(s->stages.size(), 2);
        BoxAnswer none(QStringLiteral("unsavedRunBox"), QMessageBox::Cancel);
        QVERIFY(w.close());
        QCOMPARE(none.asked, 0);
    }
};

QTEST_MAIN(TestUnsavedRun)
#include "tst_unsavedrun.moc"
