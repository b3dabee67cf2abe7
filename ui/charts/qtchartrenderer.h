// The QtCharts renderer of the chart model (core/charts/chartmodel.h): brings a QChart to a
// ChartModel. The live results view, the GUI export and the CLI `export` all draw through it,
// and it decides nothing the model holds (points, ranges, colours, labels, markers, bands).
//
// Live-view cost (<= 10 updates a second on five charts, issue 5): data series are kept by
// key and refilled with QXYSeries::replace only when their points changed (never per-point
// append; a curve broken by a gap is one series per piece, keyed from the curve's key); an axis is set only when its range or ticks change (every range change lays out
// all of its labels again; tick labels are set only when they change); the analysis series (markers, bands, USL, SLO) are re-added only
// when they or the y-axis top change (re-adding relays the legend). The curves' intervals are
// drawn as the SVG renderer draws them: a band (an area series, role "interval") where a curve
// has two or more, a whisker per interval (a two-point line, role "interval-bar"), and the
// replicates as faint points (role "replicates"). GUI thread only.
#pragma once

#include "charts/chartmodel.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <functional>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QAbstractSeries;
class QCategoryAxis;
class QChart;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace vw {

class QtChartRenderer {
public:
    /// Draws into `chart` (not owned; it gets the workbench look, chartstyle.h).
    explicit QtChartRenderer(QChart *chart);

    /// Brings the chart to `model`.
    void render(const ChartModel &model);
    /// The model last rendered.
    const ChartModel &model() const { return m_model; }
    /// The data curves (annotation series excluded), in the model's order.
    QList<QLineSeries *> dataSeries() const;
    /// Called once for each data series created (e.g. to connect hover tooltips).
    void setOnNewSeries(std::function<void(QLineSeries *)> f) { m_onNewSeries = std::move(f); }

private:
    void fitAxes(const ChartModel &m);
    QAbstractAxis *fitDataAxis(QAbstractAxis *axis, const ChartAxis &model, Qt::Alignment align);
    void drawSeries(const ChartModel &m);
    void drawAnnotations(const ChartModel &m);
    /// The accessible name (title) and description (subtitle, notes) of the chart's views.
    void nameViews(const ChartModel &m);
    void attach(QAbstractSeries *s, const QString &legend);

    QChart *m_chart;
    class ChartOverlay *m_overlay = nullptr; ///< owned by the chart
    // Each direction has a hidden data axis the series are drawn by (QValueAxis or
    // QLogValueAxis) and a shown QCategoryAxis with the model's ticks and labels
    // (core/charts/axisticks.h) at the same places (log scales: in log space), so gridlines and
    // labels are exactly those of the SVG renderer.
    QAbstractAxis *m_axisX = nullptr;
    QAbstractAxis *m_axisY = nullptr;
    QCategoryAxis *m_labelsX = nullptr;
    QCategoryAxis *m_labelsY = nullptr;
    QHash<QString, QLineSeries *> m_series;
    QList<QLineSeries *> m_order;
    QList<QAbstractSeries *> m_annotationSeries; ///< owned by the chart, rebuilt on change
    ChartModel m_model;
    bool m_drawn = false; ///< m_annotationSeries show m_model's
    double m_drawnTop = -1; ///< the y-axis top the bands were drawn to
    std::function<void(QLineSeries *)> m_onNewSeries;
};

/// What `chart` shows, read back from its series and axes, in the shape of chartData()
/// (core/charts/chartmodel.h): data curves, markers (scatter points), bands (area series),
/// USL/SLO lines, axis titles; title and notes as the renderer set them.
QJsonObject drawnChartData(const QChart *chart);

} // namespace vw
