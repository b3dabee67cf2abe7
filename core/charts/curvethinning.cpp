#include "charts/curvethinning.h"

#include <algorithm>
#include <array>

namespace vw {

QList<QPointF> thinToColumns(const QList<QPointF> &points, int columns,
                             const std::function<int(double)> &columnOf)
{
    if (columns < 1 || points.size() <= 4 * qsizetype(columns))
        return points;
    const auto column = [&](qsizetype i) {
        return std::clamp(columnOf(points.at(i).x()), 0, columns - 1);
    };
    QList<QPointF> out;
    out.reserve(4 * qsizetype(columns));
    const qsizetype n = points.size();
    qsizetype i = 0;
    while (i < n) {
        const int col = column(i);
        qsizetype lo = i, hi = i, last = i;
        const qsizetype first = i;
        for (++i; i < n && column(i) == col; ++i) {
            if (points.at(i).y() < points.at(lo).y())
                lo = i;
            if (points.at(i).y() > points.at(hi).y())
                hi = i;
            last = i;
        }
        std::array<qsizetype, 4> keep{first, lo, hi, last};
        std::sort(keep.begin(), keep.end());
        const auto end = std::unique(keep.begin(), keep.end());
        for (auto it = keep.begin(); it != end; ++it)
            out.append(points.at(*it));
    }
    return out;
}

bool drawsPointDots(qsizetype drawn, int columns)
{
    return columns < 1 || drawn * 4 <= qsizetype(columns);
}

} // namespace vw
