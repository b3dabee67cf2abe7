// Chart export (ui/charts/chartexport.h) and the analysis drawn on the charts (the chart
// model, core/charts/chartmodel.h, drawn by ui/charts/qtchartrenderer.h): PNG at the asked size and DPI, SVG that parses as XML, PDF
// with one page; knee/saturation markers, USL fit, SLO line and client-bound band follow
// the session's analysis; `vault-workbench export` writes the three formats headless.
#include "sessionplan.h"
#include "manystagesession.h"
#include "exportwriter.h"
#include "syntheticstages.h"
#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"
#include "charts/chartexport.h"
#include "charts/chartoverlay.h"
#include "charts/charttype.h"
#include "charts/qtchartrenderer.h"
#include "charts/stagecurvechart.h"
#include "charts/timeserieschart.h"
#include "chartexportdialog.h"
#include "resultspage.h"
#include "session/sessionio.h"

#include <QApplication>
#include <QAbstractAxis>
#include <QChart>
#include <QComboBox>
#include <QFileInfo>
#include <QJsonArray>
#include <QLineEdit>
#include <QSpinBox>
#include <QImage>
#include <QImageReader>
#include <QLineSeries>
#include <QProcess>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTimer>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>
#include <QXmlStreamReader>
#include <cmath>
#include <thread>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");

Session session(const QString &label, int workers, double serviceMs,
                const QByteArray &extraYaml = {})
{
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("ssh");
    s.profileYaml = "name: ssh\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\noperations:\n"
                    "  - type: ssh_sign\n    params: { ca_key_type: ed25519 }\n"
                    + extraYaml;
    s.ops = {kOp};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    const QList<int> vus = {1, 2, 4, 8, 16, 32, 64};
    s.stages = test::fixedCapacityStages(kOp, vus, workers, serviceMs);
    if (!test::setPlanFromYaml(&s)) // the run plan, as the engine stores it
        qFatal("test profile does not parse");
    return s;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void verifyPng(const QString &path, QSize size)
{
    QImageReader r(path);
    QCOMPARE(r.format(), QByteArray("png"));
    QCOMPARE(r.size(), size);
    const QImage img = r.read();
    QVERIFY2(!img.isNull(), qPrintable(r.errorString()));
    QCOMPARE(img.size(), size);
    // something was drawn: not a blank white page
    int dark = 0;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            if (qGray(img.pixel(x, y)) < 128)
                ++dark;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
}

void verifySvg(const QString &path)
{
    const QByteArray data = readAll(path);
    QVERIFY(!data.isEmpty());
    QXmlStreamReader xml(data);
    bool sawSvg = false;
    int texts = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            if (xml.name() == QLatin1String("svg"))
                sawSvg = true;
            if (xml.name() == QLatin1String("text"))
                ++texts;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(sawSvg);
    QVERIFY(texts > 5); // title, axis labels, tick labels
}

void verifyPdf(const QString &path)
{
    const QByteArray data = readAll(path);
    QVERIFY(data.startsWith("%PDF-"));
    QCOMPARE(data.count("/Type /Page\n") + data.count("/Type /Page ") + data.count("/Type /Page/")
                 + data.count("/Type /Page>"),
             1);
    QVERIFY(data.contains("/Count 1"));
}

} // namespace

class TestChartExport : public QObject {
    Q_OBJECT
private slots:
    void annotationsFollowAnalysis();
    void exportsThreeFormats();
    void rejectsBadOptions();
    void exportCommand();
    void exportDialog();
    void errorsOverTime();
    void legendTitleAndTextScale();
    void sizePresets();
    void longExportLeavesTheGuiAnswering();
};

