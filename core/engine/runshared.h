// State shared between a run's control thread (writer) and its worker threads (readers):
// the stage clock, the stop flag and the in-flight gauge. Lock-free: atomics only.
#pragma once

#include "profile/profile.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace vw {

/// Per stage, written by whoever sends or completes a request of that stage.
struct StageSlot {
    std::atomic<int64_t> startNs{0}; ///< steady clock; published before the stage index
    std::atomic<int64_t> warmupEndNs{0}; ///< steady clock; published before the stage index
    std::atomic<int> maxInFlight{0}; ///< gauge maximum at sends in the steady window
    std::atomic<int> outstanding{0}; ///< requests started in this stage, not yet recorded
    std::atomic<int64_t> sentInWindow{0}; ///< requests sent after the warm-up (by send time)
};

struct RunShared {
    explicit RunShared(const RampSpec &ramp)
        : stages(ramp.stages)
        , model(ramp.model)
        , plannedVus(plannedVusOf(ramp))
        , shard(ramp.shard)
        , stageSlots(new StageSlot[size_t(std::max<qsizetype>(1, ramp.stages.size()))])
    {
    }

    const QList<StageSpec> stages; ///< immutable plan
    const LoadModelPtr model; ///< the ramp's load model (its config)
    const std::vector<int> plannedVus; ///< per stage: LoadModel::plannedVus (all shards)
    /// The part of the plan this process runs (core/engine/executors/shardplan.h).
    const ShardSpec shard;
    std::atomic<bool> droppedWarned{false}; ///< the "dropped starts" warning was logged
    std::atomic<int64_t> windowStartNs{0}; ///< steady clock at the start of stage 0
    std::atomic<int> stage{-1}; ///< current stage; -1 before the first
    std::atomic<bool> stopping{false}; ///< no VU sends again once set
    std::atomic<int> inFlight{0}; ///< the gauge: +1 at send, -1 at completion
    std::atomic<int> peakInFlight{0}; ///< whole-run maximum of the gauge
    std::atomic<int64_t> completed{0}; ///< requests completed so far (any result, any stage)
    std::unique_ptr<StageSlot[]> stageSlots;

    /// VUs planned for the current stage (0 before the first stage or when stopping).
    int activeVus() const
    {
        const int s = stage.load(std::memory_order_acquire);
        if (s < 0 || stopping.load())
            return 0;
        return plannedVus.at(size_t(s));
    }

    static void atomicMax(std::atomic<int> &a, int v)
    {
        int cur = a.load(std::memory_order_relaxed);
        while (v > cur && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) { }
    }

private:
    static std::vector<int> plannedVusOf(const RampSpec &ramp)
    {
        std::vector<int> v;
        for (int i = 0; i < ramp.stages.size(); ++i)
            v.push_back(ramp.plannedVus(i));
        return v;
    }
};

} // namespace vw
