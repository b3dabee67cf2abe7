// The capacity analysis of a session: core/analysis/ run on its stages with the SLO and
// thresholds of the profile it was run with.
#pragma once

#include "session/session.h"

namespace vw {

/// The analysis of every op of `s`, with the SLO and thresholds of the profile saved in the
/// session (defaults where it sets none, a note when it cannot be read). Always computes;
/// ignores s.analysis.
SessionAnalysis analyzeSession(const Session &s);

/// s.analysis when it has been computed (e.g. read from the file), otherwise analyzeSession(s).
SessionAnalysis sessionAnalysis(const Session &s);

} // namespace vw
