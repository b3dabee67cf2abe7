#include "cleanupcommand.h"

#include "cli.h"
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

int cleanupCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("session file"));
    const TargetOptions targetOptions;   // --addr, --namespace, TLS flags, --yes (as run)
    const QCommandLineOption all(QStringLiteral("all"),
                                 QStringLiteral("everything tagged by the workbench"));
    const QCommandLineOption prefixOption(QStringLiteral("prefix"),
                                          QStringLiteral("what one run (its prefix) left"),
                                          QStringLiteral("PREFIX"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("this help"));
    p.addOptions({all, prefixOption, help});
    targetOptions.addTo(p);
    if (!p.parse(QStringList{QStringLiteral("vault-workbench cleanup")} + args)) {
        printErr(QStringLiteral("vault-workbench cleanup: %1 (see --help)\n").arg(p.errorText()));
        return ExitUsage;
    }
    if (p.isSet(help)) {
        printOut(usage());
        return ExitOk;
    }
    const QStringList pos = p.positionalArguments();
    const bool sweepAll = p.isSet(all);
    const bool byPrefix = p.isSet(prefixOption);   // a run killed before it wrote a session
    if (int(sweepAll) + int(byPrefix) + int(!pos.isEmpty()) != 1 || pos.size() > 1) {
        printErr(QStringLiteral("vault-workbench cleanup: expected one SESSION file, or --all, "
                                "or --prefix PREFIX; see --help\n"));
        return ExitUsage;
    }

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
        return ExitUsage;   // nothing recorded to go by
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
