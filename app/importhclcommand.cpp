#include "importhclcommand.h"

#include "cli.h"
#include "util/atomicfile.h"
#include "import/vaultbenchmarkimport.h"
#include "profile/profileparser.h"
#include "util/boundedfile.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace vw::cli {

int importHclCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Imports a vault-benchmark config as a profile."));
    p.addPositionalArgument(QStringLiteral("CONFIG"), QStringLiteral("vault-benchmark HCL config"));
    const QCommandLineOption out(QStringLiteral("out"),
                                 QStringLiteral("profile YAML to write (default: stdout)"),
                                 QStringLiteral("PROFILE"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("this help"));
    p.addOption(out);
    p.addOption(help);
    if (!p.parse(QStringList{QStringLiteral("vault-workbench import-hcl")} + args)) {
        printErr(QStringLiteral("vault-workbench import-hcl: %1 (see --help)\n").arg(p.errorText()));
        return ExitUsage;
    }
    if (p.isSet(help)) {
        printOut(usage());
        return ExitOk;
    }
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 1) {
        printErr(QStringLiteral("vault-workbench import-hcl: expected one CONFIG file; see --help\n"));
        return ExitUsage;
    }
    const QString path = pos.first();
    if (p.isSet(out) && QFileInfo(p.value(out)).absoluteFilePath() == QFileInfo(path).absoluteFilePath()) {
        printErr(QStringLiteral("error: --out %1 is the config being imported; choose another "
                                "file\n").arg(p.value(out)));
        return ExitUsage;
    }
    QString why;
    const std::optional<QByteArray> bytes = readBoundedFile(path, kMaxProfileBytes, &why);
    if (!bytes) {
        printErr(QStringLiteral("error: cannot read %1: %2\n").arg(path, why));
        return ExitUsage;
    }
    const QFileInfo info(path);
    const VbImportResult imported =
        importVaultBenchmarkConfig(*bytes, info.completeBaseName(), info.fileName());
    QList<HclError> errors = imported.errors;
    if (errors.isEmpty())
        errors = checkImportedProfile(imported);
    for (const QString &n : imported.notes)
        printErr(QStringLiteral("note: %1\n").arg(n));
    if (!errors.isEmpty()) {
        for (const HclError &e : errors)
            printErr(QStringLiteral("%1:%2:%3: %4\n").arg(path).arg(e.line).arg(e.column).arg(e.message));
        printErr(QStringLiteral("error: %1 was not imported (%2 problem%3)\n")
                     .arg(path)
                     .arg(errors.size())
                     .arg(errors.size() == 1 ? QString() : QStringLiteral("s")));
        return ExitUsage;
    }
    if (!p.isSet(out)) {
        printOut(QString::fromUtf8(imported.yaml));
        return ExitOk;
    }
    QString error;
    if (!writeFileAtomically(p.value(out), imported.yaml, &error)) {   // util/atomicfile.h
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    printErr(QStringLiteral("wrote %1\n").arg(p.value(out)));
    return ExitOk;
}

} // namespace vw::cli
