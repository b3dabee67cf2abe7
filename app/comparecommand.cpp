#include "comparecommand.h"

#include "cli.h"
#include "commandline.h"
#include "util/atomicfile.h"
#include "report/comparisontext.h"
#include "report/htmlreport.h"
#include "session/comparisonverdicts.h"
#include "session/sessionio.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace vw::cli {

CommandHelp compareHelp()
{
    return {
        QStringLiteral("compare"),
        QStringLiteral("  vault-workbench compare SESSION SESSION... [--format table|json] [--out "
                       "report.html]\n"
                       "                  [--fail-on worse|worse:METRIC[,METRIC]]\n"),
        QStringLiteral(
            "compare: prints saved sessions side by side: their capacity points (with the raw\n"
            "peak of every stage, client-bound ones included, and each stage the analysis left\n"
            "out, with its reason), their stages\n"
            "aligned by VUs with throughput and p99 ratios to the first session (A), and a\n"
            "warning for each difference in target, server version, ramp or operation\n"
            "parameters. --format json prints the same as JSON. --out FILE writes one\n"
            "self-contained HTML report instead (inline CSS and SVG charts, no other file).\n"
            "Every figure of B (and each later session) at each load gets a verdict against A\n"
            "for throughput, p50, p95 and p99: the ratio B/A, its 95% interval (bootstrap over\n"
            "the runs with replicates, else over each stage's seconds) and better, worse,\n"
            "no_change (inside the profile's analysis.noise_threshold, default ±5 %),\n"
            "inconclusive (with the repeats that would likely decide) or not_assessed (why),\n"
            "Holm-corrected over the pair's figures (docs/measurement.md, \"Verdicts\").\n"
            "  --fail-on worse   exit 3 when any verdict is worse; worse:p99 (or\n"
            "                    worse:p50,p99, worse:throughput) only for those metrics\n")};
}

int compareCommand(const QStringList &args)
{
    CommandLine cl(compareHelp());
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("table (default) or json"), QStringLiteral("F"),
                                    QStringLiteral("table"));
    const QCommandLineOption out(QStringLiteral("out"),
                                 QStringLiteral("write a self-contained HTML report"),
                                 QStringLiteral("FILE"));
    const QCommandLineOption failOn(QStringLiteral("fail-on"),
                                    QStringLiteral("worse, or worse:METRIC[,METRIC] (throughput, "
                                                   "p50, p95, p99): exit 3 on such a verdict"),
                                    QStringLiteral("WHAT"));
    cl.addOptions({format, out, failOn});
    if (const std::optional<int> done =
            cl.parse(args, 2, -1, QStringLiteral("two or more SESSION files")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList files = cl.positional();
    const QString fmt = p.value(format);
    if (fmt != QLatin1String("table") && fmt != QLatin1String("json")) {
        return cl.usageError(QStringLiteral("unknown --format \"%1\" (table or json)").arg(fmt));
    }
    // --fail-on worse[:m1,m2]: the metrics that gate (empty: all).
    QList<CompareMetric> gated;
    if (p.isSet(failOn)) {
        const QStringList parts = p.value(failOn).split(QLatin1Char(':'));
        bool ok = parts.first() == QLatin1String("worse") && parts.size() <= 2;
        if (ok && parts.size() == 2)
            for (const QString &m : parts.at(1).split(QLatin1Char(','))) {
                const std::optional<CompareMetric> cm = compareMetricFromKey(m.trimmed());
                ok = ok && cm.has_value();
                if (cm)
                    gated.append(*cm);
            }
        if (!ok)
            return cl.usageError(QStringLiteral("--fail-on \"%1\": expected worse or "
                                                "worse:METRIC[,METRIC] (throughput, p50, p95, p99)")
                                     .arg(p.value(failOn)));
    }
    QList<Session> sessions;
    for (const QString &f : files) {
        QString error;
        std::optional<Session> s = readSession(f, &error);
        if (!s) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitUsage;
        }
        sessions.append(*s);
    }
    if (p.isSet(out)) {
        QString error;
        if (!writeFileAtomically(p.value(out), htmlReport(sessions).toUtf8(), &error)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            return ExitUsage;
        }
        printOut(QStringLiteral("%1\n").arg(p.value(out)));
        return ExitOk;
    }
    Comparison c = compareSessions(sessions);
    assessComparison(&c, sessions);
    if (fmt == QLatin1String("json"))
        printOut(QString::fromUtf8(
            QJsonDocument(comparisonJson(c, sessions)).toJson(QJsonDocument::Indented)));
    else
        printOutEscaped(comparisonText(c, sessions));
    if (p.isSet(failOn) && anyWorse(c, gated)) {
        printErr(QStringLiteral("compare: a verdict is worse (--fail-on %1): exit %2\n")
                     .arg(p.value(failOn))
                     .arg(int(ExitWorse)));
        return ExitWorse;
    }
    return ExitOk;
}

} // namespace vw::cli
