#include "engine/executors/arrivalrateexecutor.h"

#include "engine/executors/pacerscheduling.h"
#include "engine/executors/shardplan.h"
#include "util/clock.h"

#include <QDebug>

#include <algorithm>
#include <cstdlib>

namespace vw {

namespace {
constexpr int64_t kNsPerMs = 1'000'000;
}

ArrivalRateExecutor::ArrivalRateExecutor(VuHost &host, std::shared_ptr<RunShared> shared,
                                         int workerIndex, int workerCount, int64_t requestTimeoutNs)
    : m_host(host)
    , m_shared(std::move(shared))
    , m_workerIndex(workerIndex)
    , m_workerCount(std::max(1, workerCount))
    , m_timeoutNs(requestTimeoutNs)
    , m_timer([this] { pace(true); })
{
    for (int slot = host.vuCount() - 1; slot >= 0; --slot)
        m_free.push_back(slot);
    m_dropped.assign(size_t(std::max(1, host.opCount())), 0);
    // Constructed on the worker's thread (Worker::init), which is the thread that paces.
    if (std::getenv("VW_PACER_PRIORITY") || std::getenv("VW_PACER_CPUS"))
        qInfo().noquote() << QStringLiteral("worker %1: %2")
                                 .arg(workerIndex)
                                 .arg(QString::fromStdString(
                                     applyPacerScheduling(workerIndex).describe()));
}

void ArrivalRateExecutor::beginStage(int stage)
{
    m_timer.stop();
    const StageSpec &spec = m_shared->stages.at(stage);
    m_stage = stage;
    m_plan.emplace(spec.rate);
    m_stageStartNs = m_shared->stageSlots[size_t(stage)].startNs.load();
    m_warmupEndNs = m_shared->stageSlots[size_t(stage)].warmupEndNs.load();
    // This worker's arrivals of the global sequence (a shard's share: shardplan.h).
    const StartIndices mine = shardStartIndices(m_shared->shard, m_workerIndex, m_workerCount);
    m_next = mine.first;
    m_step = mine.step;
    m_end = m_plan->startsWithin(spec.durationMs * kNsPerMs);
    pace(true);
}

void ArrivalRateExecutor::vuFreed(int slot)
{
    m_free.push_back(slot);
    if (m_stage >= 0)
        pace(false); // sends what is due now; the timer (armed) spins for the next one
}

void ArrivalRateExecutor::pace(bool maySpin)
{
    if (m_stage < 0 || !m_plan)
        return;
    if (m_shared->stopping.load() || m_shared->stage.load(std::memory_order_acquire) != m_stage) {
        m_timer.stop();
        return;
    }
    // The timer wakes kWakeLeadNs before the next start is due and the rest is spun, which
    // absorbs the thread's wake-up latency. Spinning is bounded per call (kSpinNs), so that a
    // rate whose gaps are all below it still returns to the event loop (completions, the lag
    // probe) between short spins. A completion (maySpin false) sends what is due and does not
    // spin: the timer, armed kWakeLeadNs early, is then already due and fires as soon as the
    // event loop has handled the other completions ready now, so a start that is not due yet
    // does not hold them up, and one that falls due meanwhile goes out with the next
    // completion or that wake-up, whichever comes first.
    int64_t spunNs = 0;
    while (true) {
        if (!sendDue(steadyNowNs())) {
            m_timer.stop(); // a backlog waits for vuFreed()
            return;
        }
        if (m_next >= m_end) {
            m_timer.stop(); // the stage's starts are all out
            return;
        }
        const int64_t next = intendedNs(m_next);
        int64_t now = steadyNowNs();
        if (next - now > kWakeLeadNs || !maySpin) {
            m_timer.startAt(next - kWakeLeadNs);
            return;
        }
        if (spunNs + (next - now) > kSpinNs) {
            m_timer.startAt(next);
            return;
        }
        const int64_t spinStart = now;
        while (now < next)
            now = steadyNowNs();
        spunNs += now - spinStart;
    }
}

bool ArrivalRateExecutor::sendDue(int64_t now)
{
    const int64_t due = std::min(m_end, m_plan->dueBy(now - m_stageStartNs));
    bool backlog = false;
    while (m_next < due) {
        const int64_t intended = intendedNs(m_next);
        if (now - intended > m_timeoutNs) {
            drop(intended);
        } else if (!m_free.empty()) {
            const int slot = m_free.back();
            m_free.pop_back();
            m_host.launch(slot, m_host.pickOp(), intended, true);
        } else {
            backlog = true; // waits for vuFreed()
            break;
        }
        m_next += m_step;
    }
    flushDrops();
    return !backlog;
}

void ArrivalRateExecutor::drop(int64_t intended)
{
    const int op = m_host.pickOp(); // drawn for every start, so the mix stays the same
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
        // Every start of the stage was due before its planned end, which has passed: the
        // control thread closes the stage when it wakes at that end, which may come before the
        // pacer's wake-up for the stage's last starts. Those still find a free VU and are sent
        // now (late, and their lateness is recorded); only starts without a VU are dropped.
        if (m_shared->stage.load(std::memory_order_acquire) == m_stage
            && !m_shared->stopping.load())
            sendDue(steadyNowNs());
        for (; m_next < m_end; m_next += m_step)
            drop(intendedNs(m_next)); // found no VU (or waited beyond the request timeout)
        flushDrops();
    }
    m_stage = -1;
}

} // namespace vw
