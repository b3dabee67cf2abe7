// Latency over time (p50 dotted, p99 solid) or throughput over time (successes per second) of
// one run's 1-second series, per operation. A thin view: it builds the chart model
// (core/report/chartmodel.h) and hands it to the QtCharts renderer (qtchartrenderer.h).
// GUI thread only.
#pragma once

#include "charts/qtchartrenderer.h"
#include "report/chartmodel.h"

#include <QChartView>

namespace vw {

class TimeSeriesChart : public QChartView {
    Q_OBJECT
public:
    enum class Kind { Latency, Throughput };
    explicit TimeSeriesChart(QWidget *parent = nullptr) : TimeSeriesChart(Kind::Latency, parent) {}
    explicit TimeSeriesChart(Kind kind, QWidget *parent = nullptr);
    Kind kind() const { return m_kind; }

    /// Redraws from the whole series (seconds since the measured window began, ms).
    void setSeries(const TimeSeries &series);
    /// The model drawn.
    const ChartModel &model() const { return m_renderer.model(); }

private:
    Kind m_kind = Kind::Latency;
    QtChartRenderer m_renderer;
};

} // namespace vw
