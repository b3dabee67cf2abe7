// The one type scale of every chart (chartmodel.h): the font family and the pixel sizes of
// title, subtitle, axis title, tick label, legend, marker label and note, for a chart of a given
// height. Both renderers read it (svgrenderer.cpp; ui/charts/chartstyle.cpp for QtCharts and
// its PNG/SVG/PDF export), so a tick label never sits at another size than its neighbours.
// At the slide size (1920x1080) a tick label is 20 px and the title 36 px; smaller charts
// scale down to a floor (11 px ticks) that still reads in the GUI and the HTML report.
// Text widths are estimated here for layout (legend rows, marker labels) without a font
// engine: the estimate is at least DejaVu Sans' advance width. Pure functions; any thread.
#pragma once

#include <QString>

namespace vw {

/// The font family as a CSS list: DejaVu Sans first, then the generic family (SVG font-family).
inline const char *kChartFontFamilyCss = "DejaVu Sans, sans-serif";
/// The font family name a font engine asks for (QFont::setFamily).
inline const char *kChartFontFamily = "DejaVu Sans";

/// Pixel sizes (px at the chart's own pixel size) of each kind of chart text.
struct ChartTypeScale {
    double title = 0; ///< bold
    double subtitle = 0; ///< target, date, sessions
    double axisTitle = 0;
    double tick = 0; ///< tick labels
    double legend = 0;
    double marker = 0; ///< knee/saturation/failure labels
    double note = 0; ///< notes under the title (a session left out)
};

/// The scale for a chart `heightPx` tall: at 1080 px title 36, subtitle 24, axis title 22,
/// tick 20, legend 20, marker label and note 18; scaled with the height, each with a floor
/// (title 15, subtitle 12, axis title 11.5, tick and legend 11, marker label and note 10.5).
ChartTypeScale chartTypeScale(double heightPx);

/// An upper estimate of the advance width (px) of `text` set in DejaVu Sans at `sizePx`.
double estimateTextWidth(const QString &text, double sizePx);

} // namespace vw
