// What resources/resources.qrc compiles into vw_ui: the application icon and the built-in
// profile (profiles/quickstart.yaml, read by defaultProfileYaml() in profileeditorpage.h).
// vw_ui is a static library, so the linker keeps the resource data only when code refers to
// it; these functions do (Q_INIT_RESOURCE), so call them rather than reading ":/..." directly.
#pragma once

#include <QIcon>

namespace vw {

/// Registers the compiled resources once; any thread, cheap after the first call.
void initResources();

/// The application icon (resources/vault-workbench.svg), drawn by Qt's SVG icon engine at any
/// size. When that plugin is missing it falls back to pixmaps rendered with QSvgRenderer at
/// 16 to 256 px. Needs a QGuiApplication.
QIcon applicationIcon();

} // namespace vw
