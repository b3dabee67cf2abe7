// Where the GUI's exports go (File > Export Chart…, File > Export Report…): the folder of the
// last export, remembered in QSettings ("export/lastDir"), the home folder before the first;
// and "Show in Folder" for a file written (the desktop's file manager on its folder). No disk
// access here but through the file manager. GUI thread only.
#pragma once

#include <QString>

namespace vw {

/// The folder the export dialogs start in: the folder of the last export, else the home folder.
QString exportFolder();
/// Remembers the folder of `filePath` (a file just exported) for the next export dialog.
void rememberExportFolder(const QString &filePath);
/// `folder`/`fileName`: the path an export dialog suggests.
QString suggestedExportPath(const QString &fileName);
/// Opens the folder of `filePath` in the desktop's file manager (QDesktopServices).
void showInFolder(const QString &filePath);

} // namespace vw
