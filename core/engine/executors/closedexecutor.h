// executor: closed (ramping VUs). Each VU sends its next request as soon as the previous one
// completed; a stage of N VUs keeps N requests in flight (docs/measurement.md, "Closed model").
// VU v runs while v < the current stage's vus; a VU beyond it stops after its request
// completes. Worker thread only.
#pragma once

#include "engine/executors/vuexecutor.h"
#include "engine/runshared.h"

#include <memory>
#include <vector>

namespace vw {

class ClosedExecutor final : public VuExecutor {
public:
    ClosedExecutor(VuHost &host, std::shared_ptr<RunShared> shared);

    void beginStage(int stage) override;
    void vuFreed(int slot) override;
    void closeStage(int, bool) override { }

private:
    void next(int slot);

    VuHost &m_host;
    std::shared_ptr<RunShared> m_shared;
    std::vector<char> m_running; // per slot
};

} // namespace vw
