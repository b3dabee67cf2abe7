// Latency over time (p50 dotted, p99 solid) or throughput over time (successes per second)
// of one run's 1-second series, per operation; refilled with QXYSeries::replace. GUI thread
// only.
#pragma once

#include "stats/timeseries.h"

#include <QChartView>
#include <QHash>

QT_BEGIN_NAMESPACE
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

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

private:
    Kind m_kind = Kind::Latency;
    QHash<QString, QLineSeries *> m_series;
    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
};

} // namespace vw
