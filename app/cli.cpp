#include "cli.h"

#include <iostream>
#include <string>

#include "benchcommand.h"
#include "cleanupcommand.h"
#include "comparecommand.h"
#include "importhclcommand.h"
#include "opscommand.h"
#include "reportcommand.h"
#include "runcommand.h"
#include "targetcommand.h"
#include "studycommand.h"
#include "targetoptions.h"
#include "util/terminaltext.h"

#include <QFileInfo>
#include <QCoreApplication>

#include <cstdio>
#include <cstring>

namespace vw::cli {

bool isHeadless(int argc, char **argv)
{
    if (argc < 2)
        return false;
    for (const char *cmd : {"run", "report", "compare", "ops", "cleanup", "target", "study",
                            "bench-transport", "import-hcl", "--help", "-h", "--version"})
        if (std::strcmp(argv[1], cmd) == 0)
            return true;
    return false;
}

QString unknownFirstArgument(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-' || std::strcmp(argv[1], "export") == 0)
        return QString();
    const QString arg = QString::fromLocal8Bit(argv[1]);
    return QFileInfo::exists(arg) ? QString() : arg;
}

QString usage()
{
    return QStringLiteral(
        "vault-workbench %1: benchmarks HashiCorp Vault and OpenBao over their HTTP API.\n"
        "\n"
        "Usage:\n"
        "  vault-workbench [FILE...] [--addr URL]\n"
        "  vault-workbench run PROFILE [--addr URL] [--out SESSION] [--label TEXT] [--yes]\n"
        "                  [--namespace NS] [--ca-cert FILE] [--ca-path DIR] [--tls-skip-verify]\n"
        "                  [--client-cert FILE --client-key FILE] [--client-timeout DURATION]\n"
        "                  [--server-pid PID] [--no-server-telemetry]\n"
        "  vault-workbench report SESSION [--format table|json|csv|html|vault-benchmark]\n"
        "  vault-workbench compare SESSION SESSION... [--format table|json] [--out report.html]\n"
        "  vault-workbench export SESSION... --chart latency|throughput|errors|time|\n"
        "                  time-throughput|server-memory|server-cpu|server-latency|\n"
        "                  time-server-memory|time-server-cpu|time-errors [--log-y]\n"
        "                  [--format png|svg|pdf] --out FILE [--width 1600 --height 1000 --dpi 144]\n"
        "                  [--size slide|a4|letter|WxH]\n"
        "  vault-workbench ops [--format text|json|markdown]\n"
        "  vault-workbench import-hcl CONFIG.hcl [--out PROFILE.yaml]\n"
        "  vault-workbench cleanup SESSION [--addr URL]\n"
        "  vault-workbench cleanup --all [--addr URL] [--yes]\n"
        "  vault-workbench cleanup --prefix PREFIX [--addr URL]\n"
        "  vault-workbench target up dev|raft|cluster [--nodes 3] [--lb nginx|haproxy] [--tls]\n"
        "                  [--audit none|file|file-raw] [--telemetry] [--state-dir DIR]\n"
        "  vault-workbench target status|env|down [--state-dir DIR]\n"
        "  vault-workbench study STUDY.yaml [--short] [--out-dir DIR] [--yes] [target flags]\n"
        "  vault-workbench --help | -h | --version\n"
        "\n"
        "Without a command, the workbench window opens.\n"
        "  FILE          a session file (JSON written by a run) opens in the results view;\n"
        "                further session files are overlaid on it for comparison;\n"
        "                any other file opens as a profile (YAML) in the editor\n"
        "  --addr URL    target address, e.g. http://127.0.0.1:8200\n"
        "\n"
        "run: runs the profile's ramp headless. Prints the phases and, as each stage ends,\n"
        "its table rows (latencies in ms), then writes the session and prints its path.\n"
        "  PROFILE       profile YAML (docs/profile-format.md); problems are printed as\n"
        "                PROFILE:line:column: field: message and nothing runs\n"
        "  --out SESSION session file to write (JSON, docs/session-format.md); default\n"
        "                <profile name>-<yyyyMMdd-HHmmss>.json in the current folder\n"
        "  --label TEXT  session label; default the profile name\n"
        "  --server-pid PID  the server's process on this machine: its /proc/PID (memory,\n"
        "                CPU) is read once a second beside GET sys/metrics\n"
        "  --no-server-telemetry  do not read sys/metrics during the run (docs/measurement.md,\n"
        "                \"Server telemetry\")\n"
        "%2"
        "  The effective target and where each setting came from are printed first and kept\n"
        "  in the session. A target that is not loopback (127.0.0.0/8, ::1, localhost) is\n"
        "  confirmed first: on a terminal the question names its version and cluster; else\n"
        "  --yes is needed (exit 2 without it, before anything is sent).\n"
        "  The token comes from $VAULT_TOKEN, then $BAO_TOKEN, then ~/.vault-token; it is\n"
        "  never read from the profile nor written to the session.\n"
        "  SIGINT (Ctrl-C) or SIGTERM stops the run: the current stage ends, cleanup runs\n"
        "  and the partial session is written (status \"stopped\"). A second signal exits at\n"
        "  once without cleanup (benchmark mounts named vwb-* may be left behind: see cleanup).\n"
        "  Everything a run creates is described \"vault-workbench run <prefix>\"; the session\n"
        "  (also its checkpoint, written right after setup) records the prefix and each\n"
        "  mount, auth method, role and policy. Cleanup retries 429, 503 and refused\n"
        "  connections with backoff honouring Retry-After, for at most 60 s in total; what\n"
        "  it could not remove is printed with the cleanup command that sweeps it (exit 4).\n"
        "\n"
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
        "metrics)\") and the server's memory, CPU and request time per stage.\n"
        "\n"
        "compare: prints saved sessions side by side: their capacity points, their stages\n"
        "aligned by VUs with throughput and p99 ratios to the first session (A), and a\n"
        "warning for each difference in target, server version, ramp or operation\n"
        "parameters. --format json prints the same as JSON. --out FILE writes one\n"
        "self-contained HTML report instead (inline CSS and SVG charts, no other file).\n"
        "\n"
        "export: draws a chart of saved sessions (the first is the main one, the others\n"
        "overlaid) with the knee, saturation and failure markers, the USL fit, the SLO line\n"
        "and client-bound stages shaded, and writes it as PNG, SVG or PDF (--format, default\n"
        "from the --out suffix). --width/--height in pixels, --dpi for the PNG/PDF\n"
        "resolution; or --size slide (16:9, 1920x1080), a4 or letter (landscape pages at\n"
        "--dpi) or WxH. Text is sized for the picture: at slide size tick labels are 20 px,\n"
        "the title 36 px. --log-y draws latency on a log10 axis (ticks at 1, 2, 5 x 10^k).\n"
        "time and time-throughput: latency (p50, p99) and successes per second over time of\n"
        "every session, with the stage boundaries; time-errors: errors per second by class\n"
        "(connection, timeout, 5xx, 429, ...). Runs without a display (offscreen).\n"
        "\n"
        "ops: lists the operation types a profile can use (operations[].type) with their\n"
        "description, request, setup and params (name, type, default, allowed values or\n"
        "range, description). --format text (default), json, or markdown (the table of\n"
        "docs/profile-format.md).\n"
        "\n"
        "import-hcl: turns a vault-benchmark config (HCL) into a profile: workers -> one\n"
        "closed stage of that many VUs (rps -> an arrival-rate stage), duration, vault_addr,\n"
        "vault_namespace, ca_pem_file -> target, each test -> an operation labelled by the\n"
        "test's name, with its type and config fields mapped (docs/profile-format.md,\n"
        "\"Importing vault-benchmark configs\"). vault_token is never copied. Notes on what\n"
        "was dropped go to stderr; unknown keys, types and fields and weights that do not\n"
        "add up to 100 are CONFIG:line:column errors (exit 2). The profile goes to stdout,\n"
        "or to --out, only when it parses.\n"
        "\n"
        "cleanup: removes what runs left on a server. With SESSION: what that run created\n"
        "(the session's recorded resources and anything tagged with its run prefix; also\n"
        "an \"incomplete\" checkpoint of a killed run). With --all: lists every mount, auth\n"
        "method and policy tagged \"vault-workbench run ...\", asks on a terminal (or takes\n"
        "--yes), removes them. Without a terminal and without --yes it only lists (exit 2).\n"
        "With --prefix PREFIX: what one run left (the prefix `run` prints as setup starts;\n"
        "for a run killed before it wrote its session), asking nothing.\n"
        "  The target flags are run's (--addr, --namespace, --ca-cert, ... --yes), over\n"
        "  VAULT_*, over BAO_*, over the session's target; --all and --prefix need --addr,\n"
        "  VAULT_ADDR or BAO_ADDR.\n"
        "  The token is found as for run. Exit 0 only when nothing of the sweep is left.\n"
        "\n"
        "study: runs every profile of a study file against every target, one after the\n"
        "other, as run does (docs/profile-format.md, \"Studies\"), saves each session as\n"
        "<out-dir>/<profile>__<target>.json and writes <out-dir>/study-report.html (one\n"
        "self-contained HTML report: runs, throughput and p99 per stage, a section per\n"
        "dimension, all sessions compared). A failed run is recorded and the study goes on\n"
        "(exit 1 at the end). --short scales every stage and the warm-up by 0.1 (stages at\n"
        "least 2 s); --out-dir default <study name>-<yyyyMMdd-HHmmss>. The study's\n"
        "target_up: runs `vault-workbench target up ...` first (unless `target status`\n"
        "says it is up) and `target down` last, output in <out-dir>/study.log; the token\n"
        "is then `target env`'s. Target flags as for run, except --addr.\n"
        "\n%3"
        "\n"
        "Exit codes:\n"
        "  0    run completed; report printed\n"
        "  1    run failed during the measured window, or was stopped (session written)\n"
        "  2    usage error, invalid profile, no token found, unreadable session file\n"
        "  3    setup failure: server unreachable, sealed, token refused or too short-lived\n"
        "       for the run, open-file limit too low for the VUs, or an operation's setup\n"
        "       failed (nothing was measured, no session written)\n"
        "  4    cleanup could not remove everything: run (takes precedence over 1 and 3;\n"
        "       the leftovers and the command to sweep them are printed) and cleanup\n"
        "       (something tagged is still on the server, or a list could not be read)\n"
        "  130  aborted by a second SIGINT/SIGTERM\n")
        .arg(QStringLiteral(VW_VERSION), TargetOptions::helpText(), targetHelpText());
}

bool askYesNo(const QString &question)
{
    printErr(question + QStringLiteral(" [y/N] "));
    std::string answer;
    if (!std::getline(std::cin, answer))
        return false;
    const QString a = QString::fromStdString(answer).trimmed().toLower();
    return a == QLatin1String("y") || a == QLatin1String("yes");
}

QString shellQuoted(const QString &text)
{
    static const QString safe = QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                               "0123456789-_./:=@%+,");
    bool plain = !text.isEmpty();
    for (const QChar c : text)
        plain = plain && safe.contains(c);
    if (plain)
        return text;
    QString out = text;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

void printOut(const QString &text)
{
    const QByteArray b = text.toLocal8Bit();
    std::fwrite(b.constData(), 1, size_t(b.size()), stdout);
    std::fflush(stdout);
}

void printErr(const QString &text)
{
    // Diagnostics carry names and server texts: never an escape sequence the terminal obeys.
    const QByteArray b = terminalSafe(text).toLocal8Bit();
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
    if (cmd == QLatin1String("bench-transport")) // hidden: bench/run.sh (benchcommand.h)
        return benchTransportCommand(rest);
    if (cmd == QLatin1String("compare"))
        return compareCommand(rest);
    if (cmd == QLatin1String("ops"))
        return opsCommand(rest);
    if (cmd == QLatin1String("cleanup"))
        return cleanupCommand(rest);
    if (cmd == QLatin1String("import-hcl"))
        return importHclCommand(rest);
    if (cmd == QLatin1String("target"))
        return targetCommand(rest);
    if (cmd == QLatin1String("study"))
        return studyCommand(rest);
    printErr(QStringLiteral("vault-workbench: unknown command \"%1\"; see --help\n").arg(cmd));
    return ExitUsage;
}

} // namespace vw::cli