void TestChartExport::annotationsFollowAnalysis()
{
    Session s = session(QStringLiteral("ed"), 8, 5.0, "slo: { p99_ms: 6 }\n");
    s.stages[6].validity.measured = true;
    s.stages[6].validity.clientBound = true;
    const SessionAnalysis a = analyzeSession(s);
    const OpAnalysis *op = a.find(kOp);
    QVERIFY(op && op->knee.vus && op->saturation.vus && op->usl.fitted);

    StageCurveChart throughput(ChartKind::ThroughputVsLoad);
    throughput.setSources({curveSourceFromSession(s, s.label)});
    const ChartModel &t = throughput.model();
    QString labels;
    for (const auto &m : t.markers)
        labels += m.label + QLatin1Char('|');
    QVERIFY2(labels.contains(QStringLiteral("knee %1").arg(*op->knee.vus)), qPrintable(labels));
    QVERIFY2(labels.contains(QStringLiteral("saturation %1").arg(*op->saturation.vus)),
             qPrintable(labels));
    // the marker sits on the curve: throughput at the knee stage
    for (const auto &m : t.markers)
        if (m.kinds.contains(QLatin1String("knee")))
            QCOMPARE(m.at.y(), std::min(*op->knee.vus, 8) * 200.0);
    bool usl = false;
    for (const auto &l : t.lines)
        if (l.name.contains(QLatin1String("USL fit"))) {
            usl = true;
            QCOMPARE(l.style, LineStyle::Dashed);
            QVERIFY(std::abs(l.points.first().y() - op->usl.predict(l.points.first().x())) < 1e-9);
        }
    QVERIFY(usl);
    // knee and saturation on one stage share one marker and one label
    Session same = session(QStringLiteral("flat"), 2, 5.0);
    const OpAnalysis *fo = analyzeSession(same).find(kOp);
    QVERIFY(fo && fo->knee.vus && fo->knee.vus == fo->saturation.vus);
    {
        StageCurveChart flat(ChartKind::ThroughputVsLoad);
        flat.setSources({curveSourceFromSession(same, same.label)});
        QCOMPARE(flat.model().markers.size(), 1);
        QCOMPARE(flat.model().markers.first().label,
                 QStringLiteral("knee %1, saturation %1").arg(*fo->knee.vus));
    }
    QCOMPARE(t.bands.size(), 1);
    QCOMPARE(t.bands.first().x0, 64 / kClientBoundBandFactor);
    QCOMPARE(t.bands.first().x1, 64 * kClientBoundBandFactor);
    QCOMPARE(throughput.lineSeries().size(), 1); // the data curve; annotations apart
    // what the QChart holds is the model: curves, markers, USL line, band
    QCOMPARE(drawnChartData(throughput.chart()), chartData(t));

    StageCurveChart latency(ChartKind::LatencyVsLoad);
    latency.setSources({curveSourceFromSession(s, s.label)});
    bool slo = false;
    for (const auto &l : latency.model().lines)
        if (l.name.startsWith(QLatin1String("SLO p99"))) {
            slo = true;
            QCOMPARE(l.points.first().y(), 6.0);
            QCOMPARE(l.points.last().y(), 6.0);
        }
    QVERIFY(slo);
    // errors: a new metric, one point per stage at 0 %
    StageCurveChart errors(ChartKind::ErrorRatioVsLoad);
    errors.setSources({curveSourceFromSession(s, s.label)});
    QCOMPARE(errors.lineSeries().size(), 1);
    QCOMPARE(errors.lineSeries().first()->count(), 7);
}

