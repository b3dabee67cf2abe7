#include "commandtoken.h"

#include "cli.h"
#include "util/coredump.h"

namespace vw::cli {

std::optional<TokenLookup> commandToken()
{
    // Kept out of core dumps from before it is read.
    if (QString why; !excludeFromCoreDumps(&why))
        printErr(QStringLiteral("warning: cannot keep the token out of core dumps: %1\n").arg(why));
    TokenLookup token = lookupToken();
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
