// How the headless executable reaches the window. `vault-workbench` links only Qt Core and
// Network, so that a `run` does not pay the dynamic linker for Widgets, Charts, Svg, Gui and
// their dependencies (Debian builds Qt with BIND_NOW: every symbol of every loaded library is
// resolved at start; docs/performance.md, "Fixed costs and the control plane"). The window
// and `export` are the companion executable `vault-workbench-gui` (the same commands, built
// with the GUI), which the headless one execs with the same arguments when asked for either.
#pragma once

#include <QString>

namespace vw {

/// The companion executable: `vault-workbench-gui` beside this one (the build tree), else in
/// ../lib/vault-workbench/ (installed: /usr/lib/vault-workbench/). Empty when neither exists.
QString guiExecutablePath();

/// Replaces this process by the companion executable with the same arguments (argv[0]
/// included). Returns only when that failed, with the reason.
QString execGuiExecutable(char **argv);

} // namespace vw
