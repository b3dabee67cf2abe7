// The self-contained HTML report (core/session/htmlreport.h) and its SVG charts: every chart
// embedded and well-formed, no external reference, the labels, the detected points with
// their evidence sentences, the comparison warning, the SLO line and client-bound bands;
// and `compare --out` / `report --format html` on session files.
#include "manystagesession.h"
#include "sessionplan.h"
#include "syntheticstages.h"
#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"
#include "charts/chartmodel.h"
#include "report/htmlreport.h"
#include "session/sessionio.h"

#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <cmath>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("ssh_sign");

/// Closed ramp against `workers` workers of `serviceMs` each (a knee and a plateau).
Session session(const QString &label, const QList<int> &vus, int workers, double serviceMs,
                const QByteArray &caKeyType, const QByteArray &extraYaml = {})
{
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("ssh");
    s.profileYaml = "name: ssh\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\noperations:\n"
                    "  - type: ssh_sign\n    params: { ca_key_type: "
                    + caKeyType + " }\n" + extraYaml;
    s.ops = {kOp};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.server.product = QStringLiteral("openbao");
    s.server.version = QStringLiteral("2.7.2");
    s.client.hostname = QStringLiteral("loadgen-7");
    s.client.logicalCores = 2;
    s.startedAt = QDateTime(QDate(2026, 11, 30), QTime(1, 2, 3), Qt::UTC);
    s.finishedAt = s.startedAt.addSecs(60);
    s.stages = test::fixedCapacityStages(kOp, vus, workers, serviceMs);
    if (!test::setPlanFromYaml(&s)) // the run plan, as the engine stores it
        qFatal("test profile does not parse");
    return s;
}

const QList<int> kRamp = {1, 2, 4, 8, 16, 32, 64};

/// Every <svg>...</svg> of `html`.
QStringList svgs(const QString &html)
{
    QStringList out;
    qsizetype from = 0;
    while (true) {
        const qsizetype a = html.indexOf(QLatin1String("<svg"), from);
        if (a < 0)
            break;
        const qsizetype b = html.indexOf(QLatin1String("</svg>"), a);
        if (b < 0)
            break;
        out << html.mid(a, b + 6 - a);
        from = b + 6;
    }
    return out;
}

