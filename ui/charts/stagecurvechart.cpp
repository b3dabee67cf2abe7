#include "charts/stagecurvechart.h"

#include "charts/chartstyle.h"
#include "charts/curvebuilder.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QAreaSeries>
#include <QLineSeries>
#include <QScatterSeries>
#include <QLogValueAxis>
#include <QToolTip>
#include <QValueAxis>
#include <limits>

namespace vw {

StageCurveChart::StageCurveChart(Metric metric, QWidget *parent)
    : QChartView(parent), m_metric(metric)
{
    auto *chart = new QChart;
    styleChart(chart, metric == Metric::Latency      ? tr("Latency vs VUs")
                      : metric == Metric::Throughput ? tr("Throughput vs VUs")
                                                     : tr("Error ratio vs VUs"));
    m_axisX = new QLogValueAxis;
    m_axisX->setBase(2);
    m_axisX->setLabelFormat(QStringLiteral("%g"));
    m_axisX->setMinorTickCount(0);
    m_axisX->setTitleText(tr("VUs (log2)"));
    m_axisY = new QValueAxis;
    m_axisY->setLabelFormat(metric == Metric::Throughput ? QStringLiteral("%.0f")
                                                         : QStringLiteral("%.3g"));
    m_axisY->setTitleText(metric == Metric::Latency      ? tr("latency (ms)")
                          : metric == Metric::Throughput ? tr("requests/s")
                                                         : tr("errors (% of requests)"));
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    fitLog2Axis(m_axisX, 1, 2);
    fitZeroBasedAxis(m_axisY, 0);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(320, 240);
}

void StageCurveChart::setSources(const QList<CurveSource> &sources)
{
    m_sources = sources;
    rebuild();
}

void StageCurveChart::setPercentiles(const QList<int> &percentiles)
{
    m_percentiles = percentiles;
    std::sort(m_percentiles.begin(), m_percentiles.end());
    rebuild();
}

QList<QLineSeries *> StageCurveChart::lineSeries() const
{
    QList<QLineSeries *> out;
    const auto all = chart()->series();
    for (QAbstractSeries *s : all)
        if (auto *l = qobject_cast<QLineSeries *>(s); l && !m_annotationSeries.contains(s))
            out << l;
    return out;
}

QList<StageCurveChart::Curve> StageCurveChart::buildCurves() const
{
    QList<Curve> curves;
    const bool overlay = m_sources.size() > 1;
    for (int si = 0; si < m_sources.size(); ++si) {
        const CurveSource &src = m_sources.at(si);
        const QStringList ops = curveOps(src);
        for (int oi = 0; oi < ops.size(); ++oi) {
            const QString &op = ops.at(oi);
            // one source: a colour per op; overlay: a colour per source, ops as shades
            QColor c = overlay ? chartColor(si) : chartColor(oi);
            if (overlay && oi > 0)
                c = (oi % 2) ? c.darker(150 + 25 * (oi / 2)) : c.lighter(135 + 25 * (oi / 2));
            const QString prefix = overlay ? src.label + QStringLiteral(" · ") : QString();
            const QString keyBase = QString::number(si) + QLatin1Char('\x1f') + src.label
                                    + QLatin1Char('\x1f') + op;
            if (m_metric == Metric::Latency) {
                for (int p : m_percentiles) {
                    Curve cv;
                    cv.key = keyBase + QLatin1Char('\x1f') + QString::number(p);
                    cv.name = prefix + op + QStringLiteral(" p%1").arg(p);
                    // one legend entry per source x op; the pen style tells the percentile
                    if (p == m_percentiles.last())
                        cv.legendLabel = prefix + op;
                    cv.pen = percentilePen(c, p);
                    cv.points = latencyCurve(src, op, p);
                    curves << cv;
                }
            } else {
                Curve cv;
                cv.key = keyBase;
                cv.name = prefix + op;
                cv.legendLabel = cv.name;
                cv.pen = percentilePen(c, 99);
                cv.points = m_metric == Metric::Throughput ? throughputCurve(src, op)
                                                           : errorRatioCurve(src, op);
                curves << cv;
            }
        }
    }
    return curves;
}

void StageCurveChart::rebuild()
{
    const QList<Curve> curves = buildCurves();
    QHash<QString, QLineSeries *> keep;
    double minX = std::numeric_limits<double>::max(), maxX = 0, maxY = 0;

    for (const Curve &cv : curves) {
        QLineSeries *s = m_series.take(cv.key);
        if (!s) {
            s = new QLineSeries(this);
            s->setPointsVisible(true);
            chart()->addSeries(s);
            s->attachAxis(m_axisX);
            s->attachAxis(m_axisY);
            connect(s, &QXYSeries::hovered, this, [this, s](const QPointF &p, bool state) {
                onHovered(s, p, state);
            });
        }
        s->setName(cv.name);
        if (s->pen() != cv.pen)
            s->setPen(cv.pen);
        s->replace(cv.points);
        const auto markers = chart()->legend()->markers(s);
        for (QLegendMarker *m : markers) {
            m->setVisible(!cv.legendLabel.isEmpty());
            m->setLabel(cv.legendLabel);
        }
        keep.insert(cv.key, s);
        for (const QPointF &p : cv.points) {
            minX = std::min(minX, p.x());
            maxX = std::max(maxX, p.x());
            maxY = std::max(maxY, p.y());
        }
    }
    for (QLineSeries *stale : std::as_const(m_series)) {
        chart()->removeSeries(stale);
        delete stale;
    }
    m_series = keep;

    rebuildAnnotations(minX, maxX, &maxY);
    if (maxX > 0)
        fitLog2Axis(m_axisX, minX, maxX);
    else
        fitLog2Axis(m_axisX, 1, 2);
    fitZeroBasedAxis(m_axisY, maxY);
    drawAnnotations();
}

void StageCurveChart::rebuildAnnotations(double minX, double maxX, double *maxY)
{
    const bool overlay = m_sources.size() > 1;
    const int pct = m_percentiles.isEmpty() ? 99 : m_percentiles.last();
    m_annotations = buildAnnotations(
        m_metric, m_sources, pct, maxX > 0 ? minX : 0, maxX, [overlay](int si, int oi) {
            QColor c = overlay ? chartColor(si) : chartColor(oi);
            if (overlay && oi > 0)
                c = (oi % 2) ? c.darker(150 + 25 * (oi / 2)) : c.lighter(135 + 25 * (oi / 2));
            return c;
        });
    for (const ChartAnnotations::Line &l : std::as_const(m_annotations.lines))
        for (const QPointF &p : l.points)
            if (l.name.startsWith(QLatin1String("SLO")))
                *maxY = std::max(*maxY, p.y());   // the USL may run off the top; the SLO not
}

void StageCurveChart::drawAnnotations()
{
    // a live chart gets the same annotations most updates; re-adding series relays the legend
    const double top = m_axisY->max();
    if (m_annotations == m_drawnAnnotations && top == m_drawnTop)
        return;
    m_drawnAnnotations = m_annotations;
    m_drawnTop = top;
    for (QAbstractSeries *s : std::as_const(m_annotationSeries)) {
        chart()->removeSeries(s);
        delete s;
    }
    m_annotationSeries.clear();
    auto attach = [this](QAbstractSeries *s, const QString &legend) {
        chart()->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        const auto markers = chart()->legend()->markers(s);
        for (QLegendMarker *m : markers) {
            m->setVisible(!legend.isEmpty());
            m->setLabel(legend);
        }
        m_annotationSeries << s;
    };
    for (int i = 0; i < m_annotations.clientBound.size(); ++i) {
        const auto &band = m_annotations.clientBound.at(i);
        auto *upper = new QLineSeries;
        upper->append(band.first, top);
        upper->append(band.second, top);
        auto *lower = new QLineSeries;
        lower->append(band.first, 0);
        lower->append(band.second, 0);
        auto *area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setName(tr("client-bound stage"));
        area->setBrush(QColor(128, 128, 128, 50));
        area->setPen(Qt::NoPen);
        attach(area, i == 0 ? tr("client-bound stage") : QString());
    }
    for (const ChartAnnotations::Line &l : std::as_const(m_annotations.lines)) {
        auto *s = new QLineSeries;
        s->setName(l.name);
        s->setPen(l.pen);
        s->replace(l.points);
        attach(s, l.name);
    }
    for (const ChartAnnotations::Marker &m : std::as_const(m_annotations.markers)) {
        auto *s = new QScatterSeries;
        s->setName(m.label);
        s->setMarkerShape(m.kind == QLatin1String("knee")         ? QScatterSeries::MarkerShapeCircle
                          : m.kind == QLatin1String("saturation") ? QScatterSeries::MarkerShapeRectangle
                                                                  : QScatterSeries::MarkerShapeTriangle);
        s->setMarkerSize(11);
        s->setColor(m.color);
        s->setBorderColor(Qt::black);
        s->append(m.at);
        s->setPointLabelsFormat(m.label);
        s->setPointLabelsVisible(true);
        s->setPointLabelsClipping(false);
        s->setPointLabelsColor(QColor(0x22, 0x22, 0x22));
        attach(s, QString());
    }
}

void StageCurveChart::onHovered(QLineSeries *series, const QPointF &point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const QString value = m_metric == Metric::Latency      ? tr("%1 ms").arg(point.y(), 0, 'f', 3)
                          : m_metric == Metric::Throughput ? tr("%1 req/s").arg(point.y(), 0, 'f', 1)
                                                           : tr("%1 % errors").arg(point.y(), 0, 'f', 2);
    QToolTip::showText(QCursor::pos(),
                       tr("%1\n%2 VUs: %3").arg(series->name()).arg(point.x()).arg(value), this);
}

} // namespace vw
