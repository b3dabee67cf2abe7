// The comparison in the results page (ui/comparisonview.h, ui/resultspage.h), offscreen, both
// views observing one SessionSet (ui/models/sessionset.h): two sessions with different
// parameters and ramps -> both labels in the charts' legends, the side-by-side capacity table
// with each session's detected points, the per-stage ratio table, and the warning banner
// naming the difference; one session -> no comparison.
#include "sessionplan.h"
#include "syntheticstages.h"
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"
#include "charts/stagecurvechart.h"
#include "comparisonview.h"
#include "report/capacitypoints.h"
#include "models/sessionset.h"
#include "resultspage.h"

#include <QAreaSeries>
#include <QChart>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QTableView>
#include <QTest>
#include <cmath>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");

Session session(const QString &label, const QList<int> &vus, int workers, double serviceMs,
                const QByteArray &caKeyType)
{
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("ssh");
    QByteArray stages; // the ramp that fixedCapacityStages() measures
    for (int v : vus)
        stages += "    - { vus: " + QByteArray::number(v) + ", duration: 2s }\n";
    s.profileYaml = "name: ssh\nramp:\n  warmup: 500ms\n  stages:\n" + stages
                    + "operations:\n"
                      "  - type: ssh_sign\n    params: { ca_key_type: "
                    + caKeyType + " }\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.server.product = QStringLiteral("openbao");
    s.server.version = QStringLiteral("2.7.2");
    s.stages = test::fixedCapacityStages(kOp, vus, workers, serviceMs);
    if (!test::setPlanFromYaml(&s)) // the run plan, as the engine stores it
        qFatal("test profile does not parse");
    return s;
}

QStringList legendLabels(StageCurveChart *chart)
{
    QStringList out;
    const auto markers = chart->chart()->legend()->markers();
    for (QLegendMarker *m : markers)
        if (m->isVisible())
            out << m->label();
    return out;
}

QString text(QTableView *t, int row, int col, int role = Qt::DisplayRole)
{
    return t->model()->index(row, col).data(role).toString();
}

QString header(QTableView *t, int col, int role = Qt::DisplayRole)
{
    return t->model()->headerData(col, Qt::Horizontal, role).toString();
}

} // namespace

class TestComparisonView : public QObject {
    Q_OBJECT
private slots:
    void twoSessionsShowLegendTableAndWarning();
    void sameSetupHasNoBanner();
    void variedParameterIsComparedNotWarned();
    void clientBoundBandsAreTheSessions();
};

