// The `slo` and `analysis` blocks of a profile (docs/profile-format.md). Used by
// profileparser.cpp (strict, located errors) and by the session analysis (lenient: a saved
// profile's thresholds are read back without validating the rest of the profile again).
#pragma once

#include "profile/analysisspec.h"
#include "profile/yamlfieldreader.h"

#include <QByteArray>
#include <QStringList>

namespace vw {

/// `slo:` mapping at `n`: p50_ms, p95_ms, p99_ms (milliseconds > 0), error_ratio (0..1).
/// At least one key must be set. Errors go to `r` with line, column and field ("slo.p99_ms").
void parseSloBlock(YamlFieldReader &r, const YAML::Node &n, SloSpec *out);

/// `analysis:` mapping at `n`: saturation_gain (0 < x < 1), failure_error_ratio (0 <= x < 1),
/// saturation_stages (whole number 1..10).
void parseAnalysisBlock(YamlFieldReader &r, const YAML::Node &n, AnalysisThresholds *out);

/// Lenient reader for a profile saved in a session: returns the `slo` and `analysis` settings
/// of `yaml`; a field in error (or YAML that does not parse) keeps its default and each
/// problem is appended to *problems (may be null). Never throws.
AnalysisSettings analysisSettingsFromYaml(const QByteArray &yaml, QStringList *problems);

} // namespace vw
