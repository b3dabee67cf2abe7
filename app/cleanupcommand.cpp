#include "cleanupcommand.h"

#include "cli.h"
#include "commandline.h"
#include "commandtoken.h"
#include "targetoptions.h"
#include "session/leftoversweeper.h"
#include "session/sessionio.h"
#include "vault/tokensource.h"
#include "vault/vaultclient.h"

#include <QCommandLineParser>

#include <cstdio>
#include <unistd.h>

namespace vw::cli {

namespace {

void printList(const QString &title, const QList<WorkbenchResource> &list)
{
    printOut(QStringLiteral("%1 (%2):\n").arg(title).arg(list.size()));
    for (const WorkbenchResource &r : list)
        printOut(QStringLiteral("  %1\n").arg(r.describe()));
}

} // namespace

CommandHelp cleanupHelp()
{
    return {
        QStringLiteral("cleanup"),
        QStringLiteral("  vault-workbench cleanup SESSION [--addr URL]\n"
                       "  vault-workbench cleanup --all [--addr URL] [--yes]\n"
                       "  vault-workbench cleanup --prefix PREFIX [--addr URL]\n"),
        QStringLiteral(
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
            "  The token is found as for run. Exit 0 only when nothing of the sweep is left.\n")};
}

int cleanupCommand(const QStringList &args)
{
    CommandLine cl(cleanupHelp());
    const TargetOptions targetOptions; // --addr, --namespace, TLS flags, --yes (as run)
    const QCommandLineOption all(QStringLiteral("all"),
                                 QStringLiteral("everything tagged by the workbench"));
    const QCommandLineOption prefixOption(QStringLiteral("prefix"),
                                          QStringLiteral("what one run (its prefix) left"),
                                          QStringLiteral("PREFIX"));
    cl.addOptions({all, prefixOption});
    targetOptions.addTo(cl.parser());
    const QString expected = QStringLiteral("one SESSION file, or --all, or --prefix PREFIX");
    if (const std::optional<int> done = cl.parse(args, 0, 1, expected))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList pos = cl.positional();
    const bool sweepAll = p.isSet(all);
    const bool byPrefix = p.isSet(prefixOption); // a run killed before it wrote a session
    if (int(sweepAll) + int(byPrefix) + int(!pos.isEmpty()) != 1)
        return cl.usageError(QStringLiteral("expected ") + expected);

    // The target, setting by setting as for run (core/vault/targetresolver.h): the flag, then
    // VAULT_*, then BAO_*, then the session's target (for --all: none).
    TargetSpec base;
    std::optional<Session> session;
    if (byPrefix) {
        session = Session();
        session->runPrefix = p.value(prefixOption).trimmed();
    } else if (!sweepAll) {
        QString error;
        session = readSession(pos.first(), &error);
        if (!session) {
            printErr(QStringLiteral("error: %1: %2\n").arg(pos.first(), error));
            return ExitUsage;
        }
        base = session->plan.target;
        if (!session->targetAddress.isEmpty())
            base.address = session->targetAddress;
    }
    std::optional<ResolvedTarget> resolved = targetOptions.resolve(p, base);
    if (!resolved)
        return ExitUsage;
    for (QString &source : resolved->sources)
        if (source == QLatin1String("profile"))
            source = QStringLiteral("the session");
    if ((sweepAll || byPrefix)
        && resolved->sources.value(QStringLiteral("address")) == QLatin1String("default")) {
        printErr(QStringLiteral("error: cleanup %1 needs a target: --addr URL, VAULT_ADDR or "
                                "BAO_ADDR\n")
                     .arg(QLatin1String(sweepAll ? "--all" : "--prefix")));
        return ExitUsage;
    }
    const TargetSpec target = resolved->target;

    const std::optional<TokenLookup> token = commandToken(resolved->localTargetDir);
    if (!token)
        return ExitUsage;
    TargetOptions::print(*resolved);
    if (const int code = targetOptions.confirm(
            p, *resolved, QStringLiteral("remove what vault-workbench runs left there"));
        code != ExitOk)
        return code;

    VaultClient client(target, token->token);
    const SweepTargets targets =
        sweepAll ? allSweepTargets(client) : sessionSweepTargets(client, *session);
    for (const QString &e : targets.errors)
        printErr(QStringLiteral("error: %1\n").arg(e));
    if (!sweepAll && targets.runPrefix.isEmpty())
        return ExitUsage; // nothing recorded to go by
    if (!sweepAll)
        printOut(QStringLiteral("run prefix %1\n").arg(targets.runPrefix));
    printList(sweepAll ? QStringLiteral("tagged by vault-workbench")
                       : QStringLiteral("on the server, tagged with the run prefix"),
              targets.items);
    if (!targets.notOnServer.isEmpty())
        printList(QStringLiteral("recorded by the session but not on the server tagged with "
                                 "its prefix (already removed, or not the run's: left alone)"),
                  targets.notOnServer);
    if (targets.items.isEmpty())
        return targets.errors.isEmpty() ? ExitOk : ExitCleanup;

    if (sweepAll && !targetOptions.yes(p)) {
        if (!::isatty(STDIN_FILENO)) {
            printErr(QStringLiteral("nothing removed: not on a terminal; run again with --yes to "
                                    "remove these\n"));
            return ExitUsage;
        }
        if (!askYesNo(QStringLiteral("remove these %1?").arg(targets.items.size()))) {
            printErr(QStringLiteral("nothing removed\n"));
            return ExitCleanup;
        }
    }

    const SweepResult result = sweep(client, targets);
    for (const WorkbenchResource &r : result.removed)
        printOut(QStringLiteral("removed %1\n").arg(r.describe()));
    for (const QString &e : result.errors)
        printErr(QStringLiteral("error: %1\n").arg(e));
    if (!result.left.isEmpty()) {
        QStringList left;
        for (const WorkbenchResource &r : result.left)
            left << r.describe();
        printErr(QStringLiteral("still on the server: %1\n").arg(left.join(QStringLiteral(", "))));
    }
    if (result.clean()) {
        printOut(QStringLiteral("nothing left\n"));
        return ExitOk;
    }
    return ExitCleanup;
}

} // namespace vw::cli
