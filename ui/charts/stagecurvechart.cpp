#include "charts/stagecurvechart.h"

#include "charts/serverchartmodel.h"

#include <QChart>
#include <QLabel>
#include <QLineSeries>
#include <QToolTip>
#include <algorithm>

namespace vw {

namespace {

/// Gives `view` a new chart the way setChart() does (sized to the view) and returns it.
QChart *installChart(QChartView *view)
{
    view->setChart(new QChart);
    return view->chart();
}

} // namespace

StageCurveChart::StageCurveChart(ChartKind kind, QWidget *parent)
    : QChartView(parent)
    , m_kind(kind)
    , m_renderer(installChart(this))
{
    m_renderer.setOnNewSeries([this](QLineSeries *s) {
        connect(s, &QXYSeries::hovered, this,
                [this, s](const QPointF &p, bool state) { onHovered(s, p, state); });
    });
    setRenderHint(QPainter::Antialiasing);
    // a live chart changes every snapshot: repaint the whole view, so no stroke of the last
    // picture (a dash at x = 1) stays where a partial repaint missed it
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setMinimumSize(320, 240);
    rebuild();
}

void StageCurveChart::setSources(const QList<CurveSource> &sources)
{
    m_sources = sources;
    rebuild();
}

void StageCurveChart::setPercentiles(const QList<int> &percentiles)
{
    m_options.percentiles = percentiles;
    std::sort(m_options.percentiles.begin(), m_options.percentiles.end());
    rebuild();
}

void StageCurveChart::setLogY(bool on)
{
    if (m_options.logY == on)
        return;
    m_options.logY = on;
    rebuild();
}

void StageCurveChart::setReplicatesShown(bool on)
{
    if (m_options.replicates == on)
        return;
    m_options.replicates = on;
    rebuild();
}

void StageCurveChart::rebuild()
{
    m_renderer.render(buildChartModel(m_kind, m_sources, m_options));
    m_noDataText = isServerChart(m_kind)
                       ? serverChartNoDataText(m_kind, m_sources, m_renderer.model())
                       : QString();
    if (m_noDataText.isEmpty()) {
        if (m_noData)
            m_noData->hide();
        return;
    }
    if (!m_noData) {
        m_noData = new QLabel(this);
        m_noData->setObjectName(QStringLiteral("noDataText"));
        m_noData->setAlignment(Qt::AlignCenter);
        m_noData->setWordWrap(true);
        m_noData->setTextFormat(Qt::PlainText);
        m_noData->setAutoFillBackground(true);
        m_noData->setBackgroundRole(QPalette::Base);
        m_noData->setMargin(24);
    }
    m_noData->setText(m_renderer.model().title + QStringLiteral("\n\n") + m_noDataText);
    m_noData->setAccessibleName(m_noDataText);
    m_noData->setGeometry(rect());
    m_noData->show();
    m_noData->raise();
}

void StageCurveChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    if (m_noData)
        m_noData->setGeometry(rect());
}

void StageCurveChart::onHovered(QLineSeries *series, const QPointF &point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const ChartModel &m = model();
    QToolTip::showText(QCursor::pos(),
                       tr("%1\n%2 %3: %4 %5")
                           .arg(series->name())
                           .arg(point.x())
                           .arg(m.x.unit)
                           .arg(point.y(), 0, 'g', 4)
                           .arg(m.y.unit),
                       this);
}

} // namespace vw
