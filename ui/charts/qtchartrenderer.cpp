#include "charts/qtchartrenderer.h"

#include "charts/chartoverlay.h"
#include "charts/chartstyle.h"

#include <QAreaSeries>
#include <QChart>
#include <QCursor>
#include <QJsonArray>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

namespace vw {

namespace {

// Properties tagging what each series is, for drawnChartData().
const char *kRole = "vwRole";    // "series", "marker", "band", "line"
const char *kKind = "vwKind";    // marker kind ("knee", ...)

QJsonArray pointsJson(const QList<QPointF> &pts)
{
    QJsonArray a;
    for (const QPointF &p : pts)
        a.append(QJsonArray{p.x(), p.y()});
    return a;
}

} // namespace

QtChartRenderer::QtChartRenderer(QChart *chart) : m_chart(chart)
{
    styleChart(chart);
    m_axisY = new QValueAxis;
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_overlay = new ChartOverlay(chart);   // title, subtitle, legend, marker labels
}

void QtChartRenderer::render(const ChartModel &m)
{
    m_chart->setProperty("vwTitle", m.title);
    m_chart->setProperty("vwSubtitle", m.subtitle);
    m_chart->setProperty("vwNotes", m.notes);
    fitAxes(m);
    drawSeries(m);
    drawAnnotations(m);
    m_model = m;
    m_overlay->setModel(m);
}

void QtChartRenderer::fitAxes(const ChartModel &m)
{
    if (!m_axisX || m_xScale != m.x.scale) {
        if (m_axisX) {
            m_chart->removeAxis(m_axisX);
            delete m_axisX;
        }
        if (m.x.scale == AxisScale::Log2) {
            auto *log = new QLogValueAxis;
            log->setBase(2);
            log->setMinorTickCount(0);
            m_axisX = log;
        } else {
            m_axisX = new QValueAxis;
        }
        m_xScale = m.x.scale;
        m_chart->addAxis(m_axisX, Qt::AlignBottom);
        for (QAbstractSeries *s : m_chart->series())
            s->attachAxis(m_axisX);
    }
    if (m_axisX->titleText() != m.x.title)
        m_axisX->setTitleText(m.x.title);
    if (m_axisY->titleText() != m.y.title)
        m_axisY->setTitleText(m.y.title);
    // setRange and setTickCount emit nothing when unchanged; the label format neither
    if (auto *log = qobject_cast<QLogValueAxis *>(m_axisX)) {
        if (log->labelFormat() != m.x.labelFormat)
            log->setLabelFormat(m.x.labelFormat);
        if (log->min() != m.x.min || log->max() != m.x.max)
            log->setRange(m.x.min, m.x.max);
    } else if (auto *lin = qobject_cast<QValueAxis *>(m_axisX)) {
        if (lin->labelFormat() != m.x.labelFormat)
            lin->setLabelFormat(m.x.labelFormat);
        if (lin->tickCount() != m.x.tickCount)
            lin->setTickCount(m.x.tickCount);
        lin->setRange(m.x.min, m.x.max);
    }
    if (m_axisY->labelFormat() != m.y.labelFormat)
        m_axisY->setLabelFormat(m.y.labelFormat);
    if (m_axisY->tickCount() != m.y.tickCount)
        m_axisY->setTickCount(m.y.tickCount);
    m_axisY->setRange(m.y.min, m.y.max);
}

void QtChartRenderer::drawSeries(const ChartModel &m)
{
    QHash<QString, QLineSeries *> keep;
    m_order.clear();
    for (const ChartSeries &cs : m.series) {
        QLineSeries *s = m_series.take(cs.key);
        if (!s) {
            s = new QLineSeries(m_chart);
            s->setProperty(kRole, QStringLiteral("series"));
            s->setPointsVisible(true);
            m_chart->addSeries(s);
            s->attachAxis(m_axisX);
            s->attachAxis(m_axisY);
            if (m_onNewSeries)
                m_onNewSeries(s);
        }
        if (s->name() != cs.name)
            s->setName(cs.name);
        const QPen pen = chartPen(cs.color, cs.style, cs.width);
        if (s->pen() != pen)
            s->setPen(pen);
        if (s->points() != cs.points)
            s->replace(cs.points);
        const auto markers = m_chart->legend()->markers(s);
        // set each time: a marker follows its series' name and visibility again on changes
        for (QLegendMarker *lm : markers) {
            lm->setVisible(!cs.legend.isEmpty());
            lm->setLabel(cs.legend);
        }
        keep.insert(cs.key, s);
        m_order << s;
    }
    for (QLineSeries *stale : std::as_const(m_series)) {
        m_chart->removeSeries(stale);
        delete stale;
    }
    m_series = keep;
}

void QtChartRenderer::attach(QAbstractSeries *s, const QString &legend)
{
    m_chart->addSeries(s);
    s->attachAxis(m_axisX);
    s->attachAxis(m_axisY);
    const auto markers = m_chart->legend()->markers(s);
    for (QLegendMarker *lm : markers) {
        lm->setVisible(!legend.isEmpty());
        lm->setLabel(legend);
    }
    m_annotationSeries << s;
}

void QtChartRenderer::drawAnnotations(const ChartModel &m)
{
    // a live chart gets the same annotations most updates; re-adding series relays the legend
    const double top = m_axisY->max();
    if (m_drawn && m.sameAnnotations(m_model) && top == m_drawnTop)
        return;
    m_drawn = true;
    m_drawnTop = top;
    for (QAbstractSeries *s : std::as_const(m_annotationSeries)) {
        m_chart->removeSeries(s);
        delete s;
    }
    m_annotationSeries.clear();
    for (int i = 0; i < m.bands.size(); ++i) {
        const ChartBand &band = m.bands.at(i);
        auto *upper = new QLineSeries;
        upper->append(band.x0, top);
        upper->append(band.x1, top);
        auto *lower = new QLineSeries;
        lower->append(band.x0, m_axisY->min());
        lower->append(band.x1, m_axisY->min());
        auto *area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setProperty(kRole, QStringLiteral("band"));
        area->setName(m.bandLabel);
        QColor fill = qColor(QString::fromLatin1(kBandColor));
        fill.setAlphaF(kBandOpacity);
        area->setBrush(fill);
        area->setPen(Qt::NoPen);
        attach(area, i == 0 ? m.bandLabel : QString());
    }
    for (const ChartLine &l : m.lines) {
        auto *s = new QLineSeries;
        s->setProperty(kRole, QStringLiteral("line"));
        s->setName(l.name);
        s->setPen(chartPen(l.color, l.style, l.width));
        s->replace(l.points);
        attach(s, l.name);
    }
    for (const ChartMarker &mk : m.markers) {
        auto *s = new QScatterSeries;
        s->setProperty(kRole, QStringLiteral("marker"));
        s->setProperty(kKind, mk.kind);
        s->setName(mk.label);
        s->setMarkerShape(mk.kind == QLatin1String("knee")         ? QScatterSeries::MarkerShapeCircle
                          : mk.kind == QLatin1String("saturation") ? QScatterSeries::MarkerShapeRectangle
                                                                   : QScatterSeries::MarkerShapeTriangle);
        s->setMarkerSize(11);
        s->setColor(qColor(mk.color));
        s->setBorderColor(qColor(QString::fromLatin1(kMarkerOutline)));
        s->append(mk.at);
        s->setPointLabelsFormat(mk.label);   // read back by drawnChartData()
        s->setPointLabelsVisible(false);      // the label is placed by the overlay
        // the detectors' evidence on hover, as the report's SVG has it in the marker's <title>
        const QString tip = mk.label + QLatin1Char('\n') + mk.evidence;
        QObject::connect(s, &QScatterSeries::hovered, m_chart, [tip](const QPointF &, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip);
            else
                QToolTip::hideText();
        });
        attach(s, QString());
    }
}