void TestComparisonView::twoSessionsShowLegendTableAndWarning()
{
    const Session a =
        session(QStringLiteral("rsa-2048"), {1, 2, 4, 8, 16, 32, 64}, 4, 10.0, "rsa-2048");
    const Session b = session(QStringLiteral("ed25519"), {1, 2, 4, 8, 16, 32}, 16, 5.0, "ed25519");
    SessionSet set;
    ResultsPage page(&set);
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    set.setMain(a);
    QVERIFY(!page.comparisonView()->isActive());
    QVERIFY(!page.warningBanner()->isVisible());

    set.addOverlay(b);
    // legend: one entry per session on each chart
    for (StageCurveChart *c : {page.latencyChart(), page.throughputChart(), page.errorChart()}) {
        // legend markers are updated asynchronously by QtCharts
        QTRY_VERIFY2(legendLabels(c).contains(QStringLiteral("rsa-2048 · ssh_sign"))
                         && legendLabels(c).contains(QStringLiteral("ed25519 · ssh_sign")),
                     qPrintable(legendLabels(c).join(QLatin1Char('|'))));
    }
    // markers of both sessions on the throughput chart
    int knees = 0;
    for (const auto &m : page.throughputChart()->model().markers)
        knees += m.kinds.contains(QLatin1String("knee"));
    QCOMPARE(knees, 2);

    // the side-by-side table, visible, with each session's points
    ComparisonView *view = page.comparisonView();
    QVERIFY(view->isActive());
    QTableView *cap = view->capacityTable();
    QVERIFY(cap->isVisible());
    QCOMPARE(cap->model()->columnCount(), 4);
    QCOMPARE(cap->model()->rowCount(), int(capacityRows().size())); // compare's rows
    QVERIFY(header(cap, 2).contains(QLatin1String("rsa-2048")));
    QVERIFY(header(cap, 3).contains(QLatin1String("ed25519")));
    const OpAnalysis ka = *analyzeSession(a).find(kOp), kb = *analyzeSession(b).find(kOp);
    QCOMPARE(text(cap, 0, 1), QStringLiteral("knee VUs"));
    QCOMPARE(text(cap, 0, 2), vusCell(ka.knee.vus));
    QCOMPARE(text(cap, 0, 3), vusCell(kb.knee.vus));
    QCOMPARE(text(cap, 3, 1), QStringLiteral("max throughput/s @VUs"));
    QCOMPARE(text(cap, 3, 2), QStringLiteral("%1 @%2")
                                  .arg(numberCell(ka.maxThroughput.perS, 1))
                                  .arg(vusCell(ka.maxThroughput.vus)));
    QCOMPARE(text(cap, 3, 3), QStringLiteral("%1 @%2")
                                  .arg(numberCell(kb.maxThroughput.perS, 1))
                                  .arg(vusCell(kb.maxThroughput.vus)));
    QVERIFY(text(cap, 3, 2).startsWith(QStringLiteral("400.0 @")));
    QCOMPARE(text(cap, 5, 1), QStringLiteral("max in SLO/s @VUs")); // as `compare` prints it

    // ratios aligned by VUs: 7 levels; at 16 VUs B/A throughput = 3200 / 400 = 8
    QTableView *ratios = view->ratioTable();
    QCOMPARE(ratios->model()->rowCount(), 7);
    QCOMPARE(text(ratios, 4, 1), QStringLiteral("16"));
    QCOMPARE(text(ratios, 4, 6), QStringLiteral("8.00×"));
    QCOMPARE(text(ratios, 6, 6), QStringLiteral("-")); // 64 VUs: only A ran it

    // the parameter under test is a neutral "compared" line; the ramp (A ran 64 VUs too) is
    // what spoils the comparison, the warning banner names it and only it
    QLabel *compared = page.comparedBanner();
    QVERIFY(compared->isVisible());
    QCOMPARE(compared->text(), QStringLiteral("compared: ca_key_type rsa-2048 (A) vs ed25519 (B)"));
    QLabel *banner = page.warningBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(!banner->text().contains(QLatin1String("ca_key_type")), qPrintable(banner->text()));
    QVERIFY(banner->text().contains(QLatin1String("ramp stage loads: 1,2,4,8,16,32,64 (A) vs "
                                                  "1,2,4,8,16,32 (B)")));
    // ratio headers say what they divide, whole in their tooltips
    QCOMPARE(header(ratios, 6), QStringLiteral("throughput B/A"));
    QCOMPARE(header(ratios, 7), QStringLiteral("p99 B/A"));
    QVERIFY(header(ratios, 6, Qt::ToolTipRole).contains(QLatin1String("divided by")));
    // one operation: its name column is hidden in both tables (the width goes to the figures)
    QVERIFY(cap->isColumnHidden(0));
    QVERIFY(ratios->isColumnHidden(0));
    // at the default size no column is cut: each is at least as wide as its contents
    QTRY_VERIFY(ratios->isVisible());
    for (QTableView *t : {cap, ratios})
        for (int col = 0; col < t->model()->columnCount(); ++col) {
            if (t->isColumnHidden(col)) // the operation, with one operation
                continue;
            const QFontMetrics fm(t->horizontalHeader()->font());
            QVERIFY2(t->columnWidth(col) >= fm.horizontalAdvance(header(t, col)),
                     qPrintable(header(t, col)));
            for (int row = 0; row < t->model()->rowCount(); ++row)
                QVERIFY2(t->columnWidth(col)
                             >= t->fontMetrics().horizontalAdvance(text(t, row, col)),
                         qPrintable(text(t, row, col)));
        }

    // back to one session: no comparison, no banner
    set.removeOverlay(0);
    QVERIFY(!view->isActive());
    QCOMPARE(cap->model()->rowCount(), 0);
    QVERIFY(!banner->isVisible());
    QVERIFY(!compared->isVisible());
}

void TestComparisonView::sameSetupHasNoBanner()
{
    const QList<int> ramp{1, 2, 4, 8, 16};
    ResultsPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.sessionSet()->setMain(session(QStringLiteral("run 1"), ramp, 4, 10.0, "ed25519"));
    page.sessionSet()->addOverlay(session(QStringLiteral("run 2"), ramp, 4, 10.5, "ed25519"));
    QVERIFY(page.comparisonView()->isActive());
    QCOMPARE(page.comparisonView()->capacityTable()->model()->rowCount(),
             int(capacityRows().size()));
    QVERIFY(page.comparisonView()->warningText().isEmpty());
    QVERIFY(!page.warningBanner()->isVisible());
    QVERIFY(!page.comparedBanner()->isVisible());
}

