#include "engine/executors/arrivalrateexecutor.h"

#include "util/clock.h"

#include <algorithm>

namespace vw {

namespace {
constexpr int64_t kNsPerMs = 1'000'000;
}

ArrivalRateExecutor::ArrivalRateExecutor(VuHost &host, std::shared_ptr<RunShared> shared,
                                         int workerIndex, int workerCount,
                                         int64_t requestTimeoutNs)
    : m_host(host), m_shared(std::move(shared)), m_workerIndex(workerIndex),
      m_workerCount(std::max(1, workerCount)), m_timeoutNs(requestTimeoutNs)
{
    for (int slot = host.vuCount() - 1; slot >= 0; --slot)
        m_free.push_back(slot);
    m_dropped.assign(size_t(std::max(1, host.opCount())), 0);
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { pace(); });
}

void ArrivalRateExecutor::beginStage(int stage)
{
    m_timer.stop();
    const StageSpec &spec = m_shared->stages.at(stage);
    m_stage = stage;
    m_plan.emplace(spec.rate);
    m_stageStartNs = m_shared->stageSlots[size_t(stage)].startNs.load();
    m_warmupEndNs = m_shared->stageSlots[size_t(stage)].warmupEndNs.load();
    m_next = m_workerIndex;
    m_end = m_plan->startsWithin(spec.durationMs * kNsPerMs);
    pace();
}

void ArrivalRateExecutor::vuFreed(int slot)
{
    m_free.push_back(slot);
    if (m_stage >= 0)
        pace();
}

void ArrivalRateExecutor::pace()
{
    if (m_stage < 0 || !m_plan)
        return;
    if (m_shared->stopping.load() || m_shared->stage.load(std::memory_order_acquire) != m_stage) {
        m_timer.stop();
        return;
    }
    const int64_t now = steadyNowNs();
    const int64_t due = std::min(m_end, m_plan->dueBy(now - m_stageStartNs));
    while (m_next < due) {
        const int64_t intended = intendedNs(m_next);
        if (now - intended > m_timeoutNs) {
            drop(intended);
        } else if (!m_free.empty()) {
            const int slot = m_free.back();
            m_free.pop_back();
            m_host.launch(slot, m_host.pickOp(), intended, true);
        } else {
            break;   // backlog: waits for vuFreed()
        }
        m_next += m_workerCount;
    }
    flushDrops();
    if (m_next >= m_end || m_next < due) {
        m_timer.stop();   // the stage's starts are all out, or a backlog waits for a VU
        return;
    }
    const int64_t waitNs = intendedNs(m_next) - steadyNowNs();
    // Round up: a wake-up before the due time would only re-arm.
    m_timer.start(int(std::max<int64_t>(0, (waitNs + kNsPerMs - 1) / kNsPerMs)));
}

void ArrivalRateExecutor::drop(int64_t intended)
{
    const int op = m_host.pickOp();   // drawn for every start, so the mix stays the same
    if (intended >= m_warmupEndNs)
        ++m_dropped[size_t(op)];
}

void ArrivalRateExecutor::flushDrops()
{
    for (size_t op = 0; op < m_dropped.size(); ++op) {
        if (m_dropped[op] > 0) {
            m_host.recordDropped(m_stage, int(op), m_dropped[op]);
            m_dropped[op] = 0;
        }
    }
}

void ArrivalRateExecutor::closeStage(int stage, bool countDrops)
{
    if (stage != m_stage)
        return;
    m_timer.stop();
    if (countDrops) {
        // Every start of the stage was due before its planned end; those not sent are dropped.
        for (; m_next < m_end; m_next += m_workerCount)
            drop(intendedNs(m_next));
        flushDrops();
    }
    m_stage = -1;
}

} // namespace vw
