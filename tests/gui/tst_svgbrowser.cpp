// The SVG charts in a real browser engine (issue 12, items 3 and 4): an overlay latency chart
// of two sessions whose knees sit at the same VUs, as the HTML report's SVG renderer draws it
// (core/charts/svgrenderer.h) and as the QtCharts SVG export writes it (ui/charts/chartexport.h),
// loaded in Debian's headless Chromium with a page that measures every legend text and marker
// label (getBoundingClientRect) and the computed font family of every text. Asserts: no two
// legend texts and no two marker labels overlap, every legend entry of the model is drawn
// whole, and every text is set in a sans-serif family. SKIPs when chromium is not installed
// (scripts/lib.sh lists it as an optional test dependency). Chromium runs in its own process
// group with no network (a black-hole proxy and host resolver), bounded in time, killed by PID.
// VW_SVGBROWSER_KEEP=DIR keeps the SVG files and the measured page there (screenshots).
#include "syntheticstages.h"
#include "analysis/capacityanalyzer.h"
#include "charts/chartexport.h"
#include "charts/stagecurvechart.h"
#include "charts/chartmodel.h"
#include "charts/svgrenderer.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");

/// A closed ramp against a server serving `workers` at once, `serviceMs` each, with its analysis.
CurveSource source(const QString &label, int workers, double serviceMs, int minute)
{
    CurveSource s;
    s.label = label;
    s.stages = test::fixedCapacityStages(kOp, {1, 2, 4, 8, 16, 32, 64}, workers, serviceMs);
    s.analysis = analyzeStages(s.stages, {kOp}, *defaultLoadModel(), AnalysisSettings());
    s.slo.p99Ms = 40.0;
    s.target = QStringLiteral("http://127.0.0.1:8200");
    s.startedAt = QDateTime(QDate(2026, 11, 30), QTime(17, minute), Qt::UTC);
    return s;
}

QList<CurveSource> twoSessions()
{
    return {source(QStringLiteral("rsa-2048"), 8, 6.0, 10),
            source(QStringLiteral("ed25519"), 8, 1.5, 40)};
}

QString chromiumBinary()
{
    for (const char *name : {"chromium", "chromium-browser"}) {
        const QString p = QStandardPaths::findExecutable(QString::fromLatin1(name));
        if (!p.isEmpty())
            return p;
    }
    return QString();
}

/// The page: the SVG inline, and a script that writes what it measured into <pre id="out">.
/// `legend` and `markers`: the texts to find (class "legend"/"marker-label" in the report's
/// SVG; by their text in the QtCharts export, whose <text> carry no class).
QString page(const QString &svg, const QStringList &legend, const QStringList &markers)
{
    QString body = svg;
    body.remove(QRegularExpression(QStringLiteral("^<\\?xml[^>]*\\?>")));
    const QString want = QString::fromUtf8(
        QJsonDocument(QJsonObject{{QStringLiteral("legend"), QJsonArray::fromStringList(legend)},
                                  {QStringLiteral("markers"), QJsonArray::fromStringList(markers)}})
            .toJson(QJsonDocument::Compact));
    return QStringLiteral(R"(<!DOCTYPE html><html><head><meta charset="utf-8"></head>
<body style="margin:0">%1
<pre id="out"></pre>
<script>
const want = %2;
const texts = Array.from(document.querySelectorAll('svg text'));
function box(t) { const r = t.getBoundingClientRect();
  return {text: t.textContent.trim(), x: r.left, y: r.top, w: r.width, h: r.height}; }
function pick(cls, list) {
  const byClass = texts.filter(t => t.classList.contains(cls));
  if (byClass.length) return byClass.map(box);
  return texts.filter(t => list.includes(t.textContent.trim())).map(box);
}
const families = Array.from(new Set(texts.map(t => getComputedStyle(t).fontFamily)));
document.getElementById('out').textContent = JSON.stringify({
  legend: pick('legend', want.legend), markers: pick('marker-label', want.markers),
  families: families, count: texts.length});
</script></body></html>)")
        .arg(body, want);
}

