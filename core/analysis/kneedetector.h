// Knee point (docs/measurement.md, "Knee"): the concurrency where latency begins to outpace
// throughput.
//   Power (Kleinrock 1979) = throughput / mean latency of successful requests, per stage; the
//   knee is the stage where power peaks. Mean rather than p50 because Kleinrock's power is
//   defined on mean delay, and in a closed model mean latency obeys Little's law (R = N / X),
//   so power = X^2 / N and its peak is where d ln X / d ln N falls to 1/2: throughput grows
//   at half the rate of concurrency. A peak at the last stage means power was still rising:
//   no knee inside the ramp (null, not a guess).
//   Kneedle (Satopaa et al. 2011, offline, sensitivity S = 1) on throughput vs VUs (linear
//   axes, both normalised to 0..1) cross-checks it; it never makes a knee on its own.
// Pure functions; any thread.
#pragma once

#include "analysis/curve.h"
#include "analysis/opanalysis.h"

#include <QList>
#include <optional>

namespace vw {

/// Kneedle on a concave increasing curve: index of the knee in `x`/`y` (x strictly
/// increasing), or nullopt when the difference curve never drops by S * mean normalised
/// step below a local maximum (a straight line, a convex curve, fewer than 3 points).
std::optional<int> kneedleIndex(const QList<double> &x, const QList<double> &y,
                                double sensitivity = 1.0);

/// The knee of `c` with its evidence (stage numbers, power and Kneedle difference per stage).
KneeResult detectKnee(const OpCurve &c);

} // namespace vw