void TestChartExport::exportsThreeFormats()
{
    QTemporaryDir dir;
    StageCurveChart chart(ChartKind::LatencyVsLoad);
    chart.setSources(
        {curveSourceFromSession(session(QStringLiteral("a"), 8, 5.0), QStringLiteral("a")),
         curveSourceFromSession(session(QStringLiteral("b"), 4, 10.0), QStringLiteral("b"))});
    const QRectF before = chart.chart()->geometry();
    ChartExportOptions o;
    o.size = QSize(900, 560);
    o.dpi = 144;
    QString error;
    const QString png = dir.filePath(QStringLiteral("c.png"));
    QVERIFY2(exportChart(chart.chart(), png, o, &error), qPrintable(error));
    verifyPng(png, QSize(900, 560));
    QCOMPARE(qRound(QImage(png).dotsPerMeterX() * 0.0254), 144);
    QCOMPARE(chart.chart()->geometry(), before); // restored

    o.format = ChartFormat::Svg;
    const QString svg = dir.filePath(QStringLiteral("c.svg"));
    QVERIFY2(exportChart(chart.chart(), svg, o, &error), qPrintable(error));
    verifySvg(svg);
    QVERIFY(readAll(svg).contains("ssh_sign latency vs VUs"));

    o.format = ChartFormat::Pdf;
    const QString pdf = dir.filePath(QStringLiteral("c.pdf"));
    QVERIFY2(exportChart(chart.chart(), pdf, o, &error), qPrintable(error));
    verifyPdf(pdf);

    // Every format is the recording played on another thread: the GUI thread's part holds
    // the chart's picture and its data, and the file is made from them alone. Recorded,
    // then the chart shows other sessions, then written on a thread of its own: the file
    // is the one the chart made when recorded, byte for byte (the SVG was painted on the GUI
    // thread before: issue 22, helper gui22d).
    const QByteArray svgBytes = readAll(svg);
    const QJsonObject drawn = drawnChartData(chart.chart());
    for (ChartFormat f : {ChartFormat::Png, ChartFormat::Svg, ChartFormat::Pdf}) {
        o.format = f;
        RenderedChart rendered;
        QVERIFY2(renderChartForExport(chart.chart(), o, &rendered, &error), qPrintable(error));
        QVERIFY(!rendered.picture.isNull());
        QCOMPARE(rendered.data.isEmpty(), f != ChartFormat::Svg); // the SVG's <desc>
        chart.setSources(
            {curveSourceFromSession(session(QStringLiteral("c"), 2, 50.0), QStringLiteral("c"))});
        const QString path = dir.filePath(QStringLiteral("thread.%1").arg(int(f)));
        bool written = false;
        Qt::HANDLE writer = nullptr;
        std::thread t([&] {
            writer = QThread::currentThreadId();
            written = writeRenderedChart(rendered, path, &error);
        });
        t.join();
        QVERIFY2(written, qPrintable(error));
        QVERIFY(writer != QThread::currentThreadId());
        if (f == ChartFormat::Png) {
            verifyPng(path, QSize(900, 560));
            QCOMPARE(QImage(path), QImage(png));
        } else if (f == ChartFormat::Pdf) {
            verifyPdf(path);
        } else {
            verifySvg(path);
            QCOMPARE(readAll(path), svgBytes);
            QVERIFY(drawnChartData(chart.chart()) != drawn); // the chart did change
        }
        chart.setSources(
            {curveSourceFromSession(session(QStringLiteral("a"), 8, 5.0), QStringLiteral("a")),
             curveSourceFromSession(session(QStringLiteral("b"), 4, 10.0), QStringLiteral("b"))});
    }
}

void TestChartExport::rejectsBadOptions()
{
    QTemporaryDir dir;
    StageCurveChart chart(ChartKind::ThroughputVsLoad);
    ChartExportOptions o;
    o.dpi = 10;
    QString error;
    QVERIFY(!exportChart(chart.chart(), dir.filePath(QStringLiteral("x.png")), o, &error));
    QVERIFY(error.contains(QLatin1String("dpi")));
    o.dpi = 96;
    QVERIFY(
        !exportChart(chart.chart(), dir.filePath(QStringLiteral("no/such/dir/x.png")), o, &error));
    QVERIFY(error.contains(QLatin1String("cannot write")));
    ChartFormat f;
    QVERIFY(chartFormatFromName(QStringLiteral("SVG"), &f) && f == ChartFormat::Svg);
    QVERIFY(!chartFormatFromName(QStringLiteral("jpeg"), &f));
}

