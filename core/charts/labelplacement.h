// Placement of chart labels that must not overlap: marker labels (knee, saturation, failure)
// of several sessions near the same x, and the rows of a legend. Pure geometry in the chart's
// pixels (y grows downwards), shared by both renderers (svgrenderer.cpp,
// ui/charts/chartoverlay.cpp) so the SVG, the live view and every export place them alike.
// Pure functions; any thread.
#pragma once

#include <QList>
#include <QRectF>
#include <QSizeF>

namespace vw {

/// One label to place: its size and the point it names (the marker's centre).
struct LabelRequest {
    QPointF anchor;
    QSizeF size;
};

/// Where each label goes, in request order: first up and to the right of its anchor
/// (`offset` px each way); when that box meets a label already placed, the label is staggered
/// upwards, then downwards, a row (its height + `gap`) at a time, until it meets none. Boxes
/// stay inside `bounds` where they can (shifted left at the right edge). No two returned
/// rectangles intersect. A label moved from its first place gets a leader line
/// (labelNeedsLeader()). A label also keeps off `obstacles` (e.g. the markers themselves).
QList<QRectF> placeLabels(const QList<LabelRequest> &labels, const QRectF &bounds,
                          double offset = 8, double gap = 2, const QList<QRectF> &obstacles = {});

/// The box of a marker drawn at `anchor`, `size` px across (an obstacle for placeLabels()).
QRectF markerBox(const QPointF &anchor, double size = 12);

/// The first place of a label (up and right of the anchor), as placeLabels() tries it.
QRectF preferredLabelBox(const LabelRequest &label, const QRectF &bounds, double offset = 8);

/// True when `placed` is not the first place of `label`: draw a line from the anchor to it.
bool labelNeedsLeader(const LabelRequest &label, const QRectF &placed, const QRectF &bounds,
                      double offset = 8);

/// A legend laid out in rows: each item (its width, px) from the left of the row; a row wraps
/// before an item that would pass `width`. Items wider than `width` get a row of their own.
struct LegendLayout {
    QList<QPointF> origins; ///< top-left of each item, relative to the legend's top-left
    int rows = 0;
    double height = 0; ///< rows * rowHeight
};
LegendLayout layoutLegendRows(const QList<double> &itemWidths, double width, double rowHeight,
                              double itemGap);

} // namespace vw
