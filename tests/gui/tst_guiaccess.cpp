// The main window for keyboard, screen-reader and small-screen users (issue 22, items 7, 9-11):
// the Tab order reaches every pane; Tab in the editor indents and Ctrl+M makes it move focus;
// Ctrl+E brings back the YAML tab; the shortcut overview lists every shortcut from the actions;
// every interactive widget has an accessible name; status lines wrap; the window is usable at
// 1280x720 and the editor split is remembered; the dark theme darkens the whole window and the
// charts; a non-loopback address is contacted only after the user agrees (a loopback listener
// that counts connections stands in for the remote address: the loopback check is injected
// with TargetConfirmation::setLoopbackCheck()), and a declined address is not kept.
#include "sessionplan.h"
#include "syntheticstages.h"
#include "charts/chartoverlay.h"
#include "charts/chartstyle.h"
#include "charts/qtchartrenderer.h"
#include "charts/stagecurvechart.h"
#include "comparisonview.h"
#include "models/sessionset.h"
#include "theme/windowtheme.h"
#include "editor/codeeditor.h"
#include "editor/operationpalette.h"
#include "library/sessionlibrarydock.h"
#include "library/sessionlibraryview.h"
#include "localtargetbox.h"
#include "mainactions.h"
#include "mainwindow.h"
#include "messageboxclicker.h"
#include "profileeditorpage.h"
#include "resultspage.h"
#include "runpanel.h"
#include "targetconfirmation.h"
#include "targetpanel.h"
#include "window/elidedlabel.h"
#include "theme/charttheme.h"
#include "window/accessibility.h"
#include "window/tablecolumns.h"

#include <QAction>
#include <QApplication>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QHeaderView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <QPlainTextEdit>
#include <QTextLayout>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeWidget>

using namespace vw;
using vw::test::MessageBoxClicker;

namespace {

/// The pane a focused widget belongs to ("" when none of those tested).
QString paneOf(QWidget *w)
{
    for (QWidget *p = w; p; p = p->parentWidget()) {
        if (p->objectName() == QLatin1String("operationPalette"))
            return QStringLiteral("palette");
        if (p->objectName() == QLatin1String("profileErrors"))
            return QStringLiteral("problems");
        if (qobject_cast<CodeEditor *>(p))
            return QStringLiteral("editor");
        if (qobject_cast<TargetPanel *>(p))
            return QStringLiteral("target");
        if (qobject_cast<RunPanel *>(p))
            return QStringLiteral("run");
        if (qobject_cast<ResultsPage *>(p))
            return QStringLiteral("results");
        if (qobject_cast<SessionLibraryView *>(p))
            return QStringLiteral("library");
    }
    return QString();
}

QString describe(QWidget *w)
{
    return QStringLiteral("%1 \"%2\"")
        .arg(QLatin1String(w->metaObject()->className()), w->objectName());
}

QAction *action(QWidget &w, const char *name)
{
    return w.findChild<QAction *>(QLatin1String(name));
}

} // namespace

