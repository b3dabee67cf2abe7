#include "charts/chartstyle.h"

#include <QChart>
#include <QFont>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLogValueAxis>
#include <QValueAxis>
#include <cmath>

namespace vw {

QColor chartColor(int i)
{
    static const QRgb kPalette[] = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2,
                                    0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    constexpr int n = int(sizeof(kPalette) / sizeof(kPalette[0]));
    return QColor(kPalette[((i % n) + n) % n]);
}

QPen percentilePen(const QColor &c, int percentile)
{
    QPen pen(c);
    pen.setWidthF(2.0);
    pen.setCapStyle(Qt::RoundCap);
    if (percentile >= 99) {
        pen.setStyle(Qt::SolidLine);
        pen.setWidthF(2.4);
    } else if (percentile >= 95) {
        pen.setStyle(Qt::DashLine);
    } else if (percentile >= 50) {
        pen.setStyle(Qt::DotLine);
    } else {
        pen.setStyle(Qt::DashDotLine);
    }
    return pen;
}

void styleChart(QChart *chart, const QString &title)
{
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(title);
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

void fitLog2Axis(QLogValueAxis *axis, double minX, double maxX)
{
    if (!(minX > 0) || !(maxX > 0)) {
        minX = 1;
        maxX = 2;
    }
    double lo = std::pow(2.0, std::floor(std::log2(minX)));
    double hi = std::pow(2.0, std::ceil(std::log2(maxX)));
    if (hi <= lo)
        hi = lo * 2;
    // a little air so the end points' markers are not cut
    if (axis->min() != lo / 1.15 || axis->max() != hi * 1.15)
        axis->setRange(lo / 1.15, hi * 1.15);
}

void fitNiceAxis(QValueAxis *axis, double min, double max)
{
    QValueAxis nice;   // default tick count, so the result depends on [min, max] only
    nice.setRange(min, max);
    nice.applyNiceNumbers();
    if (axis->tickCount() != nice.tickCount())
        axis->setTickCount(nice.tickCount());
    axis->setRange(nice.min(), nice.max());   // QValueAxis emits nothing when unchanged
}

void fitZeroBasedAxis(QValueAxis *axis, double maxY)
{
    fitNiceAxis(axis, 0, maxY > 0 ? maxY * 1.08 : 1.0);
}

} // namespace vw
