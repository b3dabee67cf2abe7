// `vault-workbench compare SESSION SESSION... [--format table|json] [--out report.html]`:
// compares saved sessions side by side (core/session/comparison.h).
#pragma once

#include "commandline.h"

#include <QStringList>

namespace vw::cli {

/// `args` are the arguments after "compare". Returns the exit code (cli.h): 0 printed,
/// 2 usage error, unreadable session or unwritable --out. With --out FILE the self-contained
/// HTML report (core/session/htmlreport.h) is written there and its path printed.
int compareCommand(const QStringList &args);

/// Its part of usage() and its --help (commandline.h).
CommandHelp compareHelp();

} // namespace vw::cli
