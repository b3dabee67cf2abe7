// The window half of vault-workbench: `vault-workbench [FILE] [--addr URL]`.
#pragma once

class QApplication;

namespace vw {

/// Parses the window's arguments, shows MainWindow and runs the event loop. Only built with
/// VW_HAVE_GUI; returns the exit code (2 for bad arguments, before any window exists).
int runGui(QApplication &app);

} // namespace vw