// Issue 12: RSA-2048 vs ED25519 with the same ramp is what the user set out to compare: a
// neutral "compared" line, no warning banner; on another server version, a warning too.
void TestComparisonView::variedParameterIsComparedNotWarned()
{
    const QList<int> ramp{1, 2, 4, 8, 16};
    ResultsPage page;
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.sessionSet()->setMain(session(QStringLiteral("rsa"), ramp, 4, 10.0, "rsa-2048"));
    Session ed = session(QStringLiteral("ed"), ramp, 16, 5.0, "ed25519");
    page.sessionSet()->addOverlay(ed);
    QVERIFY(page.comparisonView()->isActive());
    QVERIFY(page.comparedBanner()->isVisible());
    QCOMPARE(page.comparedBanner()->text(),
             QStringLiteral("compared: ca_key_type rsa-2048 (A) vs ed25519 (B)"));
    QVERIFY(!page.warningBanner()->isVisible());
    QVERIFY(!page.comparedBanner()->text().contains(QStringLiteral("⚠")));

    page.sessionSet()->removeOverlay(0);
    ed.server.version = QStringLiteral("2.8.0");
    page.sessionSet()->addOverlay(ed);
    QVERIFY(page.comparedBanner()->isVisible());
    QVERIFY(page.warningBanner()->isVisible());
    QVERIFY2(page.warningBanner()->text().contains(
                 QLatin1String("server version: openbao 2.7.2 (A) vs openbao 2.8.0 (B)")),
             qPrintable(page.warningBanner()->text()));
    QVERIFY(!page.warningBanner()->text().contains(QLatin1String("ca_key_type")));
}

// Issue 12 item 7: B's client-bound stage is B's band alone (its colour, its legend entry
// "ed25519 · client-bound stage", the guard's reasons on hover); A has no band; the ratio
// table marks B's cells; the banner warns about the client-bound stage.
void TestComparisonView::clientBoundBandsAreTheSessions()
{
    const QList<int> ramp{1, 2, 4, 8, 16};
    ResultsPage page;
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.sessionSet()->setMain(session(QStringLiteral("rsa-2048"), ramp, 4, 10.0, "rsa-2048"));
    Session ed = session(QStringLiteral("ed25519"), ramp, 16, 5.0, "ed25519");
    test::markClientBound(ed.stages[4], QStringLiteral("client_cpu: 97 % of 2 cores"));
    page.sessionSet()->addOverlay(ed);

    for (StageCurveChart *c : {page.latencyChart(), page.throughputChart(), page.errorChart()}) {
        QTRY_VERIFY2(legendLabels(c).contains(QStringLiteral("ed25519 · client-bound stage")),
                     qPrintable(legendLabels(c).join(QLatin1Char('|'))));
        QVERIFY(!legendLabels(c).contains(QStringLiteral("rsa-2048 · client-bound stage")));
        QList<QAreaSeries *> bands;
        for (QAbstractSeries *s : c->chart()->series())
            if (s->property("vwRole").toString() == QLatin1String("band"))
                bands << static_cast<QAreaSeries *>(s);
        QCOMPARE(bands.size(), 1);
        QCOMPARE(bands.first()->name(), QStringLiteral("ed25519 · client-bound stage"));
        QColor expected(paletteColor(1));
        QCOMPARE(bands.first()->brush().color().rgb(), expected.rgb());
        QCOMPARE(bands.first()->brush().style(), Qt::BDiagPattern); // B's bands: hatched
        const QString tip = bands.first()->property("vwToolTip").toString();
        QVERIFY2(tip.startsWith(QStringLiteral("ed25519 · stage 5 at 16 VUs is client-bound:\n")),
                 qPrintable(tip));
        QVERIFY(tip.contains(QLatin1String("client_cpu: 97 % of 2 cores")));
    }
    QVERIFY(page.warningBanner()->isVisible());
    QVERIFY(page.warningBanner()->text().contains(
        QLatin1String("client-bound stages in B: 5 (16 VUs)")));
    // the ratio table marks B's cells at 16 VUs, the reason in the tooltip
    QTableView *ratios = page.comparisonView()->ratioTable();
    QCOMPARE(text(ratios, 4, 1), QStringLiteral("16"));
    QVERIFY(text(ratios, 4, 4).endsWith(QStringLiteral(" ⚠")));
    QVERIFY(
        text(ratios, 4, 4, Qt::ToolTipRole).contains(QLatin1String("client_cpu: 97 % of 2 cores")));
    QVERIFY(!text(ratios, 4, 2).contains(QStringLiteral("⚠")));
}

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