void TestChartExport::exportCommand()
{
    QTemporaryDir dir;
    const QString fa = dir.filePath(QStringLiteral("a.json")),
                  fb = dir.filePath(QStringLiteral("b.json"));
    QString error;
    QVERIFY2(writeSession(session(QStringLiteral("a"), 8, 5.0), fa, &error), qPrintable(error));
    QVERIFY2(writeSession(session(QStringLiteral("b"), 4, 10.0), fb, &error), qPrintable(error));
    // no display and no platform set: the command must pick offscreen by itself
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    auto run = [&](const QStringList &args) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(VW_APP_BINARY), QStringList{QStringLiteral("export")} + args);
        if (!p.waitForFinished(30000))
            return -1;
        return p.exitCode();
    };
    const QString png = dir.filePath(QStringLiteral("t.png"));
    QCOMPARE(run({fa, fb, QStringLiteral("--chart"), QStringLiteral("throughput"),
                  QStringLiteral("--format"), QStringLiteral("png"), QStringLiteral("--out"), png,
                  QStringLiteral("--width"), QStringLiteral("640"), QStringLiteral("--height"),
                  QStringLiteral("400"), QStringLiteral("--dpi"), QStringLiteral("96")}),
             0);
    verifyPng(png, QSize(640, 400));
    const QString svg = dir.filePath(QStringLiteral("l.svg"));
    QCOMPARE(run({fa, QStringLiteral("--chart"), QStringLiteral("latency"), QStringLiteral("--out"),
                  svg}),
             0);
    verifySvg(svg);
    const QString pdf = dir.filePath(QStringLiteral("e.pdf"));
    QCOMPARE(run({fa, fb, QStringLiteral("--chart"), QStringLiteral("errors"),
                  QStringLiteral("--format"), QStringLiteral("pdf"), QStringLiteral("--out"), pdf}),
             0);
    verifyPdf(pdf);
    QCOMPARE(
        run({fa, QStringLiteral("--chart"), QStringLiteral("pie"), QStringLiteral("--out"), png}),
        2);
    QCOMPARE(run({fa, QStringLiteral("--out"), dir.filePath(QStringLiteral("x.gif"))}), 2);
}

// Issue 23.11: the results page's "Errors over time" tab draws errors per second by class
// (QtCharts, the chart model's ErrorsOverTime), the export dialog offers it, and
// `export --chart time-errors` writes it from a session file.
void TestChartExport::errorsOverTime()
{
    Session s = session(QStringLiteral("a"), 8, 5.0);
    for (int t = 1; t <= 6; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.op = kOp;
        p.count = 100;
        if (t == 3 || t == 4)
            p.errorClasses = {{QStringLiteral("connection"), 30}, {QStringLiteral("http_429"), 5}};
        for (const int64_t n : std::as_const(p.errorClasses))
            p.errors += n;
        p.ok = p.count - p.errors;
        p.p50Ms = p.p99Ms = 1.0;
        s.series.append(p);
    }
    ResultsPage page;
    page.showSession(s);
    const auto series = page.timeErrorsChart()->chart()->series();
    QCOMPARE(series.size(), 2);
    auto *connection = qobject_cast<QLineSeries *>(series.first());
    QVERIFY(connection);
    QCOMPARE(connection->name(), QStringLiteral("connection"));
    QCOMPARE(connection->count(), 6);
    QCOMPARE(connection->at(2), QPointF(3, 30));
    QCOMPARE(connection->at(0), QPointF(1, 0));

    QTemporaryDir dir;
    ChartExportDialog d(&page);
    const int item = d.chartCombo()->findData(QStringLiteral("time-errors"));
    QVERIFY(item >= 0);
    d.chartCombo()->setCurrentIndex(item);
    d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("svg")));
    const QString svg = dir.filePath(QStringLiteral("e.svg"));
    d.pathEdit()->setText(svg);
    QVERIFY(d.exportNow(true));
    verifySvg(svg);
    QVERIFY(readAll(svg).contains("Errors over time"));

    const QString file = dir.filePath(QStringLiteral("a.json"));
    QString error;
    QVERIFY2(writeSession(s, file, &error), qPrintable(error));
    const QString png = dir.filePath(QStringLiteral("e.png"));
    QProcess p;
    p.start(QStringLiteral(VW_APP_BINARY),
            {QStringLiteral("export"), file, QStringLiteral("--chart"),
             QStringLiteral("time-errors"), QStringLiteral("--out"), png});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QFileInfo(png).size() > 0);
}

