// `vault-workbench cleanup SESSION [--addr URL]` and `vault-workbench cleanup --all
// [--addr URL] [--yes]`: removes what runs left on a server (the logic is
// core/session/leftoversweeper.h; this is its command line).
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "cleanup". Returns the exit code (cli.h): 0 when nothing
/// of the sweep is left, ExitCleanup when something is (or a list could not be read),
/// ExitUsage for bad arguments, an unreadable session, no token, or --all without a
/// terminal and without --yes (then it only lists).
int cleanupCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp cleanupHelp();

} // namespace vw::cli
