// Latency or throughput against VUs, one curve per source x operation (x percentile for
// latency). Sources are pushed whole with setSources(); the chart keeps its QLineSeries and
// refills them with QXYSeries::replace (never per-point append). GUI thread only.
#pragma once

#include "charts/chartannotations.h"
#include "charts/curvesource.h"

#include <QChartView>
#include <QHash>
#include <QList>

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;
QT_END_NAMESPACE

namespace vw {

class StageCurveChart : public QChartView {
    Q_OBJECT
public:
    /// Latency (ms), Throughput (successes/s) or ErrorRatio (percent of requests).
    using Metric = CurveMetric;

    explicit StageCurveChart(Metric metric, QWidget *parent = nullptr);

    /// Redraws from `sources` (the first is the primary run, the others are overlays).
    /// With one source, series are named "<op> p99"; with several, "<label> · <op> p99".
    /// The legend has one entry per source x op ("<label> · <op>"); percentiles differ by
    /// pen style (chartstyle.h: p50 dotted, p95 dashed, p99 solid).
    void setSources(const QList<CurveSource> &sources);
    /// Latency percentiles to draw, e.g. {50, 95, 99}. Ignored for throughput.
    void setPercentiles(const QList<int> &percentiles);
    QList<int> percentiles() const { return m_percentiles; }

    Metric metric() const { return m_metric; }
    /// The data curves currently shown (for tests and export); annotation series excluded.
    QList<QLineSeries *> lineSeries() const;
    /// The analysis drawn on the chart: markers (knee, saturation, failure), USL fit and SLO
    /// lines, client-bound bands (chartannotations.h).
    const ChartAnnotations &annotations() const { return m_annotations; }

private:
    struct Curve {
        QString key;
        QString name;
        QString legendLabel;   ///< empty: no legend entry
        QPen pen;
        QList<QPointF> points;
    };
    QList<Curve> buildCurves() const;
    void rebuild();
    void onHovered(QLineSeries *series, const QPointF &point, bool state);
    void rebuildAnnotations(double minX, double maxX, double *maxY);
    void drawAnnotations();

    Metric m_metric;
    QList<CurveSource> m_sources;
    QList<int> m_percentiles{50, 95, 99};
    QHash<QString, QLineSeries *> m_series;
    ChartAnnotations m_annotations;
    QList<QAbstractSeries *> m_annotationSeries;   ///< owned by the chart, rebuilt on change
    ChartAnnotations m_drawnAnnotations;           ///< what m_annotationSeries show
    double m_drawnTop = -1;                        ///< the y-axis top the bands were drawn to
    QLogValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
};

} // namespace vw
