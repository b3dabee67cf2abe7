// The server's side in the HTML report (htmlreport.h): the server charts over all sessions and,
// per session, its server telemetry per stage, which resource saturates at the knee
// (core/analysis/serverbottleneck.h) and the notes of what was not available.
#pragma once

#include "report/curvesource.h"
#include "session/session.h"

#include <QList>
#include <QString>

namespace vw {

/// "<h2>Server</h2>" with the server charts of `sources` (against load: all sources; over
/// time: one chart per source), or a one-line note when no source has server telemetry.
QString serverChartsHtml(const QList<CurveSource> &sources);

/// "<h3>Server</h3>" of one session: the verdict and its evidence, the per-stage table (memory,
/// CPU, goroutines, open files, server-side and client time; "-" for what is unknown) and notes.
QString serverSessionHtml(const Session &s);

} // namespace vw
