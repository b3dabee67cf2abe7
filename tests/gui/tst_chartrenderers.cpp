// One chart model, four pictures (issue 8, "One chart model in core"): for a closed session and
// an arrival-rate session (the v1 fixtures of tests/data/, one stage marked client-bound), the
// points, markers, bands and reference lines of
//   (i)   the results page's charts (ResultsPage, QtCharts), opened and live,
//   (ii)  File > Export Chart… as SVG (ui/charts/chartexport, ChartExportDialog),
//   (iii) `vault-workbench export --format svg` (the built binary),
//   (iv)  `vault-workbench report --format html` (the SVG renderer, per op)
// are those of the chart model (core/charts/chartmodel.h). The QtCharts SVG export carries the
// chart's drawn data in its <desc>; the report's SVG carries it in data-* attributes.
#include "charts/chartmodel.h"
#include "syntheticstages.h"
#include "manystagesession.h"
#include "charts/chartexport.h"
#include "analysis/capacityanalyzer.h"
#include "charts/qtchartrenderer.h"
#include "charts/stagecurvechart.h"
#include "charts/timeserieschart.h"
#include "chartexportdialog.h"
#include "models/sessionset.h"
#include "resultspage.h"
#include "serverstages.h"
#include "session/sessionio.h"
#include "charts/svgrenderer.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QImageReader>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QXYSeries>
#include <cmath>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QScreen>
#include <QXmlStreamReader>

using namespace vw;

namespace {

const QList<ChartKind> kLoadCharts = {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad,
                                      ChartKind::ErrorRatioVsLoad};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The JSON in the <desc> of a QtCharts SVG export (drawnChartData()).
QJsonObject descData(const QByteArray &svg)
{
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("desc"))
            return QJsonDocument::fromJson(xml.readElementText().toUtf8()).object();
    return {};
}

QJsonArray pointsOf(const QString &attr)
{
    QJsonArray out;
    const QStringList pts = attr.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &p : pts) {
        const QStringList xy = p.split(QLatin1Char(','));
        out.append(QJsonArray{xy.value(0).toDouble(), xy.value(1).toDouble()});
    }
    return out;
}

/// One chart of the SVG renderer read back from its data-* attributes, in chartData()'s shape.
QJsonObject svgData(const QString &svg)
{
    QXmlStreamReader xml(svg);
    QJsonObject out;
    QJsonArray series, markers, bands, lines, notes, xTicks, yTicks, legend;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QXmlStreamAttributes a = xml.attributes();
        const QStringList cls = a.value(QLatin1String("class")).toString().split(QLatin1Char(' '));
        if (xml.name() == QLatin1String("svg")) {
            out.insert(QStringLiteral("title"), a.value(QLatin1String("data-title")).toString());
            out.insert(QStringLiteral("subtitle"),
                       a.value(QLatin1String("data-subtitle")).toString());
            out.insert(QStringLiteral("x_title"),
                       a.value(QLatin1String("data-x-title")).toString());
            out.insert(QStringLiteral("y_title"),
                       a.value(QLatin1String("data-y-title")).toString());
        } else if (cls.contains(QLatin1String("tick"))) {
            (cls.contains(QLatin1String("x")) ? xTicks : yTicks).append(xml.readElementText());
        } else if (cls.contains(QLatin1String("series"))) {
            // a curve broken by gaps is one polyline per piece (data-piece 0, 1, ..): the
            // pieces after the first join their curve, a gap between each two
            const QJsonArray pts = pointsOf(a.value(QLatin1String("data-points")).toString());
            if (a.value(QLatin1String("data-piece")).toInt() > 0 && !series.isEmpty()) {
                QJsonObject last = series.last().toObject();
                QJsonArray all = last.value(QStringLiteral("points")).toArray();
                QJsonArray gaps = last.value(QStringLiteral("gaps")).toArray();
                if (!all.isEmpty() && !pts.isEmpty())
                    gaps.append(
                        QJsonArray{all.last().toArray().at(0), pts.first().toArray().at(0)});
                for (const QJsonValue &p : pts)
                    all.append(p);
                last.insert(QStringLiteral("points"), all);
                last.insert(QStringLiteral("gaps"), gaps);
                series.replace(series.size() - 1, last);
            } else {
                series.append(QJsonObject{
                    {QStringLiteral("name"), a.value(QLatin1String("data-series")).toString()},
                    {QStringLiteral("points"), pts},
                    {QStringLiteral("gaps"), QJsonArray()}});
            }
        } else if (cls.contains(QLatin1String("line"))) {
            lines.append(QJsonObject{
                {QStringLiteral("name"), a.value(QLatin1String("data-name")).toString()},
                {QStringLiteral("points"),
                 pointsOf(a.value(QLatin1String("data-points")).toString())}});
        } else if (cls.contains(QLatin1String("marker"))) {
            markers.append(QJsonObject{
                {QStringLiteral("kind"), a.value(QLatin1String("data-kind")).toString()},
                {QStringLiteral("label"), a.value(QLatin1String("data-label")).toString()},
                {QStringLiteral("x"), a.value(QLatin1String("data-x")).toDouble()},
                {QStringLiteral("y"), a.value(QLatin1String("data-y")).toDouble()}});
        } else if (cls.contains(QLatin1String("band"))) {
            bands.append(QJsonArray{a.value(QLatin1String("data-x0")).toDouble(),
                                    a.value(QLatin1String("data-x1")).toDouble()});
        } else if (cls.contains(QLatin1String("note"))) {
            notes.append(xml.readElementText());
        } else if (cls.contains(QLatin1String("legend"))) {
            legend.append(xml.readElementText());
        }
    }
    out.insert(QStringLiteral("series"), series);
    out.insert(QStringLiteral("markers"), markers);
    out.insert(QStringLiteral("bands"), bands);
    out.insert(QStringLiteral("lines"), lines);
    out.insert(QStringLiteral("notes"), notes);
    out.insert(QStringLiteral("x_ticks"), xTicks);
    out.insert(QStringLiteral("y_ticks"), yTicks);
    out.insert(QStringLiteral("legend"), legend);
    return out;
}

