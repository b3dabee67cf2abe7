#include "charts/chartstyle.h"

#include "report/charttype.h"

#include <QChart>
#include <QFont>
#include <QGraphicsLayout>
#include <QLegend>
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
    f.setPixelSize(std::max(1, int(std::ceil(pixelSize - 0.01))));   // never below the scale
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
}

} // namespace vw
