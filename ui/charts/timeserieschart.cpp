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
    : QChartView(parent)
    , m_kind(kind)
    , m_renderer(installChart(this))
{
    setRenderHint(QPainter::Antialiasing);
    // a live chart changes every snapshot: repaint the whole view, so no stroke of the last
    // picture (a dash at x = 1) stays where a partial repaint missed it
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setMinimumSize(280, 180);
    setSeries({});
}

void TimeSeriesChart::setSeries(const TimeSeries &series)
{
    CurveSource src;
    src.series = series;
    setSources({src});
}

void TimeSeriesChart::setSources(const QList<CurveSource> &sources)
{
    m_sources = sources;
    rebuild();
}

void TimeSeriesChart::setLogY(bool on)
{
    if (m_options.logY == on)
        return;
    m_options.logY = on;
    rebuild();
}

void TimeSeriesChart::rebuild()
{
    const ChartKind kind = m_kind == Kind::Latency  ? ChartKind::LatencyOverTime
                           : m_kind == Kind::Errors ? ChartKind::ErrorsOverTime
                                                    : ChartKind::ThroughputOverTime;
    m_renderer.render(buildChartModel(kind, m_sources, m_options));
}

} // namespace vw
