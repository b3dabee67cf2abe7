#include "charts/timeserieschart.h"

#include "charts/chartstyle.h"
#include "charts/curvebuilder.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

namespace vw {

TimeSeriesChart::TimeSeriesChart(Kind kind, QWidget *parent) : QChartView(parent), m_kind(kind)
{
    auto *chart = new QChart;
    const bool latency = kind == Kind::Latency;
    styleChart(chart, latency ? tr("Latency over time") : tr("Throughput over time"));
    m_axisX = new QValueAxis;
    m_axisX->setTitleText(tr("time (s)"));
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    m_axisY = new QValueAxis;
    m_axisY->setTitleText(latency ? tr("latency (ms)") : tr("requests/s"));
    m_axisY->setLabelFormat(latency ? QStringLiteral("%.3g") : QStringLiteral("%.0f"));
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_axisX->setRange(0, 10);
    fitZeroBasedAxis(m_axisY, 0);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 180);
}

void TimeSeriesChart::setSeries(const TimeSeries &series)
{
    QStringList ops;
    double maxT = 0, maxY = 0;
    for (const SeriesPoint &p : series) {
        if (!ops.contains(p.op))
            ops << p.op;
        maxT = std::max(maxT, p.tS);
    }
    QHash<QString, QLineSeries *> keep;
    for (int oi = 0; oi < ops.size(); ++oi) {
        const QList<bool> which = m_kind == Kind::Latency ? QList<bool>{false, true} : QList<bool>{true};
        for (bool p99 : which) {
            const QString key = m_kind == Kind::Throughput ? ops.at(oi)
                                : ops.at(oi) + (p99 ? QStringLiteral(" p99") : QStringLiteral(" p50"));
            QLineSeries *s = m_series.take(key);
            if (!s) {
                s = new QLineSeries(this);
                chart()->addSeries(s);
                s->attachAxis(m_axisX);
                s->attachAxis(m_axisY);
                s->setName(key);
                s->setPen(percentilePen(chartColor(oi), p99 ? 99 : 50));
            }
            const QList<QPointF> pts = m_kind == Kind::Throughput
                                           ? timeThroughputCurve(series, ops.at(oi))
                                           : timeCurve(series, ops.at(oi), p99);
            for (const QPointF &p : pts)
                maxY = std::max(maxY, p.y());
            s->replace(pts);
            keep.insert(key, s);
        }
    }
    for (QLineSeries *stale : std::as_const(m_series)) {
        chart()->removeSeries(stale);
        delete stale;
    }
    m_series = keep;
    fitNiceAxis(m_axisX, 0, std::max(10.0, maxT));
    fitZeroBasedAxis(m_axisY, maxY);
}

} // namespace vw
