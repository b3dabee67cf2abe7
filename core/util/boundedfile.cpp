#include "util/boundedfile.h"

#include <QFile>
#include <QFileInfo>

namespace vw {

std::optional<QByteArray> readBoundedFile(const QString &path, qint64 maxBytes, QString *error)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    const QFileInfo info(path);
    if (info.exists() && !info.isFile()) {
        err = QStringLiteral("not a regular file");
        return std::nullopt;
    }
    if (info.size() > maxBytes) {
        err = QStringLiteral("%1 bytes; at most %2 bytes").arg(info.size()).arg(maxBytes);
        return std::nullopt;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        err = f.errorString();
        return std::nullopt;
    }
    return f.read(maxBytes); // a file that grew since the check is cut at the bound
}

} // namespace vw
