#include "opscommand.h"

#include "cli.h"
#include "commandline.h"
#include "ops/operationcatalog.h"
#include "ops/operationregistry.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace vw::cli {

CommandHelp opsHelp()
{
    return {QStringLiteral("ops"),
            QStringLiteral("  vault-workbench ops [--format text|json|markdown]\n"),
            QStringLiteral(
                "ops: lists the operation types a profile can use (operations[].type) with their\n"
                "description, request, setup and params (name, type, default, allowed values or\n"
                "range, description). --format text (default), json, or markdown (the table of\n"
                "docs/profile-format.md).\n")};
}

int opsCommand(const QStringList &args)
{
    CommandLine cl(opsHelp());
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("text (default), json or markdown"),
                                    QStringLiteral("F"), QStringLiteral("text"));
    cl.addOption(format);
    if (const std::optional<int> done = cl.parse(args, 0, 0))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QList<OperationType> &types = OperationRegistry::instance().types();
    const QString fmt = p.value(format);
    if (fmt == QLatin1String("text"))
        printOut(operationCatalogText(types));
    else if (fmt == QLatin1String("json"))
        printOut(QString::fromUtf8(
            QJsonDocument(operationCatalogJson(types)).toJson(QJsonDocument::Indented)));
    else if (fmt == QLatin1String("markdown"))
        printOut(operationCatalogMarkdown(types));
    else
        return cl.usageError(
            QStringLiteral("unknown --format \"%1\" (text, json or markdown)").arg(fmt));
    return ExitOk;
}

} // namespace vw::cli
