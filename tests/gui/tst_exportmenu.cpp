// The GUI's exports (issue 22, finding 13), offscreen: File > Export Report (HTML/CSV)…
// writes the sessions shown with the writers of `report` / `compare --out`, warnings
// included ("Not directly comparable", each stage's client-bound reasons); the export
// dialogs start in the folder of the last export (QSettings); the status bar says where the
// file went, with Show in Folder, or why it failed; the chart export is written off the GUI
// thread and carries the comparison's warnings as notes; and the README's list of menus is
// the window's menu bar.
#include "chartexportdialog.h"
#include "charts/stagecurvechart.h"
#include "exportfolder.h"
#include "exportmenu.h"
#include "exportnotice.h"
#include "exportwriter.h"
#include "mainwindow.h"
#include "models/sessionset.h"
#include "resultspage.h"
#include "sessionplan.h"
#include "syntheticstages.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");

/// A closed ramp over `vus`; the last stage client-bound.
Session session(const QString &id, const QString &label, const QList<int> &vus)
{
    Session s = test::closedRampSession(id, label, kOp, kOp, vus, 4, 10.0);
    test::markClientBound(s.stages.last(), QStringLiteral("client_cpu: 97 % of 2 cores"));
    return s;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString plain(QString text) // a menu entry as the README writes it
{
    return text.remove(QLatin1Char('&'));
}

/// A window with a File menu, a results page and a status bar, as the main window has them.
struct Host {
    QMainWindow window;
    ResultsPage *page = new ResultsPage(&window);
    QMenu *file = window.menuBar()->addMenu(QStringLiteral("&File"));
    ExportMenu *menu = nullptr;
    Host()
    {
        window.setCentralWidget(page);
        menu = new ExportMenu(&window, file, page, window.statusBar());
        window.resize(1200, 800);
    }
};

} // namespace