/// Every <svg>...</svg> of an HTML document.
QStringList svgsOf(const QString &html)
{
    QStringList out;
    for (qsizetype from = 0;;) {
        const qsizetype a = html.indexOf(QLatin1String("<svg"), from);
        if (a < 0)
            return out;
        const qsizetype b = html.indexOf(QLatin1String("</svg>"), a);
        out << html.mid(a, b + 6 - a);
        from = b;
    }
}

/// Compares two chart data objects, naming the first difference.
void compareData(const QJsonObject &actual, const QJsonObject &expected, const char *what)
{
    if (actual == expected)
        return;
    for (auto it = expected.begin(); it != expected.end(); ++it)
        QVERIFY2(
            actual.value(it.key()) == it.value(),
            qPrintable(QStringLiteral("%1: \"%2\" differs\n  actual:   %3\n  expected: %4")
                           .arg(QLatin1String(what), it.key(),
                                QString::fromUtf8(
                                    QJsonDocument(QJsonObject{{it.key(), actual.value(it.key())}})
                                        .toJson(QJsonDocument::Compact)),
                                QString::fromUtf8(QJsonDocument(QJsonObject{{it.key(), it.value()}})
                                                      .toJson(QJsonDocument::Compact)))));
    QCOMPARE(actual.keys(), expected.keys());
}

int runApp(const QStringList &args, QByteArray *out = nullptr)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(VW_APP_BINARY), args);
    if (!p.waitForFinished(60000))
        return -1;
    if (out)
        *out = p.readAllStandardOutput();
    return p.exitCode();
}

} // namespace

class TestChartRenderers : public QObject {
    Q_OBJECT
private slots:
    void sameAcrossRenderers_data();
    void sameAcrossRenderers();
    void mixedOverlayIsNoted();
    void serverChartsSameAcrossRenderers();
    void tickLabelsSameAndPlain();
    void logYAcrossRenderers();
    void liveUpdateLeavesNoGhosts();
    void stageWithoutSuccessIsAGap();
    void longCurvesAreThinnedInBothRenderers();
    void manyStagesDrawWhatThePlotShows();
};

namespace {

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray())
        out << s.toString();
    return out;
}

/// The chart of `model` in QtCharts (drawnChartData) and in SVG (svgData).
void drawBoth(const ChartModel &model, QJsonObject *qt, QJsonObject *svg)
{
    QChart chart;
    QtChartRenderer r(&chart);
    r.render(model);
    *qt = drawnChartData(&chart);
    *svg = svgData(renderSvg(model));
}

CurveSource fixtureSource(const char *name)
{
    QString error;
    const std::optional<Session> s =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/") + QLatin1String(name), &error);
    return s ? curveSourceFromSession(*s, s->profileName) : CurveSource();
}

} // namespace

void TestChartRenderers::sameAcrossRenderers_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("closed") << QStringLiteral("session-v1-closed.json");
    QTest::newRow("arrival-rate") << QStringLiteral("session-v1-arrival-rate.json");
}

