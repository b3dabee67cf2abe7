// Qt plumbing of the chart look: the QChart's theme and margins, and the chart model's colours
// and line styles (core/charts/chartpalette.h) as QColor/QPen. Decides no colour itself.
// GUI thread only.
#pragma once

#include "charts/chartpalette.h"

#include <QColor>
#include <QFont>
#include <QPen>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace vw {

/// "#rrggbb" -> QColor.
inline QColor qColor(const QString &hex)
{
    return QColor::fromString(hex);
}

/// A pen of the model's colour, style and width (round caps).
QPen chartPen(const QString &color, LineStyle style, double width);

/// The chart font (core/charts/charttype.h: DejaVu Sans, sans-serif) at `pixelSize` px.
QFont chartFont(double pixelSize, bool bold);

/// Light theme, no animation, compact margins, legend at the bottom; then the colours of the
/// application's chart theme (ui/theme/charttheme.h), followed when it changes.
void styleChart(QChart *chart);

/// The chart's own colours (background, title, legend, every axis present, marker outlines and
/// the overlay's words) for a light or dark look; series keep their colours. Call again after
/// axes are added.
void applyChartTheme(QChart *chart, bool dark);
/// applyChartTheme() with the application's current chart theme.
void applyChartTheme(QChart *chart);
/// The current chart theme's text colour (titles, labels, marker labels).
QColor chartTextColor();
/// The current chart theme's outline of knee, saturation and failure marks.
QColor chartMarkerOutline();

} // namespace vw
