// The stage plan of a run: each stage's timing and planned load, read from the profile's ramp
// (docs/profile-format.md, "ramp"). The control thread asks it what a stage should be; what a
// stage was (its statistics) comes from the collection (core/engine/stagecollector.h).
#pragma once

#include "profile/profile.h"
#include "stats/stagestats.h"

#include <cstdint>

namespace vw {

/// The profile a run with `repeat: N` runs: its ramp's stages N times back to back, repeat 1
/// (the replicates are split again by splitReplicates(), core/stats/replicates.h).
Profile repeatedRamp(const Profile &p);

class StagePlan {
public:
    explicit StagePlan(const RampSpec &ramp)
        : m_ramp(ramp)
    {
    }

    int stageCount() const { return int(m_ramp.stages.size()); }
    /// Planned length of stage `i`, warm-up included, ns.
    int64_t durationNs(int i) const;
    /// Warm-up slice at the start of every stage, ns.
    int64_t warmupNs() const;
    /// Planned VUs of stage `i`, the load model's (LoadModel::plannedVus; arrival-rate: the
    /// max_vus pool).
    int plannedVus(int i) const;
    /// The ramp's load model.
    const LoadModel &model() const { return *m_ramp.model; }
    /// The planned fields of stage `i`'s StageStats (index, vus, rate, durationMs, warmupMs);
    /// the measured fields are left at zero.
    StageStats plannedStats(int i) const;

private:
    const RampSpec m_ramp;
};

} // namespace vw
