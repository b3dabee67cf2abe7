// Long curves drawn at the resolution they are shown at: both renderers (core/charts/
// svgrenderer.h, ui/charts/qtchartrenderer.h) thin a curve's pieces here before drawing, so a
// soak run's 1-second series (86,400 points a day per op) or a session of 100,000 short
// stages draws and exports in time (docs/performance.md, "Drawing long curves").
#pragma once

#include <QList>
#include <QPointF>

#include <functional>

namespace vw {

/// A curve's points thinned for a plot `columns` pixels wide: of each run of consecutive
/// points that fall in one pixel column (`columnOf(x)`, 0..columns-1), only the first, the
/// lowest, the highest and the last are kept, in their order (the M4 reduction), so the line
/// drawn through them at that width covers the same pixels as the one through all. Points
/// in drawing order (time order); they need not be sorted by x. A curve of at most
/// 4 * `columns` points, or `columns` < 1, is returned as it is.
QList<QPointF> thinToColumns(const QList<QPointF> &points, int columns,
                             const std::function<int(double)> &columnOf);

/// Whether a piece of `drawn` points on a plot `columns` pixels wide gets a dot at each
/// point: only while they stand at least 4 pixels apart on average (beyond that the dots
/// merge into a thick line and cost the renderer one item each).
bool drawsPointDots(qsizetype drawn, int columns);

} // namespace vw
