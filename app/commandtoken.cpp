#include "commandtoken.h"

#include "cli.h"
#include "util/coredump.h"
#include "vault/localtargetstate.h"

namespace vw::cli {

std::optional<TokenLookup> commandToken(const QString &localTargetDir, const QString &tokenFile)
{
    // Kept out of core dumps from before it is read.
    if (QString why; !excludeFromCoreDumps(&why))
        printErr(QStringLiteral("warning: cannot keep the token out of core dumps: %1\n").arg(why));
    TokenLookup token = lookupToken(tokenFile);
    if (!token.error.isEmpty()) {
        printErr(QStringLiteral("error: %1\n").arg(token.error));
        return std::nullopt;
    }
    // Named by the user (flag, variable, VAULT_TOKEN_FILE): not replaced by the local target's.
    const bool named = !token.token.isEmpty() && token.source != QLatin1String("~/.vault-token");
    if (!localTargetDir.isEmpty() && !named) {
        QString error;
        const QByteArray local = readLocalTargetToken(localTargetDir, &error);
        if (!local.isEmpty())
            token = TokenLookup{
                local, QStringLiteral("the local target (%1/root-token)").arg(localTargetDir)};
    }
    if (token.token.isEmpty()) {
        printErr(QStringLiteral(
            "error: no Vault token found: set VAULT_TOKEN or BAO_TOKEN, or write the token to "
            "~/.vault-token (or a file named by --token-file or VAULT_TOKEN_FILE)\n"));
        return std::nullopt;
    }
    if (tokenHasControlCharacters(token.token)) {
        printErr(QStringLiteral("error: the token from %1 contains control characters (a line "
                                "break?); it is not sent\n")
                     .arg(token.source));
        return std::nullopt;
    }
    printOut(QStringLiteral("token from %1\n").arg(token.source));
    if (coreDumpsExcluded())
        printOut(QStringLiteral("core dumps: off while the token is held\n"));
    return token;
}

} // namespace vw::cli
