#include "charts/chartaxes.h"

#include <algorithm>
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

/// The 1/2/5 x 10^k value at or below (down) or at or above (up) v > 0.
double decadeStep(double v, bool up)
{
    const double z = std::pow(10.0, std::floor(std::log10(v)));
    const double q = v / z;
    constexpr double eps = 1e-9;
    if (up)
        return (q <= 1 + eps ? 1.0 : q <= 2 + eps ? 2.0 : q <= 5 + eps ? 5.0 : 10.0) * z;
    return (q >= 5 - eps ? 5.0 : q >= 2 - eps ? 2.0 : 1.0) * z;
}

} // namespace

double axisFraction(const ChartAxis &axis, double v)
{
    if (axis.scale != AxisScale::Linear && axis.min > 0 && axis.max > axis.min) {
        // any base: the fraction of the way in log space is the same
        const double l0 = std::log2(axis.min), l1 = std::log2(axis.max);
        return (std::log2(std::max(v, axis.min)) - l0) / (l1 - l0);
    }
    if (!(axis.max > axis.min))
        return 0;
    return (v - axis.min) / (axis.max - axis.min);
}

int axisColumn(const ChartAxis &axis, double v, int columns)
{
    const double c = std::floor(axisFraction(axis, v) * columns);
    // far outside the range (or not a number): one column beyond the plot, never overflow
    if (!(c >= -1.0))
        return -1;
    return c > double(columns) ? columns : int(c);
}

void fitLog2Range(ChartAxis *axis, double minX, double maxX)
{
    axis->scale = AxisScale::Log2;
    axis->tickStep = 0;
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

void fitLog10Range(ChartAxis *axis, double minY, double maxY)
{
    axis->scale = AxisScale::Log10;
    axis->tickStep = 0;
    if (!(minY > 0) || !(maxY > 0)) {
        minY = 1;
        maxY = 10;
    }
    axis->min = decadeStep(minY, false);
    axis->max = decadeStep(maxY, true);
    if (axis->max < axis->min * 2)
        axis->max = decadeStep(axis->min * 2, true);
}

void fitNiceRange(ChartAxis *axis, double min, double max)
{
    axis->scale = AxisScale::Linear;
    constexpr int ticks = 5;
    if (!(max > min)) {
        axis->min = min;
        axis->max = min + 1;
        axis->tickStep = 0.5;
        return;
    }
    const double range = niceNumber(max - min, true);
    const double step = niceNumber(range / (ticks - 1), false);
    axis->min = std::floor(min / step) * step;
    axis->max = std::ceil(max / step) * step;
    axis->tickStep = step;
}

void fitZeroBasedRange(ChartAxis *axis, double maxY)
{
    if (maxY > 0)
        fitNiceRange(axis, 0, maxY * 1.08);
    else
        fitNiceRange(axis, 0, 0); // no data: 0..1, ticks "0", "0.5", "1"
}

void fitDataRange(ChartAxis *axis, double min, double max)
{
    axis->scale = AxisScale::Linear;
    if (!(max > min))
        max = min + 10;
    axis->min = min;
    axis->max = max;
    axis->tickStep = niceNumber((max - min) / 6, false);
}

} // namespace vw
