// Labels and overlays (issue 22, finding 8), offscreen: a session shown already is never
// overlaid twice (the same id, or the same file), so no "(2)" lies on top of the first; a
// rename in the session library reaches what is on screen (the overlay list, the table's
// session chooser, the charts' legends, the comparison's headers) through the main window's
// wiring; a run without a label is named after its profile and the local target node or
// topology it goes to ("@ leader", "@ lb"); the library names that node beside the address.
#include "comparisonview.h"
#include "library/sessionlibrarymodel.h"
#include "library/sessionlibraryview.h"
#include "mainwindow.h"
#include "models/sessionset.h"
#include "resultspage.h"
#include "sessionplan.h"
#include "syntheticstages.h"

#include "charts/stagecurvechart.h"
#include "session/sessionindex.h"
#include "session/sessionio.h"
#include "vault/targetresolver.h"

#include <QComboBox>
#include <QDir>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv2_read");

Session makeSession(const QString &id, const QString &label, int workers)
{
    return test::closedRampSession(id, label, kOp, kOp, {1, 2, 4, 8}, workers, 2.0);
}

QStringList legendTexts(StageCurveChart *chart)
{
    QStringList out;
    for (const LegendEntry &e : chart->model().legend())
        out << e.text;
    return out;
}

QStringList itemTexts(QListWidget *list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->text();
    return out;
}

} // namespace