/// Loads `html` in headless Chromium; the JSON the page wrote, or an empty object.
QJsonObject measure(const QString &chromium, const QString &dir, const QString &name,
                    const QString &html)
{
    const QString path = QDir(dir).filePath(name + QStringLiteral(".html"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(html.toUtf8());
    f.close();
    QProcess p;
    p.setChildProcessModifier([] { ::setsid(); }); // its own group: killed as one below
    p.start(
        chromium,
        {QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
         QStringLiteral("--disable-gpu"), QStringLiteral("--no-first-run"),
         QStringLiteral("--disable-background-networking"),
         QStringLiteral("--disable-component-update"), QStringLiteral("--disable-sync"),
         QStringLiteral("--disable-extensions"), QStringLiteral("--proxy-server=127.0.0.1:9"),
         QStringLiteral("--host-resolver-rules=MAP * ~NOTFOUND"),
         QStringLiteral("--user-data-dir=") + QDir(dir).filePath(QStringLiteral("profile-") + name),
         QStringLiteral("--window-size=1920,1200"), QStringLiteral("--dump-dom"),
         QUrl::fromLocalFile(path).toString()});
    if (!p.waitForStarted(10000))
        return {};
    const qint64 pid = p.processId();
    const bool done = p.waitForFinished(90000);
    if (pid > 0)
        ::kill(-pid_t(pid), SIGKILL); // the browser and whatever it started
    if (!done)
        p.waitForFinished(5000);
    const QString dom = QString::fromUtf8(p.readAllStandardOutput());
    QFile keep(QDir(dir).filePath(name + QStringLiteral(".dom.html")));
    if (keep.open(QIODevice::WriteOnly))
        keep.write(dom.toUtf8());
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("<pre id=\"out\">(.*?)</pre>"),
                           QRegularExpression::DotMatchesEverythingOption)
            .match(dom);
    if (!m.hasMatch())
        return {};
    QString json = m.captured(1);
    json.replace(QLatin1String("&quot;"), QLatin1String("\""))
        .replace(QLatin1String("&lt;"), QLatin1String("<"))
        .replace(QLatin1String("&gt;"), QLatin1String(">"))
        .replace(QLatin1String("&amp;"), QLatin1String("&"));
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

/// Fails on two boxes of `boxes` that overlap (by more than half a pixel each way).
void verifyNoOverlap(const QJsonArray &boxes, const char *what)
{
    for (int i = 0; i < boxes.size(); ++i)
        for (int j = i + 1; j < boxes.size(); ++j) {
            const QJsonObject a = boxes.at(i).toObject(), b = boxes.at(j).toObject();
            const QRectF ra(a.value("x").toDouble(), a.value("y").toDouble(),
                            a.value("w").toDouble(), a.value("h").toDouble());
            const QRectF rb(b.value("x").toDouble(), b.value("y").toDouble(),
                            b.value("w").toDouble(), b.value("h").toDouble());
            const QRectF in = ra.intersected(rb);
            QVERIFY2(in.width() <= 0.5 || in.height() <= 0.5,
                     qPrintable(QStringLiteral("%1 \"%2\" overlaps \"%3\"")
                                    .arg(QLatin1String(what), a.value("text").toString(),
                                         b.value("text").toString())));
        }
}

void verifyMeasured(const QJsonObject &r, const QStringList &legend, const QStringList &markers)
{
    QVERIFY2(!r.isEmpty(), "chromium wrote no measurement");
    QStringList drawn;
    for (const QJsonValue &v : r.value("legend").toArray())
        drawn << v.toObject().value("text").toString();
    for (const QString &t : legend) // every entry drawn whole (none elided or cut)
        QVERIFY2(drawn.contains(t),
                 qPrintable(QStringLiteral("legend entry \"%1\" not drawn; drawn: %2")
                                .arg(t, drawn.join(QLatin1String(" | ")))));
    QCOMPARE(r.value("markers").toArray().size(), markers.size());
    verifyNoOverlap(r.value("legend").toArray(), "legend text");
    verifyNoOverlap(r.value("markers").toArray(), "marker label");
    const QJsonArray families = r.value("families").toArray();
    QVERIFY(!families.isEmpty());
    for (const QJsonValue &f : families)
        QVERIFY2(f.toString().contains(QLatin1String("sans-serif"))
                     && f.toString().startsWith(QLatin1String("\"DejaVu Sans\"")),
                 qPrintable(QStringLiteral("font-family %1").arg(f.toString())));
}

} // namespace

class TestSvgBrowser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void reportSvgInChromium();
    void qtChartsSvgExportInChromium();

private:
    QString m_chromium;
    QTemporaryDir m_tmp;
    QString m_dir;
    ChartModel m_model;
    QStringList m_legend, m_markers;
};

