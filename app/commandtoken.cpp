#include "commandtoken.h"

#include "cli.h"
#include "util/coredump.h"
#include "vault/localtargetstate.h"

namespace vw::cli {

std::optional<TokenLookup> commandToken(const QString &localTargetDir)
{
    // Kept out of core dumps from before it is read.
    if (QString why; !excludeFromCoreDumps(&why))
        printErr(QStringLiteral("warning: cannot keep the token out of core dumps: %1\n").arg(why));
    TokenLookup token = lookupToken();
    const bool fromEnvironment =
        token.source == QLatin1String("VAULT_TOKEN") || token.source == QLatin1String("BAO_TOKEN");
    if (!localTargetDir.isEmpty() && !fromEnvironment) {
        QString error;
        const QByteArray local = readLocalTargetToken(localTargetDir, &error);
        if (!local.isEmpty())
            token = TokenLookup{
                local, QStringLiteral("the local target (%1/root-token)").arg(localTargetDir)};
    }
    if (token.token.isEmpty()) {
        printErr(QStringLiteral(
            "error: no Vault token found: set VAULT_TOKEN or BAO_TOKEN, or write the token to "
            "~/.vault-token\n"));
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
