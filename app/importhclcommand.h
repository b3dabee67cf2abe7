// `vault-workbench import-hcl CONFIG.hcl [--out PROFILE.yaml]`: turns a vault-benchmark
// config into a profile (core/import/vaultbenchmarkimport.h; docs/profile-format.md,
// "Importing vault-benchmark configs"). Notes (what was dropped, e.g. vault_token) go to
// stderr; the profile to stdout or --out, only when it parses with the profile parser.
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "import-hcl". Returns the exit code (cli.h): 0, or 2 for
/// bad arguments, an unreadable file, or a config that does not import or parse.
int importHclCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp importHclHelp();

} // namespace vw::cli
