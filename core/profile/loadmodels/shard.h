// One shard of a run's plan (docs/distributed.md, "How the plan is split"): shard `index` of
// `count` owns the global VU ids k with k % count == index (closed: those below the stage's
// VUs; arrival-rate: those below max_vus, the in-flight cap) and, in the open model, the
// global arrivals j with j % count == index. The shards' loads add up to the single run's at
// every instant, and data keys follow the global VU ids, so shards never collide. The split
// itself is core/engine/executors/shardplan.h; this is the shard's identity, carried by the
// ramp (RampSpec::shard, not part of the plan JSON: every shard runs the same plan).
#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace vw {

struct ShardSpec {
    int index = 0; ///< in [0, count)
    int count = 1; ///< >= 1; 1 = the whole plan (no sharding)

    bool isWhole() const { return count <= 1; }
    /// #{k in [0, n) : k % count == index}; n <= 0 gives 0. Summed over the shards: n.
    int64_t ownedBelow(int64_t n) const { return n > index ? (n - index + count - 1) / count : 0; }
    bool owns(int64_t k) const { return k >= 0 && k % count == index; }
    QString text() const { return QStringLiteral("%1/%2").arg(index).arg(count); }
    bool operator==(const ShardSpec &o) const { return index == o.index && count == o.count; }
};

/// The most shards of one plan (a k8s Indexed Job's completions are up to 100000; 1000 bounds
/// the merge's memory).
inline constexpr int kMaxShards = 1000;

/// `--shard i/N` or `--shard auto/N` (then i is `jobIndex`, the value of
/// JOB_COMPLETION_INDEX, or nullopt when it is unset). N in 1..kMaxShards, i in [0, N).
/// nullopt and *error ("--shard auto/3: JOB_COMPLETION_INDEX is not set") otherwise.
std::optional<ShardSpec> parseShard(const QString &text, const std::optional<QString> &jobIndex,
                                    QString *error);

} // namespace vw
