// Unsaved profile edits are never lost without asking: New, Open (and Open Recent, which opens
// the same way) and closing the window ask Save / Discard / Cancel; Discard loses the edits,
// Cancel keeps them, Save writes them first. Opening a profile is an undo boundary.
#include "mainwindow.h"
#include "profileeditorpage.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace vw;

namespace {

/// Clicks `button` of the next modal message box named `name` once it appears, and records
/// that it was asked.
class BoxAnswer : public QObject {
public:
    BoxAnswer(const QString &name, QMessageBox::StandardButton button)
    {
        connect(&m_poll, &QTimer::timeout, this, [this, name, button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || box->objectName() != name)
                return;
            asked = true;
            text = box->text();
            m_poll.stop();
            box->button(button)->click();
        });
        m_poll.start(20);
    }
    bool asked = false;
    QString text;

private:
    QTimer m_poll;
};

const QString kUnsaved = QStringLiteral("unsavedChangesBox");

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

QPlainTextEdit *editorOf(MainWindow &w)
{
    return w.findChild<ProfileEditorPage *>()->editor();
}

/// Types `text` at the end of the editor, as a user would (marks the document modified).
void typeInto(MainWindow &w, const QString &text)
{
    QPlainTextEdit *e = editorOf(w);
    e->moveCursor(QTextCursor::End);
    e->insertPlainText(text);
    QVERIFY(e->document()->isModified());
}

} // namespace

