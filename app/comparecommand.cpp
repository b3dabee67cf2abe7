#include "comparecommand.h"

#include "cli.h"
#include "report/comparisontext.h"
#include "report/htmlreport.h"
#include "session/comparisonverdicts.h"
#include "session/sessionio.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QSaveFile>

namespace vw::cli {

int compareCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Compares saved sessions side by side."));
    p.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("two or more session files"),
                            QStringLiteral("SESSION SESSION..."));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("table (default) or json"), QStringLiteral("F"),
                                    QStringLiteral("table"));
    const QCommandLineOption out(QStringLiteral("out"),
                                 QStringLiteral("write a self-contained HTML report"),
                                 QStringLiteral("FILE"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("this help"));
    const QCommandLineOption failOn(QStringLiteral("fail-on"),
                                    QStringLiteral("worse, or worse:METRIC[,METRIC] (throughput, "
                                                   "p50, p95, p99): exit 3 on such a verdict"),
                                    QStringLiteral("WHAT"));
    p.addOption(failOn);
    p.addOption(format);
    p.addOption(out);
    p.addOption(help);
    if (!p.parse(QStringList{QStringLiteral("vault-workbench compare")} + args)) {
        printErr(QStringLiteral("vault-workbench compare: %1 (see --help)\n").arg(p.errorText()));
        return ExitUsage;
    }
    if (p.isSet(help)) {
        printOut(usage());
        return ExitOk;
    }
    const QStringList files = p.positionalArguments();
    if (files.size() < 2) {
        printErr(QStringLiteral("vault-workbench compare: expected two or more SESSION files; "
                                "see --help\n"));
        return ExitUsage;
    }
    const QString fmt = p.value(format);
    if (fmt != QLatin1String("table") && fmt != QLatin1String("json")) {
        printErr(QStringLiteral("vault-workbench compare: unknown --format \"%1\" (table or json)\n")
                     .arg(fmt));
        return ExitUsage;
    }
    // --fail-on worse[:m1,m2]: the metrics that gate (empty: all).
    QList<CompareMetric> gated;
    if (p.isSet(failOn)) {
        const QString v = p.value(failOn);
        const QStringList parts = v.split(QLatin1Char(':'));
        bool ok = parts.first() == QLatin1String("worse") && parts.size() <= 2;
        if (ok && parts.size() == 2)
            for (const QString &m : parts.at(1).split(QLatin1Char(','))) {
                const std::optional<CompareMetric> cm = compareMetricFromKey(m.trimmed());
                ok = ok && cm.has_value();
                if (cm)
                    gated.append(*cm);
            }
        if (!ok) {
            printErr(QStringLiteral("vault-workbench compare: --fail-on \"%1\": expected worse "
                                    "or worse:METRIC[,METRIC] (throughput, p50, p95, p99)\n")
                         .arg(v));
            return ExitUsage;
        }
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
        QSaveFile f(p.value(out));
        if (!f.open(QIODevice::WriteOnly) || f.write(htmlReport(sessions).toUtf8()) < 0
            || !f.commit()) {
            printErr(QStringLiteral("error: cannot write %1: %2\n").arg(p.value(out), f.errorString()));
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
        printOut(comparisonText(c, sessions));
    if (p.isSet(failOn) && anyWorse(c, gated)) {
        printErr(QStringLiteral("compare: a verdict is worse (--fail-on %1): exit %2\n")
                     .arg(p.value(failOn))
                     .arg(int(ExitWorse)));
        return ExitWorse;
    }
    return ExitOk;
}

} // namespace vw::cli
