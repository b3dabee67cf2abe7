// Shorter runs for a study: `study --short` and a study file's `duration_scale`
// (docs/profile-format.md, "Studies"). Pure functions.
#pragma once

#include "profile/profile.h"

namespace vw {

/// The factor `study --short` applies to every stage duration and the warm-up (on top of the
/// study file's duration_scale).
constexpr double kShortScale = 0.1;
/// A scaled stage is never shorter than this (nor longer than it was): shorter stages hold
/// too few requests for a percentile.
constexpr qint64 kMinScaledStageMs = 2000;

/// `ramp` with each stage's duration multiplied by `scale` (rounded to whole milliseconds),
/// at least kMinScaledStageMs and at most its own duration; the warm-up multiplied by `scale`
/// and then at most half the shortest scaled stage (a warm-up must stay shorter than every
/// stage). `scale` >= 1 (or not > 0) returns `ramp` unchanged. The load of each stage (VUs,
/// rate) is kept.
RampSpec scaledRamp(const RampSpec &ramp, double scale);

} // namespace vw
