// Statistics of one stage of a ramp: one OpStats per operation of the profile.
// Requests are attributed to the stage in which they *started*; those started during the
// warm-up slice are excluded (docs/measurement.md, "Load models").
#pragma once

#include "stats/opstats.h"
#include "stats/stagevalidity.h"

#include <QList>

namespace vw {

/// The number a person reads for the stage at `index`: text (tables, evidence sentences,
/// notes, messages, the GUI) counts stages from 1; data (JSON "index" and "*_stage" fields,
/// CSV) keeps the 0-based index.
inline int stageNumber(int index)
{
    return index + 1;
}

/// Arrival-rate scheduling lateness of a stage: actual send time - intended start of the
/// starts counted in the stage, microseconds (at least 1), from a LatencyHistogram of all
/// workers (docs/measurement.md, "Open model"). Below capacity it is the pacer's own
/// lateness; a start that waited for a free VU includes that wait. `count` 0: not measured
/// (closed stages, sessions written before it existed).
struct ScheduleLateness {
    int64_t count = 0; ///< starts measured
    int64_t p50Us = 0;
    int64_t p99Us = 0;
    int64_t maxUs = 0; ///< exact

    bool measured() const { return count > 0; }
    static ScheduleLateness of(const LatencyHistogram &h)
    {
        ScheduleLateness l;
        l.count = h.count();
        if (l.count > 0) {
            l.p50Us = h.valueAtPercentileUs(50);
            l.p99Us = h.valueAtPercentileUs(99);
            l.maxUs = h.maxUs();
        }
        return l;
    }
};

/// One node's share of a stage when the run spreads its VUs over several nodes
/// (target.spread: round_robin, docs/profile-format.md): the requests sent to `address`.
struct NodeStageStats {
    QString address; ///< scheme://host:port of the node
    QList<OpStats> ops; ///< one per operation type, in profile order (as StageStats::ops)
};

/// The leases of one operation in one stage (docs/measurement.md "Leases"), counted by the
/// operation (core/ops/leasecounter.h) by the time of the answer: those answered after the
/// stage's end count in the next stage, the last stage's after the drain in it.
struct OpLeases {
    QString op; ///< operation label, as OpStats::op
    int64_t created = 0; ///< answers that carried a lease (e.g. creds/<role> 200)
    int64_t revoked = 0; ///< the operation's own revocations (sys/leases/revoke 204)
    /// {"op","created","revoked"}: a stage's "leases" entry in the session and the report JSON.
    QJsonObject toJson() const
    {
        return {{QStringLiteral("op"), op},
                {QStringLiteral("created"), qint64(created)},
                {QStringLiteral("revoked"), qint64(revoked)}};
    }
    /// Add another replicate's counts of the same op.
    void add(const OpLeases &o)
    {
        created += o.created;
        revoked += o.revoked;
    }
};

struct StageStats {
    int index = 0; ///< 0-based stage number in the ramp
    /// Planned virtual users and starts per second, as the ramp's load model planned them
    /// (core/profile/loadmodels/loadmodel.h plannedVus/plannedRate: closed: the stage's VUs and
    /// 0; arrival-rate: the max_vus pool and the offered rate). Whether a stage is open or
    /// closed is the session's load model's answer (RunRecord::plan), not these numbers'.
    int vus = 0;
    double rate = 0;
    qint64 durationMs = 0; ///< planned stage length, warm-up included
    qint64 warmupMs = 0;
    qint64 startMs = 0; ///< stage start, ms since the measured window began
    double steadySeconds = 0; ///< measured (post-warm-up) window actually run, seconds
    int maxInFlight = 0; ///< in-flight gauge maximum during the steady window
    double meanInFlight = 0; ///< time-weighted mean of the gauge during the steady window
    /// Requests *sent* during the steady window (by send time, all ops; arrival-rate starts
    /// due in the warm-up but sent later count here, not in ops). 0 in old sessions.
    int64_t sent = 0;
    ScheduleLateness scheduleLateness; ///< arrival-rate stages; see ScheduleLateness
    bool complete = true; ///< false when the run stopped during this stage
    QList<OpStats> ops; ///< one per operation type, in profile order
    /// target.spread round_robin: the same per node (their sum is `ops`); empty otherwise.
    QList<NodeStageStats> nodes;
    StageValidity validity; ///< was the client the bottleneck? (stagevalidity.h)
    /// Per operation whose answers are leases (Operation::leaseCounts()), in profile order;
    /// empty when the profile has none, and in sessions written before it.
    QList<OpLeases> leases;
    const OpLeases *findLeases(const QString &op) const
    {
        for (const OpLeases &l : leases)
            if (l.op == op)
                return &l;
        return nullptr;
    }

    /// Requests sent per second in the steady window, all ops (errors included): `sent`, or
    /// for sessions without it the requests that started in the window.
    double achievedPerS() const
    {
        int64_t n = sent;
        if (n == 0)
            for (const OpStats &o : ops)
                n += o.count;
        return steadySeconds > 0 ? double(n) / steadySeconds : 0.0;
    }
    /// Requests of the steady window that completed, successful or not, all ops.
    int64_t completedTotal() const
    {
        int64_t n = 0;
        for (const OpStats &o : ops)
            n += o.count;
        return n;
    }
    /// The one definition of "this stage had no completed request" (docs/measurement.md,
    /// "Failed runs"): no request that started in its steady window completed, neither as a
    /// success nor as an error, typically a server that stopped answering. Its latencies,
    /// throughput and error ratio measure nothing. Sessions store it as "no_completions".
    bool noCompletions() const { return completedTotal() == 0; }
    /// Arrival-rate: dropped starts of all ops in the steady window.
    int64_t droppedTotal() const
    {
        int64_t n = 0;
        for (const OpStats &o : ops)
            n += o.dropped;
        return n;
    }

    /// Mean latency of the stage's successes, all ops, seconds (0 without a success).
    double meanLatencyS() const
    {
        int64_t ok = 0;
        double sumUs = 0;
        for (const OpStats &o : ops) {
            ok += o.latency.count();
            sumUs += o.latency.meanUs() * double(o.latency.count());
        }
        return ok > 0 ? sumUs / double(ok) / 1e6 : 0.0;
    }

    /// Successes per second of one op in the steady window (docs/measurement.md,
    /// "Throughput"): ok / steadySeconds; 0 when the window is empty. In a stage too short
    /// for its latency (validity.stageTooShort, closed stages) counting starts in the window
    /// is off by up to latency / window, so throughput is Little's law instead: mean in-flight
    /// / mean success latency, times the op's share of the stage's completions.
    double throughputPerS(const OpStats &o) const
    {
        if (steadySeconds <= 0)
            return 0.0;
        if (validity.stageTooShort) {
            int64_t count = 0;
            for (const OpStats &x : ops)
                count += x.count;
            const double r = meanLatencyS();
            if (count > 0 && r > 0)
                return meanInFlight / r * double(o.ok) / double(count);
        }
        return double(o.ok) / steadySeconds;
    }
    const OpStats *find(const QString &op) const
    {
        for (const OpStats &o : ops)
            if (o.op == op)
                return &o;
        return nullptr;
    }
};

} // namespace vw
