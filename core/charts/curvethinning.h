// Long curves drawn at the resolution they are shown at: both renderers (core/charts/
// svgrenderer.h, ui/charts/qtchartrenderer.h) thin a curve's pieces here before drawing, so a
// soak run's 1-second series (86,400 points a day per op) or a session of 100,000 short
// stages draws and exports in time (docs/performance.md, "Drawing long curves").
#pragma once

#include <QList>
#include <QPoint>
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

/// A curve that goes back and forth across the plot (a stage chart of a session whose loads
/// repeat, in stage order: consecutive points jump between columns, so thinToColumns() keeps
/// them all) drawn through each of its distinct segments once. Points are taken to their
/// pixel cell (`cellOf`: column, row; the first point seen in a cell stands for it), each
/// segment between two cells within a piece is kept once, and each connected part is walked
/// from its first cell, depth first, stepping back along walked segments (which adds no
/// pixel) where a cell has none left: one piece per connected part, in the order their first
/// points come. So the lines cover the same cells as the pieces through every point, in at
/// most 2 x (distinct segments) + 1 points a part; 120,000 stages cycling over 64 loads, a
/// gap every 97th, become one piece of about 130 points.
QList<QList<QPointF>> walkDistinctSegments(const QList<QList<QPointF>> &pieces,
                                           const std::function<QPoint(const QPointF &)> &cellOf);

/// What both renderers draw of a curve's pieces (ChartSeries::segments()) on a plot `columns`
/// pixels wide (`columnOf(x)`, `rowOf(y)`: the pixel column and row, axisColumn() of each
/// axis, chartaxes.h). Pieces of at most 4 points a column in all are drawn as they are.
/// Longer: pieces whose gap lies inside one pixel column are joined (it shows no empty
/// column), each piece is thinToColumns(), and when they still hold more than 4 points a
/// column (the curve goes back and forth), walkDistinctSegments() when it draws fewer.
QList<QList<QPointF>> thinForPlot(const QList<QList<QPointF>> &pieces, int columns,
                                  const std::function<int(double)> &columnOf,
                                  const std::function<int(double)> &rowOf);

/// Whether a piece of `drawn` points on a plot `columns` pixels wide gets a dot at each
/// point: only while they stand at least 4 pixels apart on average (beyond that the dots
/// merge into a thick line and cost the renderer one item each).
bool drawsPointDots(qsizetype drawn, int columns);

} // namespace vw
