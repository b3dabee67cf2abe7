#include "charts/axisticks.h"

#include <QLocale>
#include <cmath>

namespace vw {

QString axisNumber(double v)
{
    if (std::fabs(v) < 1e-12)
        v = 0; // "-0" and float noise around zero read as 0
    int decimals = 0;
    for (; decimals < 6; ++decimals) {
        const double scaled = v * std::pow(10.0, decimals);
        if (std::fabs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, std::fabs(scaled)))
            break;
    }
    static const QLocale grouped(QLocale::English, QLocale::UnitedStates);
    return grouped.toString(v, 'f', decimals);
}

QList<AxisTick> axisTicks(const ChartAxis &axis)
{
    QList<AxisTick> out;
    auto add = [&](double v) { out.append({v, axisNumber(v)}); };
    const double lo = std::min(axis.min, axis.max), hi = std::max(axis.min, axis.max);
    constexpr double eps = 1e-9;
    switch (axis.scale) {
    case AxisScale::Linear: {
        const double step = axis.tickStep > 0 ? axis.tickStep : (hi - lo > 0 ? hi - lo : 1);
        const double first = std::ceil(lo / step - eps);
        for (double i = first; i * step <= hi + step * eps && out.size() < 1000; i += 1)
            add(i * step);
        break;
    }
    case AxisScale::Log2:
        if (lo > 0)
            for (double x = std::pow(2.0, std::ceil(std::log2(lo) - eps)); x <= hi * (1 + eps);
                 x *= 2)
                add(x);
        break;
    case AxisScale::Log10:
        if (lo > 0) {
            // 1, 2, 5 per decade over at most three decades; over more, 1 per decade (13
            // labels over 0.2..2,000 do not fit a small live chart: QtCharts elides them all)
            const bool wide = std::log10(hi / lo) > 3.0 + eps;
            const QList<double> mantissas =
                wide ? QList<double>{1.0} : QList<double>{1.0, 2.0, 5.0};
            for (double z = std::pow(10.0, std::floor(std::log10(lo))); z <= hi * (1 + eps);
                 z *= 10)
                for (double m : mantissas) {
                    const double x = m * z;
                    if (x >= lo * (1 - eps) && x <= hi * (1 + eps))
                        add(x);
                }
        }
        break;
    }
    return out;
}

} // namespace vw
