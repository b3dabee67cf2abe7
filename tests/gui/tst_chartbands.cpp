// Intervals in the GUI (issue 18 items 5 and 7, issue 21 item 7), offscreen:
//  - live: a finished stage of 60 steady seconds with interval histograms gets its 95 % band
//    on the results page's charts (the model's ChartSeries::intervals, and the scene's whisker
//    series), built from the snapshots as the engine sends them (RunSnapshotAccumulator); a
//    stage of 5 seconds, too short for an interval, gets none;
//  - a saved session of 3 replicates: bands at every stage and the replicates' faint points;
//    the "replicates" toggle hides and shows the points (model and scene), the bands stay, and
//    the choice is remembered; the GUI export's SVG carries the bands;
//  - the comparison's models (ui/models/comparisontablemodel.h) under QAbstractItemModelTester,
//    and the verdict column of a known pair: B 40 % slower is "worse" in words and colours,
//    its ratio interval above the noise threshold; the overlay chart has a band per session.
#include "replicatedsession.h"
#include "charts/chartexport.h"
#include "charts/chartintervals.h"
#include "charts/chartpalette.h"
#include "charts/qtchartrenderer.h"
#include "charts/stagecurvechart.h"
#include "comparisonview.h"
#include "engine/runsnapshot.h"
#include "models/comparisontablemodel.h"
#include "models/sessionset.h"
#include "report/capacitypoints.h"
#include "resultspage.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QChart>
#include <QFile>
#include <QFont>
#include <QJsonArray>
#include <QLineSeries>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <random>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv2_read");

/// Series with `role` (qtchartrenderer.cpp's vwRole) on `chart`.
QList<QAbstractSeries *> seriesWithRole(StageCurveChart *chart, const QString &role)
{
    QList<QAbstractSeries *> out;
    const auto all = chart->chart()->series();
    for (QAbstractSeries *s : all)
        if (s->property("vwRole").toString() == role)
            out << s;
    return out;
}

/// The x of the whiskers on `chart`.
QList<double> whiskerXs(StageCurveChart *chart)
{
    QList<double> xs;
    for (QAbstractSeries *s : seriesWithRole(chart, QStringLiteral("interval-bar")))
        xs << static_cast<QLineSeries *>(s)->points().value(0).x();
    return xs;
}

/// What the engine sends when closed stage `index` (`vus` VUs, 1 s warm-up, `steady` steady
/// seconds, starting at second `first`) has ended: the stage, its seconds' series points and
/// interval histograms (170 to 230 successes a second, lognormal around 2 ms).
RunSnapshot stageEnded(int index, int vus, qint64 first, int steady, std::mt19937_64 &rng)
{
    RunSnapshot d;
    d.phase = RunPhase::Running;
    d.stageIndex = index + 1;
    d.stagesFinished = index + 1;
    d.seriesFrom = first; // one op: one point a second
    d.newSecondHistograms.ops = {kOp};
    d.newSecondHistograms.byOp.resize(1);
    StageStats st;
    st.index = index;
    st.vus = vus;
    st.startMs = first * 1000;
    st.warmupMs = 1000;
    st.durationMs = (1 + steady) * 1000;
    st.steadySeconds = steady;
    OpStats o;
    o.op = kOp;
    std::lognormal_distribution<double> lat(std::log(2000.0), 0.25);
    std::uniform_int_distribution<int> perSecond(170, 230);
    for (int t = 0; t <= steady; ++t) {
        LatencyHistogram h;
        for (int i = perSecond(rng); i > 0; --i)
            h.record(int64_t(std::llround(lat(rng))));
        d.newSecondHistograms.add(0, first + t, h);
        SeriesPoint p;
        p.tS = double(first + t + 1);
        p.stage = index;
        p.vus = vus;
        p.op = kOp;
        p.count = p.ok = h.count();
        p.warmup = t == 0;
        d.seriesTail.append(p);
        if (t > 0) {
            o.latency.add(h);
            o.count += h.count();
            o.ok += h.count();
        }
    }
    o.latency.compact();
    st.ops = {o};
    d.newStages = {st};
    return d;
}

