// The split of one plan into shards (`run --shard i/N`, docs/distributed.md "How the plan is
// split"): the one place that decides which VUs and which arrivals a shard runs. The worker
// pool takes its VU ids from shardVuIds(), the arrival-rate executor its start indices from
// shardStartIndices(), the stage statistics their planned load from shardStageLoad(), and
// `vault-workbench plan --shard` prints shardPlanJson(). Pure functions; any thread.
//
//   closed        VU ids are global: shard i runs the ids k < stage VUs with k % N == i
//                 (VU k runs, as without shards, while k < the stage's VUs).
//   arrival-rate  the global arrival sequence j = 0, 1, ... of a stage (ArrivalRatePlan) is
//                 fixed by its rate: shard i sends the arrivals j % N == i at their global
//                 offsets; its VU pool (the in-flight cap) is the ids k < max_vus with
//                 k % N == i, so the caps add up to max_vus exactly.
//
// Summed over the shards, VUs, caps and arrivals due by any instant equal the single run's
// (tst_shardplan checks this for random ramps, N = 1..16).
#pragma once

#include "profile/profile.h"

#include <QJsonObject>
#include <QVector>
#include <cstdint>

namespace vw {

/// The global VU ids shard `shard` runs, ascending: k in [0, peakVus) with k % N == i.
QVector<int> shardVuIds(const ShardSpec &shard, int peakVus);

/// Where worker `workerIndex` of `workerCount` (of this shard) starts in the global arrival
/// sequence of a stage, and its stride: it sends j = first, first + step, ... Across the
/// shard's workers these are exactly the shard's arrivals j % N == i.
struct StartIndices {
    int64_t first = 0;
    int64_t step = 1;
};
StartIndices shardStartIndices(const ShardSpec &shard, int workerIndex, int workerCount);

/// A shard's planned load of one stage.
struct ShardStageLoad {
    int vus = 0; ///< closed: VUs it runs; arrival-rate: its share of the max_vus pool
    double rate = 0; ///< arrival-rate: nominal starts per second (rate * arrivals / all)
    int64_t arrivals = 0; ///< arrival-rate: starts inside the stage (warm-up included); 0 closed
    int64_t allArrivals = 0; ///< arrival-rate: the whole plan's starts of the stage
};
ShardStageLoad shardStageLoad(const RampSpec &ramp, int stage, const ShardSpec &shard);

/// The global arrivals a shard sends among those due by `elapsedNs` after its stage began
/// (for the property test: summed over the shards, ArrivalRatePlan::dueBy()).
int64_t shardArrivalsDueBy(const RampSpec &ramp, int stage, const ShardSpec &shard,
                           int64_t elapsedNs);

/// `vault-workbench plan PROFILE [--shard i/N] --format json`:
/// {"plan": planToJson(p), "plan_hash": planHash(p), "shard": {"index","count"},
///  "stages": [{"index","duration_ms","vus","rate","arrivals","shard_vus","shard_rate",
///  "shard_arrivals"}]} where vus/rate/arrivals are the whole plan's (arrivals only for
/// arrival-rate) and shard_* this shard's.
QJsonObject shardPlanJson(const Profile &p, const ShardSpec &shard);

/// Hex SHA-256 of the compact plan JSON (planToJson()): equal for every shard of one plan;
/// `merge` refuses shards whose hashes differ (docs/distributed.md).
QString planHash(const Profile &p);

} // namespace vw