class TestUnsavedChanges : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_unsavedchanges"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_other = m_dir.filePath(QStringLiteral("other.yaml"));
        writeFile(m_other, "name: other\n# the file opened over the edits\n");
    }

    void unmodifiedOpensWithoutAsking()
    {
        MainWindow w;
        BoxAnswer answer(kUnsaved, QMessageBox::Cancel);
        QVERIFY(w.openProfile(m_other));
        QTest::qWait(100);
        QVERIFY(!answer.asked);
        QVERIFY(editorOf(w)->toPlainText().contains(QStringLiteral("name: other")));
    }

    void cancelKeepsTheEdits()
    {
        MainWindow w;
        typeInto(w, QStringLiteral("# my edit\n"));
        const QString before = editorOf(w)->toPlainText();
        BoxAnswer answer(kUnsaved, QMessageBox::Cancel);
        QVERIFY(!w.openProfile(m_other));
        QVERIFY(answer.asked);
        QVERIFY2(answer.text.contains(QStringLiteral("unsaved changes")), qPrintable(answer.text));
        QCOMPARE(editorOf(w)->toPlainText(), before);
        QVERIFY(editorOf(w)->document()->isModified());

        // New asks the same way
        BoxAnswer again(kUnsaved, QMessageBox::Cancel);
        w.findChild<QAction *>(QStringLiteral("newAction"))->trigger();
        QVERIFY(again.asked);
        QCOMPARE(editorOf(w)->toPlainText(), before);
    }

    // File > Open and Open Recent hand files to openFiles(), which tells profiles from
    // sessions off the GUI thread: the question comes when the file turns out to be a profile.
    void openRecentAsks()
    {
        MainWindow w;
        typeInto(w, QStringLiteral("# edit before Open Recent\n"));
        const QString before = editorOf(w)->toPlainText();
        BoxAnswer answer(kUnsaved, QMessageBox::Cancel);
        QSignalSpy done(&w, &MainWindow::loadingFinished);
        w.openFiles({m_other});
        QVERIFY(done.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(answer.asked, 5000);
        QCOMPARE(editorOf(w)->toPlainText(), before);
    }

    void discardLosesTheEdits()
    {
        MainWindow w;
        typeInto(w, QStringLiteral("# thrown away\n"));
        BoxAnswer answer(kUnsaved, QMessageBox::Discard);
        QVERIFY(w.openProfile(m_other));
        QVERIFY(answer.asked);
        QVERIFY(!editorOf(w)->toPlainText().contains(QStringLiteral("# thrown away")));
        QVERIFY(editorOf(w)->toPlainText().contains(QStringLiteral("name: other")));
        QVERIFY(!editorOf(w)->document()->isModified());
        QVERIFY(!w.isWindowModified());
    }

    void saveWritesThenOpens()
    {
        const QString mine = m_dir.filePath(QStringLiteral("mine.yaml"));
        writeFile(mine, "name: mine\n");
        MainWindow w;
        QVERIFY(w.openProfile(mine));
        typeInto(w, QStringLiteral("# kept on disk\n"));
        QVERIFY(w.isWindowModified());
        QVERIFY(w.windowTitle().contains(QStringLiteral("[*]"))); // shown as "*"
        BoxAnswer answer(kUnsaved, QMessageBox::Save);
        QVERIFY(!w.openProfile(m_other)); // opens once the edits are written
        QVERIFY(answer.asked);
        QTRY_VERIFY_WITH_TIMEOUT(editorOf(w)->toPlainText().contains(QStringLiteral("name: other")),
                                 10000);
        QCOMPARE(fileBytes(mine), QByteArray("name: mine\n# kept on disk\n"));
    }

    // Discarded means gone: the open is an undo boundary (tst_undoboundary has the whole
    // sequence with Save).
    void undoAfterOpenStaysInTheOpenedFile()
    {
        MainWindow w;
        typeInto(w, QStringLiteral("# before open\n"));
        BoxAnswer answer(kUnsaved, QMessageBox::Discard);
        QVERIFY(w.openProfile(m_other));
        QVERIFY(answer.asked);
        const QString opened = editorOf(w)->toPlainText();
        QVERIFY(opened.startsWith(QStringLiteral("name: other")));
        QVERIFY(!editorOf(w)->document()->isUndoAvailable());
        editorOf(w)->undo(); // Ctrl+Z
        QCOMPARE(editorOf(w)->toPlainText(), opened);
        QVERIFY(!editorOf(w)->document()->isModified());
    }

    void closeAsksAndCancelKeepsTheWindow()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        typeInto(w, QStringLiteral("# unsaved at close\n"));
        {
            BoxAnswer answer(kUnsaved, QMessageBox::Cancel);
            w.close();
            QVERIFY(answer.asked);
            QTest::qWait(50);
            QVERIFY(w.isVisible());
        }
        {
            BoxAnswer answer(kUnsaved, QMessageBox::Discard);
            w.close();
            QVERIFY(answer.asked);
            QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 5000);
        }
    }

    // Closing while a run goes on asks whether to stop it: "Keep Running" keeps the window and
    // the run, "Stop, Clean Up and Close" stops it and the window closes once it has finished.
    // The target accepts connections and never answers, so the run stays in its pre-flight.
    void closeDuringARunAsks()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QList<QTcpSocket *> held;
        connect(&silent, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *c = silent.nextPendingConnection())
                held << c;
        });
        const QString profile = m_dir.filePath(QStringLiteral("silent.yaml"));
        writeFile(profile, "name: silent\n"
                           "target: { address: http://127.0.0.1:1, request_timeout: 3s }\n"
                           "ramp: { executor: closed, stages: [ { vus: 1, duration: 5s } ] }\n"
                           "operations:\n  - type: sys_health\n");
        MainWindow w;
        QVERIFY(w.openProfile(profile));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setTargetAddress(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()));
        QSignalSpy finished(&w, &MainWindow::runFinished);
        QVERIFY(w.startRun());
        QVERIFY(w.isRunning());

        auto answer = [](const QString &button, QString *text) {
            auto *poll = new QTimer;
            QObject::connect(poll, &QTimer::timeout, [poll, button, text] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                if (!box || box->objectName() != QLatin1String("runningCloseBox"))
                    return;
                *text = box->text();
                box->findChild<QPushButton *>(button)->click();
                poll->deleteLater();
            });
            poll->start(20);
        };
        QString asked;
        answer(QStringLiteral("keepRunningButton"), &asked);
        w.close();
        QCOMPARE(asked,
                 QStringLiteral("A run is in progress: stop it and clean up, or keep running?"));
        QVERIFY(w.isVisible());
        QVERIFY(w.isRunning());

        asked.clear();
        answer(QStringLiteral("stopAndCloseButton"), &asked);
        w.close();
        QVERIFY(!asked.isEmpty());
        QVERIFY(finished.wait(30000));
        // stopped in its pre-flight, which then ends with the request timeout (nothing measured)
        const Session s = finished.at(0).at(0).value<Session>();
        QVERIFY2(s.status == RunStatus::Stopped || s.status == RunStatus::SetupFailed,
                 qPrintable(runStatusKey(s.status)));
        QVERIFY(s.stages.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 5000);
        qDeleteAll(held);
    }

    // Edited profile and a run going on: File > Quit asks about the edits (Discard), then
    // about the run (Stop, Clean Up and Close); the run stops and the window closes without
    // asking about the edits a second time (the answer holds for that close).
    void closeDuringARunWithEditsAsksOnce()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        QList<QTcpSocket *> held;
        connect(&silent, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *c = silent.nextPendingConnection())
                held << c;
        });
        const QString profile = m_dir.filePath(QStringLiteral("silent-edited.yaml"));
        writeFile(profile, "name: silent\n"
                           "target: { address: http://127.0.0.1:1, request_timeout: 3s }\n"
                           "ramp: { executor: closed, stages: [ { vus: 1, duration: 5s } ] }\n"
                           "operations:\n  - type: sys_health\n");
        MainWindow w;
        QVERIFY(w.openProfile(profile));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setTargetAddress(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()));
        typeInto(w, QStringLiteral("# edited, never saved\n"));
        QSignalSpy finished(&w, &MainWindow::runFinished);
        QVERIFY(w.startRun());
        QVERIFY(w.isRunning());

        // answers every question of the sequence, counting how often each is asked
        int unsavedAsked = 0;
        int runningAsked = 0;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || !box->isVisible())
                return;
            if (box->objectName() == kUnsaved) {
                ++unsavedAsked;
                box->button(QMessageBox::Discard)->click();
            } else if (box->objectName() == QLatin1String("runningCloseBox")) {
                ++runningAsked;
                box->findChild<QPushButton *>(QStringLiteral("stopAndCloseButton"))->click();
            }
        });
        poll.start(20);

        w.close(); // what File > Quit does with one window
        QTRY_COMPARE_WITH_TIMEOUT(runningAsked, 1, 10000);
        QVERIFY(finished.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.isVisible(), 5000);
        QTest::qWait(200); // a second question would have come by now
        QCOMPARE(unsavedAsked, 1);
        QCOMPARE(runningAsked, 1);
        poll.stop();
        qDeleteAll(held);
    }

private:
    QTemporaryDir m_dir;
    QString m_other;
};

QTEST_MAIN(TestUnsavedChanges)
#include "tst_unsavedchanges.moc"
