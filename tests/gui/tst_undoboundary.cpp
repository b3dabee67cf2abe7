// Loading a profile is an undo boundary (issue 22, safety 1): Ctrl+Z never brings back the
// text of another document, so Ctrl+S writes to the file the title names only what belongs
// to that file. The sequence of the report: open quickstart, then ssh-sign-rsa2048, then
// ssh-sign-ed25519, edit, Ctrl+Z ten times, Ctrl+S.
#include "mainwindow.h"
#include "profileeditorpage.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A copy of profiles/<name> in `dir` (the test writes to it).
QString copyProfile(const QTemporaryDir &dir, const QString &name)
{
    const QString source = QStringLiteral(VW_SOURCE_DIR "/profiles/") + name;
    const QString target = dir.filePath(name);
    QFile::remove(target);
    return QFile::copy(source, target) ? target : QString();
}

} // namespace

class TestUndoBoundary : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_undoboundary"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void undoThenSaveKeepsTheFilesOwnText()
    {
        const QString quickstart = copyProfile(m_dir, QStringLiteral("quickstart.yaml"));
        const QString rsa = copyProfile(m_dir, QStringLiteral("ssh-sign-rsa2048.yaml"));
        const QString ed = copyProfile(m_dir, QStringLiteral("ssh-sign-ed25519.yaml"));
        QVERIFY(!quickstart.isEmpty() && !rsa.isEmpty() && !ed.isEmpty());
        const QByteArray edText = fileBytes(ed);
        QVERIFY(edText != fileBytes(quickstart) && edText != fileBytes(rsa));

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QPlainTextEdit *editor = w.findChild<ProfileEditorPage *>()->editor();
        QVERIFY(w.openProfile(quickstart));
        QVERIFY(w.openProfile(rsa));
        QVERIFY(w.openProfile(ed));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("ssh-sign-ed25519.yaml")));

        editor->setFocus();
        editor->moveCursor(QTextCursor::End);
        QTest::keyClick(editor, Qt::Key_Return);
        QTest::keyClicks(editor, QStringLiteral("# my edit"));
        QVERIFY(editor->document()->isModified());
        for (int i = 0; i < 10; ++i)
            QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
        // the edit is undone, the loaded file's text stays: nothing of rsa2048 or quickstart
        QCOMPARE(editor->toPlainText().toUtf8(), edText);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("ssh-sign-ed25519.yaml")));

        // type again so Save has something to write, then Ctrl+S
        QTest::keyClicks(editor, QStringLiteral("# kept"));
        QSignalSpy saved(w.findChild<ProfileEditorPage *>(), &ProfileEditorPage::saved);
        QTest::keyClick(editor, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(saved.wait(10000));
        QCOMPARE(saved.first().at(0).toString(), ed);
        QVERIFY(saved.first().at(1).toString().isEmpty());
        const QByteArray written = fileBytes(ed);
        QVERIFY2(written.startsWith(edText) && written.contains("# kept"), written.constData());
        QCOMPARE(fileBytes(rsa),
                 fileBytes(QStringLiteral(VW_SOURCE_DIR "/profiles/ssh-sign-rsa2048.yaml")));
    }

    // New Profile is a document of its own: no path (Save asks for a name), no undo back into
    // the file that was open.
    void newProfileStartsAnUntitledDocument()
    {
        const QString ed = copyProfile(m_dir, QStringLiteral("ssh-sign-ed25519.yaml"));
        MainWindow w;
        QVERIFY(w.openProfile(ed));
        auto *page = w.findChild<ProfileEditorPage *>();
        w.findChild<QAction *>(QStringLiteral("newAction"))->trigger();
        QVERIFY(page->filePath().isEmpty());
        QVERIFY(!page->editor()->document()->isUndoAvailable());
        QCOMPARE(page->text(), defaultProfileYaml());
        QVERIFY(!w.windowTitle().startsWith(QStringLiteral("ssh-sign-ed25519.yaml")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestUndoBoundary)
#include "tst_undoboundary.moc"
