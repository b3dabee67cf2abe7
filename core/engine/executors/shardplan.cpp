#include "engine/executors/shardplan.h"

#include "engine/executors/arrivalrateplan.h"
#include "profile/planjson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace vw {

namespace {
constexpr int64_t kNsPerMs = 1'000'000;
}

QVector<int> shardVuIds(const ShardSpec &shard, int peakVus)
{
    QVector<int> ids;
    for (int k = shard.index; k < peakVus; k += std::max(1, shard.count))
        ids.append(k);
    return ids;
}

StartIndices shardStartIndices(const ShardSpec &shard, int workerIndex, int workerCount)
{
    // The shard's arrivals are j = i + N*m; worker w of W takes m % W == w.
    const int64_t n = std::max(1, shard.count);
    return {shard.index + n * workerIndex, n * std::max(1, workerCount)};
}

ShardStageLoad shardStageLoad(const RampSpec &ramp, int stage, const ShardSpec &shard)
{
    const StageSpec &spec = ramp.stages.at(stage);
    ShardStageLoad out;
    out.vus = int(shard.ownedBelow(ramp.model->plannedVus(spec)));
    if (ramp.model->isOpen()) {
        const ArrivalRatePlan plan(ramp.model->plannedRate(spec));
        out.allArrivals = plan.startsWithin(spec.durationMs * kNsPerMs);
        out.arrivals = shard.ownedBelow(out.allArrivals);
        const double rate = ramp.model->plannedRate(spec);
        out.rate = out.allArrivals > 0 ? rate * double(out.arrivals) / double(out.allArrivals)
                                       : rate / double(std::max(1, shard.count));
        if (shard.isWhole())
            out.rate = rate;
    }
    return out;
}

int64_t shardArrivalsDueBy(const RampSpec &ramp, int stage, const ShardSpec &shard,
                           int64_t elapsedNs)
{
    const StageSpec &spec = ramp.stages.at(stage);
    const ArrivalRatePlan plan(ramp.model->plannedRate(spec));
    const int64_t due =
        std::min(plan.dueBy(elapsedNs), plan.startsWithin(spec.durationMs * kNsPerMs));
    return shard.ownedBelow(due);
}

QJsonObject shardPlanJson(const Profile &p, const ShardSpec &shard)
{
    QJsonObject o;
    o.insert(QStringLiteral("plan"), planToJson(p));
    o.insert(QStringLiteral("plan_hash"), planHash(p));
    o.insert(QStringLiteral("shard"), QJsonObject{{QStringLiteral("index"), shard.index},
                                                  {QStringLiteral("count"), shard.count}});
    QJsonArray stages;
    const bool open = p.ramp.model->isOpen();
    for (int i = 0; i < p.ramp.stages.size(); ++i) {
        const StageSpec &spec = p.ramp.stages.at(i);
        const ShardStageLoad load = shardStageLoad(p.ramp, i, shard);
        QJsonObject s;
        s.insert(QStringLiteral("index"), i);
        s.insert(QStringLiteral("duration_ms"), spec.durationMs);
        s.insert(QStringLiteral("vus"), p.ramp.plannedVus(i));
        s.insert(QStringLiteral("shard_vus"), load.vus);
        if (open) {
            s.insert(QStringLiteral("rate"), p.ramp.plannedRate(i));
            s.insert(QStringLiteral("arrivals"), qint64(load.allArrivals));
            s.insert(QStringLiteral("shard_rate"), load.rate);
            s.insert(QStringLiteral("shard_arrivals"), qint64(load.arrivals));
        }
        stages.append(s);
    }
    o.insert(QStringLiteral("stages"), stages);
    return o;
}

QString planHash(const Profile &p)
{
    const QByteArray json = QJsonDocument(planToJson(p)).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(QCryptographicHash::hash(json, QCryptographicHash::Sha256).toHex());
}

} // namespace vw