namespace {

double luminance(const QColor &c)
{
    auto lin = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

/// Two sessions of the same profile whose comparison warns (B has a client-bound stage at 16
/// VUs: the banner, and B's ratio cells in row 4 marked), for the theme's notes.
Session comparedSession(const QString &label, bool clientBound)
{
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("ssh");
    s.profileYaml = "name: ssh\nramp:\n  warmup: 500ms\n  stages:\n"
                    "    - { vus: 1, duration: 2s }\n    - { vus: 2, duration: 2s }\n"
                    "    - { vus: 4, duration: 2s }\n    - { vus: 8, duration: 2s }\n"
                    "    - { vus: 16, duration: 2s }\n"
                    "operations:\n  - type: ssh_sign\n";
    s.ops = {QStringLiteral("ssh_sign")};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.stages = test::fixedCapacityStages(QStringLiteral("ssh_sign"), {1, 2, 4, 8, 16}, 8, 5.0);
    if (clientBound)
        test::markClientBound(s.stages[4], QStringLiteral("client_cpu: 97 % of 2 cores"));
    if (!test::setPlanFromYaml(&s))
        qFatal("test profile does not parse");
    return s;
}

/// A session of `stages` stages (1..N VUs) labelled `label`, as a trial's; its ssh_sign with
/// that `caKeyType` when one is given.
Session stagedSession(const QString &label, int stages, const QByteArray &caKeyType = {})
{
    Session s = comparedSession(label, false);
    QList<int> vus;
    QByteArray yaml = "name: ssh\nramp:\n  warmup: 500ms\n  stages:\n";
    for (int i = 1; i <= stages; ++i) {
        vus << i;
        yaml += "    - { vus: " + QByteArray::number(i) + ", duration: 2s }\n";
    }
    s.profileYaml = yaml + "operations:\n  - type: ssh_sign\n";
    if (!caKeyType.isEmpty())
        s.profileYaml += "    params: { ca_key_type: " + caKeyType + " }\n";
    s.stages = test::fixedCapacityStages(QStringLiteral("ssh_sign"), vus, 8, 5.0);
    s.startedAt = QDateTime(QDate(2026, 12, 1), QTime(21, 28), Qt::UTC);
    if (!test::setPlanFromYaml(&s))
        qFatal("test profile does not parse");
    return s;
}

/// The background of the warning banner as drawn (inside its border and padding).
QColor bannerBackground(QLabel *banner)
{
    const QImage img = banner->grab().toImage();
    return img.pixelColor(3, img.height() - 3);
}

/// The WCAG contrast of the first highlighted YAML key of `editor` (a line "name: ...")
/// against the editor's base; 0 when there is none.
double keyContrast(const QPlainTextEdit *editor)
{
    for (QTextBlock b = editor->document()->begin(); b.isValid(); b = b.next()) {
        if (!b.text().startsWith(QStringLiteral("name:")) || !b.layout())
            continue;
        for (const QTextLayout::FormatRange &r : b.layout()->formats())
            if (r.start == 0 && r.length == 4) {
                const double a = luminance(r.format.foreground().color());
                const double base = luminance(editor->palette().color(QPalette::Base));
                return (std::max(a, base) + 0.05) / (std::min(a, base) + 0.05);
            }
    }
    return 0;
}

} // namespace

class TestGuiAccess : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        for (const char *v : {"VAULT_ADDR", "BAO_ADDR", "VAULT_TOKEN", "BAO_TOKEN"})
            qunsetenv(v);
        qputenv("VW_TARGET_DIR", m_dir.filePath(QStringLiteral("state")).toLocal8Bit());
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_guiaccess"));
        QSettings().clear();
    }

    void init()
    {
        QSettings().clear();
        ChartThemeSettings::instance()->setTheme(ChartTheme::FollowSystem);
    }

    // With Tab moving focus (Ctrl+M), Tab from the first control reaches every pane.
    void tabOrderReachesEveryPane()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        action(w, "libraryAction")->trigger(); // the Sessions dock, docked below
        QTRY_VERIFY(w.sessionLibrary()->isVisible());
        auto *dock = w.findChild<SessionLibraryDock *>();
        QVERIFY(dock);
        dock->setFloating(false);
        QTest::keyClick(&w, Qt::Key_M, Qt::ControlModifier); // Tab moves focus
        QVERIFY(action(w, "tabMovesFocusAction")->isChecked());

        QWidget *start = QApplication::focusWidget();
        QVERIFY(start);
        QSet<QString> reached;
        QStringList order;
        for (int i = 0; i < 400; ++i) {
            QWidget *f = QApplication::focusWidget();
            QVERIFY(f);
            reached << paneOf(f);
            order << describe(f);
            QTest::keyClick(f, Qt::Key_Tab);
            if (QApplication::focusWidget() == start)
                break;
        }
        for (const char *pane :
             {"target", "editor", "palette", "problems", "run", "results", "library"})
            QVERIFY2(reached.contains(QLatin1String(pane)),
                     qPrintable(QStringLiteral("%1 not reached; Tab went through: %2")
                                    .arg(QLatin1String(pane), order.join(QStringLiteral(", ")))));
        QVERIFY2(QApplication::focusWidget() == start,
                 qPrintable(QStringLiteral("Tab did not come round: %1")
                                .arg(order.join(QStringLiteral(", ")))));
        // focus starts on the profile's tabs, not in the editor
        QVERIFY2(paneOf(start) != QLatin1String("editor"), qPrintable(describe(start)));
    }

    // Tab in the editor indents with spaces; Ctrl+M (also a setting) makes it move focus;
    // Shift+Tab always leaves; Ctrl+E brings back the YAML tab.
    void editorTabAndCtrlM()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *page = w.findChild<ProfileEditorPage *>();
        CodeEditor *editor = page->codeEditor();
        QAction *toggle = action(w, "tabMovesFocusAction");
        QVERIFY(toggle && !toggle->isChecked() && !editor->tabChangesFocus());

        page->views()->setCurrentIndex(1); // the Form tab
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QCOMPARE(page->views()->currentIndex(), 0);
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(editor));

        editor->moveCursor(QTextCursor::End);
        editor->insertPlainText(QStringLiteral("\nx"));
        QTest::keyClick(editor, Qt::Key_Tab);
        QVERIFY2(editor->toPlainText().endsWith(QStringLiteral("\nx ")), // to column 2
                 qPrintable(editor->toPlainText().right(10)));
        QVERIFY(!editor->toPlainText().contains(QLatin1Char('\t')));
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(editor));

        QTest::keyClick(editor, Qt::Key_M, Qt::ControlModifier);
        QVERIFY(toggle->isChecked() && editor->tabChangesFocus());
        QVERIFY(QSettings().value(QStringLiteral("editor/tabMovesFocus")).toBool());
        const QString before = editor->toPlainText();
        QTest::keyClick(editor, Qt::Key_Tab);
        QCOMPARE(editor->toPlainText(), before);
        QVERIFY(QApplication::focusWidget() != editor);

        toggle->trigger(); // back to indenting; Shift+Tab still leaves
        editor->setFocus();
        QTest::keyClick(editor, Qt::Key_Backtab, Qt::ShiftModifier);
        QVERIFY(QApplication::focusWidget() != editor);
        QCOMPARE(editor->toPlainText(), before);

        // the setting is read by the next window
        toggle->trigger();
        MainWindow next;
        QVERIFY(next.findChild<ProfileEditorPage *>()->codeEditor()->tabChangesFocus());
    }

    // Help > Keyboard Shortcuts lists every shortcut of every action, from the actions.
    void shortcutsListEveryShortcut()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QList<QAction *> all = w.findChildren<QAction *>();
        QStringList text;
        for (const ShortcutRow &r : shortcutRows(all))
            text << r.keys + QLatin1Char('\t') + r.what;
        const QString listed = text.join(QLatin1Char('\n'));
        for (const char *key : {"F5", "Ctrl+R", "Ctrl+.", "Shift+Esc", "F1", "Ctrl+Space", "Ctrl+M",
                                "Ctrl+E", "Ctrl+L", "Ctrl+T", "Ctrl+Tab", "Esc", "Ctrl+Shift+L"})
            QVERIFY2(
                listed.contains(QLatin1String(key)),
                qPrintable(QStringLiteral("%1 missing from:\n%2").arg(QLatin1String(key), listed)));
        for (QAction *a : all)
            for (const QKeySequence &k : a->shortcuts())
                QVERIFY2(listed.contains(k.toString(QKeySequence::NativeText)),
                         qPrintable(a->text() + QStringLiteral(": ") + k.toString()));

        QTest::keyClick(&w, Qt::Key_F1);
        QWidget *window = nullptr;
        QTRY_VERIFY((window = w.findChild<QWidget *>(QStringLiteral("shortcutsWindow"))));
        auto *label = qobject_cast<QLabel *>(window);
        QVERIFY(label);
        QVERIFY(label->text().contains(QStringLiteral("Ctrl+Space")));
        QVERIFY(label->text().contains(QStringLiteral("F5")));
        window->close();
    }

    // Every interactive widget of the main window (the tree walked, the library dock open)
    // has a name a screen reader can say; the charts are named by their titles.
    void accessibleNamesOnEveryControl()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        action(w, "libraryAction")->trigger();
        QTRY_VERIFY(w.sessionLibrary()->isVisible());
        QStringList unnamed;
        int checked = 0;
        const auto widgets = w.findChildren<QWidget *>();
        for (QWidget *c : widgets) {
            if (!isInteractiveWidget(c) || !c->isVisible())
                continue;
            ++checked;
            if (accessibleNameOf(c).isEmpty())
                unnamed << describe(c) + QStringLiteral(" in ") + describe(c->parentWidget())
                               + QStringLiteral(" in ")
                               + describe(c->parentWidget()->parentWidget());
        }
        QVERIFY2(checked > 20, qPrintable(QString::number(checked)));
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
        // named for what they are, not only "something"
        QCOMPARE(accessibleNameOf(w.findChild<QLineEdit *>(QStringLiteral("addressEdit"))),
                 QStringLiteral("Target address"));
        QCOMPARE(accessibleNameOf(w.findChild<QWidget *>(QStringLiteral("operationPalette"))),
                 QStringLiteral("Operation palette"));
        QCOMPARE(accessibleNameOf(w.findChild<QWidget *>(QStringLiteral("profileErrors"))),
                 QStringLiteral("Profile problems"));
        const auto charts = w.findChildren<QChartView *>();
        QVERIFY(!charts.isEmpty());
        for (QChartView *v : charts)
            QVERIFY2(!v->accessibleName().isEmpty(), qPrintable(describe(v)));
        QVERIFY(!w.findChild<QWidget *>(QStringLiteral("stageTable"))->accessibleName().isEmpty());
    }

    // The local target's status wraps (a cluster's three nodes do not push Start/Stop out).
    void statusLinesWrap()
    {
        TargetPanel panel;
        auto *status = panel.findChild<QLabel *>(QStringLiteral("localTargetStatus"));
        QVERIFY(status && status->wordWrap());
        const int before = panel.minimumSizeHint().width();
        status->setText(
            QStringLiteral("leader: active (2.7.2) · standby-1: standby (2.7.2) · "
                           "standby-2: standby (2.7.2) · lb: nginx on 127.0.0.1:18200"));
        QVERIFY2(panel.minimumSizeHint().width() <= std::max(before, 440),
                 qPrintable(QString::number(panel.minimumSizeHint().width())));
        for (const char *name : {"effectiveTarget", "tokenSource"})
            QVERIFY2(panel.findChild<QLabel *>(QLatin1String(name))->wordWrap(), name);
        auto *page = new ProfileEditorPage;
        QVERIFY(page->findChild<QLabel *>(QStringLiteral("profileStatus"))->wordWrap());
        delete page;
    }

    // Table columns fit a session when it is shown, then only widen while it is updated (a
    // live run), never re-sized back and forth on every snapshot.
    void tableColumnsStayStable()
    {
        QStandardItemModel model(2, 3);
        model.setHorizontalHeaderLabels(
            {QStringLiteral("VUs"), QStringLiteral("p99"), QStringLiteral("errors")});
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 3; ++c)
                model.setItem(r, c, new QStandardItem(QStringLiteral("1")));
        QTableView view;
        view.setModel(&model);
        keepColumnsStable(&view, 2);
        view.resize(600, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QHeaderView *header = view.horizontalHeader();
        QTRY_COMPARE(header->sectionSize(1), neededColumnWidth(&view, 1));
        const int narrow = header->sectionSize(1);
        QCOMPARE(header->sectionResizeMode(1), QHeaderView::Interactive); // the user may resize

        model.item(0, 1)->setText(QStringLiteral("123,456.789 ms")); // a live update: wider
        QTRY_VERIFY(header->sectionSize(1) > narrow);
        const int wide = header->sectionSize(1);
        QCOMPARE(wide, neededColumnWidth(&view, 1));
        model.item(0, 1)->setText(QStringLiteral("2")); // narrower again: the column stays
        QTest::qWait(50);
        QCOMPARE(header->sectionSize(1), wide);

        model.clear(); // another session (a model reset): fitted again
        model.setHorizontalHeaderLabels(
            {QStringLiteral("VUs"), QStringLiteral("p99"), QStringLiteral("errors")});
        model.setItem(0, 1, new QStandardItem(QStringLiteral("3")));
        QTRY_COMPARE(header->sectionSize(1), neededColumnWidth(&view, 1));
        QVERIFY(view.horizontalHeader()->sectionSize(1) < wide);
    }

    // At 1280x720 neither side scrolls sideways; a wider window widens the editor as well;
    // the editor's splits are remembered.
    void usableAt1280x720AndSplitRemembered()
    {
        int editorAt1280 = 0;
        {
            MainWindow w;
            w.resize(1280, 720);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QTest::qWait(50);
            for (const char *name : {"leftScroll", "rightScroll"}) {
                auto *scroll = w.findChild<QScrollArea *>(QLatin1String(name));
                QVERIFY(scroll);
                QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                         qPrintable(QStringLiteral("%1: %2 > %3")
                                        .arg(QLatin1String(name))
                                        .arg(scroll->widget()->minimumSizeHint().width())
                                        .arg(scroll->viewport()->width())));
            }
            editorAt1280 = w.findChild<CodeEditor *>()->width();
            QVERIFY2(editorAt1280 >= 250, qPrintable(QString::number(editorAt1280)));
            w.resize(1920, 1080);
            QTest::qWait(50);
            QTRY_VERIFY2(w.findChild<CodeEditor *>()->width() > editorAt1280 + 100,
                         qPrintable(QString::number(w.findChild<CodeEditor *>()->width())));
            auto *split = w.findChild<QSplitter *>(QStringLiteral("editorPaletteSplit"));
            QVERIFY(split);
            split->setSizes({500, 120});
            QTest::qWait(20);
            const QList<int> sizes = split->sizes();
            w.close();
            QTRY_VERIFY(!w.isVisible());
            MainWindow next;
            next.resize(1920, 1080);
            next.show();
            QVERIFY(QTest::qWaitForWindowExposed(&next));
            auto *again = next.findChild<QSplitter *>(QStringLiteral("editorPaletteSplit"));
            QTRY_VERIFY2(
                std::abs(again->sizes().at(1) - sizes.at(1)) <= 20,
                qPrintable(QStringLiteral("%1 vs %2").arg(again->sizes().at(1)).arg(sizes.at(1))));
        }
    }

    // Trial of issue 22 (newuser), at 1600x1000 (shots 05, 07, 13): the chart subtitles were
    // cut ("… nu-short (2) 2026-12-…"), the bottom tables showed 3 rows, and a long failure in
    // the run header ran under the Repeat control. Now: subtitles elided in the middle within
    // the chart, the whole in a tool tip; the per-stage table shows 8 stages; the header line
    // is elided before the Repeat control, the whole in its tool tip.
    void usableAt1600x1000()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString longLabel = QStringLiteral("ssh-sign-ed25519-against-the-leader-node");
        w.sessionSet()->setMain(stagedSession(longLabel, 8));
        Session other = stagedSession(longLabel + QStringLiteral("-again"), 8);
        other.id = QStringLiteral("other");
        // its last stage client-bound: the "Not directly comparable" banner shows too
        test::markClientBound(other.stages[7], QStringLiteral("client_cpu: 97 % of 2 cores"));
        w.sessionSet()->addOverlay(other);
        auto *page = w.findChild<ResultsPage *>();
        for (QChartView *view : {static_cast<QChartView *>(page->latencyChart()),
                                 static_cast<QChartView *>(page->throughputChart())}) {
            const ChartOverlay *overlay = ChartOverlay::of(view->chart());
            QVERIFY(overlay);
            const QString whole = view->chart()->property("vwSubtitle").toString();
            QVERIFY2(whole.contains(longLabel + QStringLiteral("-again")), qPrintable(whole));
            QTRY_VERIFY2(overlay->shownSubtitle().contains(QStringLiteral("…")),
                         qPrintable(overlay->shownSubtitle()));
            const QFontMetricsF fm(chartFont(overlay->typeScale().subtitle, false));
            QVERIFY2(fm.horizontalAdvance(overlay->shownSubtitle())
                         <= view->chart()->size().width(),
                     qPrintable(QStringLiteral("%1 > %2")
                                    .arg(fm.horizontalAdvance(overlay->shownSubtitle()))
                                    .arg(view->chart()->size().width())));
            QVERIFY(overlay->shownSubtitle().startsWith(whole.left(10))); // both ends kept
            QVERIFY(overlay->shownSubtitle().endsWith(whole.right(6)));
            QVERIFY2(overlay->subtitleToolTip().contains(whole),
                     qPrintable(overlay->subtitleToolTip()));
        }
        // a long failure in the run header (below), then the window as the trial saw it
        Session failed = stagedSession(QStringLiteral("nu-long"), 1);
        failed.status = RunStatus::Failed;
        failed.error = QStringLiteral(
            "aborted: 39 of 39 requests (100.0 %) failed in each of the last 2 s, up to 8 s "
            "into the run (abort rule: error ratio >= 0.99 for 2 s); most failures in stage 1 "
            "so far: connection (74 of 74): connection refused or dropped");
        auto *panel = w.findChild<RunPanel *>();
        panel->runFinished(failed);
        if (qEnvironmentVariableIsSet("VW_SCREENSHOT_LAYOUT")) {
            const QString path = qEnvironmentVariable("VW_SCREENSHOT_LAYOUT");
            QTest::qWait(200);
            QVERIFY2(w.grab().save(path), qPrintable(path));
        }
        // the per-stage table, with the failure and "Not directly comparable" banners shown:
        // at least 6 of the 8 stages on screen (the trial saw 3), not below the fold of the
        // scrolling results side
        QTableView *stages = page->stageTable();
        const int rowHeight = stages->verticalHeader()->defaultSectionSize();
        QVERIFY(page->warningBanner()->isVisible());
        auto *rightScroll = w.findChild<QScrollArea *>(QStringLiteral("rightScroll"));
        auto rowsOnScreen = [&] {
            const int bottom = std::min(
                stages->viewport()->height(),
                rightScroll->viewport()->height()
                    - stages->viewport()->mapTo(rightScroll->viewport(), QPoint(0, 0)).y());
            return bottom / rowHeight;
        };
        QTRY_VERIFY2(rowsOnScreen() >= 6,
                     qPrintable(QStringLiteral("%1 rows of %2 px on screen (table viewport %3 "
                                               "px, scroll viewport %4 px, content %5 px)")
                                    .arg(rowsOnScreen())
                                    .arg(rowHeight)
                                    .arg(stages->viewport()->height())
                                    .arg(rightScroll->viewport()->height())
                                    .arg(rightScroll->widget()->height())));
        qInfo("%d rows on screen", rowsOnScreen());
        // the long failure in the run header: elided before the Repeat control
        auto *header = panel->findChild<ElidedLabel *>(QStringLiteral("stageLabel"));
        auto *repeat = panel->findChild<QWidget *>(QStringLiteral("repeatSpin"));
        QVERIFY(header && repeat);
        QVERIFY2(header->text().contains(QLatin1String("connection refused")),
                 qPrintable(header->text()));
        QVERIFY(header->isElided());
        QVERIFY(header->shownText().endsWith(QStringLiteral("…")));
        QVERIFY(header->fontMetrics().horizontalAdvance(header->shownText())
                <= header->contentsRect().width());
        QVERIFY2(header->geometry().right() < repeat->geometry().left(),
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(header->geometry().right())
                                .arg(repeat->geometry().left())));
        QVERIFY(header->effectiveToolTip().contains(header->text()));
    }

    // The comparison tab's tables showed 3-4 rows at 1600x1000 (the trial): a comparison of
    // two 10-stage sessions shows every row of its capacity and ratio tables on screen (not
    // below the fold of the scrolling results side), the verdicts a full pane of rows in
    // their own tab.
    void comparisonShowsEveryRowAt1600x1000()
    {
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.sessionSet()->setMain(stagedSession(QStringLiteral("ssh-sign-rsa2048"), 10));
        Session other = stagedSession(QStringLiteral("ssh-sign-ed25519"), 10);
        other.id = QStringLiteral("other");
        w.sessionSet()->addOverlay(other);
        auto *page = w.findChild<ResultsPage *>();
        ComparisonView *view = page->comparisonView();
        QVERIFY(view->isActive());
        QTRY_VERIFY_WITH_TIMEOUT(view->verdictsReady(), 20000);
        QTRY_VERIFY(view->isVisible()); // the tab comes forward when the comparison starts
        auto *rightScroll = w.findChild<QScrollArea *>(QStringLiteral("rightScroll"));
        QVERIFY(rightScroll);
        // rows of `t` whose whole height is on screen: in its viewport and in the side's
        auto rowsOnScreen = [&](QTableView *t) {
            const int top = t->viewport()->mapTo(rightScroll->viewport(), QPoint(0, 0)).y();
            const int bottom =
                std::min(t->viewport()->height(), rightScroll->viewport()->height() - top);
            int n = 0;
            for (int r = 0; r < t->model()->rowCount(); ++r)
                if (!t->isRowHidden(r) && t->rowViewportPosition(r) >= 0
                    && t->rowViewportPosition(r) + t->rowHeight(r) <= bottom)
                    ++n;
            return n;
        };
        for (QTableView *t : {view->capacityTable(), view->ratioTable()}) {
            const int rows = t->model()->rowCount();
            QVERIFY2(rows >= (t == view->capacityTable() ? 5 : 10),
                     qPrintable(QStringLiteral("%1: %2 rows").arg(t->objectName()).arg(rows)));
            QTRY_VERIFY2(rowsOnScreen(t) == rows,
                         qPrintable(QStringLiteral("%1: %2 of %3 rows on screen (viewport %4 px, "
                                                   "row %5 px)")
                                        .arg(t->objectName())
                                        .arg(rowsOnScreen(t))
                                        .arg(rows)
                                        .arg(t->viewport()->height())
                                        .arg(t->verticalHeader()->defaultSectionSize())));
            qInfo("%s: %d of %d rows on screen", qPrintable(t->objectName()), rowsOnScreen(t),
                  rows);
        }
        // with both banners up (what is compared; "Not directly comparable": B's last stage
        // client-bound, another server version) every row stays on screen: the banners sit
        // side by side on one line (two wrapped banners above the charts took 4 of the 10)
        auto checkAllRows = [&](const char *when) {
            for (QTableView *t : {view->capacityTable(), view->ratioTable()}) {
                const int rows = t->model()->rowCount();
                QTRY_VERIFY2(rowsOnScreen(t) == rows,
                             qPrintable(QStringLiteral("%1 %2: %3 of %4 rows on screen (viewport "
                                                       "%5 px, banners %6 px)")
                                            .arg(QLatin1String(when), t->objectName())
                                            .arg(rowsOnScreen(t))
                                            .arg(rows)
                                            .arg(t->viewport()->height())
                                            .arg(page->warningBanner()->height())));
                qInfo("%s, %s: %d of %d rows on screen", when, qPrintable(t->objectName()),
                      rowsOnScreen(t), rows);
            }
        };
        Session spoiled = stagedSession(QStringLiteral("ssh-sign-ed25519"), 10, "ed25519");
        spoiled.id = QStringLiteral("spoiled");
        spoiled.server.version = QStringLiteral("2.8.0");
        test::markClientBound(spoiled.stages[9], QStringLiteral("client_cpu: 97 % of 2 cores"));
        Session main = stagedSession(QStringLiteral("ssh-sign-rsa2048"), 10, "rsa-2048");
        main.server.version = QStringLiteral("2.7.2");
        w.sessionSet()->removeOverlay(0);
        w.sessionSet()->setMain(main);
        w.sessionSet()->addOverlay(spoiled);
        QTRY_VERIFY(page->comparedBanner()->isVisible());
        QTRY_VERIFY(page->warningBanner()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(view->verdictsReady(), 20000);
        QTRY_VERIFY(view->isVisible());
        const QString warning = page->warningBanner()->text();
        QVERIFY2(warning.contains(QLatin1String("client-bound stages in B")), qPrintable(warning));
        QVERIFY2(warning.contains(QLatin1String("2.8.0")), qPrintable(warning));
        QVERIFY(page->comparedBanner()->text().contains(QLatin1String("ca_key_type")));
        // one line, side by side
        QCOMPARE(page->comparedBanner()->y(), page->warningBanner()->y());
        QVERIFY(page->warningBanner()->height() < 3 * page->fontMetrics().height());
        checkAllRows("both banners");
        // the whole text a click away, a line each; the rows come back when it is closed
        QVERIFY(!page->bannerDetails()->isVisible());
        page->bannerDetailsButton()->click();
        QTRY_VERIFY(page->bannerDetails()->isVisible());
        const QString details = page->bannerDetails()->text();
        QVERIFY2(details.contains(QLatin1String("compared: ca_key_type")), qPrintable(details));
        QVERIFY2(details.contains(QLatin1String("\nclient-bound stages in B")),
                 qPrintable(details));
        QTest::qWait(100);
        for (QTableView *t : {view->capacityTable(), view->ratioTable()}) // as before: fewer
            qInfo("details open, %s: %d of %d rows on screen", qPrintable(t->objectName()),
                  rowsOnScreen(t), t->model()->rowCount());
        page->bannerDetailsButton()->click();
        QTRY_VERIFY(!page->bannerDetails()->isVisible());
        checkAllRows("details closed");
        // the verdicts (a row per stage, metric and session: 40) in a tab of their own, as
        // many rows as that pane holds, the rest a scroll away
        auto *bottom = page->findChild<QTabWidget *>(QStringLiteral("bottomTabs"));
        QVERIFY(bottom);
        const int verdictTab = bottom->indexOf(view->verdictPane());
        QVERIFY(verdictTab >= 0 && bottom->isTabEnabled(verdictTab));
        bottom->setCurrentIndex(verdictTab);
        QTRY_VERIFY(view->verdictTable()->isVisible());
        QVERIFY(view->verdictTable()->model()->rowCount() >= 40);
        QTRY_VERIFY2(rowsOnScreen(view->verdictTable()) >= 8,
                     qPrintable(QString::number(rowsOnScreen(view->verdictTable()))));
        if (qEnvironmentVariableIsSet("VW_SCREENSHOT_COMPARISON"))
            QVERIFY(w.grab().save(qEnvironmentVariable("VW_SCREENSHOT_COMPARISON")));
    }

    // The Server tab's short per-second charts cut their y-axis titles ("server me…"), units
    // and all. A title taller than the plot shows its unit only, the whole in a tool tip over
    // the axis; a tall enough chart shows the whole title again.
    void axisTitleShowsItsUnitWhenCut()
    {
        QChartView view;
        auto *chart = new QChart;
        view.setChart(chart);
        QtChartRenderer renderer(chart);
        ChartModel m;
        m.title = QStringLiteral("Server memory over time");
        m.x.title = QStringLiteral("time (s)");
        m.x.max = 15;
        m.y.title = QStringLiteral("server memory (MiB)");
        m.y.max = 120;
        ChartSeries s;
        s.key = s.name = s.legend = QStringLiteral("server resident memory");
        s.color = QStringLiteral("#4e79a7");
        s.points = {{1, 100}, {5, 110}, {15, 120}};
        m.series << s;
        renderer.render(m);
        view.resize(420, 170); // as the Server tab's per-second charts at 1600x1000
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto yTitle = [&] {
            for (QAbstractAxis *a : chart->axes(Qt::Vertical))
                if (qobject_cast<QCategoryAxis *>(a) && a->isVisible())
                    return a->titleText();
            return QString();
        };
        const ChartOverlay *overlay = ChartOverlay::of(chart);
        QTRY_COMPARE(yTitle(), QStringLiteral("MiB"));
        QCOMPARE(overlay->yTitleToolTip(), QStringLiteral("server memory (MiB)"));
        renderer.render(m); // a live update keeps it short
        QCOMPARE(yTitle(), QStringLiteral("MiB"));
        QCOMPARE(drawnChartData(chart).value(QStringLiteral("y_title")).toString(),
                 QStringLiteral("server memory (MiB)"));
        view.resize(800, 600);
        QTRY_COMPARE(yTitle(), QStringLiteral("server memory (MiB)"));
        QVERIFY(overlay->yTitleToolTip().isEmpty());
        QCOMPARE(ChartOverlay::compactAxisTitle(QStringLiteral("server CPU (cores busy)")),
                 QStringLiteral("cores busy"));
        QCOMPARE(ChartOverlay::compactAxisTitle(QStringLiteral("successful requests/s")),
                 QStringLiteral("requests/s"));
        QCOMPARE(ChartOverlay::compactAxisTitle(QStringLiteral("time")), QStringLiteral("time"));
    }

    // View > Theme > Dark: Fusion with a dark palette for every widget, charts dark too;
    // Follow System gives the start-up look back.
    void darkThemeForTheWholeWindow()
    {
        const QPalette original = QApplication::palette();
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        action(w, "chartThemeDarkAction")->trigger();
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        QVERIFY(paletteIsDark(QApplication::palette()));
        auto *editor = w.findChild<CodeEditor *>();
        QVERIFY(editor->palette().color(QPalette::Base).lightness() < 60);
        QVERIFY(editor->palette().color(QPalette::Text).lightness() > 180);
        // Trial of issue 22 (newuser): the YAML keys stayed #800080 on the dark base (2.2:1,
        // hard to read); the highlighter's colours follow the theme (at least 4.5:1).
        QTRY_VERIFY2(keyContrast(editor) >= 4.5, qPrintable(QString::number(keyContrast(editor))));
        // Trial of issue 22 (newuser): the "Not directly comparable" banner (#fff4e5) and the
        // client-bound cells of the ratio table (#e6e6e6) stayed light islands. Both dark now,
        // their text at least 4.5:1.
        w.sessionSet()->setMain(comparedSession(QStringLiteral("a"), false));
        w.sessionSet()->addOverlay(comparedSession(QStringLiteral("b"), true));
        auto *page = w.findChild<ResultsPage *>();
        QLabel *banner = page->warningBanner();
        QTRY_VERIFY(banner->isVisible());
        QAbstractItemModel *ratios = page->comparisonView()->ratioTable()->model();
        QTRY_VERIFY(ratios->rowCount() >= 5);
        const QModelIndex clientBound = ratios->index(4, 4); // B's throughput at 16 VUs
        QVERIFY(clientBound.data().toString().endsWith(QStringLiteral(" ⚠")));
        auto checkNotes = [&](bool dark) {
            const NoteColours want = warningNoteColours(QApplication::palette());
            const QColor drawn = bannerBackground(banner);
            QVERIFY2(dark ? drawn.lightness() < 100 : drawn.lightness() > 200,
                     qPrintable(drawn.name()));
            QCOMPARE(drawn.name(), want.background.name());
            QVERIFY2(contrastRatio(drawn, want.text) >= 4.5,
                     qPrintable(QString::number(contrastRatio(drawn, want.text))));
            QVERIFY(banner->styleSheet().contains(want.text.name()));
            const QColor bg = clientBound.data(Qt::BackgroundRole).value<QColor>();
            const QColor fg = clientBound.data(Qt::ForegroundRole).value<QColor>();
            QVERIFY2(dark ? bg.lightness() < 100 : bg.lightness() > 200, qPrintable(bg.name()));
            QVERIFY2(contrastRatio(bg, fg) >= 4.5,
                     qPrintable(QString::number(contrastRatio(bg, fg))));
            // apart from the table's own rows
            const QColor base =
                page->comparisonView()->ratioTable()->palette().color(QPalette::Base);
            QVERIFY2(std::abs(bg.lightness() - base.lightness()) >= 20,
                     qPrintable(bg.name() + QLatin1Char('/') + base.name()));
        };
        checkNotes(true);
        if (qEnvironmentVariableIsSet("VW_SCREENSHOT_DARK")) { // what the trial saw (shot 18)
            w.resize(1600, 1000);
            page->comparisonView()->ratioTable()->scrollTo(clientBound);
            QTest::qWait(300);
            QVERIFY(w.grab().save(qEnvironmentVariable("VW_SCREENSHOT_DARK")));
        }
        auto *table = w.findChild<QWidget *>(QStringLiteral("stageTable"));
        QVERIFY(table->palette().color(QPalette::Base).lightness() < 60);
        QVERIFY(w.palette().color(QPalette::Window).lightness() < 80);
        const auto charts = w.findChildren<QChartView *>();
        QVERIFY(!charts.isEmpty());
        for (QChartView *v : charts) {
            QVERIFY(v->chart()->backgroundBrush().color().lightness() < 60);
            QVERIFY(v->chart()->titleBrush().color().lightness() > 180);
        }
        QCOMPARE(QSettings().value(QStringLiteral("view/chartTheme")).toString(),
                 QStringLiteral("dark"));
        {
            MainWindow next; // the next window opens dark
            QVERIFY(paletteIsDark(QApplication::palette()));
        }
        action(w, "chartThemeLightAction")->trigger();
        QVERIFY(!paletteIsDark(QApplication::palette()));
        QTRY_VERIFY2(keyContrast(editor) >= 4.5, qPrintable(QString::number(keyContrast(editor))));
        checkNotes(false);
        for (QChartView *v : charts)
            QVERIFY(v->chart()->backgroundBrush().color().lightness() > 200);
        action(w, "chartThemeSystemAction")->trigger();
        QCOMPARE(QApplication::palette().color(QPalette::Window), original.color(QPalette::Window));
    }

    // The overlay's words (legend rows) take the dark text colour when the theme changes,
    // not at the next redraw (issue 22, item 11).
    void legendFollowsTheThemeAtOnce()
    {
        ChartThemeSettings::instance()->setTheme(ChartTheme::Light);
        QChartView view;
        auto *chart = new QChart;
        view.setChart(chart);
        QtChartRenderer renderer(chart);
        ChartModel m;
        m.title = QStringLiteral("kv2_read latency vs VUs");
        m.x.max = 4;
        m.y.max = 10;
        ChartSeries s;
        s.key = s.name = s.legend = QStringLiteral("kv2_read p99");
        s.color = QStringLiteral("#4e79a7");
        s.points = {{1, 2}, {2, 3}, {4, 8}};
        m.series << s;
        renderer.render(m);
        view.resize(800, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto legendTexts = [&] {
            QList<QGraphicsSimpleTextItem *> out;
            const auto items = view.scene()->items();
            for (QGraphicsItem *i : items)
                if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(i);
                    t && t->text() == QLatin1String("kv2_read p99"))
                    out << t;
            return out;
        };
        QTRY_VERIFY(!legendTexts().isEmpty());
        for (QGraphicsSimpleTextItem *t : legendTexts())
            QVERIFY(t->brush().color().lightness() < 100);
        QCOMPARE(view.accessibleName(), m.title); // the chart is named by its title

        ChartThemeSettings::instance()->setTheme(ChartTheme::Dark); // no render in between
        QVERIFY(!legendTexts().isEmpty());
        for (QGraphicsSimpleTextItem *t : legendTexts())
            QVERIFY2(t->brush().color().lightness() > 180, qPrintable(t->brush().color().name()));
        ChartThemeSettings::instance()->setTheme(ChartTheme::FollowSystem);
    }

    // A non-loopback address: asked before any contact. Declined: no connection, and the
    // address is not kept as the profile's override. Agreed: the probe contacts it with a
    // short timeout, behind a busy indicator with Cancel; cancelling starts nothing.
    void nonLoopbackAskedBeforeContact()
    {
        QTcpServer listener; // stands in for the remote server: counts connections
        QVERIFY(listener.listen(QHostAddress::LocalHost));
        int connections = 0;
        QList<QTcpSocket *> held;
        connect(&listener, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *s = listener.nextPendingConnection()) {
                ++connections;
                held << s; // accepted, never answered
            }
        });
        const QString remote = QStringLiteral("http://127.0.0.1:%1").arg(listener.serverPort());
        TargetConfirmation::setLoopbackCheck(
            [remote](const QString &address) { return address != remote; });
        TargetConfirmation::forgetAll();

        const QString profilePath = m_dir.filePath(QStringLiteral("remote.yaml"));
        {
            QFile f(profilePath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(defaultProfileYaml().toUtf8());
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openProfile(profilePath));
        auto *panel = w.findChild<TargetPanel *>();
        auto *edit = w.findChild<QLineEdit *>(QStringLiteral("addressEdit"));
        auto typeRemote = [&] {
            edit->setFocus();
            edit->selectAll();
            QTest::keyClick(edit, Qt::Key_Backspace);
            QTest::keyClicks(edit, remote);
            QVERIFY(panel->isAddressOverridden());
        };
        typeRemote();
        QVERIFY(panel->findChild<QLabel *>(QStringLiteral("effectiveTarget"))
                    ->text()
                    .contains(QStringLiteral("not a loopback address")));

        // declined at the first question: nothing contacted, the override is gone
        {
            MessageBoxClicker no(QStringLiteral("targetContactQuestion"),
                                 QStringLiteral("doNotContactButton"));
            QVERIFY(!w.startRun());
            QTRY_COMPARE(no.asked, 1);
            QTest::qWait(300);
            QCOMPARE(connections, 0);
            QVERIFY(!w.isRunning());
            QVERIFY(!panel->isAddressOverridden());
            QVERIFY(edit->text() != remote);
            QSettings settings;
            settings.sync();
            QFile ini(settings.fileName());
            if (ini.open(QIODevice::ReadOnly))
                QVERIFY(!ini.readAll().contains(remote.toUtf8()));
            QVERIFY(!TargetConfirmation::isConfirmed(remote));
        }

        // agreed: the probe contacts it (no token), a busy indicator with Cancel; Cancel
        // ends the question without a run
        typeRemote();
        {
            MessageBoxClicker yes(QStringLiteral("targetContactQuestion"),
                                  QStringLiteral("contactButton"));
            QVERIFY(!w.startRun());
            QTRY_COMPARE(yes.asked, 1);
        }
        QTRY_VERIFY(connections >= 1);
        QProgressDialog *progress = nullptr;
        QTRY_VERIFY(
            (progress = w.findChild<QProgressDialog *>(QStringLiteral("targetProbeProgress")))
            && progress->isVisible());
        QCOMPARE(progress->maximum(), 0); // busy: a spinner, not a fraction
        QVERIFY(progress->findChild<QPushButton *>());
        progress->findChild<QPushButton *>()->click(); // Cancel
        QTRY_VERIFY(w.findChild<QProgressDialog *>(QStringLiteral("targetProbeProgress"))
                    == nullptr);
        QVERIFY(!w.isRunning());
        QVERIFY(!panel->isAddressOverridden()); // cancelled: not kept either
        QVERIFY(!TargetConfirmation::isConfirmed(remote));

        // agreed and left to time out: the second question comes within the probe's short
        // timeout, naming the address as unreachable
        typeRemote();
        QElapsedTimer clock;
        QString question;
        {
            MessageBoxClicker yes(QStringLiteral("targetContactQuestion"),
                                  QStringLiteral("contactButton"));
            QTimer poll;
            connect(&poll, &QTimer::timeout, this, [&] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                if (!box || box->objectName() != QLatin1String("targetConfirmation"))
                    return;
                question = box->text();
                box->button(QMessageBox::No)->click();
            });
            poll.start(20);
            clock.start();
            QVERIFY(!w.startRun());
            QTRY_VERIFY_WITH_TIMEOUT(!question.isEmpty(), 15000);
        }
        QVERIFY2(clock.elapsed() < TargetConfirmation::kProbeTimeoutMs + 3000,
                 qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(question.contains(QStringLiteral("not reachable")), qPrintable(question));
        QTRY_VERIFY(!panel->isAddressOverridden());
        QVERIFY(!w.isRunning());
        qDeleteAll(held);
        TargetConfirmation::setLoopbackCheck({});
    }
};

QTEST_MAIN(TestGuiAccess)
#include "tst_guiaccess.moc"
