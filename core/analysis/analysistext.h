// Plain-text rendering of a capacity analysis, for `vault-workbench report --format table`
// and `vault-workbench compare`. Pure functions; any thread.
#pragma once

#include "analysis/opanalysis.h"

#include <optional>

namespace vw {

/// "analysis" section: per op, one line per point (value or "not reached") followed by its
/// evidence sentence, then the stages left out.
QString analysisText(const SessionAnalysis &a);

/// Short cell texts used by the tables: "16", "-" for none; "1234.5" per second.
QString vusCell(const std::optional<int> &v);
QString numberCell(const std::optional<double> &v, int decimals);

} // namespace vw
