// Where the Vault token comes from. Never from a profile, session, log or settings file.
// Order (README "Command line", docs/distributed.md "The token"): a token file named on the
// command line (`run --token-file PATH`), then VAULT_TOKEN, then BAO_TOKEN, then the file
// VAULT_TOKEN_FILE names (a Kubernetes Secret mounted as a file), then ~/.vault-token, then
// whatever the GUI supplies.
#pragma once

#include <QByteArray>
#include <QString>

namespace vw {

struct TokenLookup {
    QByteArray token; ///< empty when none was found
    QString
        source; ///< "VAULT_TOKEN", "BAO_TOKEN", "~/.vault-token" or "" (for messages; never the token)
    /// A token file that was named (--token-file, VAULT_TOKEN_FILE) but could not be read or
    /// is empty: "cannot read --token-file /x: No such file"; the token is then empty and
    /// nothing later in the order is tried (a named file is what the user meant).
    QString error{};
};

/// Looks at `tokenFile` (when not empty), the environment and the token files above, each
/// trimmed; a file is read up to 64 KiB. Does not touch the network.
TokenLookup lookupToken(const QString &tokenFile = QString());

/// True when `token` holds a byte below 0x20 or 0x7f (a line break would inject headers
/// into the X-Vault-Token request header). Such a token is never sent.
bool tokenHasControlCharacters(const QByteArray &token);

} // namespace vw
