#include "report/verdicthtml.h"

#include "charts/chartpalette.h"
#include "report/htmlreport.h"

namespace vw {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString cell(const QString &s, const QString &cls = QString())
{
    return htmlCell(s, cls);
}

QString figure(const std::optional<double> &x, CompareMetric m)
{
    return x ? QString::number(*x, 'f', m == CompareMetric::Throughput ? 1 : 2)
             : QStringLiteral("-");
}

} // namespace

QString verdictCss()
{
    QString css;
    for (Verdict v : {Verdict::Better, Verdict::Worse, Verdict::Inconclusive})
        css += QStringLiteral(".v-%1{background:%2;color:%3;font-weight:600}")
                   .arg(verdictKey(v), verdictBackground(v), verdictForeground(v));
    return css + QStringLiteral(".v-not_assessed{color:#555;font-style:italic}\n");
}

QString verdictTablesHtml(const OpComparison &oc, const Comparison &c)
{
    if (!c.assessed)
        return QString();
    const VerdictSettings &vs = c.verdictSettings;
    QString o;
    for (int i = 1; i < c.letters.size(); ++i) {
        o += QStringLiteral("<h3>Verdicts: %1 vs A</h3>\n<p>%2% intervals of %1/A (A: %3; %1: "
                            "%4); noise threshold ±%5 %; %6 correction over %7 tests.</p>\n")
                 .arg(esc(c.letters[i]))
                 .arg(vs.confidence * 100, 0, 'g', 3)
                 .arg(esc(c.intervalBasis.value(0)), esc(c.intervalBasis.value(i)))
                 .arg(vs.threshold * 100, 0, 'g', 3)
                 .arg(esc(vs.correction))
                 .arg(c.tests.value(i));
        o += QStringLiteral("<table><tr><th>load</th><th>metric</th><th>A</th><th>%1</th>"
                            "<th>%1/A</th><th>95% interval</th><th>verdict</th></tr>\n")
                 .arg(esc(c.letters[i]));
        QStringList sentences;
        for (const AlignedRow &r : oc.rows) {
            if (i >= r.verdicts.size())
                continue;
            for (const MetricVerdict &v : r.verdicts[i]) {
                QString words = verdictWords(v.verdict);
                if (!v.reason.isEmpty())
                    words += QStringLiteral(": ") + v.reason;
                if (v.moreRepeats > 0)
                    words += QStringLiteral("; about %1 more repeat(s) would likely decide")
                                 .arg(v.moreRepeats);
                o += QStringLiteral("<tr>") + cell(r.loadText(), QStringLiteral("n"))
                     + cell(compareMetricKey(v.metric))
                     + cell(figure(v.a, v.metric), QStringLiteral("n"))
                     + cell(figure(v.b, v.metric), QStringLiteral("n"))
                     + cell(v.ratio ? QString::number(*v.ratio, 'f', 3) : QStringLiteral("-"),
                            QStringLiteral("n"))
                     + cell(v.ci.known ? QStringLiteral("%1-%2")
                                             .arg(v.ci.lo, 0, 'f', 3)
                                             .arg(v.ci.hi, 0, 'f', 3)
                                       : QStringLiteral("-"),
                            QStringLiteral("n"))
                     + cell(words, QStringLiteral("v-") + verdictKey(v.verdict))
                     + QStringLiteral("</tr>\n");
                if (v.verdict == Verdict::Better || v.verdict == Verdict::Worse)
                    sentences << verdictSentence(v, c.labels[0], c.labels[i], r.loadWords(), vs);
            }
        }
        o += QStringLiteral("</table>\n");
        for (const QString &s : std::as_const(sentences))
            o += QStringLiteral("<p>%1</p>\n").arg(esc(s));
        if (!c.spreadNotes.value(i).isEmpty())
            o += QStringLiteral("<p>%1: %2</p>\n").arg(esc(c.letters[i]), esc(c.spreadNotes[i]));
    }
    return o;
}

} // namespace vw
