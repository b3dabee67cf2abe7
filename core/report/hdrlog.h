// `vault-workbench export SESSION --format hlog`: the session's latency histograms as an
// HdrHistogram interval log (text, format version 1.3), readable by HistogramLogProcessor,
// HdrHistogram's own tools and the hdrhistogram Python package (docs/session-format.md,
// "HdrHistogram interval log").
//
// Lines: "#[Histogram log format version 1.3]", "#[StartTime: <epoch s> (seconds since epoch),
// <ISO time>]", "#[BaseTime: <same>]", a comment naming the session, the legend, then one
// interval line per operation per interval:
//   Tag=<op>/stage-<N>,<start s>,<length s>,<max ms>,<V2 compressed histogram, base64>
// <start s> is seconds since the measured window began (the log's base time), <length s>
// the interval's length, <max ms> its largest latency in milliseconds. The tag is the
// operation label with the 1-based stage number (',' and white space in a label become '_').
// Intervals: one per operation per second of the measured window when the session has
// interval histograms (RunRecord::secondHistograms, warm-up seconds included; the tag names
// the stage the second began in); else (older sessions) one per operation per stage over its
// steady window, and the log says so in a comment. Values are microseconds, successes only (the
// corrected latency in arrival-rate stages, as the session's `histogram`).
// An interval without a success is left out (an empty histogram says nothing).
#pragma once

#include "session/session.h"

#include <QByteArray>

namespace vw {

QByteArray hdrIntervalLog(const Session &s);

} // namespace vw
