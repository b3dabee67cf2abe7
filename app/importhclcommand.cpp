#include "importhclcommand.h"

#include "cli.h"
#include "commandline.h"
#include "util/atomicfile.h"
#include "import/vaultbenchmarkimport.h"
#include "profile/profileparser.h"
#include "util/boundedfile.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace vw::cli {

CommandHelp importHclHelp()
{
    return {
        QStringLiteral("import-hcl"),
        QStringLiteral("  vault-workbench import-hcl CONFIG.hcl [--out PROFILE.yaml]\n"),
        QStringLiteral(
            "import-hcl: turns a vault-benchmark config (HCL) into a profile: workers -> one\n"
            "closed stage of that many VUs (rps -> an arrival-rate stage), duration, vault_addr,\n"
            "vault_namespace, ca_pem_file -> target, each test -> an operation labelled by the\n"
            "test's name, with its type and config fields mapped (docs/profile-format.md,\n"
            "\"Importing vault-benchmark configs\"). vault_token is never copied. Notes on what\n"
            "was dropped go to stderr; unknown keys, types and fields and weights that do not\n"
            "add up to 100 are CONFIG:line:column errors (exit 2). The profile goes to stdout,\n"
            "or to --out, only when it parses.\n")};
}

int importHclCommand(const QStringList &args)
{
    CommandLine cl(importHclHelp());
    const QCommandLineOption out(QStringLiteral("out"),
                                 QStringLiteral("profile YAML to write (default: stdout)"),
                                 QStringLiteral("PROFILE"));
    cl.addOption(out);
    if (const std::optional<int> done = cl.parse(args, 1, 1, QStringLiteral("one CONFIG file")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QString path = cl.positional().first();
    if (p.isSet(out)
        && QFileInfo(p.value(out)).absoluteFilePath() == QFileInfo(path).absoluteFilePath()) {
        printErr(QStringLiteral("error: --out %1 is the config being imported; choose another "
                                "file\n")
                     .arg(p.value(out)));
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
            printErr(QStringLiteral("%1:%2:%3: %4\n")
                         .arg(path)
                         .arg(e.line)
                         .arg(e.column)
                         .arg(e.message));
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
    if (!writeFileAtomically(p.value(out), imported.yaml, &error)) { // util/atomicfile.h
        printErr(QStringLiteral("error: %1\n").arg(error));
        return ExitUsage;
    }
    printErr(QStringLiteral("wrote %1\n").arg(p.value(out)));
    return ExitOk;
}

} // namespace vw::cli