QList<QLineSeries *> QtChartRenderer::dataSeries() const
{
    return m_order;
}

QJsonObject drawnChartData(const QChart *chart)
{
    QJsonArray series, markers, bands, lines;
    const auto all = chart->series();
    for (QAbstractSeries *s : all) {
        const QString role = s->property(kRole).toString();
        if (role == QLatin1String("series")) {
            auto *l = static_cast<QLineSeries *>(s);
            series.append(QJsonObject{{QStringLiteral("name"), l->name()},
                                      {QStringLiteral("points"), pointsJson(l->points())}});
        } else if (role == QLatin1String("line")) {
            auto *l = static_cast<QLineSeries *>(s);
            lines.append(QJsonObject{{QStringLiteral("name"), l->name()},
                                     {QStringLiteral("points"), pointsJson(l->points())}});
        } else if (role == QLatin1String("marker")) {
            auto *sc = static_cast<QScatterSeries *>(s);
            const QPointF p = sc->points().value(0);
            markers.append(QJsonObject{{QStringLiteral("kind"), sc->property(kKind).toString()},
                                       {QStringLiteral("label"), sc->pointLabelsFormat()},
                                       {QStringLiteral("x"), p.x()},
                                       {QStringLiteral("y"), p.y()}});
        } else if (role == QLatin1String("band")) {
            const QList<QPointF> up = static_cast<QAreaSeries *>(s)->upperSeries()->points();
            if (up.size() == 2)
                bands.append(QJsonArray{up.at(0).x(), up.at(1).x()});
        }
    }
    QString xTitle, yTitle;
    for (QAbstractAxis *a : chart->axes(Qt::Horizontal))
        xTitle = a->titleText();
    for (QAbstractAxis *a : chart->axes(Qt::Vertical))
        yTitle = a->titleText();
    const ChartOverlay *overlay = ChartOverlay::of(chart);
    return QJsonObject{
        {QStringLiteral("title"), chart->property("vwTitle").toString()},
        {QStringLiteral("subtitle"), chart->property("vwSubtitle").toString()},
        {QStringLiteral("legend"),
         QJsonArray::fromStringList(overlay ? overlay->legendTexts() : QStringList())},
        {QStringLiteral("x_title"), xTitle},
        {QStringLiteral("y_title"), yTitle},
        {QStringLiteral("series"), series},
        {QStringLiteral("markers"), markers},
        {QStringLiteral("bands"), bands},
        {QStringLiteral("lines"), lines},
        {QStringLiteral("notes"), QJsonArray::fromStringList(chart->property("vwNotes").toStringList())}};
}

} // namespace vw