void TestChartExport::exportDialog()
{
    // File > Export Chart… on the results page: throughput over time as SVG, then as PNG
    Session s = session(QStringLiteral("a"), 8, 5.0);
    for (int t = 1; t <= 5; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.op = kOp;
        p.ok = p.count = 100 * t;
        p.p50Ms = p.p99Ms = 1.0;
        s.series.append(p);
    }
    ResultsPage page;
    page.showSession(s);
    const auto tput = page.timeThroughputChart()->chart()->series();
    QCOMPARE(tput.size(), 1);
    auto *line = qobject_cast<QLineSeries *>(tput.first());
    QVERIFY(line);
    QCOMPARE(line->count(), 5);
    QCOMPARE(line->at(4), QPointF(5, 500));

    QTemporaryDir dir;
    ChartExportDialog d(&page);
    d.chartCombo()->setCurrentIndex(d.chartCombo()->findData(QStringLiteral("time-throughput")));
    d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("svg")));
    const QString svg = dir.filePath(QStringLiteral("t.svg"));
    d.pathEdit()->setText(svg);
    QVERIFY(d.exportNow(true));
    verifySvg(svg);
    QVERIFY(readAll(svg).contains("Throughput over time"));
    d.chartCombo()->setCurrentIndex(d.chartCombo()->findData(QStringLiteral("errors")));
    d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QStringLiteral("png")));
    QVERIFY(d.pathEdit()->text().endsWith(QLatin1String("t.png"))); // suffix follows the format
    d.widthSpin()->setValue(500);
    d.heightSpin()->setValue(300);
    QVERIFY(d.exportNow(true));
    verifyPng(d.pathEdit()->text(), QSize(500, 300));
}

