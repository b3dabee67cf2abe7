// Shared look of the workbench charts: palette, pens, axis set-up. GUI thread only.
#pragma once

#include <QColor>
#include <QPen>

QT_BEGIN_NAMESPACE
class QChart;
class QLogValueAxis;
class QValueAxis;
QT_END_NAMESPACE

namespace vw {

/// Distinct colour number i (Tableau 10, cycling).
QColor chartColor(int i);

/// Pen for a latency percentile: p99 solid, p95 dashed, p50 dotted (others dash-dot).
QPen percentilePen(const QColor &c, int percentile);

/// Light theme, no animation, compact margins, legend at the bottom.
void styleChart(QChart *chart, const QString &title);

// The fit functions leave an axis untouched when its range would not change: every range
// change lays out all of the axis' labels again, which on a live chart (<= 10 updates a
// second, five charts) is most of the GUI thread's time.

/// Fits a base-2 log axis around [minX, maxX] (whole powers of two, at least one octave).
void fitLog2Axis(QLogValueAxis *axis, double minX, double maxX);

/// Fits a value axis to [min, max] widened to Qt's nice numbers (QValueAxis::applyNiceNumbers,
/// worked out on a detached axis so the visible one changes at most once).
void fitNiceAxis(QValueAxis *axis, double min, double max);

/// fitNiceAxis over [0, maxY * 1.08] (room above the top point); an empty range gives [0, 1].
void fitZeroBasedAxis(QValueAxis *axis, double maxY);

} // namespace vw
