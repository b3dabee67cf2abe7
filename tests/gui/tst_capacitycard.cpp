// The results page's capacity card (ui/capacitycard.h), offscreen, for a known session: a
// closed ramp over 1..32 VUs against 4 workers of 10 ms whose last stage (32 VUs) measured
// 800/s but was client-bound. The card's rows are `compare`'s capacity rows
// (core/report/capacitypoints.h) with the same cells as `compare` prints: the maximum of the
// stages used (400/s), the raw peak of every stage (800/s @32, marked client-bound), the max
// in the SLO (p99 <= 50 ms) with its p99, the stages used (1-5 of 6), and the client-bound
// stage left out with its reason. While a run is live it says the points come at the end.
#include "capacitycard.h"
#include "comparisonview.h"
#include "models/sessionset.h"
#include "resultspage.h"
#include "sessionplan.h"
#include "syntheticstages.h"

#include "report/capacitypoints.h"
#include "report/comparisontext.h"
#include "session/comparison.h"
#include "session/sessionanalysis.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTest>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv_read");
const QList<int> kRamp = {1, 2, 4, 8, 16, 32};

Session knownSession()
{
    Session s = test::closedRampSession(QStringLiteral("card-0001"), QStringLiteral("kv @ leader"),
                                        QStringLiteral("kv2_read"), kOp, kRamp, 4, 10.0,
                                        "slo: { p99_ms: 50 }\n");
    // the last stage: 800/s, but the load generator was the bottleneck
    StageStats last = test::fixedCapacityStages(kOp, {32}, 8, 10.0).first();
    last.index = 5;
    test::markClientBound(last, QStringLiteral("client_cpu: 97 % of 2 cores"));
    s.stages.last() = last;
    return s;
}

QString cell(QTableWidget *t, int row, int col)
{
    const QTableWidgetItem *it = t->item(row, col);
    return it ? it->text() : QString();
}

int rowOf(const QString &key)
{
    const QList<CapacityRow> rows = capacityRows();
    for (int i = 0; i < rows.size(); ++i)
        if (rows.at(i).key == key)
            return i;
    return -1;
}

} // namespace

class TestCapacityCard : public QObject {
    Q_OBJECT
private slots:
    void rowsOfAKnownSession()
    {
        const Session s = knownSession();
        ResultsPage page;
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.showSession(s);
        CapacityCard *card = page.capacityCard();
        QVERIFY(card);
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("bottomTabs"));
        QVERIFY(tabs && tabs->indexOf(card) >= 0);
        QCOMPARE(tabs->tabText(tabs->indexOf(card)), QStringLiteral("Capacity"));

        QTableWidget *t = card->table();
        const QList<CapacityRow> rows = capacityRows();
        QCOMPARE(t->rowCount(), int(rows.size()));
        QCOMPARE(t->columnCount(), 1);
        QCOMPARE(t->horizontalHeaderItem(0)->text(), kOp);
        for (int r = 0; r < rows.size(); ++r)
            QCOMPARE(t->verticalHeaderItem(r)->text(), rows.at(r).name);

        // the figures, as known from the ramp
        QVERIFY2(cell(t, rowOf(QStringLiteral("max")), 0).startsWith(QStringLiteral("400.0 @")),
                 qPrintable(cell(t, rowOf(QStringLiteral("max")), 0)));
        QCOMPARE(cell(t, rowOf(QStringLiteral("raw")), 0), QStringLiteral("800.0 @32 !"));
        QVERIFY(cell(t, rowOf(QStringLiteral("slo")), 0).startsWith(QStringLiteral("400.0 @")));
        QVERIFY(cell(t, rowOf(QStringLiteral("p99_slo")), 0) != QStringLiteral("-"));
        QVERIFY(cell(t, rowOf(QStringLiteral("p99_slo")), 0).toDouble() <= 50.0);
        QCOMPARE(cell(t, rowOf(QStringLiteral("used")), 0), QStringLiteral("1-5 of 6"));
        QVERIFY(cell(t, rowOf(QStringLiteral("knee")), 0) != QStringLiteral("-"));
        QVERIFY(card->heading()->text().contains(QStringLiteral("p99 <= 50 ms")));
        QVERIFY(card->heading()->text().contains(s.label));
        const QString excluded = card->excludedLabel()->text();
        QVERIFY2(excluded.contains(QStringLiteral("kv_read: stage 6 (32 VUs): client-bound")),
                 qPrintable(excluded));
        QVERIFY(excluded.contains(QStringLiteral("client_cpu: 97 % of 2 cores")));

        // one source: the card's cells are what `compare` prints for the same session
        const SessionAnalysis a = analyzeSession(s);
        const QString text = comparisonText(compareSessions({s}), {s});
        for (int r = 0; r < rows.size(); ++r) {
            const QString expected = capacityCell(*a.find(kOp), s, rows.at(r).key);
            QCOMPARE(cell(t, r, 0), expected);
            QVERIFY2(text.contains(expected), qPrintable(rows.at(r).key + QLatin1Char(' ') + text));
        }
        QVERIFY(text.contains(QStringLiteral("stage 6 (32 VUs): client-bound")));
    }

    void liveRunHasNoPointsYet()
    {
        ResultsPage page;
        page.showSession(knownSession());
        QCOMPARE(page.capacityCard()->table()->rowCount(), int(capacityRows().size()));
        page.sessionSet()->beginLive(QStringLiteral("kv @ lb"));
        QCOMPARE(page.capacityCard()->table()->rowCount(), 0);
        QVERIFY(page.capacityCard()->heading()->text().contains(
            QStringLiteral("come when the run ends")));
        page.sessionSet()->finishLive(knownSession());
        QCOMPARE(page.capacityCard()->table()->rowCount(), int(capacityRows().size()));
    }

    void comparisonTableHasTheSameRows()
    {
        // the GUI's comparison table: compare's rows, max in SLO and @VUs included
        ResultsPage page;
        Session b = knownSession();
        b.id = QStringLiteral("card-0002");
        b.label = QStringLiteral("kv @ lb");
        page.showSession(knownSession());
        page.sessionSet()->addOverlay(b);
        const QAbstractItemModel *cap = page.comparisonView()->capacityTable()->model();
        QCOMPARE(cap->rowCount(), int(capacityRows().size()));
        QCOMPARE(cap->index(rowOf(QStringLiteral("slo")), 1).data().toString(),
                 QStringLiteral("max in SLO/s @VUs"));
        QCOMPARE(cap->index(rowOf(QStringLiteral("raw")), 3).data().toString(),
                 QStringLiteral("800.0 @32 !"));
    }
};

QTEST_MAIN(TestCapacityCard)
#include "tst_capacitycard.moc"