void TestChartExport::legendTitleAndTextScale()
{
    // two sessions whose knees sit at the same VUs: their labels must not overlap
    StageCurveChart chart(ChartKind::LatencyVsLoad);
    chart.resize(900, 560);
    chart.setSources({curveSourceFromSession(session(QStringLiteral("rsa-2048"), 8, 6.0),
                                             QStringLiteral("rsa-2048")),
                      curveSourceFromSession(session(QStringLiteral("ed25519"), 8, 1.5),
                                             QStringLiteral("ed25519"))});
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    const ChartModel &m = chart.model();
    QCOMPARE(m.title, QStringLiteral("ssh_sign latency vs VUs"));
    QVERIFY2(m.subtitle.startsWith(QStringLiteral("http://127.0.0.1:8200 · rsa-2048")),
             qPrintable(m.subtitle));
    ChartOverlay *overlay = ChartOverlay::of(chart.chart());
    QVERIFY(overlay);
    QStringList modelLegend;
    for (const LegendEntry &e : m.legend())
        modelLegend << e.text;
    QVERIFY(modelLegend.contains(QStringLiteral("p50")));
    // the QtCharts picture shows the model's legend, the percentile key included
    QCOMPARE(overlay->legendTexts(), modelLegend);
    QCOMPARE(
        drawnChartData(chart.chart()).value(QStringLiteral("legend")).toVariant().toStringList(),
        modelLegend);
    QVERIFY(chart.chart()->title().contains(m.subtitle.toHtmlEscaped()));
    auto noOverlap = [](const QList<QRectF> &r, const char *what) {
        for (int i = 0; i < r.size(); ++i)
            for (int j = i + 1; j < r.size(); ++j)
                QVERIFY2(!r.at(i).intersects(r.at(j)), what);
    };
    const QList<QRectF> legendRects = overlay->legendTextRects();
    QCOMPARE(legendRects.size(), modelLegend.size());
    noOverlap(legendRects, "legend texts overlap");
    const QList<QRectF> labels = overlay->markerLabelRects();
    QCOMPARE(labels.size(), m.markers.size());
    QVERIFY(labels.size() >= 2);
    QCOMPARE(m.markers.at(0).at.x(), m.markers.at(1).at.x());
    noOverlap(labels, "marker labels overlap");
    // a narrow chart wraps the legend into rows; every entry stays whole
    chart.resize(380, 560);
    QCoreApplication::processEvents();
    overlay->relayout();
    noOverlap(overlay->legendTextRects(), "legend texts overlap when narrow");
    for (const QRectF &r : overlay->legendTextRects())
        QVERIFY(r.right() <= chart.chart()->size().width() + 1);

    // slide size at 144 dpi: chart px are 1.5 device px; tick labels >= 20 px, title >= 36 px
    chart.chart()->setGeometry(QRectF(0, 0, 1280, 720));
    overlay->setOutputScale(1080, 1.5);
    QVERIFY(chart.chart()->titleFont().pixelSize() * 1.5 >= 36);
    QCOMPARE(chart.chart()->titleFont().family(), QStringLiteral("DejaVu Sans"));
    const auto axes = chart.chart()->axes();
    for (QAbstractAxis *a : axes) {
        QVERIFY(a->labelsFont().pixelSize() * 1.5 >= 20);
        QVERIFY(a->titleFont().pixelSize() > a->labelsFont().pixelSize());
    }
    // marker labels on the same scale as the ticks (not 11 px beside 18 px)
    const ChartTypeScale ts = overlay->typeScale();
    QVERIFY(ts.marker >= 0.85 * ts.tick);
    overlay->setOutputScale(0, 1);
}

