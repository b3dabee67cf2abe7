// Capacity analysis of one operation of one session (docs/measurement.md, "Capacity
// analysis"): knee, saturation and failure points, maximum throughput (overall and within the
// SLO), and a Universal Scalability Law fit, each with its evidence. Plain data; computed by
// core/analysis/capacityanalyzer.h, saved in the session and the report JSON.
// A point that was not reached is empty (std::nullopt) and JSON null, never a guess.
#pragma once

#include "analysis/curve.h"
#include "analysis/evidence.h"

#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace vw {

/// Knee: peak of Kleinrock's power = throughput / mean latency, cross-checked with Kneedle
/// (Satopaa et al. 2011) on throughput vs VUs. `vus` is the power knee; Kneedle never makes
/// a knee on its own (it only confirms or questions it, see `agreement`).
struct KneeResult {
    std::optional<int> vus; ///< the knee, VUs (= powerVus)
    std::optional<int> stage; ///< its stage index
    std::optional<int> powerVus; ///< peak of power, when inside the ramp
    std::optional<int> kneedleVus; ///< Kneedle's knee of throughput vs VUs
    /// "same", "adjacent" (one stage apart), "differ", "power_only", "kneedle_only", "none"
    QString agreement = QStringLiteral("none");
    std::optional<double> p99Ms; ///< p99 latency at the knee stage, milliseconds
    Evidence evidence;
};

/// A stage found by a threshold rule (saturation, failure).
struct StagePoint {
    std::optional<int> vus;
    std::optional<int> stage;
    Evidence evidence;
};

/// Failure: the first stage whose error ratio exceeds the threshold. Assessed for closed
/// (VU) and open (arrival-rate) ramps alike: `vus` is set for a closed ramp only, `load`
/// for both.
struct FailureResult : StagePoint {
    QString errorClass; ///< the dominant error key of that stage ("http_503", ...)
    std::optional<double> errorRatio; ///< errors / requests at that stage, 0..1
    /// The stage's load as text, LoadModel::loadText: "16 VUs" or "2000/s" (offered starts
    /// per second); empty when not reached. JSON "failure_load" (sessions before it: empty).
    QString load;

    /// Where failure was found, for tables: `load`, else "<vus> VUs" (older sessions), else
    /// "" (not reached).
    QString at() const
    {
        if (!load.isEmpty())
            return load;
        return vus ? QStringLiteral("%1 VUs").arg(*vus) : QString();
    }
};

/// A throughput and where it was measured.
struct ThroughputPoint {
    std::optional<double> perS; ///< successes per second
    std::optional<int> vus;
    std::optional<int> stage;
    Evidence evidence;
};

/// X(N) = lambda*N / (1 + sigma*(N-1) + kappa*N*(N-1)) (Gunther), fitted by non-linear least
/// squares (Levenberg-Marquardt, relative residuals) with lambda > 0, sigma >= 0, kappa >= 0.
struct UslResult {
    bool fitted = false; ///< false: fewer than 4 usable stages or no convergence
    double lambda = 0; ///< throughput of one VU without contention, per second
    double sigma = 0; ///< contention (serial fraction), >= 0
    double kappa = 0; ///< coherency delay, >= 0
    std::optional<double> nStar; ///< sqrt((1-sigma)/kappa) VUs; none when kappa ~ 0 or sigma >= 1
    std::optional<double> peakPerS; ///< X(nStar), per second
    double r2 = 0; ///< coefficient of determination on throughput
    Evidence evidence;

    /// Throughput predicted at `n` VUs, per second (0 when not fitted).
    double predict(double n) const
    {
        if (!fitted)
            return 0;
        return lambda * n / (1.0 + sigma * (n - 1.0) + kappa * n * (n - 1.0));
    }
};

struct OpAnalysis {
    QString op;
    KneeResult knee;
    StagePoint saturation;
    FailureResult failure;
    ThroughputPoint maxThroughput;
    ThroughputPoint maxThroughputAtSlo; ///< empty when no SLO or no stage met it
    UslResult usl;
    QList<ExcludedStage> excluded; ///< stages the detectors left out, and why
    QStringList notes; ///< e.g. a problem reading the profile's thresholds
    /// Why the op was not assessed at all (e.g. an arrival-rate run), empty when it was.
    /// JSON "not_assessed" (written only when set).
    QString notAssessed;

    /// {"knee_vus","saturation_vus","failure_vus","failure_class","max_throughput_per_s",
    ///  "max_throughput_at_slo_per_s","usl":{lambda,sigma,kappa,n_star,r2}|null,
    ///  "evidence":{"knee":{text,stages,data},...}, ...} (docs/session-format.md)
    QJsonObject toJson() const;
    static OpAnalysis fromJson(const QString &op, const QJsonObject &o);
};

/// The analysis of every operation of a session, in the session's op order.
struct SessionAnalysis {
    QList<OpAnalysis> ops;
    bool computed = false; ///< false: not computed yet (see sessionAnalysis())

    const OpAnalysis *find(const QString &op) const
    {
        for (const OpAnalysis &a : ops)
            if (a.op == op)
                return &a;
        return nullptr;
    }
    /// {"<op>": OpAnalysis::toJson(), ...}
    QJsonObject toJson() const;
    /// Ops listed in `order` come first, in that order (JSON objects do not keep key order).
    static SessionAnalysis fromJson(const QJsonObject &o, const QStringList &order = {});
};

} // namespace vw
