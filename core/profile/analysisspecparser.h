// The `slo` and `analysis` blocks of a profile (docs/profile-format.md), with located errors.
// Used by profileparser.cpp; a session's run plan keeps the result (core/profile/planjson.h).
#pragma once

#include "profile/abortrule.h"
#include "profile/analysisspec.h"
#include "profile/yamlfieldreader.h"

#include <QStringList>

namespace vw {

/// The keys of each block, in the order of docs/profile-format.md (the parsers below and the
/// editor's completion, core/editing/yamlcompletion.h, both take them from here).
QStringList sloKeys(); ///< p50_ms, p95_ms, p99_ms, error_ratio
QStringList analysisKeys(); ///< saturation_gain, saturation_stages, failure_error_ratio
QStringList abortKeys(); ///< enabled, error_ratio, for

/// `slo:` mapping at `n`: p50_ms, p95_ms, p99_ms (milliseconds > 0), error_ratio (0..1).
/// At least one key must be set. Errors go to `r` with line, column and field ("slo.p99_ms").
void parseSloBlock(YamlFieldReader &r, const YAML::Node &n, SloSpec *out);

/// `analysis:` mapping at `n`: saturation_gain (0 < x < 1), failure_error_ratio (0 <= x < 1),
/// saturation_stages (whole number 1..10).
void parseAnalysisBlock(YamlFieldReader &r, const YAML::Node &n, AnalysisThresholds *out);

/// `abort: { error_ratio: 0.99, for: 5s, enabled: true }`: errors located as above.
void parseAbortBlock(YamlFieldReader &r, const YAML::Node &n, AbortRule *out);

} // namespace vw
