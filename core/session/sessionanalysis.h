// The capacity analysis of a session: core/analysis/ run on its stages with the SLO and
// thresholds of its run plan (Session::plan).
#pragma once

#include "analysis/serverbottleneck.h"
#include "session/session.h"

namespace vw {

/// The analysis of every op of `s`, with the SLO and thresholds of its plan and its load
/// model (s.readNotes appended to each op's notes). Always computes; ignores s.analysis.
SessionAnalysis analyzeSession(const Session &s);

/// s.analysis when it has been computed (e.g. read from the file), otherwise analyzeSession(s).
SessionAnalysis sessionAnalysis(const Session &s);

/// Which server resource saturates at the knee (core/analysis/serverbottleneck.h): at the knee
/// of the first op of `analysis` that has one, with the machine's cores as the server's when
/// the server process ran beside the client (a known server PID).
ServerBottleneck sessionServerBottleneck(const Session &s, const SessionAnalysis &analysis);

} // namespace vw