void TestChartExport::sizePresets()
{
    QSize s;
    QString page;
    QVERIFY(chartSizeFromName(QStringLiteral("slide"), 144, &s, &page));
    QCOMPARE(s, QSize(1920, 1080));
    QVERIFY(page.isEmpty());
    QVERIFY(chartSizeFromName(QStringLiteral("a4"), 144, &s, &page));
    QCOMPARE(s, QSize(1684, 1191)); // 297 x 210 mm at 144 dpi, landscape
    QCOMPARE(page, QStringLiteral("a4"));
    QVERIFY(chartSizeFromName(QStringLiteral("Letter"), 100, &s, &page));
    QCOMPARE(s, QSize(1100, 850));
    QVERIFY(chartSizeFromName(QStringLiteral("800x450"), 144, &s));
    QCOMPARE(s, QSize(800, 450));
    QVERIFY(!chartSizeFromName(QStringLiteral("huge"), 144, &s));
    QVERIFY(!chartSizeFromName(QStringLiteral("800x"), 144, &s));

    // the dialog offers them and starts at the slide size
    ResultsPage resultsPage;
    ChartExportDialog d(&resultsPage);
    QCOMPARE(d.sizeCombo()->currentData().toString(), QStringLiteral("slide"));
    QCOMPARE(QSize(d.widthSpin()->value(), d.heightSpin()->value()), QSize(1920, 1080));
    d.sizeCombo()->setCurrentIndex(d.sizeCombo()->findData(QStringLiteral("a4")));
    QCOMPARE(QSize(d.widthSpin()->value(), d.heightSpin()->value()), QSize(1684, 1191));
    d.widthSpin()->setValue(1000);
    QCOMPARE(d.sizeCombo()->currentData().toString(), QString()); // custom

    // the CLI: --size slide, --size a4 as an A4 landscape PDF page
    QTemporaryDir dir;
    const QString fa = dir.filePath(QStringLiteral("a.json"));
    QString error;
    QVERIFY2(writeSession(session(QStringLiteral("a"), 8, 5.0), fa, &error), qPrintable(error));
    auto run = [&](const QStringList &args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(VW_APP_BINARY), QStringList{QStringLiteral("export"), fa} + args);
        if (!p.waitForFinished(30000))
            return -1;
        return p.exitCode();
    };
    const QString png = dir.filePath(QStringLiteral("slide.png"));
    QCOMPARE(run({QStringLiteral("--size"), QStringLiteral("slide"), QStringLiteral("--out"), png}),
             0);
    verifyPng(png, QSize(1920, 1080));
    const QString svg = dir.filePath(QStringLiteral("slide.svg"));
    QCOMPARE(run({QStringLiteral("--size"), QStringLiteral("slide"), QStringLiteral("--out"), svg}),
             0);
    const QByteArray svgText = readAll(svg);
    QVERIFY(svgText.contains("<svg width=\"1920\" height=\"1080\""));
    QVERIFY(svgText.contains("font-family=\"DejaVu Sans, sans-serif\""));
    QVERIFY(!svgText.contains("\"Sans Serif\""));
    // every font (axis ticks, legend, title) falls back to a sans-serif; no size left in mm
    QVERIFY(svgText.count("font-family=\"") > 3);
    QCOMPARE(svgText.count("font-family=\""), svgText.count(", sans-serif\""));
    QVERIFY(!svgText.contains("mm\" height="));
    const QString pdf = dir.filePath(QStringLiteral("a4.pdf"));
    QCOMPARE(run({QStringLiteral("--size"), QStringLiteral("a4"), QStringLiteral("--out"), pdf}),
             0);
    verifyPdf(pdf);
    // A4 landscape: 842 x 595 points
    QVERIFY2(readAll(pdf).contains("/MediaBox [0 0 842.000000 595.000000]"),
             readAll(pdf).left(600).constData());
    QCOMPARE(
        run({QStringLiteral("--size"), QStringLiteral("poster"), QStringLiteral("--out"), png}), 2);
    QCOMPARE(run({QStringLiteral("--size"), QStringLiteral("slide"), QStringLiteral("--width"),
                  QStringLiteral("10"), QStringLiteral("--out"), png}),
             2);
}