void TestChartRenderers::sameAcrossRenderers()
{
    QFETCH(QString, fixture);
    QString error;
    std::optional<Session> loaded =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/") + fixture, &error);
    QVERIFY2(loaded, qPrintable(error));
    // one more stage at twice the load, client-bound, so every renderer has a band to draw
    // (the detectors leave it out: the fixture's knee stays where it is)
    StageStats extra = loaded->stages.last();
    extra.index = int(loaded->stages.size());
    extra.startMs += extra.durationMs;
    if (loaded->loadModel().isOpen())
        extra.rate *= 2;
    else
        extra.vus *= 2;
    extra.validity.measured = true;
    extra.validity.clientBound = true;
    extra.validity.reasons = {QStringLiteral("client_cpu: test")};
    loaded->stages << extra;
    const int clientBoundStage = extra.index;
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("session.json"));
    QVERIFY2(writeSession(*loaded, file, &error), qPrintable(error));
    const Session s = *readSession(file, &error); // exactly what the commands read
    const bool arrival = s.loadModel().isOpen();
    const QString label = s.label.isEmpty() ? s.profileName : s.label;
    const CurveSource source = curveSourceFromSession(s, label);

    ResultsPage page;
    page.resize(1200, 800);
    page.showSession(s);
    ChartExportDialog dialog(&page);
    dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(QStringLiteral("svg")));

    QByteArray html;
    QCOMPARE(
        runApp({QStringLiteral("report"), file, QStringLiteral("--format"), QStringLiteral("html")},
               &html),
        0);
    const QStringList reportSvgs = svgsOf(QString::fromUtf8(html));
    // per op: latency, throughput, error ratio and errors over time (issue 23.11)
    QCOMPARE(reportSvgs.size(), 4 * s.ops.size());

    // One chart on the four surfaces, the same data on each: (i) the results page's `drawn`,
    // (ii) the GUI export, (iii) the CLI export and (iv) the HTML report, one chart per op,
    // each the model of that op; with `curvesOfAll`, each op's curves are also the all-ops
    // chart's curves of that op.
    const auto sameEverywhere = [&](ChartKind kind, const ChartModel &model, const QChart *drawn,
                                    bool curvesOfAll) {
        const QString name = chartKindName(kind);
        const QJsonObject expected = chartData(model);
        compareData(drawnChartData(drawn), expected, "results page");

        const QString guiSvg = dir.filePath(QStringLiteral("gui-%1.svg").arg(name));
        dialog.chartCombo()->setCurrentIndex(dialog.chartCombo()->findData(name));
        dialog.pathEdit()->setText(guiSvg);
        QVERIFY(dialog.exportNow(true));
        compareData(descData(readAll(guiSvg)), expected, "GUI export");

        const QString cliSvg = dir.filePath(QStringLiteral("cli-%1.svg").arg(name));
        QCOMPARE(runApp({QStringLiteral("export"), file, QStringLiteral("--chart"), name,
                         QStringLiteral("--format"), QStringLiteral("svg"), QStringLiteral("--out"),
                         cliSvg}),
                 0);
        compareData(descData(readAll(cliSvg)), expected, "CLI export");

        int found = 0;
        for (const QString &op : s.ops) {
            ChartOptions perOp;
            perOp.op = op;
            const ChartModel opModel = buildChartModel(kind, {source}, perOp);
            for (const QString &svg : reportSvgs) {
                const QJsonObject data = svgData(svg);
                if (!svg.contains(QStringLiteral("data-chart=\"%1\"").arg(name))
                    || data.value(QStringLiteral("title")).toString() != opModel.title)
                    continue;
                ++found;
                compareData(data, chartData(opModel), "HTML report");
                for (const ChartSeries &cs : curvesOfAll ? opModel.series : QList<ChartSeries>()) {
                    bool same = false;
                    for (const ChartSeries &all : model.series)
                        same = same || (all.name == cs.name && all.points == cs.points);
                    QVERIFY2(same, qPrintable(cs.name));
                }
            }
        }
        QCOMPARE(found, s.ops.size());
    };

    for (ChartKind kind : kLoadCharts) {
        const ChartModel model = buildChartModel(kind, {source});
        // the model itself: the arrival-rate session against the rate, the closed one against VUs
        QVERIFY(!model.isEmpty());
        for (const ChartSeries &cs : model.series)
            for (int i = 0; i < cs.points.size(); ++i)
                QCOMPARE(cs.points.at(i).x(),
                         arrival ? s.stages.at(i).rate : double(s.stages.at(i).vus));
        QCOMPARE(model.bands.size(), 1);
        QCOMPARE(model.bands.first().x0,
                 chartXForStage(s.stages.at(clientBoundStage), loadAxisOf(source))
                     / kClientBoundBandFactor);
        if (!arrival && kind != ChartKind::ErrorRatioVsLoad)
            QVERIFY(!model.markers.isEmpty()); // the fixture's knee at 2 VUs

        StageCurveChart *chart = kind == ChartKind::LatencyVsLoad      ? page.latencyChart()
                                 : kind == ChartKind::ThroughputVsLoad ? page.throughputChart()
                                                                       : page.errorChart();
        sameEverywhere(kind, model, chart->chart(), true);
        if (QTest::currentTestFailed())
            return;
    }

    // errors over time (issue 23.11): the same data on the results page, in the GUI and CLI
    // exports, and per op in the HTML report
    const ChartModel errorsOverTime = buildChartModel(ChartKind::ErrorsOverTime, {source});
    QVERIFY(!errorsOverTime.isEmpty());
    sameEverywhere(ChartKind::ErrorsOverTime, errorsOverTime, page.timeErrorsChart()->chart(),
                   false);
    if (QTest::currentTestFailed())
        return;

    // the live view of the same stages (no analysis yet): the same curves and bands
    ResultsPage live;
    live.resize(1200, 800);
    live.sessionSet()->beginLive(label, s.plan);
    RunSnapshot snap;
    snap.phase = RunPhase::Running;
    snap.stageIndex = int(s.stages.size());
    snap.stages = s.stages;
    snap.series = s.series;
    live.sessionSet()->updateLive(snap);
    CurveSource liveSource;
    liveSource.label = label;
    liveSource.stages = s.stages;
    liveSource.series = s.series;
    liveSource.slo = s.plan.slo;
    liveSource.openModel = arrival;
    for (ChartKind kind : kLoadCharts) {
        StageCurveChart *chart = kind == ChartKind::LatencyVsLoad      ? live.latencyChart()
                                 : kind == ChartKind::ThroughputVsLoad ? live.throughputChart()
                                                                       : live.errorChart();
        compareData(drawnChartData(chart->chart()), chartData(buildChartModel(kind, {liveSource})),
                    "live results page");
    }
}

