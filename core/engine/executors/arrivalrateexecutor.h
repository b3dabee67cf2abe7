// executor: arrival-rate (open model; k6 ramping-arrival-rate, wrk2 pacing). Each stage has a
// rate; start i of the stage is due at stage start + i / rate (ArrivalRatePlan). With W
// workers, worker w owns the starts i with i % W == w and the VUs v with v % W == w (max_vus
// split the same way), so no start crosses threads. In shard s of N (`run --shard`) the same
// holds within the shard's arrivals i % N == s (shardplan.h: shardStartIndices).
//
// A due start takes a free VU of its worker at once. When none is free it waits, in order,
// for the next VU to free up; its latency is then measured from the *intended* start (the
// coordinated-omission correction: the wait is part of what a user at that rate sees), its
// service time from the actual send. A start is *dropped* (counted per op per stage, warned
// once per run) when it was not sent before its stage ended, or when it has waited longer
// than the request timeout (such a user would have given up). The backlog is a range of
// start indices: O(1) memory however far the client falls behind.
//
// Pacing: a WakeupTimer (core/util/wakeuptimer.h: a timerfd armed at an absolute time,
// microsecond precision) wakes the worker's event loop kWakeLeadNs before the next start is
// due, and the pacer spins for the rest; a start due within that of the previous one is spun
// for as well (bounded by kSpinNs per wake-up). Only the timer's wake-up spins: a completion
// sends the starts due by then and leaves the next one to the timer, so the other
// completions ready at that moment are not held up by a spin. The remaining lateness (the
// transport's send time - intended start) is part of the corrected latency and is recorded
// per stage (Worker::onDone, `schedule_lateness_us`, docs/measurement.md). Worker thread only.
//
// Scheduling: opt-in real-time priority and pinning of the pacing worker threads
// (engine/executors/pacerscheduling.h, VW_PACER_PRIORITY / VW_PACER_CPUS), applied when the
// executor is built on its worker thread and reported there ("pacer priority: ...").
#pragma once

#include "engine/executors/arrivalrateplan.h"
#include "engine/executors/vuexecutor.h"
#include "engine/runshared.h"

#include "util/wakeuptimer.h"

#include <memory>
#include <optional>
#include <vector>

namespace vw {

class ArrivalRateExecutor final : public VuExecutor {
public:
    /// `workerIndex` in [0, workerCount); `requestTimeoutNs` bounds a start's wait for a VU.
    ArrivalRateExecutor(VuHost &host, std::shared_ptr<RunShared> shared, int workerIndex,
                        int workerCount, int64_t requestTimeoutNs);

    void beginStage(int stage) override;
    void vuFreed(int slot) override;
    void closeStage(int stage, bool countDrops) override;

private:
    /// The wake-up timer is armed this long (ns) before the next start is due and the rest is
    /// spun: waking a sleeping thread takes tens of microseconds on the reference VM, and a
    /// 20 us lead halved the median lateness there (docs/performance.md, "Pacer"). Costs
    /// about rate x 20 us of CPU per second (4 % of a core at 2,000/s).
    static constexpr int64_t kWakeLeadNs = 20'000;
    /// The most one wake-up spins in all (ns), >= kWakeLeadNs; starts due within it of the
    /// previous one are spun for rather than slept for.
    static constexpr int64_t kSpinNs = 30'000;

    /// Sends what is due and arms the timer for the next start; with `maySpin` (the timer's
    /// wake-up, a stage's begin) spins for a start due within kWakeLeadNs (at most kSpinNs).
    void pace(bool maySpin);
    /// Sends (or drops, past the request timeout) every start of this worker due by `now`, up
    /// to the stage's end. False when it stopped at a backlog (no free VU).
    bool sendDue(int64_t now);
    void drop(int64_t intended); // counts one start as dropped (not in warm-up)
    void flushDrops();
    int64_t intendedNs(int64_t i) const { return m_stageStartNs + m_plan->offsetNs(i); }

    VuHost &m_host;
    std::shared_ptr<RunShared> m_shared;
    const int m_workerIndex;
    const int m_workerCount;
    const int64_t m_timeoutNs;
    std::vector<int> m_free; // free slots (a stack)
    WakeupTimer m_timer;

    int m_stage = -1; // stage being paced, -1 when none
    std::optional<ArrivalRatePlan> m_plan;
    int64_t m_stageStartNs = 0;
    int64_t m_warmupEndNs = 0;
    std::vector<int64_t> m_dropped; // per op, not yet handed to the host
    int64_t m_next = 0; // this worker's next start index not yet sent or dropped
    int64_t m_step = 1; // stride between its start indices (workers x shards)
    int64_t m_end = 0; // starts of the stage: indices < m_end
};

} // namespace vw
