#include "session/sessionfilename.h"

#include <QRegularExpression>

namespace vw {

QString sessionFileNamePart(const QString &text, const QString &fallback)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString part = text;
    part.replace(unsafe, QStringLiteral("_"));
    if (part.isEmpty() || part.startsWith(QLatin1Char('.')))
        part.prepend(fallback);
    return part;
}

} // namespace vw