void TestChartRenderers::mixedOverlayIsNoted()
{
    // a closed main session and an arrival-rate overlay: the overlay is left out of the charts
    // against VUs, with a note on the chart (not silently), in the page and in the report
    QString error;
    const std::optional<Session> closed =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json"), &error);
    const std::optional<Session> open = readSession(
        QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-arrival-rate.json"), &error);
    QVERIFY2(closed && open, qPrintable(error));
    ResultsPage page;
    page.showSession(*closed);
    page.sessionSet()->addOverlay(*open);
    const QJsonObject drawn = drawnChartData(page.throughputChart()->chart());
    const QJsonArray notes = drawn.value(QStringLiteral("notes")).toArray();
    QCOMPARE(notes.size(), 1);
    QVERIFY2(notes.at(0).toString().contains(QLatin1String("left out")),
             qPrintable(notes.at(0).toString()));
    QVERIFY(page.throughputChart()->chart()->title().contains(QLatin1String("left out")));
    for (const QJsonValue &v : drawn.value(QStringLiteral("series")).toArray())
        QVERIFY(!v.toObject()
                     .value(QStringLiteral("name"))
                     .toString()
                     .contains(QLatin1String("sys_health")));
}

void TestChartRenderers::serverChartsSameAcrossRenderers()
{
    // The closed fixture with server telemetry per stage (memory climbing, CPU rising): each
    // server chart is the model's in the results page, the GUI export, the CLI export and the
    // HTML report.
    QString error;
    std::optional<Session> loaded =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json"), &error);
    QVERIFY2(loaded, qPrintable(error));
    QList<vw::test::ServerFigures> figures;
    for (int i = 0; i < loaded->stages.size(); ++i)
        figures.append({(100 + 20 * i) * 1048576.0, 0.4 + 0.3 * i, 0.2 + 0.01 * i, 0.02});
    loaded->serverTelemetry = vw::test::serverTelemetryOf(figures, 2);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("session.json"));
    QVERIFY2(writeSession(*loaded, file, &error), qPrintable(error));
    const Session s = *readSession(file, &error);
    const CurveSource source =
        curveSourceFromSession(s, s.label.isEmpty() ? s.profileName : s.label);
    ResultsPage page;
    page.resize(1200, 800);
    page.showSession(s);
    ChartExportDialog dialog(&page);
    dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(QStringLiteral("svg")));
    QByteArray html;
    QCOMPARE(
        runApp({QStringLiteral("report"), file, QStringLiteral("--format"), QStringLiteral("html")},
               &html),
        0);
    const QStringList reportSvgs = svgsOf(QString::fromUtf8(html));
    QVERIFY(QString::fromUtf8(html).contains(QLatin1String("Saturating resource:</b> ")));

    for (ChartKind kind : ResultsPage::serverChartKinds()) {
        const QString name = chartKindName(kind);
        const ChartModel model = buildChartModel(kind, {source});
        QVERIFY2(!model.isEmpty(), qPrintable(name));
        const QJsonObject expected = chartData(model);
        compareData(drawnChartData(page.serverChart(kind)->chart()), expected, "results page");

        const QString guiSvg = dir.filePath(QStringLiteral("gui-%1.svg").arg(name));
        const int item = dialog.chartCombo()->findData(name);
        QVERIFY2(item >= 0, qPrintable(name));
        dialog.chartCombo()->setCurrentIndex(item);
        dialog.pathEdit()->setText(guiSvg);
        QVERIFY(dialog.exportNow(true));
        compareData(descData(readAll(guiSvg)), expected, "GUI export");

        const QString cliSvg = dir.filePath(QStringLiteral("cli-%1.svg").arg(name));
        QCOMPARE(runApp({QStringLiteral("export"), file, QStringLiteral("--chart"), name,
                         QStringLiteral("--format"), QStringLiteral("svg"), QStringLiteral("--out"),
                         cliSvg}),
                 0);
        compareData(descData(readAll(cliSvg)), expected, "CLI export");

        int found = 0;
        for (const QString &svg : reportSvgs) {
            if (!svg.contains(QStringLiteral("data-chart=\"%1\"").arg(name)))
                continue;
            ++found;
            compareData(svgData(svg), expected, "HTML report");
        }
        QCOMPARE(found, 1);
    }
}

