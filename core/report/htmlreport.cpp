#include "report/htmlreport.h"
#include "report/capacityintervalstext.h"
#include "report/capacitypoints.h"
#include "report/verdicthtml.h"
#include "session/comparisonverdicts.h"
#include "charts/stagemarks.h"

#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "analysis/stageuncertainty.h"
#include "session/sessionanalysis.h"
#include "session/comparison.h"
#include "charts/chartmodel.h"
#include "report/serverreport.h"
#include "charts/svgrenderer.h"

#include <QLocale>

#include <functional>

namespace vw {

namespace {

/// The report's text as it is made, handed on in pieces of about kPiece characters (each of
/// whole characters: a piece ends between two appended strings), so that a report of many
/// stages is never one string (issue 23).
class HtmlOut {
public:
    using Piece = std::function<bool(const QString &)>;
    explicit HtmlOut(Piece piece)
        : m_piece(std::move(piece))
    {
    }
    HtmlOut &operator+=(const QString &text)
    {
        if (m_ok) {
            m_buffer += text;
            if (m_buffer.size() >= kPiece)
                flush();
        }
        return *this;
    }
    /// The rest; false when a piece was refused.
    bool flush()
    {
        if (m_ok && !m_buffer.isEmpty())
            m_ok = m_piece(m_buffer);
        m_buffer.clear();
        return m_ok;
    }

private:
    static constexpr qsizetype kPiece = 32 * 1024;
    Piece m_piece;
    QString m_buffer;
    bool m_ok = true;
};

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString td(const QString &s, const QString &cls = QString())
{
    return htmlCell(s, cls);
}

QString th(const QString &s)
{
    return QStringLiteral("<th>%1</th>").arg(esc(s));
}

QString ratioCell(const std::optional<double> &r)
{
    return r ? QString::number(*r, 'f', 2) + QStringLiteral("x") : QStringLiteral("-");
}

const char *kCss = R"(
body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}h3{font-size:15px}
table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px;max-width:40em;overflow-wrap:anywhere}
th{background:#f2f2f2;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
.warning{background:#fff4e5;border:1px solid #f0a030;padding:8px 12px;margin:8px 0;border-radius:4px}
.compared{background:#eef4fb;border:1px solid #9bbbe0;padding:8px 12px;margin:8px 0;border-radius:4px}
.evidence{color:#444;font-size:12px}.charts svg{margin:8px 8px 8px 0;border:1px solid #ddd}
pre{background:#f7f7f7;border:1px solid #ddd;padding:8px;font-size:12px;overflow:auto}
.swatch{display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:middle}
.cb{background:#eeeeee}
)";

QString sessionsTable(const Comparison &c, const QList<Session> &sessions)
{
    QString o = QStringLiteral("<table><tr>") + th(QString()) + th(QStringLiteral("label"))
                + th(QStringLiteral("profile")) + th(QStringLiteral("target"))
                + th(QStringLiteral("server")) + th(QStringLiteral("started (UTC)"))
                + th(QStringLiteral("status")) + QStringLiteral("</tr>\n");
    for (int i = 0; i < sessions.size(); ++i) {
        const Session &s = sessions.at(i);
        o += QStringLiteral("<tr><td><span class=\"swatch\" style=\"background:%1\"></span>%2</td>")
                 .arg(paletteColor(i), esc(c.letters.value(i)));
        o += td(c.labels.value(i)) + td(s.profileName) + td(s.targetAddress)
             + td((s.server.product + QLatin1Char(' ') + s.server.version).trimmed())
             + td(s.startedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
             + td(runStatusKey(s.status)) + QStringLiteral("</tr>\n");
    }
    return o + QStringLiteral("</table>\n");
}

/// The capacity points (report/capacitypoints.h: the rows `compare` and the GUI show), the USL
/// fit's R², then each stage the analysis left out, with its reason.
QString capacityTable(const OpComparison &oc, const Comparison &c, const QList<Session> &sessions)
{
    QString o = QStringLiteral("<table><tr>") + th(QStringLiteral("point"));
    for (int i = 0; i < oc.analyses.size(); ++i)
        o += th(c.labels.value(i));
    o += QStringLiteral("</tr>\n");
    auto row = [&](const QString &name, auto cell) {
        o += QStringLiteral("<tr>") + th(name);
        for (int i = 0; i < oc.analyses.size(); ++i)
            o += td(oc.analyses.at(i) && i < sessions.size()
                        ? cell(*oc.analyses.at(i), sessions.at(i))
                        : QStringLiteral("-"),
                    QStringLiteral("n"));
        o += QStringLiteral("</tr>\n");
    };
    for (const CapacityRow &r : capacityRows())
        row(r.name,
            [&r](const OpAnalysis &a, const Session &s) { return capacityCell(a, s, r.key); });
    row(QStringLiteral("USL R\u00b2"), [](const OpAnalysis &a, const Session &) {
        return a.usl.fitted ? QString::number(a.usl.r2, 'f', 3) : QStringLiteral("-");
    });
    o += QStringLiteral("</table>\n");
    QStringList excluded;
    for (int i = 0; i < oc.analyses.size(); ++i)
        if (oc.analyses.at(i))
            for (const QString &line : excludedStageLines(*oc.analyses.at(i)))
                excluded
                    << QStringLiteral("<li>%1: %2</li>").arg(esc(c.labels.value(i)), esc(line));
    if (!excluded.isEmpty())
        o += QStringLiteral("<p>Stages left out of the capacity points:</p>\n<ul>")
             + excluded.join(QString()) + QStringLiteral("</ul>\n");
    return o;
}

QString ratioTable(const OpComparison &oc, const Comparison &c)
{
    const int n = int(oc.analyses.size());
    QString o = QStringLiteral("<table><tr>")
                + th(oc.alignedBy() == QLatin1String("VUs") ? QStringLiteral("VUs")
                                                            : QStringLiteral("load"));
    for (int i = 0; i < n; ++i)
        o += th(QStringLiteral("%1 throughput /s").arg(c.letters.value(i)))
             + th(QStringLiteral("%1 p99 ms").arg(c.letters.value(i)));
    for (int i = 1; i < n; ++i)
        o += th(QStringLiteral("throughput %1/A").arg(c.letters.value(i)))
             + th(QStringLiteral("p99 %1/A").arg(c.letters.value(i)));
    o += QStringLiteral("</tr>\n");
    for (const AlignedRow &r : oc.rows) {
        o += QStringLiteral("<tr>") + td(r.loadText(), QStringLiteral("n"));
        for (int i = 0; i < n; ++i) {
            const std::optional<AlignedCell> &cell = r.cells.value(i);
            const QString cls =
                cell && cell->clientBound ? QStringLiteral("n cb") : QStringLiteral("n");
            o += td(cell ? QString::number(cell->throughputPerS, 'f', 1) : QStringLiteral("-"), cls)
                 + td(cell && cell->p99Ms ? QString::number(*cell->p99Ms, 'f', 2)
                                          : QStringLiteral("-"),
                      cls);
        }
        for (int i = 1; i < n; ++i)
            o += td(ratioCell(r.throughputRatio.value(i)), QStringLiteral("n"))
                 + td(ratioCell(r.p99Ratio.value(i)), QStringLiteral("n"));
        o += QStringLiteral("</tr>\n");
    }
    return o + QStringLiteral("</table>\n");
}

QString evidenceTable(const OpAnalysis &a)
{
    QString o = QStringLiteral("<table><tr>") + th(QStringLiteral("point"))
                + th(QStringLiteral("value")) + th(QStringLiteral("evidence"))
                + QStringLiteral("</tr>\n");
    auto row = [&](const QString &name, const QString &value, const Evidence &e) {
        QStringList stages;
        for (int st : e.stages)
            stages << QString::number(stageNumber(st)); // 1-based, as the text says
        QString ev = esc(e.text);
        if (!stages.isEmpty())
            ev += QStringLiteral(" <span class=\"evidence\">(stages %1)</span>")
                      .arg(stages.join(QStringLiteral(", ")));
        o += QStringLiteral("<tr>") + th(name) + td(value, QStringLiteral("n"))
             + QStringLiteral("<td>%1</td></tr>\n").arg(ev);
    };
    row(QStringLiteral("knee"), vusCell(a.knee.vus) + QStringLiteral(" VUs"), a.knee.evidence);
    row(QStringLiteral("saturation"), vusCell(a.saturation.vus) + QStringLiteral(" VUs"),
        a.saturation.evidence);
    row(QStringLiteral("failure"), a.failure.stage ? a.failure.at() : QStringLiteral("- VUs"),
        a.failure.evidence);
    row(QStringLiteral("max throughput"),
        numberCell(a.maxThroughput.perS, 1) + QStringLiteral(" /s"), a.maxThroughput.evidence);
    row(QStringLiteral("max throughput within SLO"),
        numberCell(a.maxThroughputAtSlo.perS, 1) + QStringLiteral(" /s"),
        a.maxThroughputAtSlo.evidence);
    const QString usl = a.usl.fitted
                            ? QStringLiteral("lambda %1, sigma %2, kappa %3, N* %4, R\u00b2 %5")
                                  .arg(a.usl.lambda, 0, 'f', 2)
                                  .arg(a.usl.sigma, 0, 'g', 3)
                                  .arg(a.usl.kappa, 0, 'g', 3)
                                  .arg(numberCell(a.usl.nStar, 1))
                                  .arg(a.usl.r2, 0, 'f', 3)
                            : QStringLiteral("not fitted");
    row(QStringLiteral("USL fit"), usl, a.usl.evidence);
    o += QStringLiteral("</table>\n");
    for (const QString &note : a.notes)
        o += QStringLiteral("<p class=\"evidence\">%1</p>\n").arg(esc(note));
    return o;
}

void stageTable(const Session &s, HtmlOut &o)
{
    o += QStringLiteral("<table><tr>");
    for (const char *h :
         {"stage", "VUs", "op", "requests", "ok", "errors", "throughput /s", "95% /s", "p50 ms",
          "p95 ms", "p99 ms", "95% ms", "max in flight", "marks"})
        o += th(QString::fromLatin1(h));
    o += QStringLiteral("</tr>\n");
    // The 95 % intervals (block bootstrap, core/analysis/stageuncertainty.h): "-" when unknown.
    // One stage's at a time, not every stage's held at once.
    for (int si = 0; si < s.stages.size(); ++si) {
        const StageUncertainty uncertainty = stageUncertainty(s, si);
        for (const OpStats &op : s.stages.at(si).ops) {
            const StageStats &st = s.stages.at(si);
            const OpUncertainty *u = nullptr;
            for (const OpUncertainty &x : uncertainty.ops)
                if (x.op == op.op)
                    u = &x;
            const QString thrCi = u ? intervalCell(u->intervals[int(BootMetric::Throughput)], 1)
                                    : QStringLiteral("-");
            const QString p99Ci =
                u ? intervalCell(u->intervals[int(BootMetric::P99)], 2) : QStringLiteral("-");
            QStringList errs;
            for (auto it = op.errors.cbegin(); it != op.errors.cend(); ++it)
                errs << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
            auto ms = [&](double p) { return latencyCellMs(op.latency, p, 2); }; // "-": no success
            const QString cls =
                st.validity.clientBound ? QStringLiteral(" class=\"cb\"") : QString();
            QStringList marks = stageMarks(st); // client-bound, too short, no completion
            if (u && u->steadiness.assessed && !u->steadiness.steady)
                marks << QStringLiteral("not steady: ") + u->steadiness.words;
            o += QStringLiteral("<tr%1>").arg(cls)
                 + td(QString::number(stageNumber(st.index)), QStringLiteral("n"))
                 + td(QString::number(st.vus), QStringLiteral("n")) + td(op.op)
                 + td(QString::number(op.count), QStringLiteral("n"))
                 + td(QString::number(op.ok), QStringLiteral("n"))
                 + td(errs.isEmpty() ? QStringLiteral("0") : errs.join(QStringLiteral(", ")))
                 + td(QString::number(st.throughputPerS(op), 'f', 1), QStringLiteral("n"))
                 + td(thrCi, QStringLiteral("n")) + td(ms(50), QStringLiteral("n"))
                 + td(ms(95), QStringLiteral("n")) + td(ms(99), QStringLiteral("n"))
                 + td(p99Ci, QStringLiteral("n"))
                 + td(QString::number(st.maxInFlight), QStringLiteral("n"))
                 + td(marks.isEmpty() ? QStringLiteral("-") : marks.join(QStringLiteral("; ")))
                 + QStringLiteral("</tr>\n");
        }
    }
    o += QStringLiteral("</table>\n");
}

QString environment(const Session &s)
{
    QString o = QStringLiteral("<table>");
    auto row = [&](const QString &k, const QString &v) {
        if (!v.isEmpty())
            o += QStringLiteral("<tr>") + th(k) + td(v) + QStringLiteral("</tr>\n");
    };
    row(QStringLiteral("target"), s.targetAddress);
    row(QStringLiteral("server"),
        (s.server.product + QLatin1Char(' ') + s.server.version).trimmed());
    // Behind a load balancer the role is of whichever node answered the pre-flight: the
    // topology says what the address is instead.
    row(QStringLiteral("topology"), s.targetTopology.describe());
    if (s.server.role != ServerRole::Unknown && !s.targetTopology.isLoadBalancer())
        row(QStringLiteral("server role"), serverRoleKey(s.server.role));
    row(QStringLiteral("executor"), s.loadModel().name());
    row(QStringLiteral("transport"), s.transport);
    row(QStringLiteral("started (UTC)"), s.startedAt.toUTC().toString(Qt::ISODate));
    row(QStringLiteral("finished (UTC)"), s.finishedAt.toUTC().toString(Qt::ISODate));
    row(QStringLiteral("status"), runStatusKey(s.status));
    row(QStringLiteral("error"), s.error);
    row(QStringLiteral("cleanup"), s.cleanupError);
    row(QStringLiteral("client host"), s.client.hostname);
    row(QStringLiteral("client OS"), s.client.os);
    row(QStringLiteral("kernel"), s.client.kernel);
    row(QStringLiteral("CPU"), s.client.cpuModel);
    if (s.client.logicalCores > 0)
        row(QStringLiteral("logical cores"), QString::number(s.client.logicalCores));
    if (s.client.memoryBytes > 0)
        row(QStringLiteral("memory"), QLocale::c().formattedDataSize(s.client.memoryBytes));
    row(QStringLiteral("vault-workbench"), s.client.appVersion);
    row(QStringLiteral("Qt"), s.client.qtVersion);
    return o + QStringLiteral("</table>\n");
}

} // namespace

QString htmlReportStart(const QString &title)
{
    return QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                          "<title>%1</title><style>%2</style></head><body>\n<h1>%1</h1>\n")
        .arg(esc(title), QString::fromLatin1(kCss) + verdictCss());
}

QString htmlCell(const QString &text, const QString &cls)
{
    return cls.isEmpty()
               ? QStringLiteral("<td>%1</td>").arg(text.toHtmlEscaped())
               : QStringLiteral("<td class=\"%1\">%2</td>").arg(cls, text.toHtmlEscaped());
}

QString htmlReportEnd()
{
    return QStringLiteral("</body></html>\n");
}

namespace {

void reportSections(const QList<Session> &sessions, HtmlOut &o)
{
    const bool comparison = sessions.size() > 1;
    if (sessions.isEmpty())
        return;
    Comparison c = compareSessions(sessions);
    if (comparison)
        assessComparison(&c, sessions);
    o += QStringLiteral("<p>vault-workbench %1</p>\n").arg(esc(QStringLiteral(VW_VERSION)));
    o += sessionsTable(c, sessions);
    if (comparison) {
        // what the sessions compare is information; only what spoils the comparison warns
        // (differenceIsCompared, core/session/comparison.h)
        for (const ComparedDifference &d : c.compared)
            o += QStringLiteral("<div class=\"compared\"><b>Compared:</b> %1</div>\n")
                     .arg(esc(d.text));
        if (c.warnings.isEmpty())
            o += QStringLiteral(
                "<p>The sessions were run the same way otherwise (target, server "
                "version, ramp, durations, transport; no client-bound stage).</p>\n");
        for (const ComparisonWarning &w : c.warnings)
            o += QStringLiteral("<div class=\"warning\"><b>Not directly comparable:</b> %1</div>\n")
                     .arg(esc(w.text));
    }
    QList<CurveSource> sources; // the charts' inputs, session i labelled as in the tables
    for (int i = 0; i < sessions.size(); ++i) {
        sources << curveSourceFromSession(sessions.at(i), c.labels.value(i, sessions.at(i).label));
        addIntervals(&sources.last(), sessions.at(i)); // the curves' 95% bands
    }
    QList<QList<OpCapacityIntervals>> pointIntervals; // per session, every op's
    for (const Session &s : sessions)
        pointIntervals << capacityIntervals(s);
    for (const OpComparison &oc : c.ops) {
        o += QStringLiteral("<h2>%1</h2>\n<div class=\"charts\">\n").arg(esc(oc.op));
        ChartOptions chartOptions;
        chartOptions.op = oc.op;
        for (ChartKind kind :
             {ChartKind::LatencyVsLoad, ChartKind::ThroughputVsLoad, ChartKind::ErrorRatioVsLoad})
            o += renderSvg(buildChartModel(kind, sources, chartOptions));
        // errors per second by class over time beside the error ratio against load (sessions
        // with a 1-second series; docs/measurement.md, "The 1-second series")
        const ChartModel errorsOverTime =
            buildChartModel(ChartKind::ErrorsOverTime, sources, chartOptions);
        if (!errorsOverTime.isEmpty())
            o += renderSvg(errorsOverTime);
        o += QStringLiteral("</div>\n<h3>Capacity points</h3>\n") + capacityTable(oc, c, sessions);
        for (int i = 0; i < sessions.size(); ++i) { // each point over the resamples
            QList<OpCapacityIntervals> ci;
            for (const OpCapacityIntervals &x : std::as_const(pointIntervals[i]))
                if (x.op == oc.op)
                    ci << x;
            if (!ci.isEmpty())
                o += QStringLiteral("<p><b>%1</b></p>\n").arg(esc(c.letters.value(i)))
                     + capacityIntervalsHtml(ci);
        }
        if (comparison)
            o += QStringLiteral("<h3>Per-stage ratios to A (aligned by %1)</h3>\n")
                     .arg(oc.alignedBy())
                 + ratioTable(oc, c) + verdictTablesHtml(oc, c);
    }
    o += serverChartsHtml(sources);
    for (int i = 0; i < sessions.size(); ++i) {
        const Session &s = sessions.at(i);
        o +=
            QStringLiteral("<h2><span class=\"swatch\" style=\"background:%1\"></span>%2 %3</h2>\n")
                .arg(paletteColor(i), esc(c.letters.value(i)), esc(c.labels.value(i)));
        o += QStringLiteral("<h3>Environment</h3>\n") + environment(s);
        const SessionAnalysis a = sessionAnalysis(s);
        for (const OpAnalysis &op : a.ops)
            o += QStringLiteral("<h3>Detected points: %1</h3>\n").arg(esc(op.op))
                 + evidenceTable(op);
        o += QStringLiteral("<h3>Per-stage statistics</h3>\n");
        stageTable(s, o);
        o += serverSessionHtml(s);
        o += QStringLiteral("<h3>Profile</h3>\n<pre>%1</pre>\n")
                 .arg(esc(QString::fromUtf8(s.profileYaml)));
    }
}

void report(const QList<Session> &sessions, HtmlOut &o)
{
    const bool comparison = sessions.size() > 1;
    QString title = comparison ? QStringLiteral("Comparison of %1 sessions").arg(sessions.size())
                               : QStringLiteral("Session report");
    if (!sessions.isEmpty() && !comparison)
        title += QStringLiteral(": ") + sessions.first().label;
    o += htmlReportStart(title);
    if (sessions.isEmpty())
        o += QStringLiteral("<p>No session.</p>");
    else
        reportSections(sessions, o);
    o += htmlReportEnd();
}

/// What `make` writes, as one string.
template <class Make> QString collected(Make make)
{
    QString out;
    HtmlOut o([&out](const QString &piece) {
        out += piece;
        return true;
    });
    make(o);
    o.flush();
    return out;
}

} // namespace

QString htmlReport(const QList<Session> &sessions)
{
    return collected([&sessions](HtmlOut &o) { report(sessions, o); });
}

bool writeHtmlReport(const QList<Session> &sessions,
                     const std::function<bool(const QByteArray &)> &sink)
{
    HtmlOut o([&sink](const QString &piece) { return sink(piece.toUtf8()); });
    report(sessions, o);
    return o.flush();
}

QString htmlReportSections(const QList<Session> &sessions)
{
    return collected([&sessions](HtmlOut &o) { reportSections(sessions, o); });
}

} // namespace vw
