// What a capacity analysis is judged against (docs/profile-format.md, `slo` and `analysis`):
// the profile's service-level objective and the thresholds of the detectors of core/analysis/.
// Plain data, no Qt types beyond QString; copied by value.
#pragma once

#include <QString>
#include <optional>

namespace vw {

/// `slo: { p99_ms: 50, p95_ms: 20, p50_ms: 5, error_ratio: 0.001 }`: a stage meets the SLO
/// when every objective that is set holds (latency of successful requests, milliseconds;
/// error ratio = errors / requests, 0..1). Nothing set = no SLO.
struct SloSpec {
    std::optional<double> p50Ms;
    std::optional<double> p95Ms;
    std::optional<double> p99Ms;
    std::optional<double> errorRatio;

    bool isSet() const { return p50Ms || p95Ms || p99Ms || errorRatio; }
    /// "p99 <= 50 ms, error ratio <= 0.1 %"; "" when nothing is set.
    QString describe() const;

    bool operator==(const SloSpec &o) const
    {
        return p50Ms == o.p50Ms && p95Ms == o.p95Ms && p99Ms == o.p99Ms
               && errorRatio == o.errorRatio;
    }
    bool operator!=(const SloSpec &o) const { return !(*this == o); }
};

/// `analysis: { saturation_gain: 0.10, failure_error_ratio: 0.01, saturation_stages: 2 }`
/// (core/analysis/, docs/measurement.md "Capacity analysis").
struct AnalysisThresholds {
    /// Saturation: marginal throughput gain dX/dN below this fraction of the first segment's
    /// gain, 0 < x < 1.
    double saturationGain = 0.10;
    /// ... for this many consecutive ramp segments, >= 1.
    int saturationStages = 2;
    /// Failure: the first stage whose error ratio (errors / requests) exceeds this, 0 <= x < 1.
    double failureErrorRatio = 0.01;
    /// Comparison verdicts (core/analysis/verdict.h, docs/measurement.md "Verdicts"): a ratio
    /// B/A whose 95% interval lies inside [1 - x, 1 + x] is "no change"; 0 < x < 1.
    double noiseThreshold = 0.05;

    bool isDefault() const { return *this == AnalysisThresholds(); }
    bool operator==(const AnalysisThresholds &o) const
    {
        return saturationGain == o.saturationGain && saturationStages == o.saturationStages
               && failureErrorRatio == o.failureErrorRatio && noiseThreshold == o.noiseThreshold;
    }
    bool operator!=(const AnalysisThresholds &o) const { return !(*this == o); }
};

/// Both, as the analysis needs them.
struct AnalysisSettings {
    SloSpec slo;
    AnalysisThresholds thresholds;
};

} // namespace vw
