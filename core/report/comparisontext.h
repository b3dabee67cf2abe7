// A comparison of sessions (core/session/comparison.h) as text and JSON, for
// `vault-workbench compare` and the HTML report.
#pragma once

#include "session/comparison.h"

#include <QJsonObject>

namespace vw {

/// The table `vault-workbench compare` prints: sessions, "compared: ..." lines (the
/// operation params and labels the sessions vary), warnings, per op the side-by-side
/// capacity points and the per-stage table with ratios to A.
QString comparisonText(const Comparison &c, const QList<Session> &sessions);

/// {"sessions":[{"letter","label","profile","target","server_version","started_at"}],
///  "compared":[{"kind","text"}], "warnings":[{"kind","text"}],
///  "ops":{"<op>":{"analysis":[OpAnalysis|null,..],
///                 "stages":[{"vus","sessions":[{"stage","throughput_per_s","p99_ms",
///                            "error_ratio","client_bound"}|null,..],
///                            "throughput_ratio":[..],"p99_ratio":[..]}],
///                 "levels":[{"load","load_text","metrics":{"throughput"|"p50"|"p95"|"p99":
///                            metricVerdictJson() (core/analysis/verdict.h) of B vs A},
///                            "versus":{"C":{..},..}}]}},
///  "verdicts":{"confidence","threshold","correction","tests":[..],"interval_basis":[..],
///              "spread":[..]}}
/// "levels" and "verdicts" only when assessComparison() ran (core/session/comparisonverdicts.h).
QJsonObject comparisonJson(const Comparison &c, const QList<Session> &sessions);

} // namespace vw