void verifySelfContained(const QString &html)
{
    QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
    QVERIFY(!html.contains(QLatin1String("<link"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QLatin1String("<script"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QLatin1String("<img"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QLatin1String("@import"), Qt::CaseInsensitive));
    QVERIFY(!html.contains(QLatin1String("url("), Qt::CaseInsensitive));
    static const QRegularExpression ref(QStringLiteral("\\b(src|href)\\s*="),
                                        QRegularExpression::CaseInsensitiveOption);
    QVERIFY2(!ref.match(html).hasMatch(), qPrintable(ref.match(html).captured()));
}

} // namespace

class TestHtmlReport : public QObject {
    Q_OBJECT
private slots:
    void comparisonReport();
    void singleSessionReport();
    void sloLineAndClientBoundBands();
    void commands();
    void allErrorStageHasNoLatency();
    void marksNameFrozenAndClientBoundStages();
    void errorsOverTimeBesideTheErrorRatio();
    void streamedReportIsTheSameText();
};

void TestHtmlReport::comparisonReport()
{
    const Session a = session(QStringLiteral("rsa-2048"), kRamp, 4, 10.0, "rsa-2048");
    const Session b = session(QStringLiteral("ed25519"), kRamp, 16, 5.0, "ed25519");
    const QString html = htmlReport({a, b});
    verifySelfContained(html);

    // latency, throughput and error ratio vs VUs for the one op, each well-formed SVG
    const QStringList charts = svgs(html);
    QCOMPARE(charts.size(), 3);
    QCOMPARE(html.count(QLatin1String("<svg")), 3);
    for (const QString &svg : charts) {
        QXmlStreamReader xml(svg);
        bool sawSvg = false;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement
                && xml.name() == QLatin1String("svg"))
                sawSvg = true;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);
        // both sessions' curves, in the legend by label and op (as the results page)
        QVERIFY(svg.contains(QStringLiteral(">rsa-2048 · ssh_sign<")));
        QVERIFY(svg.contains(QStringLiteral(">ed25519 · ssh_sign<")));
    }
    // the throughput chart has a dashed USL fit per session and the knee markers
    const QString &throughput = charts.at(1);
    QCOMPARE(throughput.count(QLatin1String("class=\"line usl\"")), 2);
    QVERIFY(throughput.contains(QStringLiteral("data-name=\"rsa-2048 · ssh_sign USL fit")));
    const SessionAnalysis aa = analyzeSession(a), ab = analyzeSession(b);
    const OpAnalysis *ka = aa.find(kOp), *kb = ab.find(kOp);
    QVERIFY(ka && kb && ka->knee.vus && kb->knee.vus);
    QVERIFY(throughput.contains(QStringLiteral(">rsa-2048 · knee %1").arg(*ka->knee.vus)));
    QVERIFY(throughput.contains(QStringLiteral(">ed25519 · knee %1").arg(*kb->knee.vus)));
    QCOMPARE(throughput.count(QLatin1String("class=\"marker knee\"")), 2);

    // the parameter under test is named as compared, not as a warning (issue 12)
    QVERIFY2(html.contains(QLatin1String("<div class=\"compared\"><b>Compared:</b> ca_key_type "
                                         "rsa-2048 (A) vs ed25519 (B)</div>")),
             qPrintable(html.left(4000)));
    QVERIFY(!html.contains(QLatin1String("class=\"warning\"")));
    QVERIFY(!html.contains(QLatin1String("Not directly comparable")));
    // the ratio table says what its ratios are
    QVERIFY(html.contains(QLatin1String("<th>throughput B/A</th>")));
    QVERIFY(html.contains(QLatin1String("<th>p99 B/A</th>")));
    QVERIFY(!html.contains(QLatin1String("X B/A")));
    // detected points with their evidence sentences (escaped as HTML)
    QVERIFY(!ka->knee.evidence.text.isEmpty());
    QVERIFY(html.contains(ka->knee.evidence.text.toHtmlEscaped()));
    QVERIFY(html.contains(kb->saturation.evidence.text.toHtmlEscaped()));
    QVERIFY(html.contains(ka->usl.evidence.text.toHtmlEscaped()));
    // ratio table: at 16 VUs B/A throughput = (16*200)/(4*100) = 8
    QVERIFY(html.contains(QLatin1String("Per-stage ratios")));
    QVERIFY(html.contains(QLatin1String("<td class=\"n\">8.00x</td>")));
    // environment and profile of each session
    QVERIFY(html.contains(QLatin1String("loadgen-7")));
    QVERIFY(html.contains(QLatin1String("ca_key_type: rsa-2048")));
    QVERIFY(html.contains(QLatin1String("ca_key_type: ed25519")));

    // the same setup twice: no warning, nothing compared
    const QString same =
        htmlReport({a, session(QStringLiteral("rsa again"), kRamp, 4, 10.0, "rsa-2048")});
    QVERIFY(!same.contains(QLatin1String("class=\"warning\"")));
    QVERIFY(!same.contains(QLatin1String("class=\"compared\"")));

    // another server version spoils the comparison: "Not directly comparable", only for it
    Session newer = b;
    newer.server.version = QStringLiteral("2.8.0");
    const QString spoilt = htmlReport({a, newer});
    QCOMPARE(spoilt.count(QLatin1String("Not directly comparable")), 1);
    QVERIFY(
        spoilt.contains(QLatin1String("<div class=\"warning\"><b>Not directly comparable:</b> "
                                      "server version: openbao 2.7.2 (A) vs openbao 2.8.0 (B)")));
    QVERIFY(
        spoilt.contains(QLatin1String("<b>Compared:</b> ca_key_type rsa-2048 (A) vs ed25519 (B)")));
}

void TestHtmlReport::singleSessionReport()
{
    const Session a = session(QStringLiteral("solo <b>&"), kRamp, 8, 5.0, "ed25519");
    const QString html = htmlReport({a});
    verifySelfContained(html);
    QCOMPARE(svgs(html).size(), 3);
    QVERIFY(html.contains(QLatin1String("solo &lt;b&gt;&amp;"))); // escaped label
    QVERIFY(!html.contains(QLatin1String("solo <b>")));
    QVERIFY(!html.contains(QLatin1String("Per-stage ratios")));
    // per-stage table: one row per stage, with its VUs and throughput (8 x 200/s at 64 VUs)
    QVERIFY(html.contains(QLatin1String("<td class=\"n\">1600.0</td>")));
    QCOMPARE(html.count(QLatin1String("<td>ssh_sign</td>")), kRamp.size());
}

