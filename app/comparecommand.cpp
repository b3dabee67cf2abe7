#include "comparecommand.h"

#include "cli.h"
#include "commandline.h"
#include "util/atomicfile.h"
#include "report/comparisontext.h"
#include "report/htmlreport.h"
#include "session/sessionio.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace vw::cli {

CommandHelp compareHelp()
{
    return {QStringLiteral("compare"),
            QStringLiteral(
                "  vault-workbench compare SESSION SESSION... [--format table|json] [--out report.html]\n"),
            QStringLiteral(
                "compare: prints saved sessions side by side: their capacity points, their stages\n"
                "aligned by VUs with throughput and p99 ratios to the first session (A), and a\n"
                "warning for each difference in target, server version, ramp or operation\n"
                "parameters. --format json prints the same as JSON. --out FILE writes one\n"
                "self-contained HTML report instead (inline CSS and SVG charts, no other file).\n")};
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
    cl.addOptions({format, out});
    if (const std::optional<int> done =
            cl.parse(args, 2, -1, QStringLiteral("two or more SESSION files")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList files = cl.positional();
    const QString fmt = p.value(format);
    if (fmt != QLatin1String("table") && fmt != QLatin1String("json")) {
        return cl.usageError(QStringLiteral("unknown --format \"%1\" (table or json)").arg(fmt));
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
    const Comparison c = compareSessions(sessions);
    if (fmt == QLatin1String("json"))
        printOut(QString::fromUtf8(
            QJsonDocument(comparisonJson(c, sessions)).toJson(QJsonDocument::Indented)));
    else
        printOut(comparisonText(c, sessions));
    return ExitOk;
}

} // namespace vw::cli
