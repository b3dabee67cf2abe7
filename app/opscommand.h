// `vault-workbench ops [--format text|json|markdown]`: lists every operation type with its
// description and params, from the registry's data (core/ops/operationcatalog.h). The
// markdown form is the operations table of docs/profile-format.md.
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "ops". Returns the exit code (cli.h).
int opsCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp opsHelp();

} // namespace vw::cli
