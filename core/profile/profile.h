// The workload profile: what to run, against which server, with which ramp.
// Parsed from YAML by profileparser.h; format documented in docs/profile-format.md.
// A profile never holds a token (see core/vault/tokensource.h).
#pragma once

#include <algorithm>

#include <QByteArray>
#include "ops/opparams.h"
#include "profile/abortrule.h"
#include "profile/analysisspec.h"
#include "profile/authspec.h"
#include "profile/loadmodels/loadmodel.h"
#include "profile/loadmodels/shard.h"
#include "vault/targetspec.h"

#include <QList>
#include <QString>
#include <QVariantMap>

namespace vw {

/// One load level of a ramp, held for `durationMs`. Its load is read through the ramp's
/// LoadModel (core/profile/loadmodels/loadmodel.h): plannedVus(), plannedRate(), loadText().
struct StageSpec {
    int vus = 0; ///< closed: virtual users (requests in flight), >= 1; 0 in arrival-rate
    qint64 durationMs = 0; ///< stage length in milliseconds, warm-up included, > 0
    double rate = 0; ///< arrival-rate: starts per second (> 0, 3 decimals); 0 in closed

    bool operator==(const StageSpec &o) const
    {
        return vus == o.vus && durationMs == o.durationMs && rate == o.rate;
    }
    bool operator!=(const StageSpec &o) const { return !(*this == o); }
};

/// The list of stages and how load is applied (docs/measurement.md, "Load models").
struct RampSpec {
    /// The load model and its settings (`ramp.executor` and e.g. `max_vus`): closed by default.
    /// Never null. Ask it the VUs and rate of a stage; never test its name.
    LoadModelPtr model = defaultLoadModel();
    qint64 warmupMs = 0; ///< per stage, excluded from that stage's statistics; < durationMs
    QList<StageSpec> stages;
    /// The part of this plan this process runs (`run --shard i/N`; docs/distributed.md): not
    /// part of the plan (nor of ==, nor of the plan JSON). Whole (0/1) by default.
    ShardSpec shard;

    /// The most VUs any stage needs (LoadModel::peakVus), all shards.
    int peakVus() const { return model->peakVus(stages); }
    int plannedVus(int stage) const { return model->plannedVus(stages.at(stage)); }
    double plannedRate(int stage) const { return model->plannedRate(stages.at(stage)); }

    bool operator==(const RampSpec &o) const
    {
        return model->sameConfig(*o.model) && warmupMs == o.warmupMs && stages == o.stages;
    }
    bool operator!=(const RampSpec &o) const { return !(*this == o); }
};

/// One weighted operation of the mix (vault-benchmark's `test "<type>" { weight }`).
struct OperationSpec {
    QString type; ///< registered operation type, e.g. "kv2_read" (core/ops/)
    int weight = 100; ///< relative share of requests, > 0
    /// Every declared param of the type with its canonical typed value, parsed once by the
    /// profile parser (core/ops/opparams.h: parseParams); the engine creates the operation
    /// from these. A default OpParams is right for a type without params (sys_health).
    OpParams params;
    /// `name`: the operation's label as written ("approle_logins"); empty = the default
    /// label. Read the label through operationLabels() (core/profile/operationlabels.h),
    /// never this field alone. Last, so that {type, weight, params} still initialises.
    QString name{};

    /// Same type, name, weight and param values ("5m" and "300s" are the same ttl).
    bool operator==(const OperationSpec &o) const
    {
        return type == o.type && name == o.name && weight == o.weight && params == o.params;
    }
    bool operator!=(const OperationSpec &o) const { return !(*this == o); }
};

struct Profile {
    QString name;
    QString description;
    TargetSpec target;
    QString transport = QStringLiteral("direct"); ///< load transport (core/http/transport.h)
    RampSpec ramp;
    /// `repeat: N` (1..100, default 1): the ramp is run N times back to back in one run (setup
    /// once, cleanup once), each a replicate of the session (docs/session-format.md,
    /// "Replicates"); `run --repeat N` overrides it.
    int repeat = 1;
    QList<OperationSpec> operations;
    SloSpec slo; ///< `slo`: objectives for the capacity analysis, optional
    AnalysisThresholds analysis; ///< `analysis`: detector thresholds (core/analysis/)
    AbortRule abort; ///< `abort`: when a failing run ends as failed (abortrule.h)
    AuthSpec auth; ///< `auth`: per-VU credentials (authspec.h), optional
    QByteArray sourceYaml; ///< the YAML text this was parsed from, stored in sessions

    /// Same settings: every field but sourceYaml (e.g. a profile and its re-parsed YAML).
    bool sameSettings(const Profile &o) const
    {
        return name == o.name && description == o.description && target == o.target
               && transport == o.transport && ramp == o.ramp && repeat == o.repeat
               && operations == o.operations && slo == o.slo && analysis == o.analysis
               && abort == o.abort && auth == o.auth;
    }

    /// Sum of stage durations in milliseconds, times `repeat`.
    qint64 totalDurationMs() const
    {
        qint64 t = 0;
        for (const StageSpec &s : ramp.stages)
            t += s.durationMs;
        return t * std::max(1, repeat);
    }
};

} // namespace vw
