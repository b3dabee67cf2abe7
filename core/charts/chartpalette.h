// The one palette and line look of every chart the product draws (chartmodel.h), as CSS hex
// colours so the SVG renderer (svgrenderer.h) and the QtCharts renderer
// (ui/charts/qtchartrenderer.h) read the same values. Pure functions; any thread.
#pragma once

#include "analysis/verdict.h"

#include <QString>

namespace vw {

/// Distinct colour number i, "#4e79a7", ... (Tableau 10, cycling; negative i wraps).
QString paletteColor(int i);

/// Colour of the curve of source `source`, operation `op` (both 0-based). One source: a colour
/// per op. Overlay (several sources): a colour per source, its ops as darker/lighter shades.
QString seriesColor(int source, int op, bool overlay);

/// `color` mixed with black (factor < 1, e.g. 0.66 is 34 % darker) or with white
/// (factor > 1, e.g. 1.35 moves 35 % of the way to white). "#rrggbb" in and out.
QString shadeColor(const QString &color, double factor);

inline const char *kSloColor = "#d62728"; ///< the SLO line
inline const char *kBandColor = "#999999"; ///< client-bound bands (drawn translucent)
inline constexpr double kBandOpacity = 0.2; ///< fill opacity of the bands, 0..1
inline const char *kMarkerOutline = "#000000"; ///< outline of knee/saturation/failure marks
inline const char *kTotalColor = "#333333"; ///< "total" throughput of a mixed profile
inline const char *kStageBoundaryColor = "#888888"; ///< stage boundaries on time charts

/// The colours of a chart's own parts (not its series) in the light or the dark look, as
/// "#rrggbb": the GUI's charts follow the window theme with them (ui/theme/charttheme.h), the
/// export dialog writes either; the SVG renderer draws the light one.
struct ChartInk {
    const char *background;
    const char *text; ///< title, legend, axis labels and titles, marker labels
    const char *grid;
    const char *axisLine;
    const char *markerOutline; ///< outline of knee/saturation/failure marks (kMarkerOutline)
};
ChartInk chartInk(bool dark);

/// The colours of a verdict's cell in comparison tables (GUI and HTML; core/analysis/verdict.h):
/// a light tint with dark text for better (green), worse (red) and inconclusive (amber), so
/// that both are set and the cell reads the same in light and dark themes; "" for no_change and
/// not_assessed (the table's own colours; not_assessed is drawn in italics).
QString verdictBackground(Verdict v);
QString verdictForeground(Verdict v);
/// A client-bound stage's cells in the GUI's ratio table (ui/models/comparisontablemodel.h)
/// on a light palette: grey with dark text (13:1); the dark theme has a dark set of its own
/// (ui/theme/windowtheme.h, clientBoundCellColours()).
inline const char *kClientBoundCellBackground = "#e6e6e6";
inline const char *kClientBoundCellForeground = "#222222";

/// How a line is stroked.
enum class LineStyle { Solid, Dashed, Dotted, DashDot };

/// Stroke of a latency percentile curve: p99 solid, p95 dashed, p50 dotted, others dash-dot.
LineStyle percentileStyle(int percentile);
/// Line width (px at 96 dpi) of a percentile curve: p99 2.4, others 2.0.
double percentileWidth(int percentile);

/// "solid", "dashed", "dotted", "dashdot".
QString lineStyleName(LineStyle s);

} // namespace vw