void TestSvgBrowser::initTestCase()
{
    m_chromium = chromiumBinary();
    if (m_chromium.isEmpty())
        QSKIP("chromium is not installed (apt-get install chromium; scripts/lib.sh lists it)");
    QVERIFY(m_tmp.isValid());
    m_dir = qEnvironmentVariable("VW_SVGBROWSER_KEEP", m_tmp.path());
    QDir().mkpath(m_dir);
    m_model = buildChartModel(ChartKind::LatencyVsLoad, twoSessions());
    for (const LegendEntry &e : m_model.legend())
        m_legend << e.text;
    for (const ChartMarker &mk : m_model.markers)
        m_markers << mk.label;
    // the case the issue names: two sessions' labels at the same x
    QVERIFY(m_markers.size() >= 2);
    QCOMPARE(m_model.markers.at(0).at.x(), m_model.markers.at(1).at.x());
    QVERIFY(m_legend.contains(QStringLiteral("p95")));
}

void TestSvgBrowser::reportSvgInChromium()
{
    for (const SvgSize size : {SvgSize{760, 420}, SvgSize{1920, 1080}}) {
        const QString svg = renderSvg(m_model, size);
        const QString name = QStringLiteral("report-%1x%2").arg(size.width).arg(size.height);
        QFile f(QDir(m_dir).filePath(name + QStringLiteral(".svg")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(svg.toUtf8());
        f.close();
        const QJsonObject r = measure(m_chromium, m_dir, name, page(svg, m_legend, m_markers));
        verifyMeasured(r, m_legend, m_markers);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestSvgBrowser::qtChartsSvgExportInChromium()
{
    StageCurveChart chart(ChartKind::LatencyVsLoad);
    chart.resize(1000, 640);
    chart.setSources(twoSessions());
    for (const QString &preset : {QStringLiteral("slide"), QStringLiteral("1000x640")}) {
        ChartExportOptions o;
        o.format = ChartFormat::Svg;
        QVERIFY(chartSizeFromName(preset, o.dpi, &o.size));
        const QString path = QDir(m_dir).filePath(QStringLiteral("qtcharts-%1.svg").arg(preset));
        QString error;
        QVERIFY2(exportChart(chart.chart(), path, o, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(f.readAll());
        QVERIFY(!svg.contains(QLatin1String("\"Sans Serif\"")));
        QVERIFY(svg.contains(QLatin1String("font-family=\"DejaVu Sans, sans-serif\"")));
        const QJsonObject r = measure(m_chromium, m_dir, QStringLiteral("qtcharts-") + preset,
                                      page(svg, m_legend, m_markers));
        verifyMeasured(r, m_legend, m_markers);
        if (QTest::currentTestFailed())
            return;
    }
}

QTEST_MAIN(TestSvgBrowser)
#include "tst_svgbrowser.moc"
