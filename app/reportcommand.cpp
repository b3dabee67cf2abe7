#include "reportcommand.h"

#include "cli.h"
#include "commandline.h"
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"
#include "report/capacityintervalstext.h"
#include "report/htmlreport.h"
#include "report/report.h"
#include "report/serverreport.h"
#include "report/vaultbenchmarktable.h"
#include "session/sessionio.h"

#include <QCommandLineParser>

namespace vw::cli {

namespace {

/// A few lines of context above the table: what ran, where, when, how it ended.
QString tableContext(const Session &s)
{
    QString out;
    out += QStringLiteral("profile  %1").arg(s.profileName);
    if (!s.label.isEmpty() && s.label != s.profileName)
        out += QStringLiteral("  (label \"%1\")").arg(s.label);
    out += QLatin1Char('\n');
    out += QStringLiteral("target   %1").arg(s.targetAddress);
    // The node's role (server.role) when the session knows it: a standby redirects the load.
    const QString role =
        s.server.role == ServerRole::Unknown ? QString() : serverRoleKey(s.server.role);
    if (!s.server.version.isEmpty())
        out += QStringLiteral("  (%1 %2%3)")
                   .arg(s.server.product, s.server.version,
                        role.isEmpty() ? QString() : QStringLiteral(", ") + role);
    else if (!role.isEmpty())
        out += QStringLiteral("  (%1)").arg(role);
    out += QLatin1Char('\n');
    out += QStringLiteral("started  %1 UTC, status %2\n")
               .arg(s.startedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                    runStatusKey(s.status));
    if (!s.error.isEmpty())
        out += QStringLiteral("error    %1\n").arg(s.error);
    if (!s.cleanupError.isEmpty())
        out += QStringLiteral("cleanup  %1\n").arg(s.cleanupError);
    return out + QLatin1Char('\n');
}

} // namespace

CommandHelp reportHelp()
{
    return {
        QStringLiteral("report"),
        QStringLiteral(
            "  vault-workbench report SESSION [--format table|json|csv|html|vault-benchmark]\n"),
        QStringLiteral(
            "report: prints a saved session to stdout.\n"
            "  SESSION       session file written by run or by the window\n"
            "  --format F    table (default), json (stages x ops with throughput and latency\n"
            "                percentiles), csv (RFC 4180, one row per stage and operation),\n"
            "                html (self-contained report: charts, detected points with their\n"
            "                evidence, environment, per-stage table, profile), or\n"
            "                vault-benchmark (its terse table per operation label: count, rate,\n"
            "                throughput, mean, 95th%, 99th%, successRatio; all stages merged,\n"
            "                then each stage; docs/measurement.md)\n"
            "\n"
            "report --format table ends with the capacity analysis: knee, saturation and\n"
            "failure points, maximum throughput (within the profile's slo, if any) and the USL\n"
            "fit, each with its evidence; --format json has it as \"analysis\". Then the\n"
            "server's side: the resource that saturates at the knee (or \"not assessed (no server\n"
            "metrics)\") and the server's memory, CPU and request time per stage.\n")};
}

int reportCommand(const QStringList &args)
{
    CommandLine cl(reportHelp());
    const QCommandLineOption format(
        QStringLiteral("format"),
        QStringLiteral("table (default), json, csv, html or vault-benchmark"), QStringLiteral("F"),
        QStringLiteral("table"));
    cl.addOption(format);
    if (const std::optional<int> done = cl.parse(args, 1, 1, QStringLiteral("one SESSION file")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList pos = cl.positional();
    const QString fmt = p.value(format);
    if (fmt != QLatin1String("table") && fmt != QLatin1String("json") && fmt != QLatin1String("csv")
        && fmt != QLatin1String("html") && fmt != QLatin1String("vault-benchmark")) {
        return cl.usageError(QStringLiteral("unknown --format \"%1\" (table, json, csv, html or "
                                            "vault-benchmark)")
                                 .arg(fmt));
    }
    QString error;
    std::optional<Session> s = readSession(pos.first(), &error);
    if (!s) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    if (fmt == QLatin1String("json") || fmt == QLatin1String("html")) {
        // Streamed as it is made (report.h, htmlreport.h): never the whole report in memory.
        QString why;
        const auto out = [&why](const QByteArray &chunk) { return printOutChunk(chunk, &why); };
        bool written = false;
        if (fmt == QLatin1String("json")) {
            written = writeReportJson(*s, out);
        } else { // self-contained report (htmlreport.h); the session moved in, not copied
            QList<Session> one;
            one.append(std::move(*s));
            written = writeHtmlReport(one, out);
        }
        if (!written) {
            printErr(QStringLiteral("error: cannot write the report to stdout: %1\n").arg(why));
            return ExitUsage; // as export's write failure
        }
    } else if (fmt == QLatin1String("vault-benchmark")) // its terse table (vaultbenchmarktable.h)
        printOutEscaped(vaultBenchmarkTable(*s));
    else if (fmt == QLatin1String("csv"))
        printOut(reportCsv(*s));
    else
        printOutEscaped(tableContext(*s) + reportTable(*s) + QLatin1Char('\n')
                        + analysisText(sessionAnalysis(*s))
                        + capacityIntervalsText(capacityIntervals(*s)) + serverText(*s));
    return ExitOk;
}

} // namespace vw::cli
