// The profile editor: debounced validation, problems listed with line and column, the bad
// line marked, clicking a problem moves the cursor, Run disabled while invalid, undo; the
// built-in profile is profiles/quickstart.yaml as shipped.
#include "mainwindow.h"
#include "profileeditorpage.h"
#include "editor/codeeditor.h"
#include "editor/operationpalette.h"
#include "ops/builtinoperations.h"
#include "profile/profileparser.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QTest>
#include <QTextBlock>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QAbstractItemView>
#include <QCompleter>
#include <QLabel>
#include <QStringListModel>
#include <QTabWidget>

using namespace vw;

namespace {

const char kGood[] = "name: editor-test\n"
                     "ramp:\n"
                     "  stages:\n"
                     "    - { vus: 1, duration: 1s }\n"
                     "    - { vus: 2, duration: 1s }\n"
                     "operations:\n"
                     "  - type: sys_health\n";

// Replaces the first `from` by `to` as a user edit (one undo step).
void edit(QPlainTextEdit *e, const QString &from, const QString &to)
{
    QTextCursor c = e->document()->find(from);
    QVERIFY2(!c.isNull(), qPrintable(from));
    c.beginEditBlock();
    c.insertText(to);
    c.endEditBlock();
}

} // namespace

class TestProfileEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_profileeditor"));
    }

    void defaultTextIsTheQuickstartFile()
    {
        QFile f(QStringLiteral(VW_SOURCE_DIR "/profiles/quickstart.yaml"));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QByteArray shipped = f.readAll();
        QVERIFY(shipped.startsWith("# Quickstart"));
        QCOMPARE(defaultProfileYaml().toUtf8(), shipped);

        // the window opens on it, valid, and File > New brings it back after an edit
        MainWindow w;
        auto *editor = w.findChild<QPlainTextEdit *>(QStringLiteral("profileEditor"));
        auto *run = w.findChild<QAction *>(QStringLiteral("runAction"));
        auto *newProfile = w.findChild<QAction *>(QStringLiteral("newAction"));
        QVERIFY(editor && run && newProfile);
        QCOMPARE(editor->toPlainText().toUtf8(), shipped);
        QTRY_VERIFY(run->isEnabled());
        editor->setPlainText(QString::fromLatin1(kGood));
        QCOMPARE(editor->toPlainText(), QString::fromLatin1(kGood));
        newProfile->trigger();
        QCOMPARE(editor->toPlainText().toUtf8(), shipped);
    }

    // The GUI opened /dev/zero as a profile (a page of NULs and a YAML error) while the CLI
    // refused it: both refuse a device and keep what the editor holds.
    void devicesAreNotOpenedAsProfiles()
    {
        ProfileEditorPage page;
        const QString before = page.text();
        for (const char *device : {"/dev/zero", "/dev/urandom"}) {
            QString error;
            QVERIFY(!page.loadFile(QString::fromLatin1(device), &error));
            QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
            QCOMPARE(page.text(), before);
        }
    }

    void badYamlDisablesRunAndFixClears()
    {
        MainWindow w;
        auto *editor = w.findChild<QPlainTextEdit *>(QStringLiteral("profileEditor"));
        auto *errors = w.findChild<QTreeWidget *>(QStringLiteral("profileErrors"));
        auto *run = w.findChild<QAction *>(QStringLiteral("runAction"));
        QVERIFY(editor && errors && run);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        editor->setPlainText(QString::fromLatin1(kGood));
        QTRY_VERIFY(run->isEnabled());
        QCOMPARE(errors->topLevelItemCount(), 0);
        const QString good = editor->toPlainText();

        // line 5 is "    - { vus: 2, duration: 1s }"; the value starts at column 14
        edit(editor, QStringLiteral("vus: 2"), QStringLiteral("vus: zero"));
        const QString bad = editor->toPlainText();
        // debounced: nothing is validated synchronously with the keystroke
        QCOMPARE(errors->topLevelItemCount(), 0);
        QTRY_VERIFY(errors->topLevelItemCount() > 0);
        QVERIFY(!run->isEnabled());
        QVERIFY(!w.startRun());

        QTreeWidgetItem *item = errors->topLevelItem(0);
        QCOMPARE(item->text(0), QStringLiteral("5"));
        const int column = item->text(1).toInt();
        QVERIFY2(column >= 9 && column <= 14, qPrintable(item->text(1)));
        QVERIFY2(item->text(2).contains(QStringLiteral("stages[1].vus")),
                 qPrintable(item->text(2)));
        QVERIFY(!item->text(3).isEmpty());

        // the offending line is marked
        bool marked = false;
        const auto sels = editor->extraSelections();
        for (const QTextEdit::ExtraSelection &s : sels)
            marked = marked || s.cursor.blockNumber() == 4;
        QVERIFY(marked);

        // clicking the problem moves the cursor to its line and column
        editor->moveCursor(QTextCursor::Start);
        QCOMPARE(editor->textCursor().blockNumber(), 0);
        const QRect r = errors->visualItemRect(item);
        QTest::mouseClick(errors->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(editor->textCursor().blockNumber(), 4);
        QCOMPARE(editor->textCursor().positionInBlock(), column - 1);

        // fixing it clears the problem and enables Run
        edit(editor, QStringLiteral("vus: zero"), QStringLiteral("vus: 4"));
        QTRY_COMPARE(errors->topLevelItemCount(), 0);
        QVERIFY(run->isEnabled());
        QVERIFY(editor->extraSelections().isEmpty());

        // undo restores the text step by step (and the problem comes back)
        editor->undo();
        QCOMPARE(editor->toPlainText(), bad);
        QTRY_VERIFY(errors->topLevelItemCount() > 0);
        QVERIFY(!run->isEnabled());
        editor->undo();
        QCOMPARE(editor->toPlainText(), good);
        QTRY_VERIFY(run->isEnabled());
        editor->redo();
        QCOMPARE(editor->toPlainText(), bad);
    }

    void syntaxErrorAndUnknownKeyAllListed()
    {
        MainWindow w;
        auto *editor = w.findChild<QPlainTextEdit *>(QStringLiteral("profileEditor"));
        auto *errors = w.findChild<QTreeWidget *>(QStringLiteral("profileErrors"));
        auto *run = w.findChild<QAction *>(QStringLiteral("runAction"));
        editor->setPlainText(QString::fromLatin1(kGood).replace(QStringLiteral("stages:"),
                                                                QStringLiteral("stgaes:")));
        QTRY_VERIFY(errors->topLevelItemCount() > 0);
        QVERIFY(!run->isEnabled());
        bool unknownKeyOnLine3 = false;
        for (int i = 0; i < errors->topLevelItemCount(); ++i)
            unknownKeyOnLine3 =
                unknownKeyOnLine3
                || (errors->topLevelItem(i)->text(0) == QStringLiteral("3")
                    && errors->topLevelItem(i)->text(3).contains(QStringLiteral("stgaes")));
        QVERIFY(unknownKeyOnLine3);

        editor->setPlainText(QStringLiteral("name: [unclosed\n"));
        QTRY_VERIFY(errors->topLevelItemCount() > 0);
        QVERIFY(errors->topLevelItem(0)->text(0).toInt() >= 1);
        QVERIFY(!run->isEnabled());
    }

    void gutterWidthGrowsWithLines()
    {
        ProfileEditorPage page;
        page.resize(900, 600);
        page.show();
        CodeEditor *e = page.codeEditor();
        e->setPlainText(QStringLiteral("a: 1\n").repeated(5));
        const int w9 = e->lineNumberAreaWidth();
        QCOMPARE(e->lineNumberArea()->width(), w9);
        e->setPlainText(QStringLiteral("a: 1\n").repeated(120)); // 121 lines: three digits
        const int w999 = e->lineNumberAreaWidth();
        QCOMPARE(w999 - w9, 2 * e->fontMetrics().horizontalAdvance(QLatin1Char('9')));
        QTRY_COMPARE(e->lineNumberArea()->width(), w999);
        QTRY_VERIFY(e->viewport()->geometry().left() >= w999); // the text starts after it
    }

    void problemLineMarkedAndClickMovesCursor()
    {
        ProfileEditorPage page;
        page.resize(900, 600);
        page.show();
        // a `{` left open on line 4 that yaml-cpp notices later
        QString bad = QString::fromLatin1(kGood);
        bad.replace(QStringLiteral("{ vus: 1, duration: 1s }"),
                    QStringLiteral("{ vus: 1, duration: 1s"));
        // The problem list's model, checked as each validation refills it.
        QAbstractItemModelTester problems(page.problemList()->model(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.setText(bad);
        QTreeWidget *list = page.problemList();
        QCOMPARE(list->topLevelItemCount(), 1);
        QTreeWidgetItem *item = list->topLevelItem(0);
        QCOMPARE(item->text(0), QStringLiteral("4"));
        QCOMPARE(item->text(1), QStringLiteral("7"));
        QVERIFY(item->text(3).contains(QStringLiteral("unclosed '{' opened at line 4, column 7")));
        QCOMPARE(page.codeEditor()->problemLines(), QSet<int>{4});
        // the full message is shown wrapped below the list, and as the tooltip
        auto *full = page.findChild<QLabel *>(QStringLiteral("profileProblemText"));
        QVERIFY(full);
        QVERIFY(full->isVisible());
        QVERIFY(full->wordWrap());
        QCOMPARE(full->text(), page.errors().first().toString());
        QVERIFY(full->text().contains(QStringLiteral("(noticed at line ")));
        QVERIFY(item->toolTip(3).contains(item->text(3)));

        page.codeEditor()->moveCursor(QTextCursor::End);
        const QRect r = list->visualItemRect(item);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
        QCOMPARE(page.codeEditor()->textCursor().blockNumber(), 3); // line 4
        QCOMPARE(page.codeEditor()->textCursor().positionInBlock(), 6); // column 7

        page.setText(QString::fromLatin1(kGood));
        QVERIFY(page.codeEditor()->problemLines().isEmpty());
        QVERIFY(!full->isVisible());
    }

    void paletteInsertParses()
    {
        ProfileEditorPage page;
        page.resize(900, 600);
        page.show();
        QTreeWidget *tree = page.palette()->tree();
        // No QAbstractItemModelTester here: QTreeWidget's own model gives a second-column
        // index the first column's children (Qt's QTreeModel), which the tester refuses; the
        // palette only fills it. The problem list (no children) has one above.
        const QList<OperationType> types = builtinOperationTypes();
        int offered = 0;
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            if (!(*it)->data(0, Qt::UserRole).toString().isEmpty())
                ++offered;
        QCOMPARE(offered, int(types.size()));
        for (const OperationType &t : types) {
            page.setText(QString::fromLatin1(kGood));
            page.codeEditor()->moveCursor(QTextCursor::Start);
            QTreeWidgetItem *item = nullptr;
            for (QTreeWidgetItemIterator it(tree); *it; ++it)
                if ((*it)->data(0, Qt::UserRole).toString() == t.name)
                    item = *it;
            QVERIFY2(item, qPrintable(t.name));
            tree->setCurrentItem(item);
            tree->setFocus();
            QTest::keyClick(tree, Qt::Key_Return); // Enter on a type inserts it
            QVERIFY2(page.validateNow(), qPrintable(t.name + QStringLiteral("\n") + page.text()));
            QCOMPARE(page.profile()->operations.size(), 2);
            QCOMPARE(page.profile()->operations.at(1).type, t.name);
            QCOMPARE(page.codeEditor()->textCursor().block().text(),
                     QStringLiteral("  - type: ") + t.name);
            page.codeEditor()->undo(); // one undo step
            QCOMPARE(page.text(), QString::fromLatin1(kGood));
        }
    }

    void completionOffersTypesAndParams()
    {
        ProfileEditorPage page;
        page.resize(900, 600);
        page.show();
        CodeEditor *e = page.codeEditor();
        // The completer's word list (set anew for each completion) and its filtered view.
        const auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        QAbstractItemModelTester words(e->completer()->model(), mode);
        QAbstractItemModelTester shown(e->completer()->completionModel(), mode);
        page.setText(QString::fromLatin1(kGood) + QStringLiteral("  - type: transit_s"));
        e->moveCursor(QTextCursor::End);
        QCOMPARE(e->showCompletions(), 1);
        auto *model = qobject_cast<QStringListModel *>(e->completer()->model());
        QVERIFY(model);
        QCOMPARE(model->stringList(), QStringList{QStringLiteral("transit_sign")});
        QVERIFY(e->completer()->popup()->isVisible());
        QTest::keyClick(e->completer()->popup(), Qt::Key_Return); // accept the first word
        QCOMPARE(e->textCursor().block().text(), QStringLiteral("  - type: transit_sign"));

        // params of the operation under the cursor, then a choice param's values
        e->moveCursor(QTextCursor::End);
        e->insertPlainText(QStringLiteral("\n    params:\n      key_t"));
        QVERIFY(e->showCompletions() >= 1);
        QCOMPARE(model->stringList(), QStringList{QStringLiteral("key_type")});
        e->completer()->popup()->hide();
        e->insertPlainText(QStringLiteral("ype: "));
        QVERIFY(e->showCompletions() >= 2);
        QCOMPARE(model->stringList(), page.palette()
                                          ->type(QStringLiteral("transit_sign"))
                                          ->param(QStringLiteral("key_type"))
                                          ->allowed);
    }

    void formTabHasAPlace()
    {
        ProfileEditorPage page;
        QCOMPARE(page.views()->count(), 2); // the YAML text, then the form (ui/profileform/)
        QCOMPARE(page.views()->tabText(0), QStringLiteral("YAML"));
        QCOMPARE(page.views()->tabText(1), QStringLiteral("Form"));
        auto *other = new QWidget;
        QCOMPARE(page.addView(other, QStringLiteral("Other")), 2);
        QCOMPARE(page.views()->count(), 3);
    }
};

QTEST_MAIN(TestProfileEditor)
#include "tst_profileeditor.moc"
