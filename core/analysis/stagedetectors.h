// Threshold rules on a curve (docs/measurement.md, "Capacity analysis"). Pure
// functions; any thread. Thresholds come from the profile's `analysis` block.
//   Saturation: throughput plateaus. The marginal gain of a ramp segment is
//     dX/dN = (X_i - X_{i-1}) / (N_i - N_{i-1}); the low-load gain is the first segment's.
//     The saturation point is the first stage from which `saturationStages` consecutive
//     segments gain less than `saturationGain` x the low-load gain: the plateau's first stage.
//     When throughput does not grow on the first segment, the first stage is the point.
//   Failure: the first stage whose error ratio (errors / requests) exceeds
//     `failureErrorRatio`, with the error class that has the most errors at that stage. Every
//     measured stage counts (OpCurve::measured), also client-bound ones and ramp-downs.
//   Maximum throughput: the stage with the highest throughput; within the SLO: the highest
//     among the stages that meet every objective of the profile's `slo`.
#pragma once

#include "analysis/curve.h"
#include "analysis/opanalysis.h"
#include "profile/analysisspec.h"

namespace vw {

StagePoint detectSaturation(const OpCurve &c, const AnalysisThresholds &t);
FailureResult detectFailure(const OpCurve &c, const AnalysisThresholds &t);
ThroughputPoint maxThroughput(const OpCurve &c);
/// Empty (with evidence saying why) when `slo` is not set or no stage met it.
ThroughputPoint maxThroughputWithinSlo(const OpCurve &c, const SloSpec &slo);

} // namespace vw
