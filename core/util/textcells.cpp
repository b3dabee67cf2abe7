#include "util/textcells.h"

#include <algorithm>

namespace vw {

QString rightCell(const QString &text, int width)
{
    return text.size() < width ? text.rightJustified(width) : QLatin1Char(' ') + text;
}

QString leftCell(const QString &text, int width)
{
    return text.size() < width ? text.leftJustified(width) : text + QLatin1Char(' ');
}

QList<int> columnWidths(const QList<QStringList> &rows, const QList<int> &minWidths)
{
    QList<int> widths = minWidths;
    for (const QStringList &r : rows) {
        while (widths.size() < r.size())
            widths.append(0);
        for (int i = 0; i < r.size(); ++i)
            widths[i] = std::max(widths[i], int(r.at(i).size()) + 1);
    }
    return widths;
}

} // namespace vw
