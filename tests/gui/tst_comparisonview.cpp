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
#include "models/sessionset.h"
#include "resultspage.h"

#include <QChart>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QTableWidget>
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
    QByteArray stages;   // the ramp that fixedCapacityStages() measures
    for (int v : vus)
        stages += "    - { vus: " + QByteArray::number(v) + ", duration: 2s }\n";
    s.profileYaml = "name: ssh\nramp:\n  warmup: 500ms\n  stages:\n" + stages + "operations:\n"
                    "  - type: ssh_sign\n    params: { ca_key_type: " + caKeyType + " }\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.server.product = QStringLiteral("openbao");
    s.server.version = QStringLiteral("2.7.2");
    s.stages = test::fixedCapacityStages(kOp, vus, workers, serviceMs);
    if (!test::setPlanFromYaml(&s))   // the run plan, as the engine stores it
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

QString text(QTableWidget *t, int row, int col)
{
    const QTableWidgetItem *it = t->item(row, col);
    return it ? it->text() : QString();
}

} // namespace

class TestComparisonView : public QObject {
    Q_OBJECT
private slots:
    void twoSessionsShowLegendTableAndWarning();
    void sameSetupHasNoBanner();
};

void TestComparisonView::twoSessionsShowLegendTableAndWarning()
{
    const Session a = session(QStringLiteral("rsa-2048"), {1, 2, 4, 8, 16, 32, 64}, 4, 10.0, "rsa-2048");
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
    QTableWidget *cap = view->capacityTable();
    QVERIFY(cap->isVisible());
    QCOMPARE(cap->columnCount(), 4);
    QCOMPARE(cap->rowCount(), 6);
    QVERIFY(cap->horizontalHeaderItem(2)->text().contains(QLatin1String("rsa-2048")));
    QVERIFY(cap->horizontalHeaderItem(3)->text().contains(QLatin1String("ed25519")));
    const OpAnalysis ka = *analyzeSession(a).find(kOp), kb = *analyzeSession(b).find(kOp);
    QCOMPARE(text(cap, 0, 1), QStringLiteral("knee (VUs)"));
    QCOMPARE(text(cap, 0, 2), vusCell(ka.knee.vus));
    QCOMPARE(text(cap, 0, 3), vusCell(kb.knee.vus));
    QCOMPARE(text(cap, 3, 2), numberCell(ka.maxThroughput.perS, 1));
    QCOMPARE(text(cap, 3, 3), numberCell(kb.maxThroughput.perS, 1));
    QCOMPARE(text(cap, 3, 2), QStringLiteral("400.0"));

    // ratios aligned by VUs: 7 levels; at 16 VUs B/A throughput = 3200 / 400 = 8
    QTableWidget *ratios = view->ratioTable();
    QCOMPARE(ratios->rowCount(), 7);
    QCOMPARE(text(ratios, 4, 1), QStringLiteral("16"));
    QCOMPARE(text(ratios, 4, 6), QStringLiteral("8.00×"));
    QCOMPARE(text(ratios, 6, 6), QStringLiteral("-"));   // 64 VUs: only A ran it

    // the banner names the differences (parameters and ramp)
    QLabel *banner = page.warningBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QLatin1String("ca_key_type")), qPrintable(banner->text()));
    QVERIFY(banner->text().contains(QLatin1String("ramp"), Qt::CaseInsensitive));

    // back to one session: no comparison, no banner
    set.removeOverlay(0);
    QVERIFY(!view->isActive());
    QCOMPARE(cap->rowCount(), 0);
    QVERIFY(!banner->isVisible());
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
    QCOMPARE(page.comparisonView()->capacityTable()->rowCount(), 6);
    QVERIFY(page.comparisonView()->warningText().isEmpty());
    QVERIFY(!page.warningBanner()->isVisible());
}

QTEST_MAIN(TestComparisonView)
#include "tst_comparisonview.moc"
