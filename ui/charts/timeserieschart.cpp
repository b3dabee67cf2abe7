#include "charts/timeserieschart.h"

#include <QChart>

namespace vw {

namespace {

/// Gives `view` a new chart the way setChart() does (sized to the view) and returns it.
QChart *installChart(QChartView *view)
{
    view->setChart(new QChart);
    return view->chart();
}

} // namespace

TimeSeriesChart::TimeSeriesChart(Kind kind, QWidget *parent)
    : QChartView(parent), m_kind(kind), m_renderer(installChart(this))
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 180);
    setSeries({});
}

void TimeSeriesChart::setSeries(const TimeSeries &series)
{
    CurveSource src;
    src.series = series;
    m_renderer.render(buildChartModel(m_kind == Kind::Latency ? ChartKind::LatencyOverTime
                                                              : ChartKind::ThroughputOverTime,
                                      {src}));
}

} // namespace vw
