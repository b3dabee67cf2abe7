// The server's side in the HTML report (htmlreport.h): the server charts over all sessions and,
// per session, its server telemetry per stage, which resource saturates at the knee
// (core/analysis/serverbottleneck.h) and the notes of what was not available.
#pragma once

#include "charts/curvesource.h"
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

/// The server's side as text, for `vault-workbench report` (after the capacity analysis):
/// "server: <resource>: <evidence>", then one line per stage with server data
/// ("  stage 2 (4 VUs): RSS 107.4 MiB, heap 27.2 MiB, 1.07 cores busy, server time 0.148 ms,
/// client mean 0.985 ms"), then the notes.
QString serverText(const Session &s);

} // namespace vw
