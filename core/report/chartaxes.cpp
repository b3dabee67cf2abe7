#include "report/chartaxes.h"

#include <cmath>

namespace vw {

namespace {

/// 1, 2, 5 or 10 x 10^k near x: rounded up (ceiling) or to the nearest.
double niceNumber(double x, bool ceiling)
{
    const double z = std::pow(10.0, std::floor(std::log10(x)));
    const double q = x / z;
    double n;
    if (ceiling)
        n = q <= 1.0 ? 1.0 : q <= 2.0 ? 2.0 : q <= 5.0 ? 5.0 : 10.0;
    else
        n = q < 1.5 ? 1.0 : q < 3.0 ? 2.0 : q < 7.0 ? 5.0 : 10.0;
    return n * z;
}

} // namespace

void fitLog2Range(ChartAxis *axis, double minX, double maxX)
{
    axis->scale = AxisScale::Log2;
    axis->tickCount = 0;
    if (!(minX > 0) || !(maxX > 0)) {
        minX = 1;
        maxX = 2;
    }
    const double lo = std::pow(2.0, std::floor(std::log2(minX)));
    double hi = std::pow(2.0, std::ceil(std::log2(maxX)));
    if (hi <= lo)
        hi = lo * 2;
    axis->min = lo / kLog2AxisAir;
    axis->max = hi * kLog2AxisAir;
}

void fitNiceRange(ChartAxis *axis, double min, double max)
{
    axis->scale = AxisScale::Linear;
    constexpr int ticks = 5;
    if (!(max > min)) {
        axis->min = min;
        axis->max = min + 1;
        axis->tickCount = 2;
        return;
    }
    const double range = niceNumber(max - min, true);
    const double step = niceNumber(range / (ticks - 1), false);
    axis->min = std::floor(min / step) * step;
    axis->max = std::ceil(max / step) * step;
    axis->tickCount = int(std::lround((axis->max - axis->min) / step)) + 1;
}

void fitZeroBasedRange(ChartAxis *axis, double maxY)
{
    fitNiceRange(axis, 0, maxY > 0 ? maxY * 1.08 : 1.0);
}

} // namespace vw