void TestHtmlReport::sloLineAndClientBoundBands()
{
    Session a = session(QStringLiteral("slo"), kRamp, 8, 5.0, "ed25519", "slo: { p99_ms: 6 }\n");
    a.stages[6].validity.measured = true;
    a.stages[6].validity.clientBound = true;
    a.stages[6].validity.reasons = {QStringLiteral("client_cpu: 97% of the client's CPU")};
    const QStringList charts = svgs(htmlReport({a}));
    QCOMPARE(charts.size(), 3);
    QVERIFY(charts.at(0).contains(QLatin1String("class=\"line slo\" data-name=\"SLO p99 6 ms\"")));
    QVERIFY(!charts.at(1).contains(QLatin1String("SLO")));
    for (const QString &svg : charts) // the band of stage 6 (64 VUs), one width rule
        QVERIFY(svg.contains(
            QStringLiteral(
                "class=\"band client-bound\" data-x0=\"%1\" data-x1=\"%2\" data-stage=\"6\"")
                .arg(QString::number(64 / kClientBoundBandFactor, 'g',
                                     QLocale::FloatingPointShortest),
                     QString::number(64 * kClientBoundBandFactor, 'g',
                                     QLocale::FloatingPointShortest))));
    QVERIFY(htmlReport({a}).contains(QLatin1String("client_cpu: 97%")));
    // the band's <title> (a browser's hover text) names the stage and the guard's reasons
    QVERIFY2(
        charts.at(0).contains(QLatin1String("<title>stage 7 at 64 VUs is client-bound:\n"
                                            "client_cpu: 97% of the client's CPU</title></rect>")),
        qPrintable(charts.at(0).left(3000)));
    const Session b = session(QStringLiteral("ok"), kRamp, 8, 5.0, "ed25519");
    QVERIFY(!svgs(htmlReport({b})).at(0).contains(QLatin1String("class=\"band")));

    // an overlay: the band is the client-bound session's alone, in its colour, with its own
    // legend entry; the other session has neither
    const QStringList both = svgs(htmlReport({b, a}));
    for (const QString &svg : both) {
        QCOMPARE(svg.count(QLatin1String("class=\"band client-bound\"")), 1);
        QVERIFY(svg.contains(QStringLiteral("data-stage=\"6\" data-source=\"1\"")));
        QVERIFY(svg.contains(QStringLiteral("fill=\"%1\" fill-opacity").arg(paletteColor(1))));
        QVERIFY(svg.contains(QStringLiteral(">slo · client-bound stage<")));
        QVERIFY(!svg.contains(QStringLiteral(">ok · client-bound stage<")));
        QVERIFY(svg.contains(QStringLiteral("<title>slo · stage 7 at 64 VUs is client-bound:")));
        // the second session's band is hatched too (band and legend swatch), by one pattern
        const QString hatch = QStringLiteral("vw-band-hatch-") + paletteColor(1).mid(1);
        QVERIFY(svg.contains(QStringLiteral("<pattern id=\"%1\"").arg(hatch)));
        QCOMPARE(svg.count(QStringLiteral("fill=\"url(#%1)\"").arg(hatch)), 2);
    }
}

