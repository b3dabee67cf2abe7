#include "charts/chartoverlay.h"

#include "charts/chartstyle.h"
#include "charts/labelplacement.h"

#include <QAbstractAxis>
#include <QCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QXYSeries>

namespace vw {

namespace {

QString titleHtml(const ChartModel &m, const QString &subtitle, const ChartTypeScale &ts)
{
    QString t = QStringLiteral("<div align=\"center\">") + m.title.toHtmlEscaped();
    if (!subtitle.isEmpty())
        t += QStringLiteral("<br><span style=\"font-size:%1px; font-weight:normal\">"
                            "%2</span>")
                 .arg(qRound(ts.subtitle))
                 .arg(subtitle.toHtmlEscaped());
    for (const QString &n : m.notes)
        t += QStringLiteral("<br><span style=\"font-size:%1px; font-weight:normal; color:#b05000\">"
                            "%2</span>")
                 .arg(qRound(ts.note))
                 .arg(n.toHtmlEscaped());
    return t + QStringLiteral("</div>");
}

void setFontIfChanged(QFont *dst, const QFont &want, bool *changed)
{
    if (*dst != want) {
        *dst = want;
        *changed = true;
    }
}

} // namespace

ChartOverlay::ChartOverlay(QChart *chart)
    : QObject(chart)
    , m_chart(chart)
{
    setObjectName(QStringLiteral("vwChartOverlay"));
    // the legend is drawn here (wrapped, every entry whole). The QLegend stays "visible" so
    // its markers keep following the model (tests and tools read them), but takes no room
    // and paints nothing: detached, 1 px, fully transparent.
    QLegend *legend = chart->legend();
    legend->detachFromChart();
    legend->setGeometry(QRectF(0, 0, 1, 1));
    legend->setOpacity(0.0);
    legend->setAcceptedMouseButtons(Qt::NoButton);
    legend->setAcceptHoverEvents(false);
    QObject::connect(chart, &QChart::plotAreaChanged, this, [this] { relayout(); });
}

ChartOverlay *ChartOverlay::of(const QChart *chart)
{
    return chart ? chart->findChild<ChartOverlay *>(QStringLiteral("vwChartOverlay"),
                                                    Qt::FindDirectChildrenOnly)
                 : nullptr;
}

void ChartOverlay::setModel(const ChartModel &model)
{
    // What the overlay draws: the words, the legend and the marker labels, placed through the
    // axes. A live snapshot that changes only the curves' points (most of them, at <= 10 Hz)
    // leaves all of it as it is: nothing to rebuild.
    auto legendTexts = [](const ChartModel &m) {
        QStringList out;
        for (const LegendEntry &e : m.legend())
            out << e.text + QLatin1Char('\x1f') + e.color + QLatin1Char('\x1f')
                       + QString::number(int(e.style))
                       + (e.hatched ? QLatin1String("h") : QLatin1String(""));
        return out;
    };
    const bool same = m_hasModel && model.title == m_model.title
                      && model.subtitle == m_model.subtitle && model.notes == m_model.notes
                      && model.markers == m_model.markers && model.x == m_model.x
                      && model.y == m_model.y && legendTexts(model) == legendTexts(m_model)
                      && m_chart->titleBrush().color() == m_laidOutColor; // the theme
    m_model = model;
    m_hasModel = true;
    if (!same)
        relayout();
}

void ChartOverlay::setOutputScale(double deviceHeight, double devicePerLogical)
{
    m_deviceHeight = deviceHeight;
    m_devicePerLogical = devicePerLogical > 0 ? devicePerLogical : 1;
    relayout();
}

ChartTypeScale ChartOverlay::typeScale() const
{
    const double h = m_deviceHeight > 0 ? m_deviceHeight : m_chart->size().height();
    ChartTypeScale ts = chartTypeScale(h);
    const double f = m_deviceHeight > 0 ? 1.0 / m_devicePerLogical : 1.0;
    for (double *v :
         {&ts.title, &ts.subtitle, &ts.axisTitle, &ts.tick, &ts.legend, &ts.marker, &ts.note})
        *v *= f;
    return ts;
}

QString ChartOverlay::compactAxisTitle(const QString &title)
{
    // "server memory (MiB)" -> "MiB": the unit; the legend names the quantity
    const qsizetype open = title.lastIndexOf(QLatin1Char('('));
    if (open >= 0 && title.endsWith(QLatin1Char(')')) && title.size() - open >= 3)
        return title.mid(open + 1, title.size() - open - 2);
    // "successful requests/s" -> "requests/s": the last word, which holds the unit
    const qsizetype space = title.trimmed().lastIndexOf(QLatin1Char(' '));
    return space < 0 ? title : title.trimmed().mid(space + 1);
}

void ChartOverlay::applyFonts(const ChartTypeScale &ts)
{
    const QFont title = chartFont(ts.title, true);
    if (m_chart->titleFont() != title)
        m_chart->setTitleFont(title);
    // a subtitle wider than the chart is elided in the middle (both ends say the most: the
    // target and the last session), whole in the tool tip over the title
    const double pad = ts.tick * 0.6;
    const double room = m_chart->size().width() - 2 * pad - ts.subtitle;
    m_shownSubtitle = room > 0 ? QFontMetricsF(chartFont(ts.subtitle, false))
                                     .elidedText(m_model.subtitle, Qt::ElideMiddle, room)
                               : m_model.subtitle;
    const QString html = titleHtml(m_model, m_shownSubtitle, ts);
    if (m_chart->title() != html)
        m_chart->setTitle(html);
    const QRectF plot = m_chart->plotArea();
    m_yTitleCompact = false;
    const auto axes = m_chart->axes();
    for (QAbstractAxis *a : axes) {
        bool changed = false;
        QFont labels = a->labelsFont(), titleF = a->titleFont();
        setFontIfChanged(&labels, chartFont(ts.tick, false), &changed);
        setFontIfChanged(&titleF, chartFont(ts.axisTitle, false), &changed);
        if (changed) {
            a->setLabelsFont(labels);
            a->setTitleFont(titleF);
        }
        // the shown y axis (a label axis): a title taller than the plot is cut by QtCharts,
        // units and all; its unit alone then ("MiB", "ms"), the whole title in the tool tip
        if (a->orientation() != Qt::Vertical || !a->isVisible() || m_model.y.title.isEmpty()
            || !qobject_cast<QCategoryAxis *>(a))
            continue;
        const QString whole = m_model.y.title;
        const bool fits =
            plot.height() <= 0 || QFontMetricsF(titleF).horizontalAdvance(whole) <= plot.height();
        const QString shown = fits ? whole : compactAxisTitle(whole);
        m_yTitleCompact = shown != whole;
        a->setProperty("vwFullTitle", whole);
        if (a->titleText() != shown)
            a->setTitleText(shown);
    }
}

void ChartOverlay::clearItems()
{
    for (QGraphicsItem *i : std::as_const(m_items))
        delete i;
    m_items.clear();
    m_subtitleTip = m_yTitleTip = nullptr;
    m_legendText.clear();
    m_markerText.clear();
}

void ChartOverlay::relayout()
{
    if (m_inLayout)
        return;
    m_inLayout = true;
    m_laidOutColor = m_chart->titleBrush().color();
    const ChartTypeScale ts = typeScale();
    applyFonts(ts);
    clearItems();
    {
        // tool tips with the whole words where they are shortened: over the title block (the
        // subtitle elided) and over the y axis (its unit only)
        const QRectF plotArea = m_chart->plotArea();
        auto tipArea = [this](const QRectF &r, const QString &tip) {
            auto *item = new QGraphicsRectItem(r, m_chart);
            item->setPen(Qt::NoPen);
            item->setBrush(Qt::NoBrush);
            item->setToolTip(tip);
            item->setZValue(18);
            m_items << item;
            return item;
        };
        m_subtitleTip = m_yTitleTip = nullptr;
        if (m_shownSubtitle != m_model.subtitle && plotArea.top() > 0)
            m_subtitleTip = tipArea(QRectF(0, 0, m_chart->size().width(), plotArea.top()),
                                    m_model.title + QLatin1Char('\n') + m_model.subtitle);
        if (m_yTitleCompact && plotArea.left() > 0)
            m_yTitleTip = tipArea(QRectF(0, plotArea.top(), plotArea.left(), plotArea.height()),
                                  m_model.y.title);
    }

    // the legend: rows at the bottom of the chart, in the chart's bottom margin
    const QList<LegendEntry> legend = m_model.legend();
    m_legendTexts.clear();
    const QFont lf = chartFont(ts.legend, false);
    const QFontMetricsF fm(lf);
    const double swatchW = ts.legend * 2.0, swatchGap = ts.legend * 0.4;
    const double rowH = ts.legend * 1.5, pad = ts.tick * 0.6;
    const QRectF area(QPointF(0, 0), m_chart->size());
    const QRectF plot = m_chart->plotArea();
    const double left = plot.width() > 0 ? plot.left() : pad;
    QList<double> widths;
    for (const LegendEntry &e : legend)
        widths << swatchW + swatchGap + fm.horizontalAdvance(e.text);
    const LegendLayout ll =
        layoutLegendRows(widths, std::max(50.0, area.width() - left - pad), rowH, ts.legend * 1.2);
    const QMargins want(qRound(pad), qRound(pad), qRound(pad), qRound(ll.height + pad));
    const bool marginsChanged = m_chart->margins() != want;
    if (marginsChanged)
        m_chart->setMargins(want); // lays the chart out again: placed once more below
    const double legendTop = area.height() - pad - ll.height;
    for (int i = 0; i < legend.size(); ++i) {
        const LegendEntry &e = legend.at(i);
        const double x = left + ll.origins.at(i).x();
        const double mid = legendTop + ll.origins.at(i).y() + rowH / 2;
        QGraphicsItem *swatch = nullptr;
        if (e.kind == LegendEntry::Kind::Band) {
            auto *r =
                new QGraphicsRectItem(x, mid - ts.legend * 0.35, swatchW, ts.legend * 0.7, m_chart);
            QColor c = qColor(e.color);
            c.setAlphaF(kBandOpacity * 1.5);
            r->setBrush(c);
            r->setPen(Qt::NoPen);
            swatch = r;
        } else {
            auto *l = new QGraphicsLineItem(x, mid, x + swatchW, mid, m_chart);
            // the percentile key is drawn in the theme's text colour (its grey vanished on a
            // dark background)
            const bool key = e.color == QLatin1String(kPercentileKeyColor);
            l->setPen(key ? chartPen(m_chart->titleBrush().color().name(), e.style, 2.0)
                          : chartPen(e.color, e.style, 2.0));
            swatch = l;
        }
        auto *t = new QGraphicsSimpleTextItem(e.text, m_chart);
        t->setFont(lf);
        t->setBrush(m_chart->titleBrush().color()); // the chart theme's text colour
        t->setPos(x + swatchW + swatchGap, mid - fm.height() / 2);
        t->setToolTip(e.text);
        for (QGraphicsItem *it : {swatch, static_cast<QGraphicsItem *>(t)}) {
            it->setZValue(20);
            m_items << it;
        }
        m_legendText << t;
        m_legendTexts << e.text;
    }

    // marker labels, placed without overlaps (labelplacement.h)
    QAbstractSeries *ref = nullptr;
    const auto all = m_chart->series();
    for (QAbstractSeries *s : all)
        if (qobject_cast<QXYSeries *>(s) && !s->attachedAxes().isEmpty()) {
            ref = s;
            break;
        }
    if (ref && plot.width() > 0) {
        const QFont mf = chartFont(ts.marker, false);
        const QFontMetricsF mfm(mf);
        QList<LabelRequest> req;
        for (const ChartMarker &mk : std::as_const(m_model.markers))
            req << LabelRequest{m_chart->mapToPosition(mk.at, ref),
                                QSizeF(mfm.horizontalAdvance(mk.label), mfm.height())};
        QList<QRectF> markerBoxes;
        for (const LabelRequest &r : std::as_const(req))
            markerBoxes << markerBox(r.anchor);
        const QList<QRectF> boxes = placeLabels(req, plot, 8, 2, markerBoxes);
        for (int i = 0; i < boxes.size(); ++i) {
            const ChartMarker &mk = m_model.markers.at(i);
            const QRectF &b = boxes.at(i);
            if (labelNeedsLeader(req.at(i), b, plot)) {
                const QPointF a = req.at(i).anchor;
                const QPointF to(std::clamp(a.x(), b.left(), b.right()),
                                 a.y() < b.top() ? b.top() : b.bottom());
                auto *leader = new QGraphicsLineItem(QLineF(a, to), m_chart);
                leader->setPen(QPen(qColor(mk.color), 1.0));
                leader->setZValue(19);
                m_items << leader;
            }
            auto *t = new QGraphicsSimpleTextItem(mk.label, m_chart);
            t->setFont(mf);
            t->setBrush(m_chart->titleBrush().color()); // the chart theme's text colour
            t->setPos(b.topLeft());
            t->setToolTip(mk.label + QLatin1Char('\n') + mk.evidence);
            t->setZValue(21);
            m_items << t;
            m_markerText << t;
        }
    }
    m_inLayout = false;
    if (marginsChanged) {
        if (m_chart->layout())
            m_chart->layout()->activate();
        relayout(); // the plot area moved; the margins are now as wanted
    }
}

QString ChartOverlay::subtitleToolTip() const
{
    return m_subtitleTip ? m_subtitleTip->toolTip() : QString();
}

QString ChartOverlay::yTitleToolTip() const
{
    return m_yTitleTip ? m_yTitleTip->toolTip() : QString();
}

QList<QRectF> ChartOverlay::legendTextRects() const
{
    QList<QRectF> out;
    for (QGraphicsItem *i : m_legendText)
        out << i->sceneBoundingRect();
    return out;
}

QList<QRectF> ChartOverlay::markerLabelRects() const
{
    QList<QRectF> out;
    for (QGraphicsItem *i : m_markerText)
        out << i->sceneBoundingRect();
    return out;
}

} // namespace vw
