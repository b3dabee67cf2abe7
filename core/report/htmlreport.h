// One self-contained HTML report (issue 4, "Export for capacity-planning reviews") of one
// session or of a comparison of several: inline CSS, inline SVG charts (chartmodel.h drawn by
// svgrenderer.h) of latency (p50/p95/p99), throughput and error ratio against load (VUs, or
// the offered rate for arrival-rate sessions) with every session's curves and detected points,
// the side-by-side capacity table, the per-stage ratios to the first session, the comparison
// warnings, each session's environment fingerprint, detected points with their evidence,
// per-stage table and profile YAML. No script, no external reference: it opens in a browser
// with no other file. Pure function; any thread.
#pragma once

#include "session/session.h"

#include <QList>
#include <QString>

#include <functional>

namespace vw {

/// UTF-8 HTML5 document. One session: its report; two or more: the comparison, the first
/// session being the baseline ("A") of the ratios. Empty list: an empty report.
QString htmlReport(const QList<Session> &sessions);
/// The same text (UTF-8, byte for byte htmlReport().toUtf8()) handed to `sink` in pieces as
/// it is made (about 32 Ki characters, or one chart's SVG when that is longer), each of whole
/// characters, never the whole document at once (issue 23: `report --format html` of 120,000 stages; docs/performance.md). False
/// when the sink refused a piece (nothing more is made).
bool writeHtmlReport(const QList<Session> &sessions,
                     const std::function<bool(const QByteArray &)> &sink);

/// The pieces of htmlReport() for a report that adds sections of its own (the study report,
/// core/study/studyreport.h): the document head with the report's CSS and the <h1> title;
/// everything htmlReport() shows below its title for `sessions` (charts, capacity points,
/// per-stage ratios, each session's environment, points, stages and profile; empty for no
/// session); the document's end.
QString htmlReportStart(const QString &title);
QString htmlReportSections(const QList<Session> &sessions);
QString htmlReportEnd();

/// A table cell of the reports: <td> (or <td class="cls">) with `text` escaped.
QString htmlCell(const QString &text, const QString &cls = QString());

} // namespace vw