// Issue 12 item 5: both renderers label the same ticks, as plain grouped numbers.
void TestChartRenderers::tickLabelsSameAndPlain()
{
    const CurveSource closed = fixtureSource("session-v1-closed.json");
    QVERIFY(!closed.stages.isEmpty());
    for (ChartKind k :
         {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad,
          ChartKind::LatencyOverTime, ChartKind::ThroughputOverTime}) {
        for (const QList<CurveSource> &sources :
             {QList<CurveSource>{closed}, QList<CurveSource>{}}) {
            const ChartModel m = buildChartModel(k, sources);
            const QJsonObject model = chartData(m);
            QJsonObject qt, svg;
            drawBoth(m, &qt, &svg);
            for (const char *key : {"x_ticks", "y_ticks"}) {
                const QStringList want = strings(model.value(QLatin1String(key)));
                QVERIFY2(want.size() >= 2, key);
                QCOMPARE(strings(qt.value(QLatin1String(key))), want);
                QCOMPARE(strings(svg.value(QLatin1String(key))), want);
                for (const QString &l : want)
                    QVERIFY2(!l.contains(QLatin1Char('e')), qPrintable(l));
            }
            if (sources.isEmpty() && k == ChartKind::ThroughputVsLoad)
                QCOMPARE(strings(qt.value(QStringLiteral("y_ticks"))),
                         (QStringList{"0", "0.5", "1"}));
        }
    }
    // the throughput axis of the fixture reaches into the thousands: grouped, as in SVG
    const QStringList y = strings(chartData(buildChartModel(ChartKind::ThroughputVsLoad, {closed}))
                                      .value(QStringLiteral("y_ticks")));
    QVERIFY2(y.contains(QStringLiteral("1,000")), qPrintable(y.join(' ')));
}

// Log-y: QtCharts draws the latency on a log10 data axis, both renderers label 1/2/5 x 10^k.
// GCC 12 at -O2 reports ChartOptions' default `percentiles` list (an initializer_list copied
// by QList) as maybe uninitialized here, a false positive of its inliner; the list is constant.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
void TestChartRenderers::logYAcrossRenderers()
{
    const CurveSource closed = fixtureSource("session-v1-closed.json");
    ChartOptions o;
    o.logY = true;
    for (ChartKind k : {ChartKind::LatencyVsLoad, ChartKind::LatencyOverTime}) {
        const ChartModel m = buildChartModel(k, {closed}, o);
        QCOMPARE(m.y.scale, AxisScale::Log10);
        QChart chart;
        QtChartRenderer r(&chart);
        r.render(m);
        bool logAxis = false;
        for (QAbstractAxis *a : chart.axes(Qt::Vertical))
            if (auto *log = qobject_cast<QLogValueAxis *>(a))
                logAxis = log->base() == 10 && log->min() == m.y.min && log->max() == m.y.max;
        QVERIFY(logAxis);
        QJsonObject qt, svg;
        drawBoth(m, &qt, &svg);
        compareData(qt, chartData(m), "QtCharts log-y");
        QCOMPARE(svg.value(QStringLiteral("y_ticks")),
                 chartData(m).value(QStringLiteral("y_ticks")));
        for (const QString &l : strings(qt.value(QStringLiteral("y_ticks")))) {
            const double v = QString(l).remove(QLatin1Char(',')).toDouble();
            const double mant = v / std::pow(10.0, std::floor(std::log10(v)));
            QVERIFY2(std::fabs(mant - 1) < 1e-9 || std::fabs(mant - 2) < 1e-9
                         || std::fabs(mant - 5) < 1e-9,
                     qPrintable(l));
        }
    }
    // the results page's checkbox switches the latency charts
    ResultsPage page;
    const std::optional<Session> s =
        readSession(QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json"), nullptr);
    QVERIFY(s);
    page.showSession(*s);
    auto *check = page.findChild<QCheckBox *>(QStringLiteral("logYCheck"));
    QVERIFY(check);
    QCOMPARE(page.latencyChart()->model().y.scale, AxisScale::Linear);
    check->setChecked(true);
    QCOMPARE(page.latencyChart()->model().y.scale, AxisScale::Log10);
    QCOMPARE(page.timeChart()->model().y.scale, AxisScale::Log10);
    QCOMPARE(page.throughputChart()->model().y.scale, AxisScale::Linear);
    check->setChecked(false);
    // the export dialog draws the file on a log axis when asked, and leaves the page as it was
    ChartExportDialog dialog(&page);
    QVERIFY(!dialog.logYCheck()->isChecked());
    dialog.logYCheck()->setChecked(true);
    dialog.formatCombo()->setCurrentIndex(dialog.formatCombo()->findData(QStringLiteral("svg")));
    dialog.chartCombo()->setCurrentIndex(
        dialog.chartCombo()->findData(chartKindName(ChartKind::LatencyVsLoad)));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("latency-log.svg"));
    dialog.pathEdit()->setText(file);
    QVERIFY(dialog.exportNow(true));
    ChartOptions logOptions;
    logOptions.logY = true;
    const ChartModel want = buildChartModel(
        ChartKind::LatencyVsLoad, {curveSourceFromSession(*s, s->profileName)}, logOptions);
    QCOMPARE(descData(readAll(file)).value(QStringLiteral("y_ticks")),
             chartData(want).value(QStringLiteral("y_ticks")));
    QCOMPARE(page.latencyChart()->model().y.scale, AxisScale::Linear);
    // the CLI: export --log-y
    const QString cli = dir.filePath(QStringLiteral("cli.svg"));
    QCOMPARE(runApp({QStringLiteral("export"),
                     QStringLiteral(VW_SOURCE_DIR "/tests/data/session-v1-closed.json"),
                     QStringLiteral("--chart"), QStringLiteral("latency"),
                     QStringLiteral("--log-y"), QStringLiteral("--out"), cli}),
             0);
    QCOMPARE(descData(readAll(cli)).value(QStringLiteral("y_title")).toString(),
             QStringLiteral("latency (log, ms)"));
}

