// The axes of a chart model (chartmodel.h): title, unit, scale and the range both renderers
// draw, worked out once here so the SVG and QtCharts pictures share their ranges and ticks.
// Pure functions; any thread.
#pragma once

#include <QString>

namespace vw {

enum class AxisScale {
    Linear,
    Log2,   ///< base-2 logarithmic; ticks at whole powers of two
};

struct ChartAxis {
    QString title;        ///< e.g. "VUs (log2)", "offered rate (starts/s, log2)", "latency (ms)"
    QString unit;         ///< e.g. "VUs", "starts/s", "ms", "requests/s", "%", "s"
    AxisScale scale = AxisScale::Linear;
    double min = 0;       ///< drawn range, data units
    double max = 1;
    /// Linear: number of ticks from min to max inclusive (equal steps). Log2: ticks at the
    /// powers of two inside [min, max] (tickCount unused, 0).
    int tickCount = 5;
    QString labelFormat;  ///< printf-style label format, e.g. "%.0f", "%.3g", "%g"

    double step() const { return tickCount > 1 ? (max - min) / (tickCount - 1) : max - min; }
    bool operator==(const ChartAxis &o) const
    {
        return title == o.title && unit == o.unit && scale == o.scale && min == o.min
            && max == o.max && tickCount == o.tickCount && labelFormat == o.labelFormat;
    }
    bool operator!=(const ChartAxis &o) const { return !(*this == o); }
};

/// The air a log2 axis keeps beyond its end powers of two (so end markers are not cut).
inline constexpr double kLog2AxisAir = 1.15;

/// Log2 range around [minX, maxX] (> 0): whole powers of two lo <= minX, hi >= maxX, at least
/// one octave, drawn as [lo / kLog2AxisAir, hi * kLog2AxisAir]. Non-positive input: [1, 2].
void fitLog2Range(ChartAxis *axis, double minX, double maxX);

/// Linear range [min, max] widened to nice numbers (1, 2, 5 x 10^k steps, about 5 ticks); the
/// same rule as QValueAxis::applyNiceNumbers so the live chart looks as before.
void fitNiceRange(ChartAxis *axis, double min, double max);

/// fitNiceRange over [0, maxY * 1.08] (room above the top point); maxY <= 0 gives [0, 1].
void fitZeroBasedRange(ChartAxis *axis, double maxY);

} // namespace vw