/// WCAG 2 contrast ratio of two colours (1 to 21; 4.5 is the minimum for body text).
double contrast(const QColor &a, const QColor &b)
{
    auto lum = [](const QColor &c) {
        auto ch = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
    };
    const double la = lum(a), lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TestChartBands : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        QCoreApplication::setOrganizationName(QStringLiteral("vw-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_chartbands"));
        QSettings().remove(QLatin1String(ResultsPage::kShowReplicatesKey));
    }

    void liveStageGetsItsBandWhenItEnds()
    {
        std::mt19937_64 rng(11);
        SessionSet set;
        ResultsPage page(&set);
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        set.beginLive(QStringLiteral("live"));
        RunSnapshotAccumulator acc;
        acc.add(stageEnded(0, 1, 0, 60, rng)); // 60 steady seconds: an interval
        set.updateLive(acc.current());
        QCOMPARE(acc.current().secondHistograms.byOp.value(0).size(), 61);
        StageCurveChart *tput = page.throughputChart();
        QTRY_COMPARE(page.throughputChart()->model().series.value(0).intervals.size(), 1);
        const ChartInterval iv = tput->model().series.at(0).intervals.first();
        QCOMPARE(iv.x, 1.0);
        const double y = tput->model().series.at(0).points.value(0).y(); // about 200/s
        QVERIFY2(iv.lo < y && y < iv.hi && iv.lo > 150 && iv.hi < 250,
                 qPrintable(QStringLiteral("%1 in [%2, %3]").arg(y).arg(iv.lo).arg(iv.hi)));
        QCOMPARE(tput->model().series.at(0).intervalTitle,
                 QStringLiteral("95% CI, block bootstrap, 1 run"));
        QCOMPARE(whiskerXs(tput), QList<double>{1.0}); // drawn in the scene
        QVERIFY(!page.replicatesCheck()->isEnabled()); // one run: no replicates to show
        // the latency chart: each percentile's curve has its interval at 1 VU
        QTRY_COMPARE(whiskerXs(page.latencyChart()).size(), 3);

        acc.add(stageEnded(1, 2, 61, 5, rng)); // 5 steady seconds: too few
        set.updateLive(acc.current());
        QTRY_COMPARE(page.chartIntervals()->pending(), 0);
        QTRY_COMPARE(page.throughputChart()->model().series.at(0).points.size(), 2);
        QCOMPARE(tput->model().series.at(0).intervals.size(), 1); // still only stage 1's
        QCOMPARE(whiskerXs(tput), QList<double>{1.0});
        QVERIFY(seriesWithRole(tput, QStringLiteral("interval")).isEmpty()); // a band needs 2
        const QJsonArray drawn = drawnChartData(tput->chart())
                                     .value(QStringLiteral("series"))
                                     .toArray()
                                     .at(0)
                                     .toObject()
                                     .value(QStringLiteral("intervals"))
                                     .toArray();
        QCOMPARE(drawn.size(), 1);
        QCOMPARE(drawn.at(0).toArray().at(0).toDouble(), 1.0);
    }

    void replicatesToggleAndExport()
    {
        std::mt19937_64 rng(5);
        const Session s = test::replicatedSession(QStringLiteral("three"), 3, 1.0, 0.03, rng);
        SessionSet set;
        ResultsPage page(&set);
        page.resize(1400, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        set.setMain(s);
        StageCurveChart *tput = page.throughputChart();
        QTRY_COMPARE(page.throughputChart()->model().series.value(0).intervals.size(), 2);
        QCOMPARE(tput->model().series.at(0).intervalTitle,
                 QStringLiteral("95% CI, bootstrap over runs, 3 runs"));
        QCOMPARE(tput->model().series.at(0).replicatePoints.size(), 6); // 3 runs x 2 stages
        QCOMPARE(seriesWithRole(tput, QStringLiteral("replicates")).size(), 1);
        QCOMPARE(seriesWithRole(tput, QStringLiteral("interval")).size(), 1);
        QCOMPARE(whiskerXs(tput), (QList<double>{1.0, 4.0}));

        QCheckBox *toggle = page.replicatesCheck();
        QVERIFY(toggle->isChecked());
        QVERIFY(toggle->isEnabled()); // a session of 3 runs is shown
        toggle->setChecked(false);
        for (StageCurveChart *c : {tput, page.latencyChart()}) {
            for (const ChartSeries &cs : c->model().series)
                QVERIFY(cs.replicatePoints.isEmpty());
            QVERIFY(seriesWithRole(c, QStringLiteral("replicates")).isEmpty());
            QVERIFY(!seriesWithRole(c, QStringLiteral("interval")).isEmpty()); // bands stay
        }
        QCOMPARE(QSettings().value(QLatin1String(ResultsPage::kShowReplicatesKey)).toBool(), false);
        {
            ResultsPage again; // the choice is remembered
            QVERIFY(!again.replicatesCheck()->isChecked());
            QVERIFY(!again.throughputChart()->replicatesShown());
        }
        toggle->setChecked(true);
        QCOMPARE(tput->model().series.at(0).replicatePoints.size(), 6);
        QCOMPARE(seriesWithRole(tput, QStringLiteral("replicates")).size(), 1);

        // the GUI export draws the page's chart: its SVG carries the bands and their title
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tput.svg"));
        ChartExportOptions opt;
        opt.format = ChartFormat::Svg;
        QString error;
        QVERIFY2(exportChart(tput->chart(), path, opt, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.contains("95% CI, bootstrap over runs, 3 runs"));
        QVERIFY(svg.contains("&quot;intervals&quot;") || svg.contains("\"intervals\""));
        QVERIFY(svg.contains("&quot;replicates&quot;") || svg.contains("\"replicates\""));
    }

    void verdictColumnOfKnownPair()
    {
        std::mt19937_64 rng(3);
        SessionSet set;
        ResultsPage page(&set);
        ComparisonView &view = *page.comparisonView();
        QAbstractItemModelTester t1(view.capacityModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(view.ratioModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(view.verdictModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
        set.setMain(test::replicatedSession(QStringLiteral("fast"), 3, 1.0, 0.02, rng));
        set.addOverlay(test::replicatedSession(QStringLiteral("slow"), 3, 1.4, 0.02, rng));
        QVERIFY(view.isActive());
        QCOMPARE(view.capacityModel()->rowCount(), int(capacityRows().size())); // compare's rows
        QCOMPARE(view.ratioModel()->rowCount(), 2); // 1 and 4 VUs
        QTRY_VERIFY_WITH_TIMEOUT(view.verdictsReady(), 60000);
        // the overlay: a band per session, in its colour, each with its own interval title
        StageCurveChart *tput = page.throughputChart();
        // (the page is not shown: each read goes through throughputChart(), which brings a
        // chart that missed an update up to date)
        auto both = [&] {
            const ChartModel &cm = page.throughputChart()->model();
            return cm.series.size() == 2 && cm.series.at(0).intervals.size() == 2
                   && cm.series.at(1).intervals.size() == 2;
        };
        QTRY_VERIFY_WITH_TIMEOUT(both(), 60000);
        QVERIFY(tput->model().series.at(0).color != tput->model().series.at(1).color);
        QCOMPARE(seriesWithRole(tput, QStringLiteral("interval")).size(), 2);
        const ComparisonTableModel *m = view.verdictModel();
        using Col = ComparisonTableModel::VerdictColumn;
        QCOMPARE(m->columnCount(), int(Col::VerdictColumnCount));
        QCOMPARE(m->rowCount(), 2 * kCompareMetricCount); // 2 levels x 4 metrics, B vs A
        QVERIFY(view.verdictTable()->isColumnHidden(Col::SessionColumn)); // only B
        int checked = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            auto at = [&](int col, int role = Qt::DisplayRole) {
                return m->index(r, col).data(role);
            };
            const QString metric = at(Col::MetricColumn).toString();
            if (metric != QLatin1String("p50")
                && !(metric == QLatin1String("throughput")
                     && at(Col::LoadColumn).toString() == QLatin1String("1")))
                continue;
            ++checked;
            // B is 1.4x slower: p50 ratio 1.4, throughput 1/1.4, both worse
            const QString why = metric + QLatin1Char(' ') + at(Col::LoadColumn).toString() + ": "
                                + at(Col::WordsColumn).toString() + ", "
                                + at(Col::WhyColumn).toString();
            QCOMPARE(at(Col::WordsColumn).toString(), QStringLiteral("worse"));
            QCOMPARE(at(Col::WordsColumn, ComparisonTableModel::VerdictRole).toInt(),
                     int(Verdict::Worse));
            QCOMPARE(at(Col::WordsColumn, Qt::BackgroundRole).value<QColor>(),
                     QColor(verdictBackground(Verdict::Worse)));
            QCOMPARE(at(Col::WordsColumn, Qt::ForegroundRole).value<QColor>(),
                     QColor(verdictForeground(Verdict::Worse)));
            QVERIFY(at(Col::WordsColumn, Qt::FontRole).value<QFont>().bold());
            QVERIFY(at(Col::WordsColumn, Qt::ToolTipRole).toString().contains(u"slow"));
            const double truth = metric == QLatin1String("p50") ? 1.4 : 1 / 1.4;
            const QString ratio = at(Col::RatioColumn).toString();
            QVERIFY2(ratio.endsWith(u"×"), qPrintable(ratio));
            QVERIFY2(std::abs(ratio.chopped(1).toDouble() - truth) < 0.1 * truth, qPrintable(why));
            const QStringList ci = at(Col::IntervalColumn).toString().chopped(1).split(u'-');
            QCOMPARE(ci.size(), 2);
            const double lo = ci.at(0).toDouble(), hi = ci.at(1).toDouble();
            QVERIFY2(lo < hi, qPrintable(why));
            // beyond the ±5 % threshold on the worse side
            QVERIFY2(metric == QLatin1String("p50") ? lo > 1.05 : hi < 0.95, qPrintable(why));
        }
        QCOMPARE(checked, 3); // p50 at 1 and 4 VUs, throughput at 1 VU

        // every tinted verdict cell sets both colours, at a contrast readable in either theme
        // (the view's palette does not enter); the others keep the view's colours
        for (int r = 0; r < m->rowCount(); ++r) {
            const QModelIndex i = m->index(r, Col::WordsColumn);
            const QVariant bg = i.data(Qt::BackgroundRole), fg = i.data(Qt::ForegroundRole);
            QCOMPARE(bg.isValid(), fg.isValid());
            if (bg.isValid())
                QVERIFY2(contrast(bg.value<QColor>(), fg.value<QColor>()) >= 7.0,
                         qPrintable(i.data().toString()));
        }

        // one session left: no comparison, empty models
        set.removeOverlay(0);
        QCOMPARE(view.verdictModel()->rowCount(), 0);
        QCOMPARE(view.ratioModel()->rowCount(), 0);
    }
};

QTEST_MAIN(TestChartBands)
#include "tst_chartbands.moc"