void TestHtmlReport::commands()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fa = dir.filePath(QStringLiteral("a.json")),
                  fb = dir.filePath(QStringLiteral("b.json"));
    QString error;
    QVERIFY2(
        writeSession(session(QStringLiteral("rsa-2048"), kRamp, 4, 10.0, "rsa-2048"), fa, &error),
        qPrintable(error));
    QVERIFY2(
        writeSession(session(QStringLiteral("ed25519"), kRamp, 16, 5.0, "ed25519"), fb, &error),
        qPrintable(error));
    const QString out = dir.filePath(QStringLiteral("report.html"));
    QProcess p;
    p.start(QStringLiteral(VW_APP_BINARY),
            {QStringLiteral("compare"), fa, fb, QStringLiteral("--out"), out});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    verifySelfContained(html);
    QCOMPARE(svgs(html).size(), 3);
    QVERIFY(html.contains(QLatin1String("ca_key_type")));

    p.start(QStringLiteral(VW_APP_BINARY),
            {QStringLiteral("report"), fa, QStringLiteral("--format"), QStringLiteral("html")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString one = QString::fromUtf8(p.readAllStandardOutput());
    verifySelfContained(one);
    QCOMPARE(svgs(one).size(), 3);
    QVERIFY(one.contains(QLatin1String("rsa-2048")));
}

// Issue 9: a stage where every request failed shows "-" for its latency, never 0.00, and the
// capacity analysis says it was not assessed.
void TestHtmlReport::allErrorStageHasNoLatency()
{
    Session a = session(QStringLiteral("dead"), kRamp, 8, 5.0, "ed25519");
    a.stages[6] = test::allErrorStage(kOp, 6, 64, 812);
    const QString html = htmlReport({a});
    verifySelfContained(html);
    const qsizetype row =
        html.indexOf(QLatin1String("<td class=\"n\">7</td><td class=\"n\">64</td>"));
    QVERIFY(row >= 0);
    const QString stageRow = html.mid(row, html.indexOf(QLatin1String("</tr>"), row) - row);
    QVERIFY2(stageRow.contains(QLatin1String("connection 812")), qPrintable(stageRow));
    // p50, p95, p99: "-"
    QCOMPARE(stageRow.count(QLatin1String("<td class=\"n\">-</td>")),
             5); // p50, p95, p99 and the two 95% cells
    QVERIFY2(!stageRow.contains(QLatin1String("0.00</td>")), qPrintable(stageRow));
    QVERIFY(html.contains(QLatin1String("not assessed (no successful requests)")));
    // the failure's evidence names stage 7 (1-based, as its text), not index 6
    QVERIFY2(html.contains(QLatin1String("<span class=\"evidence\">(stages 7)</span>")),
             qPrintable(html.mid(html.indexOf(QLatin1String("Failure at")), 300)));
}

// Issue 9: the stage table's marks column names a stage in which nothing completed (a frozen
// server) and a client-bound stage's reason.
void TestHtmlReport::marksNameFrozenAndClientBoundStages()
{
    Session a = session(QStringLiteral("marks"), kRamp, 8, 5.0, "ed25519");
    test::markClientBound(a.stages[1], QStringLiteral("client_cpu: 97 % of 2 cores"));
    OpStats none;
    none.op = kOp;
    a.stages[6].ops = {none};
    a.stages[6].maxInFlight = 64;
    const QString html = htmlReport({a});
    auto rowOf = [&html](int stage) {
        const qsizetype at =
            html.indexOf(QStringLiteral("<td class=\"n\">%1</td><td class=\"n\">").arg(stage));
        return at < 0 ? QString() : html.mid(at, html.indexOf(QLatin1String("</tr>"), at) - at);
    };
    QVERIFY2(rowOf(2).contains(QLatin1String("client-bound: client_cpu: 97 % of 2 cores")),
             qPrintable(rowOf(2)));
    QVERIFY2(rowOf(7).contains(QLatin1String("no completed request")), qPrintable(rowOf(7)));
    QVERIFY2(rowOf(3).endsWith(QLatin1String("<td>-</td>")), qPrintable(rowOf(3)));
}

// Issue 23.11: a session with a 1-second series gets the errors-over-time chart (per second,
// by class) right after the error ratio against load; its curves are the classes seen.
void TestHtmlReport::errorsOverTimeBesideTheErrorRatio()
{
    Session a = session(QStringLiteral("failover"), kRamp, 8, 5.0, "ed25519");
    for (int t = 1; t <= 20; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.op = kOp;
        p.count = 50;
        if (t >= 8 && t <= 10)
            p.errorClasses = {{QStringLiteral("connection"), 7}, {QStringLiteral("http_503"), 2}};
        for (const int64_t n : std::as_const(p.errorClasses))
            p.errors += n;
        p.ok = p.count - p.errors;
        a.series << p;
    }
    const QString html = htmlReport({a});
    const QStringList charts = svgs(html);
    QCOMPARE(charts.size(), 4);
    const QString &errors = charts.at(3);
    QVERIFY(charts.at(2).contains(QLatin1String("error")));
    QVERIFY2(errors.contains(QLatin1String("ssh_sign: errors over time")),
             qPrintable(errors.left(2000)));
    QVERIFY(errors.contains(QLatin1String("data-series=\"connection\"")));
    QVERIFY(errors.contains(QLatin1String("data-series=\"5xx\"")));
    QVERIFY(!errors.contains(QLatin1String("data-series=\"429\""))); // none in this run
    QXmlStreamReader xml(errors);
    while (!xml.atEnd())
        xml.readNext();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
}

// Issue 23: `report --format html` is written in pieces as it is made (writeHtmlReport), the
// same bytes as the whole string; a refused piece stops it.
void TestHtmlReport::streamedReportIsTheSameText()
{
    const Session a = session(QStringLiteral("rsa-2048"), kRamp, 4, 10.0, "rsa-2048");
    const Session b = session(QStringLiteral("ed25519 \u65e5\u672c"), kRamp, 16, 5.0, "ed25519");
    const Session many = test::manyStageSession(2000);
    for (const QList<Session> &sessions :
         {QList<Session>{a}, QList<Session>{a, b}, QList<Session>{many}, QList<Session>{}}) {
        QByteArray joined;
        int pieces = 0;
        bool whole = true;
        QVERIFY(writeHtmlReport(sessions, [&](const QByteArray &piece) {
            whole = whole && QString::fromUtf8(piece).toUtf8() == piece; // whole characters
            joined += piece;
            ++pieces;
            return true;
        }));
        QVERIFY(whole);
        QCOMPARE(joined, htmlReport(sessions).toUtf8());
        if (sessions.size() == 1 && sessions.first().stages.size() == 2000)
            QVERIFY(pieces > 10);
    }
    int calls = 0;
    QVERIFY(!writeHtmlReport({many}, [&calls](const QByteArray &) {
        ++calls;
        return false; // stdout on a full disk
    }));
    QCOMPARE(calls, 1);
}

QTEST_GUILESS_MAIN(TestHtmlReport)
#include "tst_htmlreport.moc"
