#include "engine/executors/closedexecutor.h"

#include "util/clock.h"

namespace vw {

ClosedExecutor::ClosedExecutor(VuHost &host, std::shared_ptr<RunShared> shared)
    : m_host(host)
    , m_shared(std::move(shared))
    , m_running(size_t(host.vuCount()), 0)
{
}

void ClosedExecutor::beginStage(int)
{
    const int active = m_shared->activeVus();
    for (int slot = 0; slot < int(m_running.size()); ++slot) {
        if (m_host.vuId(slot) < active && !m_running[size_t(slot)]) {
            m_running[size_t(slot)] = 1;
            next(slot);
        }
    }
}

void ClosedExecutor::vuFreed(int slot)
{
    next(slot);
}

void ClosedExecutor::next(int slot)
{
    // A VU beyond the current stage's count (or any VU once stopping) stops here, after its
    // previous request completed.
    if (m_host.vuId(slot) >= m_shared->activeVus()) {
        m_running[size_t(slot)] = 0;
        return;
    }
    m_host.launch(slot, -1, steadyNowNs(), false);
}

} // namespace vw