// Issue 12 item 6: a live chart fed two successive models holds only the second's points and
// markers (no series, point or marker left at x = 1 from the first).
#pragma GCC diagnostic pop

void TestChartRenderers::liveUpdateLeavesNoGhosts()
{
    const CurveSource closed = fixtureSource("session-v1-closed.json");
    QVERIFY(closed.stages.size() >= 3);
    // first snapshot: the run at its first stage (one point at x = 1, a running stage)
    CurveSource first;
    first.label = closed.label;
    first.partial = closed.stages.first();
    first.hasPartial = true;
    first.series = closed.series.mid(0, 2);
    // second: the first stage done, the second running (x = 1 and 2)
    CurveSource second = first;
    second.stages = closed.stages.mid(0, 1);
    second.partial = closed.stages.at(1);
    second.series = closed.series;
    for (ChartKind k :
         {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ThroughputOverTime}) {
        const ChartModel m1 = buildChartModel(k, {first});
        const ChartModel m2 = buildChartModel(k, {second});
        QVERIFY(!m1.isEmpty());
        StageCurveChart view(k); // the live view's chart: it redraws through its renderer
        StageCurveChart fresh(k); // the second snapshot drawn on a new chart
        for (StageCurveChart *v : {&view, &fresh}) {
            v->resize(800, 500);
            v->show();
        }
        QVERIFY(QTest::qWaitForWindowExposed(&view) && QTest::qWaitForWindowExposed(&fresh));
        view.setSources({first});
        QCOMPARE(chartData(view.model()), chartData(m1));
        QTest::qWait(100);
        view.setSources({second});
        fresh.setSources({second});
        QTest::qWait(100);
        // the pixels on screen (the window's backing store, not a fresh paint as grab() would
        // do) are those of the fresh chart: with partial repaints, strokes of the first
        // picture stayed around x = 1
        const QImage shown = view.screen()->grabWindow(view.winId()).toImage();
        const QImage want = fresh.screen()->grabWindow(fresh.winId()).toImage();
        QVERIFY(!shown.isNull());
        QVERIFY2(shown == want, qPrintable(chartKindName(k)));
        compareData(drawnChartData(view.chart()), chartData(m2), "second live snapshot");
        int xySeries = 0;
        for (QAbstractSeries *s : view.chart()->series())
            if (qobject_cast<QXYSeries *>(s))
                ++xySeries;
        QCOMPARE(xySeries, m2.series.size() + m2.lines.size() + m2.markers.size());
    }
}

