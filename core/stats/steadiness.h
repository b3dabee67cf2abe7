// Steadiness of one stage and op: is there a trend in its per-second throughput or p50 during
// the steady window? (docs/measurement.md, "Uncertainty"). Mann-Kendall trend test with the
// variance corrected for lag-1 autocorrelation (effective sample size), at `alpha`, and a
// practical threshold: the Theil-Sen line must change by at least `minChange` of the level
// over the stage. A non-steady stage gets words ("throughput fell 100 -> 43/s during the
// stage") and the MSER-5 warm-up that would have removed the transient (White 1997).
// Pure functions; thread-safe.
#pragma once

#include <QJsonObject>
#include <QString>
#include <QVector>

namespace vw {

struct TrendTest {
    bool assessed = false; ///< false: too few seconds (< SteadinessOptions::minSeconds)
    double kendallTau = 0; ///< -1..1
    double pValue = 1; ///< two-sided, autocorrelation-corrected
    double senSlope = 0; ///< units per second (Theil-Sen)
    double from = 0; ///< Theil-Sen line at the first second (units)
    double to = 0; ///< ... at the last second
    bool trend = false; ///< pValue < alpha and |to - from| >= minChange * level
};

struct SteadinessOptions {
    int minSeconds = 8;
    double alpha = 0.01;
    double minChange = 0.10; ///< relative change of the level over the stage
};

struct Steadiness {
    bool assessed = false; ///< false: too few seconds; `reason` says so
    QString reason;
    bool steady = true; ///< no trend in throughput nor in p50 (true when not assessed)
    TrendTest throughput; ///< per-second successes
    TrendTest p50; ///< per-second p50, ms (seconds without success skipped)
    /// Words for tables and the GUI, empty when steady: "throughput fell 100 -> 43/s,
    /// p50 rose 34 -> 82 ms during the stage".
    QString words;
    /// MSER-5 truncation point, seconds after the stage's warm-up (multiple of 5; 0 = none
    /// needed): the warm-up that would have made the remaining seconds steadiest.
    int suggestedExtraWarmupS = 0;

    /// {"assessed","steady","reason","words","suggested_extra_warmup_s",
    ///  "throughput":{"tau","p","slope_per_s","from","to","trend"},"p50_ms":{...}}
    QJsonObject toJson() const;
    static Steadiness fromJson(const QJsonObject &o);
};

/// `throughputPerS`: successes per steady second, in time order; `p50Ms`: the same seconds'
/// p50 (NaN for a second without success).
Steadiness assessSteadiness(const QVector<double> &throughputPerS, const QVector<double> &p50Ms,
                            const SteadinessOptions &options = {});

TrendTest mannKendall(const QVector<double> &x, const SteadinessOptions &options = {});
/// MSER-5 (batch size 5): the truncation d (in observations, multiple of 5, <= n/2) that
/// minimises the standard error of the mean of the rest.
int mser5Truncation(const QVector<double> &x);

} // namespace vw
