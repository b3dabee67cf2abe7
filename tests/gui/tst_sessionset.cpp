// The SessionSet (ui/models/sessionset.h) as the one copy of what the window shows, offscreen:
// the percentile choice in the Sessions menu and on the results page agree after each change
// from either side; adding and removing overlays updates the results page and every
// comparison view from the one model; the live run is the main entry until its finished
// session replaces it.
#include "replicatedsession.h"
#include "sessionplan.h"
#include "syntheticstages.h"
#include "charts/stagecurvechart.h"
#include "comparisonview.h"
#include "mainwindow.h"
#include "models/sessionset.h"
#include "models/stagetablemodel.h"
#include "resultspage.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineSeries>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include "models/comparisontablemodel.h"
#include <QTest>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv2_read");

Session session(const QString &label, const QList<int> &vus, int workers, double serviceMs)
{
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("kv");
    s.profileYaml = "name: kv\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\noperations:\n"
                    "  - type: kv2_read\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    test::setPlanFromYaml(&s);
    s.stages = test::fixedCapacityStages(kOp, vus, workers, serviceMs);
    return s;
}

QStringList listItems(QListWidget *list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->text();
    return out;
}

/// Points of the series named `name`, -1 when there is none.
int pointsOf(StageCurveChart *chart, const QString &name)
{
    const auto series = chart->lineSeries();
    for (QLineSeries *s : series)
        if (s->name() == name)
            return int(s->count());
    return -1;
}

} // namespace

