// Latency over time (p50 dotted, p99 solid) of one run's 1-second series, one pair of curves
// per operation; refilled with QXYSeries::replace. GUI thread only.
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
    explicit TimeSeriesChart(QWidget *parent = nullptr);

    /// Redraws from the whole series (seconds since the measured window began, ms).
    void setSeries(const TimeSeries &series);

private:
    QHash<QString, QLineSeries *> m_series;
    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
};

} // namespace vw