// A stage without a success (latency "-"): both renderers break the curve there, two pieces
// (never a line from 2 to 16 VUs implying values at 4 and 8), the legend entry on the first
// piece only, and a live update that fills the gap keeps the curve's series.
void TestChartRenderers::longCurvesAreThinnedInBothRenderers()
{
    // A day of 1-second p99s (a soak run) with one 900 ms stall: both renderers draw it with
    // a few points per pixel column (core/charts/curvethinning.h), the stall kept, no dots.
    ChartModel m;
    m.kind = ChartKind::LatencyOverTime;
    m.x.min = 0;
    m.x.max = 86400;
    m.x.tickStep = 20000;
    m.y.min = 0;
    m.y.max = 1000;
    m.y.tickStep = 200;
    ChartSeries s;
    s.key = s.name = s.legend = QStringLiteral("kv2_read p99");
    s.color = QStringLiteral("#4e79a7");
    for (int t = 0; t < 86400; ++t)
        s.add(QPointF(t, t == 43210 ? 900.0 : 5.0 + (t % 13)));
    m.series = {s};

    const QString svg = renderSvg(m, SvgSize{1200, 500});
    const QRegularExpressionMatch pm =
        QRegularExpression(QStringLiteral("class=\"series\"[^>]* points=\"([^\"]*)\"")).match(svg);
    QVERIFY(pm.hasMatch());
    const qsizetype drawn = pm.captured(1).count(QLatin1Char(' ')) + 1;
    QVERIFY2(drawn <= 4 * 1200 && drawn > 1000, qPrintable(QString::number(drawn)));
    QVERIFY(svg.contains(QLatin1String("43210,900")));
    QVERIFY(!svg.contains(QLatin1String("<circle cx"))); // points too dense for dots
    QVERIFY2(svg.size() < 1'000'000, qPrintable(QString::number(svg.size())));

    QChart chart;
    QtChartRenderer r(&chart);
    r.render(m);
    QList<QLineSeries *> lines;
    for (QAbstractSeries *a : chart.series())
        if (auto *l = qobject_cast<QLineSeries *>(a);
            l && l->property("vwRole") == QStringLiteral("series"))
            lines << l;
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first()->count() <= 4 * 2048,
             qPrintable(QString::number(lines.first()->count())));
    QVERIFY(lines.first()->points().contains(QPointF(43210, 900.0)));
    QVERIFY(!lines.first()->pointsVisible());
}

