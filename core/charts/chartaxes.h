// The axes of a chart model (chartmodel.h): title, unit, scale, the drawn range and where its
// ticks go, worked out once here so the SVG and QtCharts pictures share ranges, ticks and tick
// labels (the labels themselves: axisticks.h). Pure functions; any thread.
#pragma once

#include <QString>

namespace vw {

enum class AxisScale {
    Linear,
    Log2, ///< base-2 logarithmic; ticks at whole powers of two (the load axis)
    Log10, ///< base-10 logarithmic; ticks at 1, 2 and 5 x 10^k (log-y of latency charts)
};

struct ChartAxis {
    QString title; ///< e.g. "VUs (log2)", "offered rate (starts/s, log2)", "latency (ms)"
    QString unit; ///< e.g. "VUs", "starts/s", "ms", "requests/s", "%", "s"
    AxisScale scale = AxisScale::Linear;
    double min = 0; ///< drawn range, data units (> 0 on log scales)
    double max = 1;
    /// Linear: a tick at every whole multiple of tickStep inside [min, max] (a 1, 2 or 5 x 10^k
    /// step). Log scales: unused (0); their ticks follow from the scale (axisticks.h).
    double tickStep = 0.5;

    bool operator==(const ChartAxis &o) const
    {
        return title == o.title && unit == o.unit && scale == o.scale && min == o.min
               && max == o.max && tickStep == o.tickStep;
    }
    bool operator!=(const ChartAxis &o) const { return !(*this == o); }
};

/// Where `v` sits along `axis` as a fraction of its drawn length: 0 at min, 1 at max, on the
/// axis' scale (a log scale in log space, a value below min taken as min; linear: outside
/// [0, 1] for a value outside the range). An empty range (max <= min) gives 0. The one
/// mapping from data to the plot: the SVG renderer's pixels (svgrenderer.cpp) and both
/// renderers' thinning columns (axisColumn(), curvethinning.h).
double axisFraction(const ChartAxis &axis, double v);

/// The pixel column of `v` on a plot `columns` pixels wide: floor(axisFraction() * columns),
/// not clamped (thinToColumns() clamps to 0..columns-1).
int axisColumn(const ChartAxis &axis, double v, int columns);

/// The air a log2 axis keeps beyond its end powers of two (so end markers are not cut).
inline constexpr double kLog2AxisAir = 1.15;

/// Log2 range around [minX, maxX] (> 0): whole powers of two lo <= minX, hi >= maxX, at least
/// one octave, drawn as [lo / kLog2AxisAir, hi * kLog2AxisAir]. Non-positive input: [1, 2].
void fitLog2Range(ChartAxis *axis, double minX, double maxX);

/// Log10 range around the positive values [minY, maxY]: from the 1/2/5 x 10^k step at or below
/// minY to the one at or above maxY (at least a factor 2). Non-positive input: [1, 10].
void fitLog10Range(ChartAxis *axis, double minY, double maxY);

/// Linear range [min, max] widened to whole ticks of a 1, 2 or 5 x 10^k step (about 5 ticks).
/// An empty range (max <= min) gives [min, min + 1] with ticks every 0.5.
void fitNiceRange(ChartAxis *axis, double min, double max);

/// fitNiceRange over [0, maxY * 1.08] (room above the top point); maxY <= 0 (no data) gives
/// [0, 1] with ticks every 0.5.
void fitZeroBasedRange(ChartAxis *axis, double maxY);

/// Linear range exactly [min, max] (the data's extent, e.g. 0..61 s for 61 s of data) with
/// ticks every 1, 2 or 5 x 10^k, about 6 of them; max <= min gives [min, min + 10].
void fitDataRange(ChartAxis *axis, double min, double max);

} // namespace vw