void TestChartExport::longExportLeavesTheGuiAnswering()
{
    // File > Export Chart… of a long session as a large PNG, PDF and SVG: the chart's scene
    // is recorded on the GUI thread (QtCharts lives there) and painted, encoded and written
    // on a pool thread (ExportWriter), so the window answers meanwhile. Before, the painting
    // was on the GUI thread: the lag was the whole of it (the SVG's until issue 22's helper
    // gui22d: QSvgGenerator painted the scene in renderChartForExport()). The lag is measured
    // as tst_guiresponsiveness does: how late a 10 ms timer on the GUI thread fires.
    ResultsPage page;
    page.resize(1600, 1000);
    page.showSession(test::manyStageSession(20000));
    ExportWriter writer;
    ChartExportDialog d(&page, &writer);
    QTemporaryDir dir;
    d.chartCombo()->setCurrentIndex(d.chartCombo()->findData(QStringLiteral("time")));
    d.sizeCombo()->setCurrentIndex(d.sizeCombo()->findData(QString())); // custom
    d.widthSpin()->setValue(6000);
    d.heightSpin()->setValue(3750);
    d.dpiSpin()->setValue(300);
    for (const char *format : {"png", "pdf", "svg"}) {
        d.formatCombo()->setCurrentIndex(d.formatCombo()->findData(QLatin1String(format)));
        const QString path = dir.filePath(QStringLiteral("long.") + QLatin1String(format));
        d.pathEdit()->setText(path);
        // what the two parts cost here, both on this thread
        ChartExportOptions o;
        chartFormatFromName(QLatin1String(format), &o.format);
        o.size = QSize(6000, 3750);
        o.dpi = 300;
        QElapsedTimer t;
        t.start();
        RenderedChart rendered;
        QString error;
        QVERIFY2(renderChartForExport(page.timeChart()->chart(), o, &rendered, &error),
                 qPrintable(error));
        const qint64 recordMs = t.restart();
        // every format is recorded, none painted yet: the same picture for the three
        QVERIFY(!rendered.picture.isNull());
        // the painting (what the GUI thread did before); a PDF's and an SVG's is its writing
        if (o.format == ChartFormat::Png)
            QVERIFY(!renderedChartImage(rendered).isNull());
        else
            QVERIFY2(writeRenderedChart(rendered, path, &error), qPrintable(error));
        const qint64 paintMs = t.elapsed();
        QFile::remove(path);

        // the dialog's export: the GUI thread's longest stretch is the recording
        qint64 last = 0, maxLagMs = 0;
        QElapsedTimer clock;
        QTimer tick;
        tick.setTimerType(Qt::PreciseTimer);
        tick.setInterval(10);
        connect(&tick, &QTimer::timeout, this, [&] {
            maxLagMs = std::max(maxLagMs, clock.elapsed() - last - 10);
            last = clock.elapsed();
        });
        QSignalSpy done(&writer, &ExportWriter::finished);
        clock.start();
        tick.start();
        QTest::qWait(50);
        t.restart();
        QVERIFY(d.exportNow(true));
        const qint64 onGuiMs = t.elapsed();
        // the dialog is back before the file is painted and written: that is the pool's
        QVERIFY(writer.isBusy());
        QVERIFY(done.isEmpty());
        // and the event loop turns meanwhile
        int ticksWhileWriting = 0;
        const auto counted = connect(&tick, &QTimer::timeout, this, [&] {
            if (done.isEmpty())
                ++ticksWhileWriting;
        });
        QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), 120000);
        disconnect(counted);
        tick.stop();
        QVERIFY2(done.first().at(1).toString().isEmpty(),
                 qPrintable(done.first().at(1).toString()));
        QCOMPARE(done.first().at(0).toString(), path);
        qInfo("%s 6000x3750 of 20,000 s: record %lld ms, paint %lld ms; dialog "
              "export: %lld ms on the GUI thread, its longest lag %lld ms, %d ticks while "
              "writing",
              format, recordMs, paintMs, onGuiMs, maxLagMs, ticksWhileWriting);
        // a PNG's rasterising is the larger part, and not the GUI thread's: the longest lag
        // is the recording, well under the whole export (it was the whole when painted here).
        // A PDF's or an SVG's painting is about as cheap as its recording: the curves are
        // thinned to the plot's pixel columns (docs/performance.md, "Drawing long curves")
        if (o.format == ChartFormat::Png)
            QVERIFY2(
                paintMs > recordMs,
                qPrintable(QStringLiteral("record %1 ms, paint %2 ms").arg(recordMs).arg(paintMs)));
        QVERIFY2(maxLagMs < recordMs + paintMs / 2 + 50,
                 qPrintable(QStringLiteral("lag %1 ms (record %2 ms, paint %3 ms)")
                                .arg(maxLagMs)
                                .arg(recordMs)
                                .arg(paintMs)));
        QVERIFY2(onGuiMs < recordMs + paintMs / 2 + 50,
                 qPrintable(QStringLiteral("%1 ms on the GUI thread (record %2 ms, paint %3 ms)")
                                .arg(onGuiMs)
                                .arg(recordMs)
                                .arg(paintMs)));
        if (o.format == ChartFormat::Png) // the others are written within a tick or two
            QVERIFY2(ticksWhileWriting > 0,
                     "the event loop did not turn while the file was written");
        if (QLatin1String(format) == QLatin1String("png"))
            verifyPng(path, QSize(6000, 3750));
        else if (QLatin1String(format) == QLatin1String("pdf"))
            verifyPdf(path);
        else
            verifySvg(path);
    }
}

QTEST_MAIN(TestChartExport)
#include "tst_chartexport.moc"
