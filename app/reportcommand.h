// `vault-workbench report SESSION [--format table|json|csv]`: prints a saved session.
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "report". Returns the exit code (cli.h).
int reportCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp reportHelp();

} // namespace vw::cli
