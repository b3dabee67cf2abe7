#include "reportcommand.h"

#include "cli.h"
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
#include <QJsonDocument>

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
    const QString role = s.server.role == ServerRole::Unknown ? QString()
                                                              : serverRoleKey(s.server.role);
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

int reportCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Prints a saved session."));
    p.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("session file"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("table (default), json, csv, html or vault-benchmark"),
                                    QStringLiteral("F"), QStringLiteral("table"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("this help"));
    p.addOption(format);
    p.addOption(help);
    if (!p.parse(QStringList{QStringLiteral("vault-workbench report")} + args)) {
        printErr(QStringLiteral("vault-workbench report: %1 (see --help)\n").arg(p.errorText()));
        return ExitUsage;
    }
    if (p.isSet(help)) {
        printOut(usage());
        return ExitOk;
    }
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 1) {
        printErr(QStringLiteral("vault-workbench report: expected one SESSION file; see --help\n"));
        return ExitUsage;
    }
    const QString fmt = p.value(format);
    if (fmt != QLatin1String("table") && fmt != QLatin1String("json")
        && fmt != QLatin1String("csv") && fmt != QLatin1String("html")
        && fmt != QLatin1String("vault-benchmark")) {
        printErr(QStringLiteral("vault-workbench report: unknown --format \"%1\" "
                                "(table, json, csv, html or vault-benchmark)\n")
                     .arg(fmt));
        return ExitUsage;
    }
    QString error;
    const std::optional<Session> s = readSession(pos.first(), &error);
    if (!s) {
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    if (fmt == QLatin1String("json"))
        printOut(QString::fromUtf8(QJsonDocument(reportJson(*s)).toJson(QJsonDocument::Indented)));
    else if (fmt == QLatin1String("html")) // self-contained report (htmlreport.h)
        printOut(htmlReport({*s}));
    else if (fmt == QLatin1String("vault-benchmark")) // its terse table (vaultbenchmarktable.h)
        printOut(vaultBenchmarkTable(*s));
    else if (fmt == QLatin1String("csv"))
        printOut(reportCsv(*s));
    else
        printOut(tableContext(*s) + reportTable(*s) + QLatin1Char('\n')
                 + analysisText(sessionAnalysis(*s)) + capacityIntervalsText(capacityIntervals(*s))
                 + serverText(*s));
    return ExitOk;
}

} // namespace vw::cli
