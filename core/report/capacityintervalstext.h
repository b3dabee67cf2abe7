// Capacity points with their uncertainty (core/session/capacityintervals.h) as text, for
// `report --format table`, `compare` and the HTML reports. Pure functions; any thread.
#pragma once

#include "session/capacityintervals.h"

namespace vw {

/// "<op>: capacity points over 200 resamples (3 runs, bootstrap over the runs)" then one
/// indented PointDistribution::words() line per point (or the reason there are none).
QString capacityIntervalsText(const QList<OpCapacityIntervals> &ops);

/// The same as an HTML list per op (escaped), "" when `ops` is empty.
QString capacityIntervalsHtml(const QList<OpCapacityIntervals> &ops);

} // namespace vw