class TestExportMenu : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_exportmenu"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void folderIsRemembered()
    {
        QSettings().remove(QStringLiteral("export/lastDir"));
        QCOMPARE(exportFolder(), QDir::homePath());
        const QString sub = m_dir.filePath(QStringLiteral("charts"));
        QVERIFY(QDir().mkpath(sub));
        rememberExportFolder(QDir(sub).filePath(QStringLiteral("old.png")));
        QCOMPARE(exportFolder(), sub);
        ResultsPage page;
        page.showSession(session(QStringLiteral("a"), QStringLiteral("A"), {1, 2, 4, 8}));
        ChartExportDialog d(&page);
        QCOMPARE(QFileInfo(d.pathEdit()->text()).absolutePath(), sub);
        // an export elsewhere moves the folder of the next dialog there
        const QString other = m_dir.filePath(QStringLiteral("slides"));
        QVERIFY(QDir().mkpath(other));
        ExportWriter writer;
        ChartExportDialog d2(&page, &writer);
        d2.formatCombo()->setCurrentIndex(d2.formatCombo()->findData(QStringLiteral("svg")));
        d2.pathEdit()->setText(QDir(other).filePath(QStringLiteral("t.svg")));
        QSignalSpy done(&writer, &ExportWriter::finished);
        QVERIFY(d2.exportNow(true));
        QTRY_COMPARE(done.size(), 1);
        QCOMPARE(done.first().at(1).toString(), QString());
        QCOMPARE(exportFolder(), other);
        ChartExportDialog d3(&page);
        QCOMPARE(QFileInfo(d3.pathEdit()->text()).absolutePath(), other);
    }

    void reportKeepsTheWarnings()
    {
        Host h;
        h.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&h.window));
        QCOMPARE(h.menu->exportReportAction()->text(),
                 QStringLiteral("Export &Report (HTML/CSV)…"));
        QVERIFY(!h.menu->exportReport(m_dir.filePath(QStringLiteral("none.html")))); // nothing
        // two sessions run differently (A ran 16 VUs too): not directly comparable
        h.page->sessionSet()->setMain(
            session(QStringLiteral("a"), QStringLiteral("A run"), {1, 2, 4, 8, 16}));
        h.page->sessionSet()->addOverlay(
            session(QStringLiteral("b"), QStringLiteral("B run"), {1, 2, 4, 8}));
        QCOMPARE(h.menu->suggestedReportPath(),
                 QDir(exportFolder()).filePath(QStringLiteral("A_run-report.html")));
        QSignalSpy done(h.menu->writer(), &ExportWriter::finished);
        const QString html = m_dir.filePath(QStringLiteral("r.html"));
        QVERIFY(h.menu->exportReport(html));
        QVERIFY(h.menu->writer()->isBusy()); // rendered and written off the GUI thread
        QTRY_COMPARE(done.size(), 1);
        QCOMPARE(done.first().at(1).toString(), QString());
        const QByteArray page = readAll(html);
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QVERIFY(page.contains("Not directly comparable"));
        QVERIFY(page.contains("A run") && page.contains("B run"));
        // CSV: every session's rows, one header, the client-bound stages flagged with why
        const QString csv = m_dir.filePath(QStringLiteral("r.csv"));
        QVERIFY(h.menu->exportReport(csv));
        QTRY_COMPARE(done.size(), 2);
        const QStringList lines =
            QString::fromUtf8(readAll(csv)).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 5 + 4);
        QVERIFY(lines.first().endsWith(QStringLiteral(",client_bound,warnings")));
        QCOMPARE(lines.filter(QStringLiteral("client_cpu: 97 % of 2 cores")).size(), 2);
        QCOMPARE(lines.filter(QStringLiteral("A run,")).size(), 5);
        QCOMPARE(lines.filter(QStringLiteral("B run,")).size(), 4);

        // the status bar names the file, with Show in Folder
        ExportNotice *notice = h.menu->notice();
        QVERIFY(notice->isVisible());
        QVERIFY(notice->label()->text().contains(QDir::toNativeSeparators(csv)));
        QVERIFY(notice->showInFolderButton()->isVisible());
        QCOMPARE(notice->path(), csv);
        QCOMPARE(exportFolder(), m_dir.path());
        // a failure says why, and offers no folder
        QVERIFY(h.menu->exportReport(m_dir.filePath(QStringLiteral("no/such/dir/r.html"))));
        QTRY_COMPARE(done.size(), 3);
        QVERIFY(!done.last().at(1).toString().isEmpty());
        QVERIFY(notice->label()->text().startsWith(QStringLiteral("Export failed")));
        QVERIFY(!notice->showInFolderButton()->isVisible());
        QCOMPARE(exportFolder(), m_dir.path()); // a failed export moves nothing
    }

    void chartExportCarriesTheWarningsOffTheGuiThread()
    {
        Host h;
        h.page->sessionSet()->setMain(
            session(QStringLiteral("a"), QStringLiteral("A run"), {1, 2, 4, 8, 16}));
        h.page->sessionSet()->addOverlay(
            session(QStringLiteral("b"), QStringLiteral("B run"), {1, 2, 4, 8}));
        ChartExportDialog d(h.page, h.menu->writer());
        QVERIFY(!d.exportWarnings().isEmpty());
        QVERIFY(d.exportWarnings().first().startsWith(QStringLiteral("Not directly comparable: ")));
        d.chartCombo()->setCurrentIndex(d.chartCombo()->findData(QStringLiteral("throughput")));
        d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("svg")));
        const QString svg = m_dir.filePath(QStringLiteral("warned.svg"));
        d.pathEdit()->setText(svg);
        QSignalSpy done(h.menu->writer(), &ExportWriter::finished);
        QVERIFY(d.exportNow(true));
        QVERIFY(h.menu->writer()->isBusy()); // written by a pool thread
        QTRY_COMPARE(done.size(), 1);
        QCOMPARE(done.first().at(0).toString(), svg);
        const QString text = QString::fromUtf8(readAll(svg));
        QVERIFY2(text.contains(QStringLiteral("Not directly comparable")),
                 qPrintable(text.left(400)));
        // every client-bound band (the last stage of each session) lies inside the chart's
        // load axis, and the file draws each of them: none is clipped off
        const ChartModel &m = h.page->throughputChart()->model();
        QCOMPARE(m.bands.size(), 2);
        for (const ChartBand &b : m.bands)
            QVERIFY2(b.x0 >= m.x.min && b.x1 <= m.x.max,
                     qPrintable(QStringLiteral("%1..%2 in %3..%4")
                                    .arg(b.x0)
                                    .arg(b.x1)
                                    .arg(m.x.min)
                                    .arg(m.x.max)));
        const int descFrom = int(text.indexOf(QStringLiteral("<desc>"))) + 6;
        QString desc = text.mid(descFrom, text.indexOf(QStringLiteral("</desc>")) - descFrom);
        desc.replace(QStringLiteral("&quot;"), QStringLiteral("\""))
            .replace(QStringLiteral("&lt;"), QStringLiteral("<"))
            .replace(QStringLiteral("&gt;"), QStringLiteral(">"))
            .replace(QStringLiteral("&amp;"), QStringLiteral("&"));
        const QJsonObject drawn = QJsonDocument::fromJson(desc.toUtf8()).object();
        QCOMPARE(drawn.value(QStringLiteral("bands")).toArray().size(), 2);
        // the window's chart keeps no note of it
        const QStringList notes = h.page->throughputChart()->model().notes;
        for (const QString &n : notes)
            QVERIFY(!n.startsWith(QStringLiteral("Not directly comparable")));
    }

    void menusAreTheReadmes()
    {
        QFile readme(QStringLiteral(VW_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const int from = int(text.indexOf(QStringLiteral("<!-- gui-menus -->")));
        const int to = int(text.indexOf(QStringLiteral("<!-- /gui-menus -->")));
        QVERIFY(from >= 0 && to > from);
        QMap<QString, QStringList> documented;
        QString current;
        for (const QString &line : text.mid(from, to - from).split(QLatin1Char('\n'))) {
            static const QRegularExpression head(QStringLiteral("^- (\\w+): (.*)$"));
            const QRegularExpressionMatch m = head.match(line);
            QString entries;
            if (m.hasMatch()) {
                current = m.captured(1);
                entries = m.captured(2);
            } else if (line.startsWith(QLatin1String("  ")) && !current.isEmpty()) {
                entries = line.trimmed();
            } else {
                continue;
            }
            documented[current] += entries;
        }
        MainWindow w;
        QMap<QString, QStringList> shown;
        for (QAction *top : w.menuBar()->actions()) {
            QStringList entries;
            for (QAction *a : top->menu()->actions())
                if (!a->isSeparator())
                    entries << plain(a->text());
            shown[plain(top->text())] = entries;
        }
        QCOMPARE(shown.keys(), documented.keys());
        for (auto it = documented.cbegin(); it != documented.cend(); ++it) {
            // the README wraps lines: join them, then split the entries at ", "
            const QStringList doc = it.value().join(QLatin1Char(' ')).split(QStringLiteral(", "));
            QCOMPARE(shown.value(it.key()), doc);
        }
    }
};

QTEST_MAIN(TestExportMenu)
#include "tst_exportmenu.moc"
