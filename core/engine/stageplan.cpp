#include "engine/stageplan.h"

#include "engine/executors/shardplan.h"

namespace vw {

namespace {

constexpr int64_t kNsPerMs = 1'000'000LL;

} // namespace

Profile repeatedRamp(const Profile &p)
{
    Profile out = p;
    out.repeat = 1;
    for (int r = 1; r < p.repeat; ++r)
        out.ramp.stages += p.ramp.stages;
    return out;
}

int64_t StagePlan::durationNs(int i) const
{
    return m_ramp.stages.at(i).durationMs * kNsPerMs;
}

int64_t StagePlan::warmupNs() const
{
    return m_ramp.warmupMs * kNsPerMs;
}

int StagePlan::plannedVus(int i) const
{
    return m_ramp.plannedVus(i);
}

StageStats StagePlan::plannedStats(int i) const
{
    const StageSpec &spec = m_ramp.stages.at(i);
    StageStats st;
    st.index = i;
    // A shard's own share (core/engine/executors/shardplan.h); the whole plan's otherwise.
    const ShardStageLoad load = shardStageLoad(m_ramp, i, m_ramp.shard);
    st.vus = load.vus;
    st.rate = m_ramp.model->isOpen() ? load.rate : m_ramp.model->plannedRate(spec);
    st.durationMs = spec.durationMs;
    st.warmupMs = m_ramp.warmupMs;
    return st;
}

} // namespace vw
