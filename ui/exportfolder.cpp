#include "exportfolder.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QUrl>

namespace vw {

namespace {
const char *const kKey = "export/lastDir";
} // namespace

QString exportFolder()
{
    return QSettings().value(QLatin1String(kKey), QDir::homePath()).toString();
}

void rememberExportFolder(const QString &filePath)
{
    if (filePath.isEmpty())
        return;
    QSettings().setValue(QLatin1String(kKey), QFileInfo(filePath).absolutePath());
}

QString suggestedExportPath(const QString &fileName)
{
    return QDir(exportFolder()).filePath(fileName);
}

void showInFolder(const QString &filePath)
{
    QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(filePath).absolutePath()));
}

} // namespace vw
