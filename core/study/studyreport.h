// The study's one self-contained HTML report (issue 11, "Studies"): which runs completed and
// which failed (a failed run is named with its error; the study went on), the profile x
// target matrix of maximum throughput and p99 there (studyMatrixText()), a table of every
// run with its dimensions, maximum throughput and p99 at that stage, throughput and p99 of
// every run at each stage's load, a section per dimension (the runs that differ only in it,
// side by side, with ratios to the first and their throughput and p99 charts overlaid), then
// everything the comparison report shows for all the sessions (core/report/htmlreport.h).
// Pure function; any thread.
#pragma once

#include "study/studyrunner.h"

namespace vw {

/// The value of run `r` on `dimension`: its profile's label, else its target's label; the
/// dimensions "profile" and "target" default to the profile's and target's names; else "-".
QString studyDimensionValue(const StudySpec &study, const StudyRunResult &r,
                            const QString &dimension);
/// StudySpec::dimensions, or {"profile", "target"} when the study names none.
QStringList studyDimensions(const StudySpec &study);

/// The profile x target matrix as plain text (what `study` prints at its end): a row per
/// profile (its dimension labels, else its name), a column per target (its labels, else its
/// name), each cell "<max throughput>/s, p99 <ms> ms" at the stage of maximum throughput
/// (per op when a run has several, "-" for no success), or the status of a run that did not
/// complete.
QString studyMatrixText(const StudySpec &study, const QList<StudyRunResult> &runs);

/// `runs` as StudyRunner::finished() gives them; `durationScale` as the runs used it.
QString studyHtmlReport(const StudySpec &study, const QList<StudyRunResult> &runs,
                        double durationScale);

} // namespace vw
