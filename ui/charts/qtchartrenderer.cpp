#include "charts/qtchartrenderer.h"

#include "charts/chartoverlay.h"
#include "charts/chartstyle.h"

#include "charts/axisticks.h"
#include "charts/curvethinning.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QJsonArray>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QXYSeries>
#include <algorithm>
#include <QLogValueAxis>
#include <QMap>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <cmath>

namespace vw {

namespace {

// Properties tagging what each series is, for drawnChartData().
const char *kRole = "vwRole"; // "series", "marker", "band", "line"
const char *kKind = "vwKind"; // marker kind ("knee", ...)
const char *kCurve = "vwCurve"; // data series: the key of the model curve it is a piece of
const char *kPiece = "vwPiece"; // data series: which piece of that curve (0: the first)

/// Key of piece `i` of the curve `key`: the curve's own key for the first, so a curve that
/// gets a gap keeps its series and only adds the pieces after it.
QString pieceKey(const QString &key, int i)
{
    return i == 0 ? key : key + QStringLiteral("\x1epiece") + QString::number(i);
}

QJsonArray pointsJson(const QList<QPointF> &pts)
{
    QJsonArray a;
    for (const QPointF &p : pts)
        a.append(QJsonArray{p.x(), p.y()});
    return a;
}

/// Where a value sits on the shown label axis: the value (linear) or its natural log.
double labelPos(const ChartAxis &axis, double v)
{
    return axis.scale == AxisScale::Linear ? v : std::log(std::max(v, 1e-300));
}

QCategoryAxis *newLabelAxis()
{
    auto *a = new QCategoryAxis;
    a->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    return a;
}

/// Brings a label axis to the ticks of `model` (axisTicks()); categories are rebuilt only when
/// the labels or their places change (each rebuild lays the axis out again).
void fitLabelAxis(QCategoryAxis *axis, const ChartAxis &model)
{
    // the overlay may show the title's unit only (ChartOverlay::compactAxisTitle(): it does
    // not fit the plot's height); it decides again when the title changes
    if (axis->titleText() != model.title
        && !(axis->property("vwFullTitle").toString() == model.title
             && axis->titleText() == ChartOverlay::compactAxisTitle(model.title)))
        axis->setTitleText(model.title);
    const double lo = labelPos(model, model.min), hi = labelPos(model, model.max);
    const QList<AxisTick> ticks = axisTicks(model);
    bool same = axis->categoriesLabels().size() == ticks.size();
    for (int i = 0; same && i < ticks.size(); ++i)
        same = axis->categoriesLabels().at(i) == ticks.at(i).label
               && axis->endValue(ticks.at(i).label) == labelPos(model, ticks.at(i).value);
    if (!same || axis->startValue() != lo) {
        const QStringList old = axis->categoriesLabels();
        for (const QString &l : old)
            axis->remove(l);
        axis->setStartValue(lo);
        for (const AxisTick &t : ticks)
            axis->append(t.label, labelPos(model, t.value));
    }
    axis->setRange(lo, hi);
}

} // namespace

QtChartRenderer::QtChartRenderer(QChart *chart)
    : m_chart(chart)
{
    styleChart(chart);
    m_labelsX = newLabelAxis();
    m_labelsY = newLabelAxis();
    m_chart->addAxis(m_labelsX, Qt::AlignBottom);
    m_chart->addAxis(m_labelsY, Qt::AlignLeft);
    m_overlay = new ChartOverlay(chart); // title, subtitle, legend, marker labels
}

void QtChartRenderer::render(const ChartModel &m)
{
    m_chart->setProperty("vwTitle", m.title);
    m_chart->setProperty("vwSubtitle", m.subtitle);
    m_chart->setProperty("vwNotes", m.notes);
    fitAxes(m);
    applyChartTheme(m_chart); // axes fitAxes() created take the chart theme's colours
    drawSeries(m);
    drawAnnotations(m);
    m_model = m;
    m_overlay->setModel(m);
    nameViews(m);
}

void QtChartRenderer::nameViews(const ChartModel &m)
{
    // what a screen reader says for the chart: its title, then subtitle and notes
    if (!m_chart->scene())
        return;
    QStringList about{m.subtitle};
    about += m.notes;
    about.removeAll(QString());
    const QString description = about.join(QStringLiteral(". "));
    const QString name = m.title.isEmpty() ? QObject::tr("Chart (no data yet)") : m.title;
    const auto views = m_chart->scene()->views();
    for (QGraphicsView *v : views) {
        if (v->accessibleName() != name)
            v->setAccessibleName(name);
        if (v->accessibleDescription() != description)
            v->setAccessibleDescription(description);
    }
}

QAbstractAxis *QtChartRenderer::fitDataAxis(QAbstractAxis *axis, const ChartAxis &model,
                                            Qt::Alignment align)
{
    auto *log = qobject_cast<QLogValueAxis *>(axis);
    const bool wantLog = model.scale != AxisScale::Linear;
    const int base = model.scale == AxisScale::Log2 ? 2 : 10;
    if (!axis || wantLog != bool(log) || (log && log->base() != base)) {
        if (axis) {
            m_chart->removeAxis(axis);
            delete axis;
        }
        if (wantLog) {
            log = new QLogValueAxis;
            log->setBase(base);
            log->setMinorTickCount(0);
            axis = log;
        } else {
            axis = new QValueAxis;
        }
        axis->setVisible(false); // drawn by its label axis
        m_chart->addAxis(axis, align);
        const bool vertical = align == Qt::AlignLeft || align == Qt::AlignRight;
        const auto all = m_chart->series();
        for (QAbstractSeries *s : all) {
            // a point of the linear picture at 0 has no place on a log axis: the series is
            // refilled from the model (drawSeries) right after, without it
            if (auto *xy = qobject_cast<QXYSeries *>(s); xy && wantLog) {
                const auto pts = xy->points();
                if (std::any_of(pts.cbegin(), pts.cend(), [vertical](const QPointF &p) {
                        return (vertical ? p.y() : p.x()) <= 0;
                    }))
                    xy->clear();
            }
            s->attachAxis(axis);
        }
    }
    // setRange emits nothing when unchanged
    if (log)
        log->setRange(model.min, model.max);
    else
        static_cast<QValueAxis *>(axis)->setRange(model.min, model.max);
    return axis;
}

void QtChartRenderer::fitAxes(const ChartModel &m)
{
    m_axisX = fitDataAxis(m_axisX, m.x, Qt::AlignBottom);
    m_axisY = fitDataAxis(m_axisY, m.y, Qt::AlignLeft);
    fitLabelAxis(m_labelsX, m.x);
    fitLabelAxis(m_labelsY, m.y);
}

void QtChartRenderer::drawSeries(const ChartModel &m)
{
    QHash<QString, QLineSeries *> keep;
    m_order.clear();
    // Long pieces thinned to kThinColumns pixel columns (curvethinning.h): as drawn on any
    // plot up to that wide; dots while the points stand apart on the plot as it is now.
    constexpr int kThinColumns = 2048;
    // the SVG renderer's mapping to pixel columns (chartaxes.h), at kThinColumns
    const auto columnOf = [&](double x) { return axisColumn(m.x, x, kThinColumns); };
    const auto rowOf = [&](double y) { return axisColumn(m.y, y, kThinColumns); };
    const int plotWidth = m_chart->plotArea().width() > 0 ? int(m_chart->plotArea().width()) : 800;
    for (const ChartSeries &cs : m.series) {
        // one QLineSeries per piece of the curve (a gap between pieces, ChartSeries::breaks);
        // a curve without points keeps its one (empty) series
        QList<QList<QPointF>> pieces = thinForPlot(cs.segments(), kThinColumns, columnOf, rowOf);
        if (pieces.isEmpty())
            pieces.append(QList<QPointF>());
        const QPen pen = chartPen(cs.color, cs.style, cs.width);
        bool dots = true;
        for (const QList<QPointF> &piece : std::as_const(pieces))
            dots = dots && drawsPointDots(piece.size(), plotWidth);
        for (int i = 0; i < pieces.size(); ++i) {
            const QString key = pieceKey(cs.key, i);
            QLineSeries *s = m_series.take(key);
            if (!s) {
                s = new QLineSeries(m_chart);
                s->setProperty(kRole, QStringLiteral("series"));
                s->setProperty(kCurve, cs.key);
                s->setProperty(kPiece, i);
                m_chart->addSeries(s);
                s->attachAxis(m_axisX);
                s->attachAxis(m_axisY);
                if (m_onNewSeries)
                    m_onNewSeries(s);
            }
            if (s->name() != cs.name)
                s->setName(cs.name);
            if (s->pen() != pen)
                s->setPen(pen);
            if (s->pointsVisible() != dots)
                s->setPointsVisible(dots);
            if (s->points() != pieces.at(i))
                s->replace(pieces.at(i));
            const auto markers = m_chart->legend()->markers(s);
            // set each time: a marker follows its series' name and visibility again on
            // changes; only the first piece of a curve has one
            for (QLegendMarker *lm : markers) {
                lm->setVisible(i == 0 && !cs.legend.isEmpty());
                lm->setLabel(cs.legend);
            }
            keep.insert(key, s);
            m_order << s;
        }
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
    const double top = m.y.max;
    if (m_drawn && m.sameAnnotations(m_model) && top == m_drawnTop)
        return;
    m_drawn = true;
    m_drawnTop = top;
    for (QAbstractSeries *s : std::as_const(m_annotationSeries)) {
        m_chart->removeSeries(s);
        delete s;
    }
    m_annotationSeries.clear();
    QList<int> bandLegends; // sources whose band entry is in the legend already
    for (int i = 0; i < m.bands.size(); ++i) {
        const ChartBand &band = m.bands.at(i);
        auto *upper = new QLineSeries;
        upper->append(band.x0, top);
        upper->append(band.x1, top);
        auto *lower = new QLineSeries;
        lower->append(band.x0, m.y.min);
        lower->append(band.x1, m.y.min);
        auto *area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setProperty(kRole, QStringLiteral("band"));
        area->setName(band.legend);
        QColor fill = qColor(band.color); // the session's colour, light
        fill.setAlphaF(band.hatched ? 0.5 : kBandOpacity); // hatched: the lines a bit darker
        area->setBrush(band.hatched ? QBrush(fill, Qt::BDiagPattern) : QBrush(fill));
        area->setPen(Qt::NoPen);
        // the guard's reasons on hover, as the SVG has them in the band's <title>
        const QString tip = band.description;
        area->setProperty("vwToolTip", tip); // what the hover shows (tests read it)
        QObject::connect(area, &QAreaSeries::hovered, m_chart, [tip](const QPointF &, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip);
            else
                QToolTip::hideText();
        });
        const bool firstOfSource = !bandLegends.contains(band.source);
        bandLegends.append(band.source);
        attach(area, firstOfSource ? band.legend : QString());
        // the legend swatch: the band's colour strong enough to read at swatch size
        QColor swatch = qColor(band.color);
        swatch.setAlphaF(band.hatched ? 0.9 : 0.45);
        const auto markers = m_chart->legend()->markers(area);
        for (QLegendMarker *lm : markers) {
            lm->setBrush(band.hatched ? QBrush(swatch, Qt::BDiagPattern) : QBrush(swatch));
            lm->setPen(QPen(qColor(band.color), 1));
        }
    }
    // the curves' intervals: a light band in the curve's colour, the interval named on hover
    // (the SVG's <title>); the replicates' figures as faint points
    for (const ChartSeries &cs : m.series) {
        if (cs.intervals.size() >= 2) {
            auto *upper = new QLineSeries;
            auto *lower = new QLineSeries;
            for (const ChartInterval &ci : cs.intervals) {
                upper->append(ci.x, ci.hi);
                lower->append(ci.x, ci.lo);
            }
            auto *area = new QAreaSeries(upper, lower);
            upper->setParent(area);
            lower->setParent(area);
            area->setProperty(kRole, QStringLiteral("interval"));
            area->setProperty(kCurve, cs.key);
            area->setName(cs.intervalTitle);
            QColor fill = qColor(cs.color);
            fill.setAlphaF(0.18);
            area->setBrush(QBrush(fill));
            area->setPen(Qt::NoPen);
            const QString tip = cs.intervalTitle + QStringLiteral(": ") + cs.name;
            area->setProperty("vwToolTip", tip);
            QObject::connect(area, &QAreaSeries::hovered, m_chart,
                             [tip](const QPointF &, bool state) {
                                 if (state)
                                     QToolTip::showText(QCursor::pos(), tip);
                                 else
                                     QToolTip::hideText();
                             });
            attach(area, QString());
        }
        // whiskers, as the SVG's: a lone interval shows too
        for (const ChartInterval &ci : cs.intervals) {
            auto *bar = new QLineSeries;
            bar->setProperty(kRole, QStringLiteral("interval-bar"));
            bar->setProperty(kCurve, cs.key);
            bar->setName(cs.intervalTitle);
            QColor c = qColor(cs.color);
            c.setAlphaF(0.6);
            bar->setPen(QPen(c, 1.2));
            bar->append(ci.x, ci.lo);
            bar->append(ci.x, ci.hi);
            attach(bar, QString());
        }
        if (!cs.replicatePoints.isEmpty()) {
            auto *s = new QScatterSeries;
            s->setProperty(kRole, QStringLiteral("replicates"));
            s->setProperty(kCurve, cs.key);
            s->setName(cs.name);
            s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
            s->setMarkerSize(5);
            QColor c = qColor(cs.color);
            c.setAlphaF(0.35);
            s->setColor(c);
            s->setBorderColor(c);
            s->replace(cs.replicatePoints);
            attach(s, QString());
        }
    }
    // stage boundaries standing apart on the plot (drawnLines(), as the SVG renderer)
    const int plotWidth = m_chart->plotArea().width() > 0 ? int(m_chart->plotArea().width()) : 800;
    for (const int li : drawnLines(m, plotWidth)) {
        const ChartLine &l = m.lines.at(li);
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
        s->setMarkerShape(mk.kind == QLatin1String("knee") ? QScatterSeries::MarkerShapeCircle
                          : mk.kind == QLatin1String("saturation")
                              ? QScatterSeries::MarkerShapeRectangle
                              : QScatterSeries::MarkerShapeTriangle);
        s->setMarkerSize(11);
        s->setColor(qColor(mk.color));
        s->setBorderColor(chartMarkerOutline()); // kMarkerOutline, or its dark look
        s->append(mk.at);
        s->setPointLabelsFormat(mk.label); // read back by drawnChartData()
        s->setPointLabelsVisible(false); // the label is placed by the overlay
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
    // the pieces of each data curve (kCurve), in the order the curves' first pieces come
    QStringList curves;
    QHash<QString, QMap<int, QLineSeries *>> pieces;
    QHash<QString, QJsonObject> uncertainty; // a curve's intervals and replicate points
    QHash<QString, QJsonObject> bars; // a curve's whiskers: its intervals when it has no band
    const auto all = chart->series();
    for (QAbstractSeries *s : all) {
        const QString role = s->property(kRole).toString();
        if (role == QLatin1String("interval")) {
            auto *area = static_cast<QAreaSeries *>(s);
            const QList<QPointF> up = area->upperSeries()->points();
            const QList<QPointF> lo = area->lowerSeries()->points();
            QJsonArray iv;
            for (int i = 0; i < up.size() && i < lo.size(); ++i)
                iv.append(QJsonArray{up.at(i).x(), lo.at(i).y(), up.at(i).y()});
            QJsonObject &u = uncertainty[s->property(kCurve).toString()];
            u.insert(QStringLiteral("intervals"), iv);
            u.insert(QStringLiteral("interval_title"), area->name());
        } else if (role == QLatin1String("interval-bar")) {
            const QList<QPointF> bar = static_cast<QLineSeries *>(s)->points();
            if (bar.size() == 2) {
                QJsonObject &u = bars[s->property(kCurve).toString()];
                QJsonArray iv = u.value(QStringLiteral("intervals")).toArray();
                iv.append(QJsonArray{bar.at(0).x(), bar.at(0).y(), bar.at(1).y()});
                u.insert(QStringLiteral("intervals"), iv);
                u.insert(QStringLiteral("interval_title"), s->name());
            }
        } else if (role == QLatin1String("replicates")) {
            uncertainty[s->property(kCurve).toString()].insert(
                QStringLiteral("replicates"),
                pointsJson(static_cast<QScatterSeries *>(s)->points()));
        } else if (role == QLatin1String("series")) {
            const QString curve = s->property(kCurve).toString();
            if (!curves.contains(curve))
                curves << curve;
            pieces[curve].insert(s->property(kPiece).toInt(), static_cast<QLineSeries *>(s));
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
    for (const QString &curve : std::as_const(curves)) {
        QList<QPointF> points;
        QJsonArray gaps;
        QString name;
        for (QLineSeries *l : std::as_const(pieces[curve])) { // in piece order
            const QList<QPointF> pts = l->points();
            if (!points.isEmpty() && !pts.isEmpty())
                gaps.append(QJsonArray{points.last().x(), pts.first().x()});
            points += pts;
            name = l->name();
        }
        QJsonObject so{{QStringLiteral("name"), name},
                       {QStringLiteral("points"), pointsJson(points)},
                       {QStringLiteral("gaps"), gaps}};
        QJsonObject u = uncertainty.value(curve);
        const QJsonObject b = bars.value(curve);
        if (!u.contains(QStringLiteral("intervals")))
            for (auto it = b.begin(); it != b.end(); ++it)
                u.insert(it.key(), it.value());
        for (auto it = u.begin(); it != u.end(); ++it)
            so.insert(it.key(), it.value());
        series.append(so);
    }
    // the shown axes: the label axes (hidden data axes have no title)
    QString xTitle, yTitle;
    QJsonArray xTicks, yTicks;
    for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical})
        for (QAbstractAxis *a : chart->axes(o))
            if (auto *c = qobject_cast<QCategoryAxis *>(a); c && c->isVisible()) {
                // the title it stands for (shown as its unit only when it does not fit)
                const QString full = c->property("vwFullTitle").toString();
                (o == Qt::Horizontal ? xTitle : yTitle) =
                    full.isEmpty() || c->titleText() != ChartOverlay::compactAxisTitle(full)
                        ? c->titleText()
                        : full;
                (o == Qt::Horizontal ? xTicks : yTicks) =
                    QJsonArray::fromStringList(c->categoriesLabels());
            }
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
        {QStringLiteral("notes"),
         QJsonArray::fromStringList(chart->property("vwNotes").toStringList())},
        {QStringLiteral("x_ticks"), xTicks},
        {QStringLiteral("y_ticks"), yTicks}};
}

} // namespace vw
