// The ticks of a chart axis (chartaxes.h) and their labels: the one place both renderers
// (svgrenderer.h, ui/charts/qtchartrenderer.h) take gridline positions and label texts from,
// so the HTML report, the live view and every export read the same numbers.
// Labels are plain numbers, never scientific notation: thousands grouped with ",", a "."
// decimal point, as many decimals as the value needs ("0", "0.5", "2.5", "1,000", "1,500",
// "65,536"). Pure functions; any thread.
#pragma once

#include "charts/chartaxes.h"

#include <QList>
#include <QString>

namespace vw {

struct AxisTick {
    double value = 0; ///< data units
    QString label; ///< axisNumber(value)

    bool operator==(const AxisTick &o) const { return value == o.value && label == o.label; }
};

/// The ticks of `axis` in increasing order: Linear: every whole multiple of tickStep in
/// [min, max]; Log2: the powers of two in [min, max]; Log10: 1, 2 and 5 x 10^k in [min, max]
/// over at most three decades, 1 x 10^k over more (so a small live chart can show them all).
QList<AxisTick> axisTicks(const ChartAxis &axis);

/// `v` as a plain number: grouped thousands, "." decimal point, no trailing zeros, at most
/// 6 decimals (e.g. 1000 -> "1,000", 0.5 -> "0.5", 2.5 -> "2.5", 0.30000000000000004 -> "0.3").
QString axisNumber(double v);

} // namespace vw
