#include "cli.h"

#include "reportcommand.h"
#include "runcommand.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

namespace vw::cli {

bool isHeadless(int argc, char **argv)
{
    if (argc < 2)
        return false;
    for (const char *cmd : {"run", "report", "--help", "-h", "--version"})
        if (std::strcmp(argv[1], cmd) == 0)
            return true;
    return false;
}

QString usage()
{
    return QStringLiteral(
        "vault-workbench %1: benchmarks HashiCorp Vault and OpenBao over their HTTP API.\n"
        "\n"
        "Usage:\n"
        "  vault-workbench [FILE] [--addr URL]\n"
        "  vault-workbench run PROFILE [--addr URL] [--out SESSION] [--label TEXT]\n"
        "  vault-workbench report SESSION [--format table|json|csv]\n"
        "  vault-workbench --help | -h | --version\n"
        "\n"
        "Without a command, the workbench window opens.\n"
        "  FILE          a session file (JSON written by a run) opens in the results view;\n"
        "                any other file opens as a profile (YAML) in the editor\n"
        "  --addr URL    target address, e.g. http://127.0.0.1:8200\n"
        "\n"
        "run: runs the profile's ramp headless. Prints the phases and, as each stage ends,\n"
        "its table rows (latencies in ms), then writes the session and prints its path.\n"
        "  PROFILE       profile YAML (docs/profile-format.md); problems are printed as\n"
        "                PROFILE:line:column: field: message and nothing runs\n"
        "  --addr URL    replaces the profile's target.address\n"
        "  --out SESSION session file to write (JSON, docs/session-format.md); default\n"
        "                <profile name>-<yyyyMMdd-HHmmss>.json in the current folder\n"
        "  --label TEXT  session label; default the profile name\n"
        "  The token comes from $VAULT_TOKEN, then $BAO_TOKEN, then ~/.vault-token; it is\n"
        "  never read from the profile nor written to the session.\n"
        "  SIGINT (Ctrl-C) or SIGTERM stops the run: the current stage ends, cleanup runs\n"
        "  and the partial session is written (status \"stopped\"). A second signal exits at\n"
        "  once without cleanup (benchmark mounts named vwb-* may be left behind).\n"
        "\n"
        "report: prints a saved session to stdout.\n"
        "  SESSION       session file written by run or by the window\n"
        "  --format F    table (default), json (stages x ops with throughput and latency\n"
        "                percentiles) or csv (RFC 4180, one row per stage and operation)\n"
        "\n"
        "Exit codes:\n"
        "  0    run completed; report printed\n"
        "  1    run failed during the measured window, or was stopped (session written)\n"
        "  2    usage error, invalid profile, no token found, unreadable session file\n"
        "  3    setup failure: server unreachable, sealed, token refused, or an operation's\n"
        "       setup failed (nothing was measured, no session written)\n"
        "  130  aborted by a second SIGINT/SIGTERM\n")
        .arg(QStringLiteral(VW_VERSION));
}

void printOut(const QString &text)
{
    const QByteArray b = text.toLocal8Bit();
    std::fwrite(b.constData(), 1, size_t(b.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    const QByteArray b = text.toLocal8Bit();
    std::fwrite(b.constData(), 1, size_t(b.size()), stderr);
    std::fflush(stderr);
}

int runHeadless(const QStringList &args)
{
    const QString cmd = args.value(1);
    if (cmd == QLatin1String("--help") || cmd == QLatin1String("-h")) {
        printOut(usage());
        return ExitOk;
    }
    if (cmd == QLatin1String("--version")) {
        printOut(QStringLiteral("vault-workbench %1 (Qt %2)\n")
                     .arg(QStringLiteral(VW_VERSION), QString::fromLatin1(qVersion())));
        return ExitOk;
    }
    const QStringList rest = args.mid(2);
    if (cmd == QLatin1String("run"))
        return runCommand(rest);
    if (cmd == QLatin1String("report"))
        return reportCommand(rest);
    printErr(QStringLiteral("vault-workbench: unknown command \"%1\"; see --help\n").arg(cmd));
    return ExitUsage;
}

} // namespace vw::cli
