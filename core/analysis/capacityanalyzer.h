// Runs every detector of core/analysis/ on the curves of a run (one per operation).
// Pure functions; any thread. Cheap (microseconds per operation): computing it again when a
// session is read or compared costs nothing worth caching beyond Session::analysis
// (core/session/sessionanalysis.h).
#pragma once

#include "analysis/curve.h"
#include "analysis/opanalysis.h"
#include "profile/analysisspec.h"

namespace vw {

/// Knee, saturation, failure, maximum throughput (overall and within the SLO) and USL fit.
OpAnalysis analyzeCurve(const OpCurve &c, const AnalysisSettings &settings);

/// The analysis of `op` in a run of an open (arrival-rate) load model: not assessed, each
/// point empty with that reason as its evidence (the detectors need closed-model VU ramps).
OpAnalysis notAssessedOpenModel(const QString &op, const QList<StageStats> &stages);

/// The analysis of each op in `ops` on the measured `stages` run by load model `model` (one
/// curve per op), with `settingsNotes` appended to every op's notes (e.g. why the plan's
/// thresholds could not be read).
SessionAnalysis analyzeStages(const QList<StageStats> &stages, const QStringList &ops,
                              const LoadModel &model, const AnalysisSettings &settings,
                              const QStringList &settingsNotes = {});

} // namespace vw
