// Latency over time (p50 dotted, p99 solid), throughput over time (successes per second) or
// errors over time (per second, by error class) of the 1-second series of every session
// shown, with the stage boundaries. A thin view: it builds the chart model
// (core/charts/chartmodel.h) and hands it to the QtCharts renderer (qtchartrenderer.h).
// GUI thread only.
#pragma once

#include "charts/qtchartrenderer.h"
#include "charts/chartmodel.h"

#include <QChartView>

namespace vw {

class TimeSeriesChart : public QChartView {
    Q_OBJECT
public:
    enum class Kind { Latency, Throughput, Errors };
    explicit TimeSeriesChart(QWidget *parent = nullptr)
        : TimeSeriesChart(Kind::Latency, parent)
    {
    }
    explicit TimeSeriesChart(Kind kind, QWidget *parent = nullptr);
    Kind kind() const { return m_kind; }

    /// Redraws from the whole series of one run (seconds since the measured window began, ms).
    void setSeries(const TimeSeries &series);
    /// Redraws from `sources` (the first is the primary run, the others overlays): their
    /// series and stages (boundaries), named "<label> · <op>" when there are several.
    void setSources(const QList<CurveSource> &sources);
    /// Latency on a log10 axis (ChartOptions::logY); throughput ignores it. Off by default.
    void setLogY(bool on);
    bool logY() const { return m_options.logY; }
    /// The model drawn.
    const ChartModel &model() const { return m_renderer.model(); }

private:
    void rebuild();

    Kind m_kind = Kind::Latency;
    QList<CurveSource> m_sources;
    ChartOptions m_options;
    QtChartRenderer m_renderer;
};

} // namespace vw
