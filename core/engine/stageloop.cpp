// The measured window of a run, on the control thread: publishes each stage to the workers,
// samples the in-flight gauge, merges the workers' statistics, emits snapshots and
// stage results, and drains in-flight requests at the end (or after a stop).
#include "engine/benchmarkrunprivate.h"
#include "engine/clientresources.h"
#include "util/clock.h"

#include <QDateTime>
#include <QDebug>
#include <QThread>

#include <algorithm>

namespace vw {

namespace {

constexpr int64_t kNsPerMs = 1'000'000LL;
constexpr int64_t kNsPerS = 1'000'000'000LL;
constexpr int64_t kTickNs = 10 * kNsPerMs;      // gauge sampling and boundary resolution
constexpr int64_t kSeriesGraceNs = kNsPerS;     // a second is final 1 s after it ended
constexpr int64_t kStopDrainMaxNs = 5 * kNsPerS; // after a stop, then abortAll

} // namespace

bool BenchmarkRunPrivate::waitUntil(int64_t untilNs, bool wakeOnStop)
{
    std::unique_lock<std::mutex> lock(m_waitMutex);
    const int64_t waitNs = untilNs - steadyNowNs();
    if (waitNs > 0)
        m_waitCv.wait_for(lock, std::chrono::nanoseconds(waitNs),
                          [this, wakeOnStop] { return wakeOnStop && m_stop.load(); });
    return m_stop.load();
}

void BenchmarkRunPrivate::drainWorkers()
{
    for (WorkerThread &wt : m_workers)
        m_collector->merge(wt.worker->takeDelta());
}

void BenchmarkRunPrivate::finalizeReadyStages(bool all)
{
    // In stage order: a stage is final once it ended and every request it started completed.
    bool drained = false;
    while (m_finished.size() < m_ended.size()) {
        const int k = int(m_finished.size());
        if (!all && m_shared->stageSlots[size_t(k)].outstanding.load() > 0)
            break;
        if (!drained) {
            drainWorkers();
            drained = true;
        }
        StageStats st = m_ended.at(k);
        st.ops = m_collector->stageOps(k);
        st.maxInFlight = m_shared->stageSlots[size_t(k)].maxInFlight.load();
        ValidityInputs in = m_endedInputs.at(k);
        in.loopLagUs = m_collector->loopLag(k);
        st.validity = assessStage(st, in, *m_profile.ramp.model);
        m_finished.append(st);
        emit q->stageFinished(st);
        writeCheckpoint();
    }
}

StageStats BenchmarkRunPrivate::currentStageStats(int64_t now) const
{
    const StageSpec &spec = m_profile.ramp.stages.at(m_cur.index);
    StageStats st;
    st.index = m_cur.index;
    st.vus = m_profile.ramp.model->plannedVus(spec);
    st.rate = m_profile.ramp.model->plannedRate(spec);
    st.durationMs = spec.durationMs;
    st.warmupMs = m_profile.ramp.warmupMs;
    st.startMs = (m_cur.startNs - m_windowStartNs) / kNsPerMs;
    st.steadySeconds = double(std::max<int64_t>(0, now - m_cur.warmupEndNs)) / double(kNsPerS);
    st.maxInFlight = m_shared->stageSlots[size_t(m_cur.index)].maxInFlight.load();
    st.meanInFlight = m_cur.gaugeSamples > 0 ? m_cur.gaugeSum / double(m_cur.gaugeSamples) : 0.0;
    st.sent = m_shared->stageSlots[size_t(m_cur.index)].sentInWindow.load();
    st.complete = true;
    return st;
}

void BenchmarkRunPrivate::noteSteadyStart(int64_t now)
{
    m_cur.steadyStarted = true;
    m_cur.steadyStartNs = now;
    m_cur.cpuStartNs = processCpuNs();
    m_cur.workerCpuStartNs.clear();
    for (const WorkerThread &wt : m_workers)
        m_cur.workerCpuStartNs.append(wt.worker->threadCpuNs());
}

ValidityInputs BenchmarkRunPrivate::currentValidityInputs(int64_t now) const
{
    ValidityInputs in;
    in.logicalCores = std::max(1, QThread::idealThreadCount());
    if (!m_cur.steadyStarted || now <= m_cur.steadyStartNs)
        return in;
    in.wallSeconds = double(now - m_cur.steadyStartNs) / double(kNsPerS);
    in.processCpuSeconds = double(processCpuNs() - m_cur.cpuStartNs) / double(kNsPerS);
    for (size_t i = 0; i < m_workers.size() && int(i) < m_cur.workerCpuStartNs.size(); ++i)
        in.workerCpuSeconds.append(
            double(m_workers[i].worker->threadCpuNs() - m_cur.workerCpuStartNs.at(int(i)))
            / double(kNsPerS));
    in.loopLagUs = m_collector->loopLag(m_cur.index);
    return in;
}

void BenchmarkRunPrivate::emitSnapshot(int64_t now)
{
    drainWorkers();
    m_collector->finalizeSecondsBefore((now - kSeriesGraceNs - m_windowStartNs) / kNsPerS);
    RunSnapshot snap;
    snap.phase = m_phase;
    snap.elapsedMs = (now - m_windowStartNs) / kNsPerMs;
    snap.stageIndex = m_cur.index;
    snap.stageCount = int(m_profile.ramp.stages.size());
    if (m_cur.index >= 0) {
        const StageSpec &spec = m_profile.ramp.stages.at(m_cur.index);
        snap.vus = m_profile.ramp.model->plannedVus(spec);
        snap.stageElapsedMs = (std::min(now, m_cur.plannedEndNs) - m_cur.startNs) / kNsPerMs;
        snap.stageDurationMs = spec.durationMs;
        snap.inWarmup = now < m_cur.warmupEndNs;
        if (m_finished.size() <= m_cur.index) {
            snap.current = currentStageStats(std::min(now, m_cur.plannedEndNs));
            snap.current.ops = m_collector->stageOps(m_cur.index);
            snap.current.complete = false;   // partial: the stage is still running
            const int64_t end = std::min(now, m_cur.plannedEndNs);
            snap.current.validity =
                assessStage(snap.current, currentValidityInputs(end), *m_profile.ramp.model);
        }
    }
    snap.inFlight = m_shared->inFlight.load();
    snap.stages = m_finished;
    snap.series = m_collector->series();
    emit q->snapshot(snap);
}

void BenchmarkRunPrivate::tick(int64_t now, bool forceSnapshot)
{
    // The gauge at the end of each second, for the series.
    while (m_windowStartNs + (m_nextGaugeSecond + 1) * kNsPerS <= now) {
        m_collector->noteGaugeAtSecondEnd(m_nextGaugeSecond, m_shared->inFlight.load());
        ++m_nextGaugeSecond;
    }
    finalizeReadyStages(false);
    if (forceSnapshot || now >= m_nextSnapshotNs) {
        emitSnapshot(now);
        m_nextSnapshotNs = now + int64_t(m_options.snapshotIntervalMs) * kNsPerMs;
    }
}

void BenchmarkRunPrivate::runStages(RunRecord &s)
{
    const QList<StageSpec> &stages = m_profile.ramp.stages;
    const int64_t warmupNs = m_profile.ramp.warmupMs * kNsPerMs;
    m_checkpointBase = s;
    m_collector = std::make_unique<StageCollector>(m_profile.ramp, m_mix.names);
    m_windowStartNs = steadyNowNs();
    m_shared->windowStartNs.store(m_windowStartNs);
    m_collector->setWindowStart(m_windowStartNs);
    m_nextSnapshotNs = m_windowStartNs;
    setPhase(RunPhase::Running, QStringLiteral("%1 stage(s)").arg(stages.size()));

    bool cut = false;
    int64_t now = m_windowStartNs;
    for (int i = 0; i < stages.size() && !cut; ++i) {
        m_cur = CurrentStage{};
        m_cur.index = i;
        m_cur.startNs = steadyNowNs();
        m_cur.warmupEndNs = m_cur.startNs + warmupNs;
        m_cur.plannedEndNs = m_cur.startNs + stages.at(i).durationMs * kNsPerMs;
        m_shared->stageSlots[size_t(i)].startNs.store(m_cur.startNs);
        m_shared->stageSlots[size_t(i)].warmupEndNs.store(m_cur.warmupEndNs);
        m_shared->stage.store(i, std::memory_order_release);   // VUs attribute to i from now
        m_collector->stageStarted(i, m_cur.startNs, m_cur.warmupEndNs);
        for (WorkerThread &wt : m_workers) {
            Worker *w = wt.worker;
            QMetaObject::invokeMethod(w, [w, i] { w->beginStage(i); }, Qt::QueuedConnection);
        }
        if (warmupNs == 0)
            noteSteadyStart(m_cur.startNs);
        emit q->stageStarted(i, m_profile.ramp.plannedVus(i));

        while (true) {
            now = steadyNowNs();
            if (now >= m_cur.plannedEndNs)
                break;
            if (stopRequested()) {
                cut = true;
                break;
            }
            if (now >= m_cur.warmupEndNs) {
                if (!m_cur.steadyStarted)
                    noteSteadyStart(now);
                m_cur.gaugeSum += m_shared->inFlight.load();
                ++m_cur.gaugeSamples;
            }
            tick(now, false);
            waitUntil(std::min(now + kTickNs, m_cur.plannedEndNs), true);
        }
        // The steady window ran until the next stage was published (or the stop).
        StageStats st = currentStageStats(now);
        st.complete = !cut;
        ValidityInputs in = currentValidityInputs(now);
        in.loopLagUs = LatencyHistogram();   // taken from the collector when finalised
        if (m_profile.ramp.model->isOpen()) {
            // No more starts of this stage; unsent due starts count as dropped (not after a
            // stop). Blocking, so that they are in the deltas before the stage is finalised.
            for (WorkerThread &wt : m_workers) {
                Worker *w = wt.worker;
                QMetaObject::invokeMethod(w, [w, i, cut] { w->closeStage(i, !cut); },
                                          Qt::BlockingQueuedConnection);
            }
        }
        m_ended.append(st);
        m_endedInputs.append(in);
        if (cut)
            s.error = QStringLiteral("stopped by the user during stage %1 of %2")
                          .arg(i + 1)
                          .arg(stages.size());
    }

    // No VU sends again; in-flight requests finish and count for their start stage.
    m_shared->stopping.store(true);
    const int64_t timeoutNs = m_profile.target.requestTimeoutMs * kNsPerMs;
    int64_t deadline = steadyNowNs() + (cut ? std::min(timeoutNs, kStopDrainMaxNs)
                                            : timeoutNs + kNsPerS);
    while (m_shared->inFlight.load() > 0) {
        now = steadyNowNs();
        if (stopRequested())
            deadline = std::min(deadline, now + std::min(timeoutNs, kStopDrainMaxNs));
        if (now >= deadline)
            break;
        tick(now, false);
        // Wakes early on a (new) stop request, which shortens the deadline.
        waitUntil(std::min(now + kTickNs, deadline), !stopRequested());
    }
    if (m_shared->inFlight.load() > 0) {
        for (WorkerThread &wt : m_workers) {
            Worker *w = wt.worker;
            QMetaObject::invokeMethod(w, [w] { w->abortAll(); }, Qt::BlockingQueuedConnection);
        }
    }
    now = steadyNowNs();
    drainWorkers();
    finalizeReadyStages(true);
    m_collector->finalizeSecondsBefore((now - m_windowStartNs + kNsPerS - 1) / kNsPerS);
    tick(now, true);

    s.stages = m_finished;
    s.series = m_collector->series();
    s.status = cut ? RunStatus::Stopped : RunStatus::Completed;
    if (!cut)
        s.error.clear();
}

void BenchmarkRunPrivate::writeCheckpoint()
{
    if (!m_options.checkpoint)
        return;
    RunRecord c = m_checkpointBase;
    c.stages = m_finished;
    c.series = m_collector->series();
    c.status = RunStatus::Incomplete;
    c.finishedAt = QDateTime::currentDateTimeUtc();
    c.error = QStringLiteral("the run had not finished when this was written (%1 of %2 stages)")
                  .arg(m_finished.size())
                  .arg(m_profile.ramp.stages.size());
    QString error;
    if (m_options.checkpoint(c, &error) || m_checkpointWarned)
        return;
    m_checkpointWarned = true;   // once per run; the run goes on
    qWarning().noquote() << QStringLiteral("checkpoint not written: %1").arg(error);
}

} // namespace vw
