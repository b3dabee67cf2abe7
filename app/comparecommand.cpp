#include "comparecommand.h"

#include "cli.h"
#include "util/atomicfile.h"
#include "report/comparisontext.h"
#include "report/htmlreport.h"
#include "session/sessionio.h"

#include <QCommandLineParser>
#include <QJsonDocument>

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
