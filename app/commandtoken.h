// The token of a headless command that talks to a server (`run`, `cleanup`): core dumps are
// turned off first (core/util/coredump.h), then the token is looked up as the Vault CLI does
// (core/vault/tokensource.h: --token-file, VAULT_TOKEN, BAO_TOKEN, VAULT_TOKEN_FILE,
// ~/.vault-token) and checked.
#pragma once

#include "vault/tokensource.h"

#include <optional>

namespace vw::cli {

/// Prints "token from <source>" (and "core dumps: off while the token is held" when they
/// are) on success; on failure prints the error (no token found; control characters in it)
/// and returns nullopt: the command exits 2. Never prints the token.
/// `localTargetDir`: the address named a local target's node (ResolvedTarget::localTargetDir):
/// without VAULT_TOKEN or BAO_TOKEN the target's own root token (<dir>/root-token) is used,
/// before ~/.vault-token (which belongs to another server).
/// `tokenFile`: run's --token-file (first in the order; an unreadable or empty file is an
/// error, exit 2).
std::optional<TokenLookup> commandToken(const QString &localTargetDir = QString(),
                                        const QString &tokenFile = QString());

} // namespace vw::cli
