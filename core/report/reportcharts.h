// The charts of the HTML report (htmlreport.h) as SVG chart specs (svgchart.h): one op across
// one or more sessions, session i in colour i, with the capacity analysis drawn on it: knee,
// saturation and failure markers, the USL fit dashed (throughput), the SLO line (latency p99
// or error ratio) and client-bound stages shaded. Pure functions; any thread.
#pragma once

#include "session/session.h"
#include "report/svgchart.h"

namespace vw {

enum class ReportChart {
    Latency,     ///< p99 latency of successes vs VUs, milliseconds
    Throughput,  ///< successes per second vs VUs
    Errors,      ///< error ratio vs VUs, percent
};

/// Colour of session i ("#4e79a7", ...: Tableau 10, the GUI's palette).
QString reportColor(int i);

/// `labels` name the sessions (legend); closed stages only (x = planned VUs).
SvgChartSpec reportChartSpec(ReportChart which, const QString &op, const QList<Session> &sessions,
                             const QStringList &labels);

} // namespace vw
