// `vault-workbench report SESSION --format vault-benchmark`: vault-benchmark's terse table
// (columns op, count, rate, throughput, mean, 95th%, 99th%, successRatio; rows in natural
// order of the operation labels, a separator line and a TOTAL row), so that old and new
// numbers sit side by side (docs/measurement.md, "vault-benchmark's table").
//
// Definitions over a set of stages (their measured windows, warm-up excluded):
//   count         requests completed (successes and errors), as OpStats::count
//   rate          count / the windows' length (sum of StageStats::steadySeconds)
//   throughput    successes / the same length
//   mean, 95th%, 99th%   of the successful requests' latency, timed from the actual send as
//                 vault-benchmark times them: OpStats::latency in closed stages, the
//                 service time (OpStats::serviceTime) in arrival-rate stages
//   successRatio  successes / count, percent with 2 decimals
// An operation without requests shows "-" for rate, throughput and successRatio, and one
// without a success "-" for its latencies (never 0). Durations are written as Go's
// time.Duration prints them (formatGoDuration), rates with 2 decimals.
#pragma once

#include "session/session.h"

#include <QString>

namespace vw {

/// The whole measured run as one table (all stages merged); with more than one stage, a line
/// naming the stages merged first, then one table per stage under "stage N (<load>)".
QString vaultBenchmarkTable(const Session &s);

/// Go's time.Duration.String() of `ns` nanoseconds (>= 0): "0s", "950ns", "490.932µs",
/// "1.432215ms", "18.49s", "1m15.5s", "1h0m0s".
QString formatGoDuration(qint64 ns);

} // namespace vw
