#include "charts/chartstyle.h"

#include "charts/chartoverlay.h"
#include "theme/charttheme.h"

#include <QAbstractAxis>
#include "charts/charttype.h"

#include <QChart>
#include <QFont>
#include <QGraphicsLayout>
#include <QLegend>
#include <QScatterSeries>
#include <QXYSeries>
#include <algorithm>
#include <cmath>

namespace vw {

QPen chartPen(const QString &color, LineStyle style, double width)
{
    QPen pen(qColor(color));
    pen.setWidthF(width);
    pen.setCapStyle(Qt::RoundCap);
    switch (style) {
    case LineStyle::Solid:
        pen.setStyle(Qt::SolidLine);
        break;
    case LineStyle::Dashed:
        pen.setStyle(Qt::DashLine);
        break;
    case LineStyle::Dotted:
        pen.setStyle(Qt::DotLine);
        break;
    case LineStyle::DashDot:
        pen.setStyle(Qt::DashDotLine);
        break;
    }
    return pen;
}

QFont chartFont(double pixelSize, bool bold)
{
    QFont f(QString::fromLatin1(kChartFontFamily));
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(std::max(1, int(std::ceil(pixelSize - 0.01)))); // never below the scale
    f.setBold(bold);
    return f;
}

void styleChart(QChart *chart)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    QFont tf = chart->titleFont();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 0.95);
    chart->setTitleFont(tf);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true);
    QFont lf = chart->legend()->font();
    lf.setPointSizeF(lf.pointSizeF() * 0.85);
    chart->legend()->setFont(lf);
    applyChartTheme(chart);
    QObject::connect(ChartThemeSettings::instance(), &ChartThemeSettings::changed, chart,
                     [chart] { applyChartTheme(chart); });
}

void applyChartTheme(QChart *chart, bool dark)
{
    const ChartColours c = chartColours(dark);
    const bool recoloured = chart->titleBrush().color() != c.text;
    chart->setBackgroundBrush(c.background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setTitleBrush(c.text);
    chart->legend()->setLabelColor(c.text);
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        a->setLabelsColor(c.text);
        a->setTitleBrush(c.text);
        a->setGridLineColor(c.grid);
        a->setMinorGridLineColor(c.grid);
        a->setLinePenColor(c.axisLine);
    }
    const auto series = chart->series();
    for (QAbstractSeries *s : series) {
        if (auto *xy = qobject_cast<QXYSeries *>(s); xy && xy->pointLabelsVisible())
            xy->setPointLabelsColor(c.text); // marker labels ("knee 2")
        if (auto *marker = qobject_cast<QScatterSeries *>(s))
            marker->setBorderColor(c.markerOutline); // knee, saturation, failure marks
    }
    // the words drawn over the chart (title, legend rows, marker labels) take the new text
    // colour now, not at the next model change (a live update with the same look lays out
    // nothing)
    if (ChartOverlay *overlay = ChartOverlay::of(chart); overlay && recoloured)
        overlay->relayout();
}

QColor chartMarkerOutline()
{
    return chartColours(ChartThemeSettings::instance()->isDark()).markerOutline;
}

QColor chartTextColor()
{
    return chartColours(ChartThemeSettings::instance()->isDark()).text;
}

void applyChartTheme(QChart *chart)
{
    applyChartTheme(chart, ChartThemeSettings::instance()->isDark());
}

} // namespace vw
