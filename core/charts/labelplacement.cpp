#include "charts/labelplacement.h"

#include <algorithm>
#include <cmath>

namespace vw {

QRectF preferredLabelBox(const LabelRequest &l, const QRectF &bounds, double offset)
{
    QRectF r(QPointF(l.anchor.x() + offset, l.anchor.y() - offset - l.size.height()), l.size);
    if (r.right() > bounds.right()) // at the right edge: to the left of the anchor
        r.moveRight(l.anchor.x() - offset);
    if (r.left() < bounds.left())
        r.moveLeft(bounds.left());
    if (r.top() < bounds.top())
        r.moveTop(bounds.top());
    return r;
}

QRectF markerBox(const QPointF &anchor, double size)
{
    return QRectF(anchor.x() - size / 2, anchor.y() - size / 2, size, size);
}

QList<QRectF> placeLabels(const QList<LabelRequest> &labels, const QRectF &bounds, double offset,
                          double gap, const QList<QRectF> &obstacles)
{
    QList<QRectF> placed;
    auto free = [&](const QRectF &r) {
        for (const QRectF &p : std::as_const(placed))
            if (r.intersects(p))
                return false;
        for (const QRectF &o : obstacles)
            if (r.intersects(o))
                return false;
        return true;
    };
    for (const LabelRequest &l : labels) {
        const QRectF first = preferredLabelBox(l, bounds, offset);
        const double step = l.size.height() + gap;
        QRectF chosen = first;
        if (!free(first)) {
            bool found = false;
            // up first (above the curves), then down; inside bounds where possible
            for (int pass = 0; pass < 2 && !found; ++pass) {
                for (int k = 1; k <= 64 && !found; ++k) {
                    for (int sign : {-1, 1}) {
                        QRectF r = first.translated(0, sign * k * step);
                        const bool inside =
                            r.top() >= bounds.top() && r.bottom() <= bounds.bottom();
                        if ((pass == 0 && !inside) || !free(r))
                            continue;
                        chosen = r;
                        found = true;
                        break;
                    }
                }
            }
            if (!found) { // cannot happen with 64 rows each way unless labels are huge
                double y = first.top();
                for (const QRectF &p : std::as_const(placed))
                    y = std::max(y, p.bottom() + gap);
                chosen.moveTop(y);
            }
        }
        placed << chosen;
    }
    return placed;
}

bool labelNeedsLeader(const LabelRequest &label, const QRectF &placed, const QRectF &bounds,
                      double offset)
{
    const QRectF first = preferredLabelBox(label, bounds, offset);
    return std::fabs(first.top() - placed.top()) > 0.5
           || std::fabs(first.left() - placed.left()) > 0.5;
}

LegendLayout layoutLegendRows(const QList<double> &itemWidths, double width, double rowHeight,
                              double itemGap)
{
    LegendLayout out;
    double x = 0;
    int row = 0;
    for (int i = 0; i < itemWidths.size(); ++i) {
        const double w = itemWidths.at(i);
        if (i > 0 && x > 0 && x + w > width) {
            ++row;
            x = 0;
        }
        out.origins << QPointF(x, row * rowHeight);
        x += w + itemGap;
    }
    out.rows = itemWidths.isEmpty() ? 0 : row + 1;
    out.height = out.rows * rowHeight;
    return out;
}

} // namespace vw
