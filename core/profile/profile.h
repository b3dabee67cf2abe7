// The workload profile: what to run, against which server, with which ramp.
// Parsed from YAML by profileparser.h; format documented in docs/profile-format.md.
// A profile never holds a token (see core/vault/tokensource.h).
#pragma once

#include <QByteArray>
#include "ops/opparams.h"
#include "profile/analysisspec.h"
#include "vault/targetspec.h"

#include <QList>
#include <QString>
#include <QVariantMap>
#include <algorithm>

namespace vw {

/// One load level of a ramp, held for `durationMs`.
struct StageSpec {
    int vus = 0;             ///< closed: virtual users (requests in flight), >= 1; 0 in arrival-rate
    qint64 durationMs = 0;   ///< stage length in milliseconds, warm-up included, > 0
    double rate = 0;         ///< arrival-rate: starts per second (> 0, 3 decimals); 0 in closed

    bool operator==(const StageSpec &o) const
    {
        return vus == o.vus && durationMs == o.durationMs && rate == o.rate;
    }
    bool operator!=(const StageSpec &o) const { return !(*this == o); }
};

/// The list of stages and how load is applied (docs/measurement.md, "Load models").
struct RampSpec {
    /// "closed": one request in flight per VU; "arrival-rate": starts on a schedule of
    /// stage.rate per second, run by a pool of maxVus VUs (core/engine/executors/).
    QString executor = QStringLiteral("closed");
    qint64 warmupMs = 0;     ///< per stage, excluded from that stage's statistics; < durationMs
    int maxVus = 0;          ///< arrival-rate: pre-allocated VU pool, >= 1; 0 in closed
    QList<StageSpec> stages;

    bool isArrivalRate() const { return executor == QLatin1String("arrival-rate"); }
    /// The most VUs any stage needs: maxVus (arrival-rate) or the largest stage.vus (closed).
    int peakVus() const
    {
        if (isArrivalRate())
            return maxVus;
        int n = 0;
        for (const StageSpec &s : stages)
            n = std::max(n, s.vus);
        return n;
    }

    bool operator==(const RampSpec &o) const
    {
        return executor == o.executor && warmupMs == o.warmupMs && maxVus == o.maxVus
            && stages == o.stages;
    }
    bool operator!=(const RampSpec &o) const { return !(*this == o); }
};

/// One weighted operation of the mix (vault-benchmark's `test "<type>" { weight }`).
struct OperationSpec {
    QString type;            ///< registered operation type, e.g. "kv2_read" (core/ops/)
    int weight = 100;        ///< relative share of requests, > 0
    /// Every declared param of the type with its canonical typed value, parsed once by the
    /// profile parser (core/ops/opparams.h: parseParams); the engine creates the operation
    /// from these. A default OpParams is right for a type without params (sys_health).
    OpParams params;

    /// Same type, weight and param values ("5m" and "300s" are the same ttl).
    bool operator==(const OperationSpec &o) const
    {
        return type == o.type && weight == o.weight && params == o.params;
    }
    bool operator!=(const OperationSpec &o) const { return !(*this == o); }
};

struct Profile {
    QString name;
    QString description;
    TargetSpec target;
    QString transport = QStringLiteral("direct"); ///< load transport (core/engine/transport.h)
    RampSpec ramp;
    QList<OperationSpec> operations;
    SloSpec slo;                  ///< `slo`: objectives for the capacity analysis, optional
    AnalysisThresholds analysis;  ///< `analysis`: detector thresholds (core/analysis/)
    QByteArray sourceYaml;   ///< the YAML text this was parsed from, stored in sessions

    /// Same settings: every field but sourceYaml (e.g. a profile and its re-parsed YAML).
    bool sameSettings(const Profile &o) const
    {
        return name == o.name && description == o.description && target == o.target
            && transport == o.transport && ramp == o.ramp && operations == o.operations
            && slo == o.slo && analysis == o.analysis;
    }

    /// Sum of stage durations in milliseconds.
    qint64 totalDurationMs() const
    {
        qint64 t = 0;
        for (const StageSpec &s : ramp.stages)
            t += s.durationMs;
        return t;
    }
};

} // namespace vw
