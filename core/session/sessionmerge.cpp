#include "session/sessionmerge.h"

#include "session/sessionanalysis.h"

#include <QMap>
#include <QSet>
#include <QUuid>

#include <algorithm>
#include <cmath>
#include <map>

namespace vw {

namespace {

/// The notes listed one by one before "... and N more".
constexpr int kMaxListedNotes = 20;

QString shardName(const ShardInfo &sh)
{
    return QStringLiteral("shard %1/%2").arg(sh.index).arg(sh.count);
}

/// Stage `i` of every shard that has it, added; planned load from the whole plan.
StageStats mergeStage(const QList<const QList<StageStats> *> &lists, int i, const Profile &plan,
                      int shardCount)
{
    StageStats out;
    QList<const StageStats *> parts;
    for (const QList<StageStats> *l : lists)
        if (i < l->size())
            parts.append(&l->at(i));
    const StageStats &first = *parts.first();
    out.index = first.index;
    const int planned = int(plan.ramp.stages.size());
    if (planned > 0) {
        const int k = i % planned; // repeats run the ramp's stages again
        out.vus = plan.ramp.plannedVus(k);
        out.rate = plan.ramp.plannedRate(k);
    } else {
        out.vus = first.vus;
        out.rate = first.rate;
    }
    out.durationMs = first.durationMs;
    out.warmupMs = first.warmupMs;
    out.startMs = first.startMs;
    out.complete = parts.size() == shardCount;
    double steady = 0;
    out.validity.measured = true;
    for (const StageStats *p : parts) {
        out.startMs = std::min(out.startMs, p->startMs);
        steady += p->steadySeconds;
        // Each shard's gauge maximum came at its own moment: their sum is an upper bound.
        out.maxInFlight += p->maxInFlight;
        out.meanInFlight += p->meanInFlight; // time-weighted means over the same window add
        out.sent += p->sent;
        out.complete = out.complete && p->complete;
        for (int o = 0; o < p->ops.size(); ++o) {
            if (out.ops.size() <= o)
                out.ops.append(OpStats{});
            out.ops[o].add(p->ops.at(o));
        }
        for (const NodeStageStats &n : p->nodes) {
            auto it = std::find_if(out.nodes.begin(), out.nodes.end(),
                                   [&](const NodeStageStats &x) { return x.address == n.address; });
            if (it == out.nodes.end()) {
                out.nodes.append(n);
                continue;
            }
            for (int o = 0; o < n.ops.size(); ++o) {
                if (it->ops.size() <= o)
                    it->ops.append(OpStats{});
                it->ops[o].add(n.ops.at(o));
            }
        }
        // Lateness is kept as a summary per shard, not a histogram: the merged figures are
        // the worst shard's (an upper bound), the count exact.
        out.scheduleLateness.count += p->scheduleLateness.count;
        out.scheduleLateness.p50Us =
            std::max(out.scheduleLateness.p50Us, p->scheduleLateness.p50Us);
        out.scheduleLateness.p99Us =
            std::max(out.scheduleLateness.p99Us, p->scheduleLateness.p99Us);
        out.scheduleLateness.maxUs =
            std::max(out.scheduleLateness.maxUs, p->scheduleLateness.maxUs);
        // The client guard per generator: any shard's finding is the merged stage's.
        const StageValidity &v = p->validity;
        StageValidity &m = out.validity;
        m.measured = m.measured && v.measured;
        m.clientCpu = std::max(m.clientCpu, v.clientCpu);
        m.workerCpuMax = std::max(m.workerCpuMax, v.workerCpuMax);
        m.loopLagMsMax = std::max(m.loopLagMsMax, v.loopLagMsMax);
        m.loopLagMsP99 = std::max(m.loopLagMsP99, v.loopLagMsP99);
        m.littlesLawRatio = std::max(m.littlesLawRatio, v.littlesLawRatio);
        m.vusOverXr = std::max(m.vusOverXr, v.vusOverXr);
        m.latencyOverWindow = std::max(m.latencyOverWindow, v.latencyOverWindow);
        m.clientBound = m.clientBound || v.clientBound;
        m.stageTooShort = m.stageTooShort || v.stageTooShort;
        for (const QString &r : v.reasons)
            m.reasons.append(r);
        for (const QString &n : v.notes)
            if (!m.notes.contains(n))
                m.notes.append(n);
    }
    out.steadySeconds = steady / double(parts.size()); // the shards share the window
    if (out.vus > 0)
        out.validity.inFlightOverPlanned = out.meanInFlight / double(out.vus);
    if (out.rate > 0)
        out.validity.achievedOverOffered = out.achievedPerS() / out.rate;
    return out;
}

QList<StageStats> mergeStages(const QList<const QList<StageStats> *> &lists, const Profile &plan,
                              int shardCount)
{
    int n = 0;
    for (const QList<StageStats> *l : lists)
        n = std::max(n, int(l->size()));
    QList<StageStats> out;
    for (int i = 0; i < n; ++i)
        out.append(mergeStage(lists, i, plan, shardCount));
    return out;
}

} // namespace

std::optional<Session> mergeShardSessions(const QList<Session> &shards, QString *error)
{
    if (shards.isEmpty()) {
        *error = QStringLiteral("no shard session given");
        return std::nullopt;
    }
    QList<const Session *> byIndex;
    int count = 0;
    QString hash;
    for (const Session &s : shards) {
        if (!s.shard.present()) {
            *error = QStringLiteral("session %1 (%2) has no shard block: not a `run --shard` "
                                    "session")
                         .arg(s.id, s.label);
            return std::nullopt;
        }
        if (count == 0) {
            count = s.shard.count;
            hash = s.shard.planHash;
            byIndex = QList<const Session *>(count, nullptr);
        }
        if (s.shard.count != count) {
            *error =
                QStringLiteral("%1 is of %2 shards, %3 of %4")
                    .arg(shardName(s.shard))
                    .arg(s.shard.count)
                    .arg(shardName(byIndex.first() ? byIndex.first()->shard : shards.first().shard))
                    .arg(count);
            return std::nullopt;
        }
        if (s.shard.planHash != hash) {
            *error = QStringLiteral("%1 ran another plan (plan hash %2, not %3)")
                         .arg(shardName(s.shard), s.shard.planHash.left(12), hash.left(12));
            return std::nullopt;
        }
        if (s.shard.index < 0 || s.shard.index >= count) {
            *error = QStringLiteral("%1: index out of range").arg(shardName(s.shard));
            return std::nullopt;
        }
        if (byIndex.at(s.shard.index)) {
            *error = QStringLiteral("%1 is given twice").arg(shardName(s.shard));
            return std::nullopt;
        }
        if (s.ops != shards.first().ops) {
            *error = QStringLiteral("%1 has other operations (%2, not %3)")
                         .arg(shardName(s.shard), s.ops.join(QLatin1Char(',')),
                              shards.first().ops.join(QLatin1Char(',')));
            return std::nullopt;
        }
        byIndex[s.shard.index] = &s;
    }

    QStringList notes;
    QList<const Session *> present;
    for (int i = 0; i < count; ++i) {
        if (!byIndex.at(i)) {
            notes << QStringLiteral("shard %1/%2 is missing").arg(i).arg(count);
            continue;
        }
        const Session &s = *byIndex.at(i);
        present.append(&s);
        if (!s.shard.complete || s.status != RunStatus::Completed)
            notes << QStringLiteral("%1 is incomplete (status %2%3)")
                         .arg(shardName(s.shard), runStatusKey(s.status),
                              s.error.isEmpty() ? QString() : QStringLiteral(": ") + s.error);
    }

    const Session &first = *present.first();
    Session m(static_cast<const RunRecord &>(first));
    m.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m.shard = ShardInfo{};
    m.plan.ramp.shard = ShardSpec{};
    m.readNotes.clear();
    m.analysis = SessionAnalysis{};
    m.resources.clear();
    m.leftovers.clear();
    QStringList prefixes, cleanupErrors;
    for (const Session *s : present) {
        m.startedAt = std::min(m.startedAt, s->startedAt);
        m.finishedAt = std::max(m.finishedAt, s->finishedAt);
        m.resources += s->resources;
        m.leftovers += s->leftovers;
        if (!s->runPrefix.isEmpty() && !prefixes.contains(s->runPrefix))
            prefixes << s->runPrefix;
        if (!s->cleanupError.isEmpty())
            cleanupErrors << shardName(s->shard) + QStringLiteral(": ") + s->cleanupError;
        m.auth.logins += s == &first ? 0 : s->auth.logins;
        m.token.renewals += s == &first ? 0 : s->token.renewals;
    }
    m.runPrefix = prefixes.value(0); // shards that shared a setup (--run-prefix) share it
    m.cleanupError = cleanupErrors.join(QStringLiteral("; "));

    // Stages, and each replicate when every shard has the same number of them.
    QList<const QList<StageStats> *> stageLists;
    for (const Session *s : present)
        stageLists.append(&s->stages);
    m.stages = mergeStages(stageLists, m.plan, count);
    m.replicates.clear();
    const int reps = first.replicateCount();
    bool sameReps = reps >= 2;
    for (const Session *s : present)
        sameReps = sameReps && s->replicateCount() == reps;
    for (int r = 0; sameReps && r < reps; ++r) {
        QList<const QList<StageStats> *> lists;
        for (const Session *s : present)
            lists.append(&s->replicates.at(r));
        m.replicates.append(mergeStages(lists, m.plan, count));
    }

    // Interval histograms: per op x second, bucket by bucket.
    m.secondHistograms = SecondHistograms{};
    bool allHistograms = true;
    for (const Session *s : present)
        allHistograms = allHistograms && s->secondHistograms.present();
    if (allHistograms) {
        m.secondHistograms.ops = first.secondHistograms.ops;
        m.secondHistograms.byOp.resize(m.secondHistograms.ops.size());
        for (const Session *s : present)
            for (int o = 0;
                 o < s->secondHistograms.byOp.size() && o < m.secondHistograms.byOp.size(); ++o)
                for (auto it = s->secondHistograms.byOp.at(o).cbegin();
                     it != s->secondHistograms.byOp.at(o).cend(); ++it)
                    m.secondHistograms.add(o, it.key(), it.value());
    } else {
        notes << QStringLiteral("a shard has no interval histograms: the merged session has none");
    }

    // The 1-second series: per (second, op) the counts add; p50/p99 from the merged second's
    // histogram when there is one. A second one shard has and another (complete) lacks is
    // noted as missing there.
    std::map<std::pair<qint64, QString>, SeriesPoint> rows;
    QMap<qint64, QSet<int>> secondShards; // second -> shard indexes that have it
    for (const Session *s : present) {
        for (const SeriesPoint &p : s->series) {
            const qint64 second = qint64(std::llround(p.tS));
            secondShards[second].insert(s->shard.index);
            auto [it, inserted] = rows.try_emplace(std::make_pair(second, p.op), p);
            if (inserted)
                continue;
            SeriesPoint &r = it->second;
            r.count += p.count;
            r.ok += p.ok;
            r.errors += p.errors;
            for (auto e = p.errorClasses.cbegin(); e != p.errorClasses.cend(); ++e)
                r.errorClasses[e.key()] += e.value();
            r.errorClassesKnown = r.errorClassesKnown && p.errorClassesKnown;
            r.inFlight += p.inFlight;
            r.warmup = r.warmup || p.warmup;
            r.p50Ms = std::max(r.p50Ms, p.p50Ms);
            r.p99Ms = std::max(r.p99Ms, p.p99Ms);
        }
    }
    m.series.clear();
    const int planned = int(m.plan.ramp.stages.size());
    for (auto &[key, p] : rows) {
        if (planned > 0 && p.stage >= 0)
            p.vus = m.plan.ramp.plannedVus(p.stage % planned);
        const int op = int(m.secondHistograms.ops.indexOf(p.op));
        if (allHistograms && op >= 0) {
            // Seconds are numbered from 0 ([0 s, 1 s)); the series' tS is the second's end.
            const LatencyHistogram h = m.secondHistograms.at(op, key.first - 1);
            if (h.count() > 0) {
                p.p50Ms = double(h.valueAtPercentileUs(50)) / 1000.0;
                p.p99Ms = double(h.valueAtPercentileUs(99)) / 1000.0;
            }
        }
        m.series.append(p);
    }
    int missing = 0;
    for (auto it = secondShards.cbegin(); it != secondShards.cend(); ++it) {
        for (const Session *s : present) {
            if (it.value().contains(s->shard.index))
                continue;
            if (++missing <= kMaxListedNotes)
                notes << QStringLiteral("second %1: missing in %2")
                             .arg(it.key())
                             .arg(shardName(s->shard));
        }
    }
    if (missing > kMaxListedNotes)
        notes << QStringLiteral("... and %1 more missing seconds").arg(missing - kMaxListedNotes);

    m.merge.planHash = hash;
    for (const Session *s : present)
        m.merge.shards.append(s->shard);
    m.merge.notes = notes;
    const bool whole = present.size() == count
                       && std::all_of(present.cbegin(), present.cend(), [](const Session *s) {
                              return s->shard.complete && s->status == RunStatus::Completed;
                          });
    if (whole && missing == 0) {
        m.status = RunStatus::Completed;
        m.error.clear();
    } else {
        m.status = RunStatus::Failed;
        m.error = QStringLiteral("merged from %1 of %2 shard(s): %3")
                      .arg(present.size())
                      .arg(count)
                      .arg(notes.mid(0, 5).join(QStringLiteral("; ")));
    }
    m.analysis = analyzeSession(m);
    return m;
}

} // namespace vw