void TestChartRenderers::stageWithoutSuccessIsAGap()
{
    const QString op = QStringLiteral("kv2_read");
    CurveSource src;
    src.label = QStringLiteral("gap");
    src.stages = test::fixedCapacityStages(op, {1, 2, 4, 8, 16, 32}, 8, 5.0);
    src.stages[2] = test::allErrorStage(op, 2, 4, 500);
    src.stages[3] = test::allErrorStage(op, 3, 8, 500);
    src.analysis = analyzeStages(src.stages, {op}, *defaultLoadModel(), AnalysisSettings());
    ChartOptions p99;
    p99.percentiles = {99};
    const ChartModel m = buildChartModel(ChartKind::LatencyVsLoad, {src}, p99);
    QCOMPARE(m.series.size(), 1);
    const QJsonObject expected = chartData(m);
    const QJsonObject curve = expected.value(QStringLiteral("series")).toArray().first().toObject();
    QCOMPARE(curve.value(QStringLiteral("gaps")).toArray(), (QJsonArray{QJsonArray{2.0, 16.0}}));

    QJsonObject qt, svgRead;
    drawBoth(m, &qt, &svgRead);
    compareData(qt, expected, "QtCharts");
    QCOMPARE(svgRead.value(QStringLiteral("series")), expected.value(QStringLiteral("series")));
    // SVG: two polylines of the curve, the first ending at 2 VUs, the second from 16
    const QString svg = renderSvg(m);
    QCOMPARE(svg.count(QLatin1String("class=\"series\"")), 2);
    QVERIFY(svg.contains(QLatin1String("data-piece=\"0\" data-points=\"1,")));
    QVERIFY(svg.contains(QLatin1String("data-piece=\"1\" data-points=\"16,")));

    // QtCharts (the live view's chart): two line series, the legend marker on the first only
    StageCurveChart view(ChartKind::LatencyVsLoad);
    view.resize(800, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setPercentiles({99});
    view.setSources({src});
    QCOMPARE(chartData(view.model()), expected);
    const QList<QLineSeries *> pieces = view.lineSeries();
    QCOMPARE(pieces.size(), 2);
    QCOMPARE(pieces.at(0)->points().last().x(), 2.0);
    QCOMPARE(pieces.at(1)->points().first().x(), 16.0);
    QCOMPARE(pieces.at(0)->count() + pieces.at(1)->count(), 4);
    QTest::qWait(50);
    const QList<QLegendMarker *> first = view.chart()->legend()->markers(pieces.at(0));
    const QList<QLegendMarker *> second = view.chart()->legend()->markers(pieces.at(1));
    QVERIFY(!first.isEmpty() && !second.isEmpty());
    QVERIFY(first.first()->isVisible());
    QVERIFY(!second.first()->isVisible());
    // a later snapshot in which those stages succeed: one curve again, in the same series
    CurveSource filled = src;
    filled.stages = test::fixedCapacityStages(op, {1, 2, 4, 8, 16, 32}, 8, 5.0);
    const ChartModel whole = buildChartModel(ChartKind::LatencyVsLoad, {filled}, p99);
    view.setSources({filled});
    QCOMPARE(view.lineSeries().size(), 1);
    QCOMPARE(view.lineSeries().first(), pieces.at(0));
    QCOMPARE(view.lineSeries().first()->count(), 6);
    compareData(drawnChartData(view.chart()), chartData(whole), "QtCharts, gap filled");
}

void TestChartRenderers::manyStagesDrawWhatThePlotShows()
{
    // 20,000 one-second stages cycling over 1..64 VUs (bench/largesession.sh's session, cut),
    // the stages at 6 VUs client-bound. Stage order jumps between the load axis' columns, so
    // the curves' pieces do not thin by columns; before, both renderers drew every point (a
    // PNG export of 120,000 stages did not finish in 300 s), a band per client-bound stage
    // and, over time, a stage boundary per stage. Now: one band per load, each distinct
    // segment of a curve once (curvethinning.h), stage boundaries 4 px apart (drawnLines()).
    const int stages = 20000;
    Session s = test::manyStageSession(stages);
    int bound = 0;
    for (StageStats &st : s.stages)
        if (st.vus == 6) {
            test::markClientBound(st, QStringLiteral("client_cpu: 97 % of 2 cores"));
            ++bound;
        }
    const CurveSource src = curveSourceFromSession(s, s.label);
    const ChartModel latency = buildChartModel(ChartKind::LatencyVsLoad, {src});
    QCOMPARE(latency.bands.size(), 1);
    QCOMPARE(latency.bands.first().stages.size(), bound);
    QVERIFY2(latency.bands.first().description.contains(
                 QStringLiteral("and %1 more at 6 VUs are client-bound").arg(bound - 5)),
             qPrintable(latency.bands.first().description));
    QVERIFY(latency.series.first().points.size() >= stages - stages / 97 - 1);

    const QString svg = renderSvg(latency, SvgSize{1200, 500});
    const QRegularExpression pointsRe(QStringLiteral("class=\"series\"[^>]* points=\"([^\"]*)\""));
    int curves = 0;
    for (auto it = pointsRe.globalMatch(svg); it.hasNext(); ++curves) {
        const qsizetype drawn = it.next().captured(1).count(QLatin1Char(' ')) + 1;
        QVERIFY2(drawn < 1000, qPrintable(QString::number(drawn)));
    }
    QVERIFY(curves >= 3); // p50, p95, p99 (pieces between the stages without a success)
    QCOMPARE(svg.count(QLatin1String("class=\"band client-bound\"")), 1);

    auto *chart = new QChart;
    QChartView view(chart); // a scene to export from
    view.resize(1200, 500);
    QtChartRenderer r(chart);
    r.render(latency);
    for (QLineSeries *l : r.dataSeries())
        QVERIFY2(l->count() < 1000, qPrintable(QString::number(l->count())));
    // the picture, in reasonable time (it did not finish before)
    QTemporaryDir dir;
    QElapsedTimer t;
    t.start();
    QString error;
    ChartExportOptions png;
    png.size = QSize(1600, 1000);
    const QString file = dir.filePath(QStringLiteral("many.png"));
    QVERIFY2(exportChart(chart, file, png, &error), qPrintable(error));
    qInfo("PNG of %d stages: %lld ms", stages, t.elapsed());
    QCOMPARE(QImageReader(file).size(), QSize(1600, 1000));

    // over time: the stage boundaries that stand 4 px apart, not 19,999 lines
    const ChartModel time = buildChartModel(ChartKind::ThroughputOverTime, {src});
    int boundaries = 0;
    for (const ChartLine &l : time.lines)
        boundaries += l.role == ChartLine::Role::StageBoundary;
    QCOMPARE(boundaries, stages - 1);
    const QString timeSvg = renderSvg(time, SvgSize{1200, 500});
    const qsizetype drawnBoundaries = timeSvg.count(QLatin1String("class=\"line stage\""));
    QVERIFY2(drawnBoundaries > 100 && drawnBoundaries <= 1200 / kStageBoundaryGapPx,
             qPrintable(QString::number(drawnBoundaries)));
    QChart timeChart;
    timeChart.resize(1200, 500);
    QtChartRenderer tr(&timeChart);
    tr.render(time);
    const QJsonArray lines = drawnChartData(&timeChart).value(QStringLiteral("lines")).toArray();
    QVERIFY2(lines.size() > 100 && lines.size() <= 1200 / kStageBoundaryGapPx,
             qPrintable(QString::number(lines.size())));
}

QTEST_MAIN(TestChartRenderers)
#include "tst_chartrenderers.moc"
