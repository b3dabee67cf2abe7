// A small line-chart writer for the self-contained HTML report (htmlreport.h): curves, point
// markers with labels, a horizontal reference line (SLO) and shaded x ranges (client-bound
// stages), written as inline SVG 1.1 text. Core has no QtCharts, and the report must be
// produced headless, so the chart is drawn from the data here. Pure functions; any thread.
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <optional>

namespace vw {

struct SvgSeries {
    QString name;            ///< legend text
    QString color;           ///< CSS colour, e.g. "#4e79a7"
    QList<QPointF> points;   ///< (x, y) in data units, ascending x
    bool dashed = false;     ///< e.g. a USL fit
    bool dots = true;        ///< a dot at each point
};

struct SvgMarker {
    double x = 0;
    double y = 0;
    QString label;           ///< drawn next to the marker, e.g. "knee 16"
    QString color;
};

struct SvgChartSpec {
    QString title;
    QString xLabel;
    QString yLabel;
    bool logX = true;                    ///< base-2 log x axis (VUs); x <= 0 is skipped
    QList<SvgSeries> series;
    QList<SvgMarker> markers;
    std::optional<double> hLine;         ///< horizontal reference line (e.g. SLO), y units
    QString hLineLabel;
    QList<QPair<double, double>> shadedX;///< [x0, x1] bands shaded grey (client-bound)
    QString shadedLabel;                 ///< legend text of the bands
    int width = 760;                     ///< px
    int height = 420;                    ///< px
};

/// `<svg xmlns=... width= height= viewBox=...>...</svg>`; text is XML-escaped. An empty chart
/// (no points) still gives valid SVG with the title and "no data".
QString svgChart(const SvgChartSpec &spec);

} // namespace vw
