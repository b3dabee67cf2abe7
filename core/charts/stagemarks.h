// The short marks of a stage that say how far its figures can be trusted, one text per
// finding, for the per-stage tables of the HTML report and the GUI (the CLI table prints the
// longer notes of core/report/report.h). Sources: StageStats::noCompletions() (no request of
// the steady window completed), StageValidity (client-bound reasons, stage_too_short notes;
// docs/measurement.md, "Validity"), StageStats::complete.
#pragma once

#include "stats/stagestats.h"

#include <QStringList>

namespace vw {

/// In this order, each only when it applies: "no completed request", "client-bound: <reasons
/// joined by '; '>", the validity notes ("stage_too_short: ..."), "partial (the stage did not
/// run to its end)". Empty for a stage whose figures stand as measured.
QStringList stageMarks(const StageStats &st);

/// The same marks for a narrow table cell (the GUI's per-stage table): a client-bound stage
/// reads "⚠ client-bound: client_cpu, loop_lag" (the reasons' keys; the whole reasons are
/// in stageMarks(), the cell's tooltip); the other marks as in stageMarks().
QStringList stageMarksShort(const StageStats &st);

} // namespace vw
