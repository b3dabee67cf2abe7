#include "opscommand.h"

#include "cli.h"
#include "ops/operationcatalog.h"
#include "ops/operationregistry.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace vw::cli {

int opsCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Lists the operation types and their params."));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("text (default), json or markdown"),
                                    QStringLiteral("F"), QStringLiteral("text"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("this help"));
    p.addOption(format);
    p.addOption(help);
    if (!p.parse(QStringList{QStringLiteral("vault-workbench ops")} + args)) {
        printErr(QStringLiteral("vault-workbench ops: %1 (see --help)\n").arg(p.errorText()));
        return ExitUsage;
    }
    if (p.isSet(help)) {
        printOut(usage());
        return ExitOk;
    }
    if (!p.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("vault-workbench ops: takes no arguments; see --help\n"));
        return ExitUsage;
    }
    const QList<OperationType> &types = OperationRegistry::instance().types();
    const QString fmt = p.value(format);
    if (fmt == QLatin1String("text"))
        printOut(operationCatalogText(types));
    else if (fmt == QLatin1String("json"))
        printOut(QString::fromUtf8(
            QJsonDocument(operationCatalogJson(types)).toJson(QJsonDocument::Indented)));
    else if (fmt == QLatin1String("markdown"))
        printOut(operationCatalogMarkdown(types));
    else {
        printErr(QStringLiteral("vault-workbench ops: unknown --format \"%1\" (text, json or "
                                "markdown)\n")
                     .arg(fmt));
        return ExitUsage;
    }
    return ExitOk;
}

} // namespace vw::cli
