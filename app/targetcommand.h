// `vault-workbench target up|status|env|down`: local OpenBao targets on loopback
// (core/localtarget/localtarget.h, docs/local-targets.md).
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the words after "target". Exit 0 on success, 2 on a usage error, 3 when the
/// target could not be started or stopped (or there is none for status/env).
int targetCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp targetHelp();

} // namespace vw::cli