class TestOverlays : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_overlays"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void sameSessionIsOverlaidOnce()
    {
        ResultsPage page;
        SessionSet *set = page.sessionSet();
        const Session a = makeSession(QStringLiteral("id-a"), QStringLiteral("kv @ leader"), 4);
        const Session b = makeSession(QStringLiteral("id-b"), QStringLiteral("kv @ lb"), 8);
        set->setMain(a, QStringLiteral("/data/a.json"));
        QCOMPARE(set->addOverlay(a), -1); // the main one: nothing added
        QCOMPARE(set->overlayCount(), 0);
        QCOMPARE(set->addOverlay(b, QStringLiteral("/data/b.json")), 0);
        QSignalSpy changed(set, &SessionSet::entriesChanged);
        QCOMPARE(set->addOverlay(b, QStringLiteral("/data/b.json")), 0); // the same file again
        Session copy = b; // a copy of the file elsewhere: the same session id
        QCOMPARE(set->addOverlay(copy, QStringLiteral("/elsewhere/b-copy.json")), 0);
        Session noId = makeSession(QString(), QStringLiteral("hand-made"), 2);
        QCOMPARE(set->addOverlay(noId, QStringLiteral("/data/c.json")), 1);
        QCOMPARE(set->addOverlay(noId, QStringLiteral("/data/./c.json")), 1); // same file
        QCOMPARE(set->overlayCount(), 2);
        QCOMPARE(changed.size(), 1); // only the one really added
        auto *list = page.findChild<QListWidget *>(QStringLiteral("overlayList"));
        QCOMPARE(itemTexts(list),
                 (QStringList{QStringLiteral("kv @ leader (main)"), QStringLiteral("kv @ lb"),
                              QStringLiteral("hand-made")}));
        for (const QString &t : itemTexts(list))
            QVERIFY2(!t.contains(QStringLiteral("(2)")), qPrintable(t));
        // a different session of the same label still gets its own entry, told apart
        const Session other = makeSession(QStringLiteral("id-d"), QStringLiteral("kv @ lb"), 2);
        QCOMPARE(set->addOverlay(other), 2);
        QCOMPARE(set->overlay(2).label, QStringLiteral("kv @ lb (2)"));
    }

    void renameReachesWhatIsOnScreen()
    {
        // through the main window's wiring: the library writes the label, the set follows
        const QString dir = m_dir.filePath(QStringLiteral("rename"));
        QVERIFY(QDir().mkpath(dir));
        const QString pa = QDir(dir).filePath(QStringLiteral("a.json"));
        const QString pb = QDir(dir).filePath(QStringLiteral("b.json"));
        QString error;
        QVERIFY(writeSession(makeSession(QStringLiteral("id-a"), QStringLiteral("alpha"), 4), pa,
                             &error));
        QVERIFY(writeSession(makeSession(QStringLiteral("id-b"), QStringLiteral("beta"), 8), pb,
                             &error));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy opened(&w, &MainWindow::sessionOpened);
        w.openSession(pa);
        QTRY_COMPARE(opened.size(), 1);
        w.addOverlaySession(pb);
        QTRY_COMPARE(opened.size(), 2);
        w.addOverlaySession(pb); // again: still one overlay
        QTRY_COMPARE(opened.size(), 3);
        SessionSet *set = w.sessionSet();
        QCOMPARE(set->overlayCount(), 1);

        SessionLibraryView *lib = w.sessionLibrary();
        lib->addFolder(dir);
        QTRY_COMPARE(lib->model()->rowCount(), 2);
        QSignalSpy renamed(lib, &SessionLibraryView::sessionRenamed);
        lib->renameSession(pb, QStringLiteral("beta, after the upgrade"));
        QTRY_COMPARE(renamed.size(), 1);

        QCOMPARE(set->overlay(0).label, QStringLiteral("beta, after the upgrade"));
        auto *page = w.findChild<ResultsPage *>();
        QVERIFY(page);
        auto *list = page->findChild<QListWidget *>(QStringLiteral("overlayList"));
        QVERIFY(itemTexts(list).contains(QStringLiteral("beta, after the upgrade")));
        auto *source = page->findChild<QComboBox *>(QStringLiteral("tableSourceCombo"));
        QCOMPARE(source->itemText(1), QStringLiteral("beta, after the upgrade"));
        bool inLegend = false;
        for (const QString &t : legendTexts(page->throughputChart()))
            inLegend = inLegend || t.contains(QStringLiteral("beta, after the upgrade"));
        QVERIFY2(inLegend, qPrintable(legendTexts(page->throughputChart()).join(QLatin1Char('|'))));
        QVERIFY(page->comparisonView()
                    ->capacityTable()
                    ->model()
                    ->headerData(3, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("beta, after the upgrade")));
        const int row = lib->model()->rowOf(pb);
        QCOMPARE(lib->model()->index(row, SessionLibraryModel::Label).data().toString(),
                 QStringLiteral("beta, after the upgrade"));
        QSettings().remove(QStringLiteral("library/folders"));
    }

    void defaultLabelsNameTheNode()
    {
        ResolvedTarget leader;
        leader.target.address = QStringLiteral("http://127.0.0.1:8200");
        leader.localTargetNode = QStringLiteral("leader");
        QCOMPARE(defaultRunLabel(QStringLiteral("ssh-sign-ed25519"), leader),
                 QStringLiteral("ssh-sign-ed25519 @ leader"));
        ResolvedTarget lb = leader;
        lb.localTargetNode = QStringLiteral("lb");
        QCOMPARE(defaultRunLabel(QStringLiteral("ssh-sign-ed25519"), lb),
                 QStringLiteral("ssh-sign-ed25519 @ lb"));
        ResolvedTarget spread;
        spread.target.address = QStringLiteral("http://127.0.0.1:8200");
        spread.target.addresses = {QStringLiteral("http://127.0.0.1:8201"),
                                   QStringLiteral("http://127.0.0.1:8202")};
        spread.target.spread = QStringLiteral("round_robin");
        QCOMPARE(defaultRunLabel(QStringLiteral("kv"), spread), QStringLiteral("kv @ 3 nodes"));
        ResolvedTarget plain;
        plain.target.address = QStringLiteral("http://127.0.0.1:8200");
        QCOMPARE(defaultRunLabel(QStringLiteral("kv"), plain), QStringLiteral("kv"));
        // leader and LB runs of one profile: two labels, neither a "(2)"
        SessionSet set;
        Session a =
            makeSession(QStringLiteral("l"), defaultRunLabel(QStringLiteral("kv"), leader), 4);
        Session b = makeSession(QStringLiteral("b"), defaultRunLabel(QStringLiteral("kv"), lb), 4);
        set.setMain(a);
        set.addOverlay(b);
        QCOMPARE(set.entries().at(0).label, QStringLiteral("kv @ leader"));
        QCOMPARE(set.entries().at(1).label, QStringLiteral("kv @ lb"));
    }

    void libraryNamesTheNode()
    {
        QCOMPARE(
            localTargetNodeOfSource(QStringLiteral("local target standby-1 (from flag --addr)")),
            QStringLiteral("standby-1"));
        QCOMPARE(localTargetNodeOfSource(QStringLiteral("env VAULT_ADDR")), QString());
        Session s = makeSession(QStringLiteral("id-n"), QStringLiteral("kv @ standby-1"), 4);
        s.targetAddress = QStringLiteral("http://127.0.0.1:8210");
        s.targetSources.insert(QStringLiteral("address"),
                               QStringLiteral("local target standby-1 (from the window)"));
        const QString path = m_dir.filePath(QStringLiteral("node.json"));
        QString error;
        QVERIFY2(writeSession(s, path, &error), qPrintable(error));
        const SessionSummary summary = readSessionSummary(path);
        QCOMPARE(summary.targetNode, QStringLiteral("standby-1"));
        SessionLibraryModel model;
        model.upsert(summary);
        QCOMPARE(model.index(0, SessionLibraryModel::Target).data().toString(),
                 QStringLiteral("standby-1 (http://127.0.0.1:8210)"));
    }
};

QTEST_MAIN(TestOverlays)
#include "tst_overlays.moc"
