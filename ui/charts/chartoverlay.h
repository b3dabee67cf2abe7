// The words of a QtCharts chart (qtchartrenderer.h), drawn as the SVG renderer draws them
// (core/charts/svgrenderer.cpp): title and subtitle, the legend in wrapped rows (every entry
// whole; the full text in a tooltip as well), and the knee/saturation/failure labels placed
// without overlaps, with leader lines (core/charts/labelplacement.h). Sizes come from the one
// type scale (core/charts/charttype.h): for the chart's own height in the live view, for the
// picture's height during an export (chartexport.h). The QChart's own legend keeps its
// markers (their labels and visibility follow the model) but is detached and transparent.
// Where the live view is too small for the words (a narrow chart, the Server tab's short
// per-second charts), a subtitle wider than the chart is elided in the middle and a y-axis
// title taller than the plot shows its unit only ("MiB", "ms"); the whole words are then the
// tool tip over the title and over the axis. GUI thread only.
#pragma once

#include "charts/chartmodel.h"
#include "charts/charttype.h"

#include <QList>
#include <QColor>
#include <QObject>
#include <QRectF>

QT_BEGIN_NAMESPACE
class QChart;
class QGraphicsItem;
QT_END_NAMESPACE

namespace vw {

class ChartOverlay : public QObject {
    Q_OBJECT
public:
    /// Draws over `chart`, which owns it (found again with of()).
    explicit ChartOverlay(QChart *chart);
    /// The overlay of `chart`, or null.
    static ChartOverlay *of(const QChart *chart);

    /// Takes the model's title, subtitle, notes, legend and markers and lays them out.
    void setModel(const ChartModel &model);
    /// Text sized for a picture `deviceHeight` px tall with `devicePerLogical` device px per
    /// chart px (an export); deviceHeight 0: the chart's own height (the live view).
    void setOutputScale(double deviceHeight, double devicePerLogical);
    /// The type scale now in use, in chart (logical) px.
    ChartTypeScale typeScale() const;
    /// Places everything again for the chart's present geometry and axes.
    void relayout();

    /// The subtitle as drawn: the model's, elided in the middle to the chart's width.
    QString shownSubtitle() const { return m_shownSubtitle; }
    /// The tool tip over the title block when the subtitle is elided (title, then the whole
    /// subtitle); empty otherwise.
    QString subtitleToolTip() const;
    /// The tool tip over the y axis when its title shows the unit only; empty otherwise.
    QString yTitleToolTip() const;
    /// The unit of an axis title: the text in its last parentheses ("server CPU (cores busy)"
    /// -> "cores busy"), else its last word ("successful requests/s" -> "requests/s").
    static QString compactAxisTitle(const QString &title);

    /// The legend texts drawn, in order (legend() of the model).
    QStringList legendTexts() const { return m_legendTexts; }
    /// Scene rectangles of the legend texts and of the marker labels, as drawn.
    QList<QRectF> legendTextRects() const;
    QList<QRectF> markerLabelRects() const;

private:
    void applyFonts(const ChartTypeScale &ts);
    void clearItems();

    QChart *m_chart;
    ChartModel m_model;
    bool m_hasModel = false; ///< setModel() was called once
    QColor m_laidOutColor; ///< the text colour of the last layout (the chart theme)
    double m_deviceHeight = 0;
    double m_devicePerLogical = 1;
    QList<QGraphicsItem *> m_items; ///< children of the chart, rebuilt on relayout
    QList<QGraphicsItem *> m_legendText;
    QList<QGraphicsItem *> m_markerText;
    QStringList m_legendTexts;
    bool m_inLayout = false;
    QString m_shownSubtitle;
    bool m_yTitleCompact = false; ///< the y axis shows compactAxisTitle() of the model's
    QGraphicsItem *m_subtitleTip = nullptr; ///< in m_items
    QGraphicsItem *m_yTitleTip = nullptr;
};

} // namespace vw
