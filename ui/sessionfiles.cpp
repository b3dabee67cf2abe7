#include "sessionfiles.h"

#include "session/sessionfilename.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace vw {

QString appDataDirectory()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const QString org = QCoreApplication::organizationName();
    const QString app = QCoreApplication::applicationName();
    const QString doubled = QLatin1Char('/') + org + QLatin1Char('/') + app;
    if (!org.isEmpty() && org == app && dir.endsWith(doubled))
        dir.chop(app.size() + 1);
    return dir;
}

QString sessionsDirectory()
{
    return appDataDirectory() + QStringLiteral("/sessions");
}

QStringList legacySessionsDirectories()
{
    QStringList out;
    const QString doubled = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                            + QStringLiteral("/sessions");
    if (QDir::cleanPath(doubled) != QDir::cleanPath(sessionsDirectory()))
        out.append(doubled);
    return out;
}

QString autoSavePath(const Session &s)
{
    const QString label =
        sessionFileNamePart(s.label.isEmpty() ? s.profileName : s.label, QStringLiteral("run"));
    const QDateTime t = s.startedAt.isValid() ? s.startedAt : QDateTime::currentDateTimeUtc();
    return QDir(sessionsDirectory())
        .filePath(QStringLiteral("%1-%2-%3.json")
                      .arg(t.toUTC().toString(QStringLiteral("yyyyMMdd-HHmmss")), label.left(40),
                           s.id.left(8)));
}

bool isSameFilePath(const QString &a, const QString &b)
{
    return !a.isEmpty() && !b.isEmpty()
           && QDir::cleanPath(QFileInfo(a).absoluteFilePath())
                  == QDir::cleanPath(QFileInfo(b).absoluteFilePath());
}

bool isProfileFileName(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("yaml") || suffix == QLatin1String("yml");
}

bool looksLikeSessionFile(const QString &path)
{
    if (QFileInfo(path).suffix().toLower() == QLatin1String("json"))
        return true;
    if (isProfileFileName(path))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    return f.read(64).trimmed().startsWith('{');
}

} // namespace vw
