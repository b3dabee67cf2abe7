// The verdicts of a comparison as HTML (core/session/comparisonverdicts.h), for the HTML
// compare report (htmlreport.h) and the study report (core/study/studyreport.h): per session
// B after A, one table per op of every load level and metric (A, B, B/A, 95% interval,
// verdict in words and colour), the settings (threshold, correction, interval basis) above
// it and the better/worse sentences below. Pure functions; any thread.
#pragma once

#include "session/comparison.h"

namespace vw {

/// The CSS classes the tables use (v-better, v-worse, v-no_change, v-inconclusive,
/// v-not_assessed): dark text on light tints, readable printed and on screen.
QString verdictCss();

/// "" when !c.assessed or c has one session.
QString verdictTablesHtml(const OpComparison &oc, const Comparison &c);

} // namespace vw
