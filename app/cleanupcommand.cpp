#include "cleanupcommand.h"

#include "cli.h"
#include "session/leftoversweeper.h"
#include "session/sessionio.h"
#include "util/tlsconfig.h"
#include "vault/tokensource.h"
#include "vault/vaultclient.h"

#include <QCommandLineParser>
#include <QTextStream>
#include <QUrl>

#include <cstdio>
#include <unistd.h>

namespace vw::cli {

namespace {

/// --addr, then VAULT_ADDR, then BAO_ADDR (as `run`, app/runcommand.cpp); empty source
/// when none is set.
void addressFromCommandLine(const QCommandLineParser &p, const QCommandLineOption &addr,
                            QString *address, QString *source)
{
    if (p.isSet(addr)) {
        *address = p.value(addr);
        *source = QStringLiteral("--addr");
        return;
    }
    for (const char *var : {"VAULT_ADDR", "BAO_ADDR"}) {
        const QString v = qEnvironmentVariable(var).trimmed();
        if (!v.isEmpty()) {
            *address = v;
            *source = QString::fromLatin1(var);
            return;
        }
    }
}

void printList(const QString &title, const QList<WorkbenchResource> &list)
{
    printOut(QStringLiteral("%1 (%2):\n").arg(title).arg(list.size()));
    for (const WorkbenchResource &r : list)
        printOut(QStringLiteral("  %1\n").arg(r.describe()));
}

/// Asks on the terminal; true for "y" or "yes".
bool confirmed(int count)
{
    printOut(QStringLiteral("remove these %1? [y/N] ").arg(count));
    QTextStream in(stdin);
    const QString answer = in.readLine().trimmed().toLower();
    return answer == QLatin1String("y") || answer == QLatin1String("yes");
}

} // namespace

int cleanupCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("session file"));
    const QCommandLineOption addr(QStringLiteral("addr"), QStringLiteral("target address"),
                                  QStringLiteral("URL"));
    const QCommandLineOption all(QStringLiteral("all"),
                                 QStringLiteral("everything tagged by the workbench"));
    const QCommandLineOption yes(QStringLiteral("yes"), QStringLiteral("do not ask"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("this help"));
    p.addOptions({addr, all, yes, help});
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
    if ((sweepAll && !pos.isEmpty()) || (!sweepAll && pos.size() != 1)) {
        printErr(QStringLiteral("vault-workbench cleanup: expected one SESSION file, or --all; "
                                "see --help\n"));
        return ExitUsage;
    }

    // The target: --addr > VAULT_ADDR > BAO_ADDR > the session's.
    TargetSpec target;
    QString address, source;
    addressFromCommandLine(p, addr, &address, &source);
    std::optional<Session> session;
    if (!sweepAll) {
        QString error;
        session = readSession(pos.first(), &error);
        if (!session) {
            printErr(QStringLiteral("error: %1: %2\n").arg(pos.first(), error));
            return ExitUsage;
        }
        target = session->plan.target;
        if (source.isEmpty()) {
            address = session->targetAddress.isEmpty() ? session->plan.target.address
                                                       : session->targetAddress;
            source = QStringLiteral("the session");
        }
    } else if (source.isEmpty()) {
        printErr(QStringLiteral("error: cleanup --all needs a target: --addr URL, VAULT_ADDR or "
                                "BAO_ADDR\n"));
        return ExitUsage;
    }
    QString why;
    if (!checkTargetAddress(QUrl(address, QUrl::StrictMode), &why)) {
        printErr(QStringLiteral("error: %1: %2\n").arg(source, why));
        return ExitUsage;
    }
    target.address = address;

    const TokenLookup token = lookupToken();
    if (token.token.isEmpty()) {
        printErr(QStringLiteral("error: no Vault token found: set VAULT_TOKEN or BAO_TOKEN, or "
                                "write the token to ~/.vault-token\n"));
        return ExitUsage;
    }
    if (tokenHasControlCharacters(token.token)) {
        printErr(QStringLiteral("error: the token from %1 contains control characters (a line "
                                "break?); it is not sent\n")
                     .arg(token.source));
        return ExitUsage;
    }
    printOut(QStringLiteral("token from %1\n").arg(token.source));
    printOut(QStringLiteral("target %1 (from %2)\n").arg(address, source));

    VaultClient client(target, token.token);
    const SweepTargets targets =
        sweepAll ? allSweepTargets(client) : sessionSweepTargets(client, *session);
    for (const QString &e : targets.errors)
        printErr(QStringLiteral("error: %1\n").arg(e));
    if (!sweepAll && targets.runPrefix.isEmpty())
        return ExitUsage;   // nothing recorded to go by
    if (!sweepAll)
        printOut(QStringLiteral("run prefix %1\n").arg(targets.runPrefix));
    printList(sweepAll ? QStringLiteral("tagged by vault-workbench")
                       : QStringLiteral("created by the run"),
              targets.items);
    if (targets.items.isEmpty())
        return targets.errors.isEmpty() ? ExitOk : ExitCleanup;

    if (sweepAll && !p.isSet(yes)) {
        if (!::isatty(STDIN_FILENO)) {
            printErr(QStringLiteral("nothing removed: not on a terminal; run again with --yes to "
                                    "remove these\n"));
            return ExitUsage;
        }
        if (!confirmed(int(targets.items.size()))) {
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
