// Verdicts on a comparison B vs A (docs/measurement.md, "Verdicts"): for one figure (throughput,
// p50, p95, p99) of one load level and op, the ratio B/A, its interval from the two sides'
// independent bootstrap distributions (core/stats/blockbootstrap.h within a run,
// core/stats/replicatebootstrap.h between runs), and one of
//   better / worse   the difference is significant after the Holm correction over the family
//                    (every level x metric x op of the comparison) and the interval lies
//                    wholly beyond the noise threshold (throughput up / latency down = better)
//   no_change        the interval lies inside [1 - threshold, 1 + threshold]
//   inconclusive     neither: the interval crosses the threshold; with the number of further
//                    repeats that would likely decide
//   not_assessed     a side is missing, client-bound, not steady, or has no interval (reason)
// as criterion.rs does for microbenchmarks. Threshold: analysis.noise_threshold (default 5 %).
// Pure functions; any thread.
#pragma once

#include "stats/blockbootstrap.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace vw {

enum class Verdict { Better, Worse, NoChange, Inconclusive, NotAssessed };
/// "better", "worse", "no_change", "inconclusive", "not_assessed" (the JSON values)
QString verdictKey(Verdict v);
/// "better", "worse", "no change", "inconclusive", "not assessed" (for text)
QString verdictWords(Verdict v);

/// The compared figures: throughput (successes per second; higher is better) and the
/// latency percentiles of successes (ms; lower is better).
enum class CompareMetric { Throughput = 0, P50, P95, P99 };
inline constexpr int kCompareMetricCount = 4;
/// "throughput", "p50", "p95", "p99" (JSON keys and `--fail-on worse:p99`)
QString compareMetricKey(CompareMetric m);
std::optional<CompareMetric> compareMetricFromKey(const QString &key);
BootMetric bootMetricOf(CompareMetric m);
inline bool higherIsBetter(CompareMetric m)
{
    return m == CompareMetric::Throughput;
}

struct VerdictSettings {
    double threshold = 0.05; ///< analysis.noise_threshold of A's plan, relative
    double confidence = 0.95; ///< of each interval; the family-wise level is 1 - confidence
    /// "Holm" (over every assessed metric x level x op) or "none" (a test without it).
    QString correction = QStringLiteral("Holm");
};

struct MetricVerdict {
    CompareMetric metric = CompareMetric::Throughput;
    std::optional<double> a; ///< A's figure (per second or ms); empty when unknown
    std::optional<double> b;
    std::optional<double> ratio; ///< b / a
    Interval ci; ///< of the ratio at VerdictSettings::confidence
    double pValue = 1; ///< two-sided bootstrap p of "ratio = 1" before correction
    double adjustedP = 1; ///< after the correction (Holm step-down), <= 1
    Verdict verdict = Verdict::NotAssessed;
    QString reason; ///< not_assessed, inconclusive: why (words)
    /// Inconclusive: further repeats (replicates of each side) that would likely decide,
    /// from the interval's width shrinking as 1/sqrt(n); 0 = not estimated (ratio at the
    /// threshold, or not inconclusive).
    int moreRepeats = 0;
    int replicates = 1; ///< of the smaller side: what the interval rests on
};

/// The verdict of one figure before the family's correction: the ratio interval from `a` and
/// `b` (both ok), pValue, and verdict NoChange / Inconclusive / a provisional Better or Worse
/// that applyCorrection() confirms or turns Inconclusive. `replicates`: the smaller side's
/// runs (1 for a within-run interval). A missing side or sample: NotAssessed with the reason.
MetricVerdict assessMetric(CompareMetric m, const BootstrapSample &a, const BootstrapSample &b,
                           int replicates, const VerdictSettings &settings);

/// Holm's step-down correction (Holm 1979) over every verdict in `family` that is not
/// NotAssessed, at alpha = 1 - confidence: sets adjustedP, and a Better or Worse whose
/// adjusted p is not below alpha becomes Inconclusive ("significant only before the Holm
/// correction over N tests"). correction "none": adjustedP = pValue.
void applyCorrection(const QList<MetricVerdict *> &family, const VerdictSettings &settings);

/// A sentence a reviewer can paste: "ed25519: 4.4x the throughput of rsa-2048 at 16 VUs (95%:
/// 4.1-4.7x)", "p99 at 16 VUs: no change beyond ±5 % (95%: 0.98-1.03x)", "p50 at 1 VU:
/// inconclusive (95%: 0.90-1.20x crosses ±5 %); about 4 more repeats would likely decide",
/// "p95 at 64 VUs: not assessed (B's stage is client-bound)".
QString verdictSentence(const MetricVerdict &v, const QString &labelA, const QString &labelB,
                        const QString &loadText, const VerdictSettings &settings);

/// {"a","b","ratio","ci_low","ci_high","verdict","reason","p","p_adjusted","more_repeats",
///  "replicates"}; unknown numbers null.
QJsonObject metricVerdictJson(const MetricVerdict &v);

} // namespace vw
