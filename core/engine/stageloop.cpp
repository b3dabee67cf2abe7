// The measured window of a run, on the control thread: publishes each stage to the workers,
// samples the in-flight gauge, merges the workers' statistics, emits snapshots and
// stage results, and drains in-flight requests at the end (or after a stop).
#include "engine/benchmarkrunprivate.h"
#include "util/clock.h"

#include <QDateTime>

#include <algorithm>

namespace vw {

namespace {

constexpr int64_t kNsPerMs = 1'000'000LL;
constexpr int64_t kNsPerS = 1'000'000'000LL;
// The control loop's period: it samples the in-flight gauge (mean_in_flight), notes the
// gauge at each second's end, finalises stages and emits snapshots on this grid. Stage ends
// and stop requests do not wait for it (waitUntil). Each tick wakes the control thread,
// which takes the CPU from a worker when they share one: 25 ms (40 samples per second)
// instead of 10 ms cut the control thread's share of a run's client CPU (docs/performance.md).
constexpr int64_t kTickNs = 25 * kNsPerMs;
constexpr int64_t kSeriesGraceNs = kNsPerS; // a second is final 1 s after it ended
constexpr int64_t kStopDrainMaxNs = 5 * kNsPerS; // after a stop, then abortAll
// The workers are asked to publish this long before a snapshot is due (they publish at their
// next 10 ms probe, Worker::kLagProbeMs), so that the snapshot finds their records.
constexpr int64_t kPublishLeadNs = 2 * kTickNs;

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

QString BenchmarkRunPrivate::mostFailures(int stage)
{
    // The latest stage with errors in its steady window so far (the current one first).
    drainWorkers();
    for (int k = stage; k >= 0; --k) {
        QString text = AbortWatch::describeErrors(m_collector->stageOps(k));
        // Counted over the stage's steady window so far, not the abort window: say which.
        text.replace(QStringLiteral("most failures: "),
                     QStringLiteral("most failures in stage %1 so far: ").arg(stageNumber(k)));
        if (!text.isEmpty())
            return QStringLiteral("; ") + text;
    }
    return QString();
}

void BenchmarkRunPrivate::drainWorkers()
{
    m_workers.drainInto(*m_collector);
}

void BenchmarkRunPrivate::finalizeReadyStages(bool all)
{
    // In stage order: a stage is final once it ended and every request it started completed
    // and was published by its worker (Worker::publish releases `outstanding`).
    bool drained = false;
    while (m_finished.size() < m_ended.size()) {
        const int k = int(m_finished.size());
        if (!all && m_shared->stageSlots[size_t(k)].outstanding.load() > 0) {
            m_workers.requestPublish();
            break;
        }
        if (!drained) {
            drainWorkers();
            drained = true;
        }
        // The last stage after the drain: its late answers' leases count in it.
        if (m_operations && k == int(m_ended.size()) - 1 && m_shared->stopping.load())
            m_leaseMarks[k] = m_operations->leaseCounts();
        StageStats st = m_ended.at(k);
        st.ops = m_collector->stageOps(k);
        st.leases = stageLeases(k);
        st.nodes = m_collector->nodeStageOps(k);
        st.maxInFlight = std::max(st.maxInFlight, // sends after the stage ended (drain)
                                  m_shared->stageSlots[size_t(k)].maxInFlight.load());
        st.scheduleLateness = m_collector->scheduleLateness(k);
        ValidityInputs in = m_endedInputs.at(k);
        in.loopLagUs = m_collector->loopLag(k);
        st.validity = assessStage(st, in, *m_profile.ramp.model);
        m_finished.append(st);
        emit q->stageFinished(st);
        m_checkpoints.write(m_finished, m_collector->series(), m_collector->secondHistograms());
    }
}

QList<OpLeases> BenchmarkRunPrivate::stageLeases(int k) const
{
    QList<OpLeases> out = m_leaseMarks.value(k);
    const QList<OpLeases> before = m_leaseMarks.value(k - 1);
    for (OpLeases &l : out) {
        for (const OpLeases &b : before) {
            if (b.op == l.op) {
                l.created -= b.created;
                l.revoked -= b.revoked;
            }
        }
    }
    return out;
}

void BenchmarkRunPrivate::emitSnapshot(int64_t now)
{
    drainWorkers();
    m_collector->finalizeSecondsBefore((now - kSeriesGraceNs - m_windowStartNs) / kNsPerS);
    RunSnapshot snap = m_snapshots.build(m_phase, now, m_windowStartNs, m_cur, m_finished,
                                         *m_collector, m_workers.threadCpuNs());
    if (m_telemetry)
        snap.serverTail = m_telemetry->takeNew(); // copies, never waits for a read
    else if (!m_options.serverTelemetry)
        snap.serverTail.notes << QStringLiteral("server telemetry not read (turned off)");
    emit q->snapshot(snap);
}

void BenchmarkRunPrivate::tick(int64_t now, bool forceSnapshot)
{
    m_renewer.poll(now); // a short-lived token, when due (a control-plane call: ~1 ms)
    if (m_credentials)
        m_credentials->poll(now); // per-VU tokens at half their TTL (renew-self each)
    // The gauge at the end of each second, for the series.
    while (m_windowStartNs + (m_nextGaugeSecond + 1) * kNsPerS <= now) {
        m_collector->noteGaugeAtSecondEnd(m_nextGaugeSecond, m_shared->inFlight.load());
        ++m_nextGaugeSecond;
    }
    finalizeReadyStages(false);
    if (!m_publishAsked && now + kPublishLeadNs >= m_nextSnapshotNs) {
        m_workers.requestPublish();
        m_publishAsked = true;
    }
    if (forceSnapshot || now >= m_nextSnapshotNs) {
        emitSnapshot(now);
        m_nextSnapshotNs = now + int64_t(m_options.snapshotIntervalMs) * kNsPerMs;
        m_publishAsked = false;
    }
}

void BenchmarkRunPrivate::runStages(RunRecord &s)
{
    m_checkpoints.setHeader(s);
    // Before stage 1: the run prefix and what setup created are on disk, so a process killed
    // inside stage 1 leaves what `vault-workbench cleanup SESSION` needs.
    m_checkpoints.write({}, TimeSeries(), SecondHistograms());
    m_collector = std::make_unique<StageCollector>(m_profile.ramp, s.ops);
    m_collector->setNodes(m_profile.target.loadAddresses());
    m_windowStartNs = steadyNowNs();
    if (m_options.serverTelemetry) { // on its own thread: never holds this one
        TargetSpec target = m_profile.target;
        target.address =
            m_options.telemetryAddress.isEmpty() ? s.targetAddress : m_options.telemetryAddress;
        std::shared_ptr<ServiceProbe> service;
        if (m_operations)
            service = m_operations->serviceProbe();
        m_telemetry = std::make_unique<TelemetryThread>(
            target, m_options.token, m_options.serverPid, m_windowStartNs, std::move(service));
    }
    m_shared->windowStartNs.store(m_windowStartNs);
    m_collector->setWindowStart(m_windowStartNs);
    m_nextSnapshotNs = m_windowStartNs;
    setPhase(RunPhase::Running, QStringLiteral("%1 stage(s)").arg(m_plan.stageCount()));

    bool cut = false;
    QString failure; // why the abort rule ended the run; empty when it did not
    int64_t now = m_windowStartNs;
    for (int i = 0; i < m_plan.stageCount() && !cut; ++i) {
        m_cur = StageWindow::begin(m_plan, i, steadyNowNs());
        m_shared->stageSlots[size_t(i)].startNs.store(m_cur.startNs);
        m_shared->stageSlots[size_t(i)].warmupEndNs.store(m_cur.warmupEndNs);
        m_shared->stage.store(i, std::memory_order_release); // VUs attribute to i from now
        m_collector->stageStarted(i, m_cur.startNs, m_cur.warmupEndNs);
        m_workers.beginStage(i);
        if (m_plan.warmupNs() == 0)
            m_cur.noteSteadyStart(m_cur.startNs, m_workers.threadCpuNs());
        emit q->stageStarted(i, m_plan.plannedVus(i));
        // Closes the previous stage's last interval; after the stage is published, so that the
        // read's few ms count in this stage's window, not after the previous one's end.
        if (m_telemetry)
            m_telemetry->mark(steadyNowNs(), i, m_plan.warmupNs() == 0);

        while (true) {
            now = steadyNowNs();
            if (now >= m_cur.plannedEndNs)
                break;
            if (stopRequested()) {
                cut = true;
                break;
            }
            if (now >= m_cur.warmupEndNs) {
                if (!m_cur.steadyStarted) {
                    m_cur.noteSteadyStart(now, m_workers.threadCpuNs());
                    if (m_telemetry)
                        m_telemetry->mark(now, i, true);
                }
                m_cur.sampleGauge(m_shared->inFlight.load());
                m_cur.sampleProgress(now, m_shared->completed.load(), m_shared->inFlight.load());
            }
            tick(now, false);
            // the series is finalised at each snapshot: a run that keeps failing ends here
            QString why = m_abort.check(m_collector->series());
            if (why.isEmpty())
                why = m_abort.checkProgress(now, m_shared->completed.load(),
                                            m_shared->inFlight.load());
            if (!why.isEmpty()) {
                cut = true;
                failure = why + mostFailures(i);
                break;
            }
            waitUntil(std::min(now + kTickNs, m_cur.plannedEndNs), true);
        }
        // The steady window ran until the next stage was published (or the stop).
        StageStats st = m_cur.stats(m_plan, *m_shared, m_windowStartNs, now);
        st.complete = !cut;
        // loop lag: taken from the collector when finalised
        ValidityInputs in = m_cur.validityInputs(now, m_workers.threadCpuNs());
        if (m_profile.ramp.model->isOpen()) {
            // No more starts of this stage; unsent due starts count as dropped (not after a
            // stop). Blocking, so that they are in the deltas before the stage is finalised.
            m_workers.closeStage(i, !cut);
        }
        m_ended.append(st);
        m_endedInputs.append(in);
        m_leaseMarks.append(m_operations ? m_operations->leaseCounts() : QList<OpLeases>());
        if (cut && !failure.isEmpty())
            s.error = QStringLiteral("%1; stage %2 of %3")
                          .arg(failure)
                          .arg(i + 1)
                          .arg(m_plan.stageCount());
        else if (cut)
            s.error = QStringLiteral("stopped by the user during stage %1 of %2")
                          .arg(i + 1)
                          .arg(m_plan.stageCount());
    }

    // No VU sends again; in-flight requests finish and count for their start stage.
    m_shared->stopping.store(true);
    if (m_telemetry)
        m_telemetry->mark(steadyNowNs(), -1, false);
    const int64_t timeoutNs = m_profile.target.requestTimeoutMs * kNsPerMs;
    int64_t deadline =
        steadyNowNs() + (cut ? std::min(timeoutNs, kStopDrainMaxNs) : timeoutNs + kNsPerS);
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
    if (m_shared->inFlight.load() > 0)
        m_workers.abortAll();
    m_workers.flush(); // every record is in the workers' mailboxes
    now = steadyNowNs();
    drainWorkers();
    finalizeReadyStages(true);
    // A server gone too near the end for the abort rule to end the run (as `run` and the GUI
    // both report it): every request of the last stage failed to reach it.
    if (failure.isEmpty() && !cut && !m_finished.isEmpty()) {
        failure = m_abort.checkLastStage(m_finished.last(), m_plan.stageCount());
        if (!failure.isEmpty())
            s.error = failure;
    }
    m_checkpoints.flush(); // the stages a spaced-out checkpoint had not written yet
    m_collector->finalizeSecondsBefore((now - m_windowStartNs + kNsPerS - 1) / kNsPerS);
    tick(now, true);

    s.stages = m_finished;
    s.series = m_collector->series();
    s.secondHistograms = m_collector->secondHistograms();
    if (m_telemetry) {
        s.serverTelemetry = m_telemetry->finish(int(m_finished.size()));
        m_telemetry.reset();
    } else {
        s.serverTelemetry.notes << QStringLiteral("server telemetry not read (turned off)");
    }
    s.status = !failure.isEmpty() ? RunStatus::Failed
               : cut              ? RunStatus::Stopped
                                  : RunStatus::Completed;
    if (!cut && failure.isEmpty())
        s.error.clear();
}

} // namespace vw
