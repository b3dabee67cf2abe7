// Runs every detector of core/analysis/ on the curves of a session (one per operation).
// Pure functions; any thread. Cheap (microseconds per operation): computing it again when a
// session is read or compared costs nothing worth caching beyond Session::analysis.
#pragma once

#include "analysis/curve.h"
#include "analysis/opanalysis.h"
#include "profile/analysisspec.h"
#include "session/session.h"

namespace vw {

/// Knee, saturation, failure, maximum throughput (overall and within the SLO) and USL fit.
OpAnalysis analyzeCurve(const OpCurve &c, const AnalysisSettings &settings);

/// The analysis of every op of `s`, with the SLO and thresholds of the profile saved in the
/// session (s.profileYaml; defaults where it sets none, a note when it cannot be read).
/// Always computes; ignores s.analysis.
SessionAnalysis analyzeSession(const Session &s);

/// s.analysis when it has been computed (e.g. read from the file), otherwise analyzeSession(s).
SessionAnalysis sessionAnalysis(const Session &s);

} // namespace vw
