// Where the Vault token comes from. Never from a profile, session, log or settings file.
// Order: VAULT_TOKEN, then BAO_TOKEN, then ~/.vault-token, then whatever the GUI supplies.
#pragma once

#include <QByteArray>
#include <QString>

namespace vw {

struct TokenLookup {
    QByteArray token; ///< empty when none was found
    QString
        source; ///< "VAULT_TOKEN", "BAO_TOKEN", "~/.vault-token" or "" (for messages; never the token)
};

/// Looks in the environment and ~/.vault-token (trimmed). Does not touch the network.
TokenLookup lookupToken();

/// True when `token` holds a byte below 0x20 or 0x7f (a line break would inject headers
/// into the X-Vault-Token request header). Such a token is never sent.
bool tokenHasControlCharacters(const QByteArray &token);

} // namespace vw