class TestSessionSet : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vault-workbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sessionset"));
        QSettings().clear();
    }

    void percentilesAgreeBetweenMenuAndPage()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        SessionSet *set = w.sessionSet();
        auto *latency = w.findChild<StageCurveChart *>(QStringLiteral("latencyChart"));
        QVERIFY(latency);
        // every place that shows the choice, for each percentile: menu, page, chart, model
        auto check = [&](const QList<int> &expected) {
            for (int p : SessionSet::availablePercentiles()) {
                auto *action = w.findChild<QAction *>(QStringLiteral("showP%1Action").arg(p));
                auto *box = w.findChild<QCheckBox *>(QStringLiteral("p%1Check").arg(p));
                if (!action || !box)
                    return QStringLiteral("p%1: no action or check box").arg(p);
                const bool on = expected.contains(p);
                if (action->isChecked() != on || box->isChecked() != on
                    || set->isPercentileShown(p) != on || latency->percentiles().contains(p) != on)
                    return QStringLiteral("p%1: menu %2, page %3, set %4, chart %5, expected %6")
                        .arg(p)
                        .arg(action->isChecked())
                        .arg(box->isChecked())
                        .arg(set->isPercentileShown(p))
                        .arg(latency->percentiles().contains(p))
                        .arg(on);
            }
            return QString();
        };
        QCOMPARE(check({50, 95, 99}), QString());

        QSignalSpy changed(set, &SessionSet::percentilesChanged);
        // from the menu
        w.findChild<QAction *>(QStringLiteral("showP95Action"))->trigger();
        QCOMPARE(check({50, 99}), QString());
        QCOMPARE(set->percentiles(), QList<int>({50, 99}));
        // from the page
        w.findChild<QCheckBox *>(QStringLiteral("p50Check"))->click();
        QCOMPARE(check({99}), QString());
        // the menu again, turning one back on
        w.findChild<QAction *>(QStringLiteral("showP50Action"))->trigger();
        QCOMPARE(check({50, 99}), QString());
        // the page again
        w.findChild<QCheckBox *>(QStringLiteral("p95Check"))->click();
        QCOMPARE(check({50, 95, 99}), QString());
        // the model itself
        set->setPercentiles({95});
        QCOMPARE(check({95}), QString());
        QCOMPARE(changed.count(), 5);
        // setting the same choice again changes nothing and says nothing
        set->setPercentiles({95});
        QCOMPARE(changed.count(), 5);
    }

    void overlaysUpdatePageAndComparisonFromOneModel()
    {
        SessionSet set;
        ResultsPage page(&set);
        ComparisonView second(&set); // a second view of the same model
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *list = page.findChild<QListWidget *>(QStringLiteral("overlayList"));
        auto *tableSource = page.findChild<QComboBox *>(QStringLiteral("tableSourceCombo"));
        auto *remove = page.findChild<QPushButton *>(QStringLiteral("removeOverlayButton"));
        QVERIFY(list && tableSource && remove);
        // Every model the page fills from the set, checked at each change below: the overlay
        // list's, the table-source combo's and the stage table.
        const auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        QAbstractItemModelTester listModel(list->model(), mode);
        QAbstractItemModelTester sourceModel(tableSource->model(), mode);
        QAbstractItemModelTester stageModel(page.stageModel(), mode);

        const QList<int> ramp{1, 2, 4, 8, 16};
        set.setMain(session(QStringLiteral("a"), ramp, 4, 10.0));
        QCOMPARE(listItems(list), QStringList{QStringLiteral("a (main)")});
        QCOMPARE(tableSource->count(), 1);
        QCOMPARE(page.stageModel()->rowCount(), int(ramp.size()));
        QCOMPARE(page.throughputChart()->lineSeries().size(), 1);
        QVERIFY(!page.comparisonView()->isActive());
        QVERIFY(!second.isActive());
        QVERIFY(!remove->isEnabled());

        QSignalSpy added(&set, &SessionSet::overlayAdded);
        set.addOverlay(session(QStringLiteral("b"), ramp, 8, 10.0));
        Session otherB = session(QStringLiteral("b"), ramp, 8, 5.0); // another run, same label
        otherB.id = QStringLiteral("b-2"); // (the same id would be the same session: not added)
        set.addOverlay(otherB); // same label: made unique
        QCOMPARE(added.count(), 2);
        QCOMPARE(listItems(list), QStringList({QStringLiteral("a (main)"), QStringLiteral("b"),
                                               QStringLiteral("b (2)")}));
        QCOMPARE(tableSource->count(), 3);
        QCOMPARE(page.throughputChart()->lineSeries().size(), 3);
        QVERIFY(remove->isEnabled());
        for (ComparisonView *v : {page.comparisonView(), &second}) {
            QVERIFY(v->isActive());
            QCOMPARE(v->comparison().labels, QStringList({QStringLiteral("a"), QStringLiteral("b"),
                                                          QStringLiteral("b (2)")}));
            QCOMPARE(v->capacityModel()->columnCount(), 2 + 3);
        }
        // each entry's colour is its position (how the charts colour overlaid sources)
        for (int i = 0; i < set.count(); ++i)
            QCOMPARE(set.entries().at(i).colourIndex, i);

        // the page's Remove button removes the selected overlay from the model
        list->item(1)->setSelected(true);
        remove->click();
        QCOMPARE(set.overlayCount(), 1);
        QCOMPARE(set.overlay(0).label, QStringLiteral("b (2)"));
        QCOMPARE(set.overlay(0).colourIndex, 1);
        QCOMPARE(listItems(list),
                 QStringList({QStringLiteral("a (main)"), QStringLiteral("b (2)")}));
        QCOMPARE(page.throughputChart()->lineSeries().size(), 2);
        QCOMPARE(second.comparison().labels,
                 QStringList({QStringLiteral("a"), QStringLiteral("b (2)")}));
        QCOMPARE(page.comparisonView()->capacityModel()->columnCount(), 2 + 2);

        // removing through the model updates every view too
        set.removeOverlay(0);
        QCOMPARE(listItems(list), QStringList{QStringLiteral("a (main)")});
        QCOMPARE(tableSource->count(), 1);
        QCOMPARE(page.throughputChart()->lineSeries().size(), 1);
        QVERIFY(!page.comparisonView()->isActive());
        QVERIFY(!second.isActive());
        QCOMPARE(second.capacityModel()->rowCount(), 0);
        QVERIFY(!remove->isEnabled());
    }

    void liveRunIsReplacedByItsSession()
    {
        SessionSet set;
        ResultsPage page(&set);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const QList<int> ramp{1, 2, 4};
        set.addOverlay(session(QStringLiteral("earlier"), ramp, 4, 10.0));
        QVERIFY(!set.hasMain()); // an overlay added to an empty set is still an overlay
        QVERIFY(!set.isLive());
        QCOMPARE(set.overlayCount(), 1);

        set.beginLive(QStringLiteral("run"));
        QVERIFY(set.isLive());
        QCOMPARE(set.mainEntry()->label, QStringLiteral("run"));
        QCOMPARE(set.overlayCount(), 1);
        // the live run is not compared; the saved sessions are
        QCOMPARE(set.savedSessions().size(), 1);

        const Session finished = session(QStringLiteral("run"), ramp, 4, 10.0);
        RunSnapshot snap;
        snap.phase = RunPhase::Running;
        snap.stageIndex = 1;
        snap.stageCount = 3;
        snap.stages = {finished.stages.at(0)};
        snap.current = finished.stages.at(1);
        QSignalSpy live(&set, &SessionSet::liveUpdated);
        set.updateLive(snap);
        QCOMPARE(live.count(), 1);
        QCOMPARE(set.mainEntry()->session.stages.size(), 1);
        QVERIFY(set.mainEntry()->hasPartial);
        QVERIFY(!set.mainEntry()->partial.complete);
        // the completed stage and the running one are drawn, for the live run and the overlay
        QCOMPARE(page.throughputChart()->lineSeries().size(), 2);
        QCOMPARE(pointsOf(page.throughputChart(), QStringLiteral("run · ") + kOp), 2);
        QCOMPARE(pointsOf(page.throughputChart(), QStringLiteral("earlier · ") + kOp), 3);
        QCOMPARE(page.stageModel()->rowCount(), 2);

        // the stage ends and drains: its last partial point stays until its statistics come
        snap.stageIndex = 2;
        snap.current = StageStats();
        set.updateLive(snap);
        QVERIFY(set.mainEntry()->hasPartial);
        QCOMPARE(set.mainEntry()->partial.index, finished.stages.at(1).index);

        QSignalSpy main(&set, &SessionSet::mainChanged);
        set.finishLive(finished);
        QCOMPARE(main.count(), 1);
        QVERIFY(!set.isLive());
        QCOMPARE(int(set.mainEntry()->session.stages.size()), int(ramp.size()));
        QVERIFY(set.mainEntry()->session.analysis.computed);
        QVERIFY(set.mainEntry()->path.isEmpty());
        QCOMPARE(set.overlayCount(), 1);
        QCOMPARE(set.savedSessions().size(), 2);
        QVERIFY(page.comparisonView()->isActive());
        QCOMPARE(pointsOf(page.throughputChart(), QStringLiteral("run · ") + kOp),
                 int(ramp.size()));
        // a snapshot arriving late is not drawn over the finished session
        set.updateLive(snap);
        QCOMPARE(int(set.mainEntry()->session.stages.size()), int(ramp.size()));
    }

    // Trial of issue 22 (newuser): a one-run session and a session of 3 replicates of the same
    // profile were labelled "nu-short" and "nu-short (2)", nothing saying "3 runs". The one
    // maker of labels (SessionSet::displayLabel()) says it: overlays, the main entry, the live
    // run of a repeated plan and a rename.
    void labelsSayHowManyRuns()
    {
        std::mt19937_64 rng(22);
        Session one = test::replicatedSession(QStringLiteral("nu-short"), 1, 1.0, 0.02, rng);
        one.id = QStringLiteral("one");
        Session three = test::replicatedSession(QStringLiteral("nu-short"), 3, 1.0, 0.02, rng);
        three.id = QStringLiteral("three");
        QCOMPARE(one.replicateCount(), 1);
        QCOMPARE(three.replicateCount(), 3);
        SessionSet set;
        set.setMain(one);
        QCOMPARE(set.mainEntry()->label, QStringLiteral("nu-short"));
        QCOMPARE(set.overlay(set.addOverlay(three)).label, QStringLiteral("nu-short (3 runs)"));
        QCOMPARE(set.savedSessions().at(1).label, QStringLiteral("nu-short (3 runs)"));
        QVERIFY(set.renameSession(QStringLiteral("three"), QString(), QStringLiteral("r3")));
        QCOMPARE(set.overlay(0).label, QStringLiteral("r3 (3 runs)"));
        // a label that says it already is not given it twice
        Session again = three;
        again.id = QStringLiteral("again");
        again.label = QStringLiteral("r3 (3 runs)");
        QCOMPARE(set.overlay(set.addOverlay(again)).label, QStringLiteral("r3 (3 runs) (2)"));

        SessionSet live;
        Profile plan;
        plan.repeat = 3;
        live.beginLive(QStringLiteral("nu-short"), plan);
        QCOMPARE(live.mainEntry()->label, QStringLiteral("nu-short (3 runs)"));
        Session done = three;
        done.label = QStringLiteral("nu-short");
        live.finishLive(done);
        QCOMPARE(live.mainEntry()->label, QStringLiteral("nu-short (3 runs)"));
    }
};

QTEST_MAIN(TestSessionSet)
#include "tst_sessionset.moc"
