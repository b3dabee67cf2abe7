// Latency (p50/p95/p99), throughput or error ratio against load, one curve per source x
// operation (x percentile for latency), with the capacity analysis on it. A thin view: it keeps
// its sources, builds the chart model (core/charts/chartmodel.h) and hands it to the QtCharts
// renderer (qtchartrenderer.h). GUI thread only.
#pragma once

#include "charts/qtchartrenderer.h"
#include "charts/chartmodel.h"

#include <QChartView>
#include <QList>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineSeries;
QT_END_NAMESPACE

namespace vw {

class StageCurveChart : public QChartView {
    Q_OBJECT
public:
    /// `kind`: one of the charts against load (ChartKind::LatencyVsLoad, ThroughputVsLoad,
    /// ErrorRatioVsLoad), a server chart, or (CLI `export`) a chart over time.
    explicit StageCurveChart(ChartKind kind, QWidget *parent = nullptr);

    /// Redraws from `sources` (the first is the primary run, the others are overlays).
    /// With one source, series are named "<op> p99"; with several, "<label> · <op> p99".
    void setSources(const QList<CurveSource> &sources);
    /// Latency percentiles to draw, e.g. {50, 95, 99}. Ignored for throughput.
    void setPercentiles(const QList<int> &percentiles);
    QList<int> percentiles() const { return m_options.percentiles; }
    /// Latency on a log10 axis (ChartOptions::logY); other kinds ignore it. Off by default.
    void setLogY(bool on);
    bool logY() const { return m_options.logY; }
    /// The replicates' faint points (ChartOptions::replicates; sessions with repeats). On by
    /// default; the interval bands stay either way.
    void setReplicatesShown(bool on);
    bool replicatesShown() const { return m_options.replicates; }

    ChartKind kind() const { return m_kind; }
    /// The data curves currently shown (for tests and export); annotation series excluded.
    QList<QLineSeries *> lineSeries() const { return m_renderer.dataSeries(); }
    /// The model drawn: series, markers, USL/SLO lines, client-bound bands, axes, notes.
    const ChartModel &model() const { return m_renderer.model(); }
    /// A server chart without a point of the server's: the text shown over the whole view
    /// instead of an empty axis ("no data from the server (<reason>)",
    /// core/charts/serverchartmodel.h); empty while it draws, and for the client's charts.
    QString noDataText() const { return m_noDataText; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild();
    void onHovered(QLineSeries *series, const QPointF &point, bool state);

    ChartKind m_kind;
    QList<CurveSource> m_sources;
    ChartOptions m_options;
    QtChartRenderer m_renderer;
    QString m_noDataText;
    QLabel *m_noData = nullptr; ///< covers the view while m_noDataText is set
};

} // namespace vw
