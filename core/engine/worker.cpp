#include "engine/worker.h"

#include "engine/executors/executorregistry.h"
#include "stats/stagestats.h"
#include "util/clock.h"

#include <QDebug>
#include <algorithm>
#include <pthread.h>

namespace vw {

namespace {

constexpr int64_t kNsPerMs = 1'000'000LL;

QVector<OpStats> emptyStats(const QStringList &names)
{
    QVector<OpStats> v(names.size());
    for (int i = 0; i < names.size(); ++i)
        v[i].op = names.at(i);
    return v;
}

int64_t us(int64_t ns)
{
    return std::max<int64_t>(1, ns / 1000);
}

void addAll(QVector<OpStats> &into, const QVector<OpStats> &from)
{
    for (int i = 0; i < from.size() && i < into.size(); ++i)
        into[i].add(from.at(i));
}

/// Adds `from` into `into` (both deltas of one worker).
void addDelta(WorkerDelta &into, WorkerDelta &&from)
{
    for (auto it = from.stages.begin(); it != from.stages.end(); ++it) {
        auto mine = into.stages.find(it.key());
        if (mine == into.stages.end())
            into.stages.insert(it.key(), std::move(it.value()));
        else
            addAll(*mine, it.value());
    }
    for (auto it = from.seconds.begin(); it != from.seconds.end(); ++it) {
        auto mine = into.seconds.find(it.key());
        if (mine == into.seconds.end())
            into.seconds.insert(it.key(), std::move(it.value()));
        else
            addAll(*mine, it.value());
    }
    for (auto it = from.loopLag.cbegin(); it != from.loopLag.cend(); ++it)
        into.loopLag[it.key()].add(it.value());
    for (auto it = from.scheduleLateness.cbegin(); it != from.scheduleLateness.cend(); ++it)
        into.scheduleLateness[it.key()].add(it.value());
}

bool deltaIsEmpty(const WorkerDelta &d)
{
    return d.stages.isEmpty() && d.seconds.isEmpty() && d.loopLag.isEmpty()
           && d.scheduleLateness.isEmpty();
}

constexpr int kMaxSpares = 16; // containers kept for reuse per kind (memory bound)

void record(OpStats &s, ErrorClass c, const HttpResult &r, bool openModel, int64_t intendedNs)
{
    if (c != ErrorClass::None)
        s.recordError(errorKey(c, r.status));
    else if (openModel)
        s.recordOk(us(r.doneNs - intendedNs), us(r.doneNs - r.sentNs));
    else
        s.recordOk(us(r.doneNs - r.sentNs));
}

} // namespace

Worker::Worker(std::shared_ptr<RunShared> shared, OperationMix mix, QVector<int> vuIds,
               uint64_t runSeed, WorkerConfig config)
    : m_shared(std::move(shared))
    , m_mix(std::move(mix))
    , m_config(config)
{
    m_vus.resize(size_t(vuIds.size()));
    for (int i = 0; i < vuIds.size(); ++i) {
        Vu &vu = m_vus[size_t(i)];
        vu.id = vuIds.at(i);
        vu.state.vu = vu.id;
        // One independent stream per VU: the run's seed and the VU number.
        std::seed_seq seq{uint32_t(runSeed), uint32_t(runSeed >> 32), uint32_t(vu.id)};
        vu.state.rng.seed(seq);
    }
    std::seed_seq seq{uint32_t(runSeed), uint32_t(runSeed >> 32), 0x7fffffffu,
                      uint32_t(config.index)};
    m_rng.seed(seq);
    m_unpublishedDone.fill(0, std::max<qsizetype>(1, m_shared->stages.size()));
}

Worker::~Worker() = default;

bool Worker::init(const QString &transportKind, TransportConfig config, QString *error)
{
    config.maxConcurrency = std::max(1, int(m_vus.size()));
    for (Vu &vu : m_vus) { // made on the thread that will touch them
        vu.opStates.clear();
        for (const Operation *op : m_mix.ops)
            vu.opStates.push_back(op->newVuState());
    }
    m_transport = createTransport(transportKind, config, error);
    if (!m_transport)
        return false;
    m_executor = createExecutor(m_shared->model->name(),
                                ExecutorContext{*this, m_shared, m_config.index, m_config.count,
                                                m_config.requestTimeoutMs * kNsPerMs});
    if (!m_executor) {
        *error = QStringLiteral("load model \"%1\" has no runtime").arg(m_shared->model->name());
        return false;
    }
    m_hasCpuClock = pthread_getcpuclockid(pthread_self(), &m_cpuClock) == 0;
    m_probe = new QTimer(this);
    m_probe->setSingleShot(true);
    m_probe->setTimerType(Qt::PreciseTimer);
    connect(m_probe, &QTimer::timeout, this, [this] { probeLag(); });
    m_probeDueNs = steadyNowNs() + kLagProbeMs * kNsPerMs;
    m_probe->start(kLagProbeMs);
    return true;
}

void Worker::shutdown()
{
    if (m_probe)
        m_probe->stop();
    m_executor.reset();
    m_transport.reset();
}

void Worker::beginStage(int stage)
{
    if (m_executor && !m_aborting)
        m_executor->beginStage(stage);
}

void Worker::closeStage(int stage, bool countDrops)
{
    if (m_executor)
        m_executor->closeStage(stage, countDrops);
    publish(); // the drops are in the mailbox before the control thread finalises the stage
}

void Worker::abortAll()
{
    m_aborting = true;
    if (m_transport)
        m_transport->abortAll();
}

void Worker::setVuTokens(const QVector<QByteArray> &byVu)
{
    for (Vu &vu : m_vus)
        vu.state.token = byVu.value(vu.id);
}

void Worker::flush()
{
    publish();
}

void Worker::publish()
{
    m_publishRequested.store(false, std::memory_order_relaxed);
    m_lastSecondOps = nullptr; // m_local's maps move away
    m_lastSecond = -1;
    {
        QMutexLocker lock(&m_mailboxMutex);
        if (!deltaIsEmpty(m_local)) {
            if (deltaIsEmpty(m_mailbox))
                std::swap(m_mailbox, m_local);
            else
                addDelta(m_mailbox, std::move(m_local));
            m_local = WorkerDelta();
        }
        // The containers the control thread gave back, for the next records.
        while (!m_returned.ops.isEmpty() && m_spares.ops.size() < kMaxSpares)
            m_spares.ops.append(m_returned.ops.takeLast());
        while (!m_returned.loopLag.isEmpty() && m_spares.loopLag.size() < kMaxSpares)
            m_spares.loopLag.append(m_returned.loopLag.takeLast());
    }
    // Released only now: a stage whose outstanding count is 0 has its records in the mailbox.
    for (int stage = 0; stage < m_unpublishedDone.size(); ++stage) {
        if (m_unpublishedDone.at(stage) > 0) {
            m_shared->stageSlots[size_t(stage)].outstanding.fetch_sub(m_unpublishedDone.at(stage));
            m_unpublishedDone[stage] = 0;
        }
    }
}

void WorkerSpares::resetForReuse()
{
    for (QVector<OpStats> &v : ops) {
        for (OpStats &o : v) {
            o.count = o.ok = o.dropped = 0;
            o.errors.clear();
            o.latency.reset();
            o.serviceTime.reset();
        }
    }
    for (LatencyHistogram &h : loopLag)
        h.reset();
}

void Worker::recycle(WorkerSpares &&spares)
{
    QMutexLocker lock(&m_mailboxMutex);
    for (QVector<OpStats> &v : spares.ops)
        if (m_returned.ops.size() < kMaxSpares && v.size() == m_mix.names.size())
            m_returned.ops.append(std::move(v));
    for (LatencyHistogram &h : spares.loopLag)
        if (m_returned.loopLag.size() < kMaxSpares)
            m_returned.loopLag.append(std::move(h));
}

QVector<OpStats> Worker::newOps()
{
    if (m_spares.ops.isEmpty())
        return emptyStats(m_mix.names);
    return m_spares.ops.takeLast();
}

LatencyHistogram &Worker::histogramIn(QMap<int, LatencyHistogram> &map, int stage)
{
    auto it = map.find(stage);
    if (it == map.end())
        it = map.insert(stage, m_spares.loopLag.isEmpty() ? LatencyHistogram()
                                                          : m_spares.loopLag.takeLast());
    return *it;
}

LatencyHistogram &Worker::stageLoopLag(int stage)
{
    return histogramIn(m_local.loopLag, stage);
}

LatencyHistogram &Worker::stageLateness(int stage)
{
    return histogramIn(m_local.scheduleLateness, stage);
}

WorkerDelta Worker::takeDelta()
{
    WorkerDelta out;
    QMutexLocker lock(&m_mailboxMutex);
    std::swap(out, m_mailbox);
    out.node = m_config.node;
    return out;
}

QVector<OpStats> &Worker::stageOps(int stage)
{
    auto it = m_local.stages.find(stage);
    if (it == m_local.stages.end())
        it = m_local.stages.insert(stage, newOps());
    return *it;
}

QVector<OpStats> &Worker::secondOps(qint64 second)
{
    if (m_lastSecondOps && m_lastSecond == second)
        return *m_lastSecondOps;
    auto it = m_local.seconds.find(second);
    if (it == m_local.seconds.end())
        it = m_local.seconds.insert(second, newOps());
    m_lastSecond = second;
    m_lastSecondOps = &*it;
    return *it;
}

int64_t Worker::threadCpuNs() const
{
    timespec ts{};
    if (!m_hasCpuClock || clock_gettime(m_cpuClock, &ts) != 0)
        return 0;
    return int64_t(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

int Worker::pickOpWith(std::mt19937_64 &rng) const
{
    const QVector<int> &cw = m_mix.cumulativeWeights;
    if (cw.size() == 1)
        return 0;
    std::uniform_int_distribution<int> dist(0, cw.last() - 1);
    const int x = dist(rng);
    return int(std::upper_bound(cw.cbegin(), cw.cend(), x) - cw.cbegin());
}

int Worker::pickOp()
{
    return pickOpWith(m_rng);
}

void Worker::launch(int slot, int op, int64_t intendedNs, bool openModel)
{
    if (!m_transport || m_aborting)
        return;
    Vu &vu = m_vus[size_t(slot)];
    Started s;
    s.slot = slot;
    s.op = op >= 0 ? op : pickOpWith(vu.state.rng);
    s.openModel = openModel;
    s.intendedNs = intendedNs;
    vu.state.opState = vu.opStates[size_t(s.op)].get();
    vu.state.countAs = -1;
    HttpRequest request = m_mix.ops.at(s.op)->nextRequest(vu.state);
    ++vu.state.iteration;
    s.row = vu.state.countAs >= 0 && vu.state.countAs < m_mix.ops.size() ? vu.state.countAs : s.op;
    if (request.token.isEmpty() && !vu.state.token.isEmpty())
        request.token = vu.state.token;

    // Attribution by start: the stage current now, counted only when the start (intended
    // time) lies after its warm-up.
    s.stage = m_shared->stage.load(std::memory_order_acquire);
    StageSlot &ss = m_shared->stageSlots[size_t(s.stage)];
    s.counted = intendedNs >= ss.warmupEndNs.load(std::memory_order_relaxed);
    s.second = std::max<int64_t>(0, intendedNs - m_shared->windowStartNs.load()) / 1'000'000'000LL;
    ss.outstanding.fetch_add(1);
    if ((openModel ? steadyNowNs() : intendedNs) >= ss.warmupEndNs.load(std::memory_order_relaxed))
        ss.sentInWindow.fetch_add(1, std::memory_order_relaxed);
    const int gauge = m_shared->inFlight.fetch_add(1) + 1;
    RunShared::atomicMax(m_shared->peakInFlight, gauge);
    if (s.counted)
        RunShared::atomicMax(ss.maxInFlight, gauge);

    vu.inFlight = s;
    m_transport->send(request, [this, slot](HttpResult &&r) {
        const Started started = m_vus[size_t(slot)].inFlight; // the slot may start again
        onDone(started, std::move(r));
    });
}

void Worker::recordDropped(int stage, int op, int64_t n)
{
    stageOps(stage)[op].dropped += n;
    if (!m_shared->droppedWarned.exchange(true))
        qWarning().noquote() << QStringLiteral(
                                    "arrival-rate stage %1: starts found no free VU in time "
                                    "(max_vus %2) and were dropped; the session counts them per "
                                    "op and stage")
                                    .arg(stageNumber(stage))
                                    .arg(m_shared->model->peakVus(m_shared->stages));
}

void Worker::onDone(const Started &s, HttpResult &&r)
{
    // Requests aborted at the end of a stop are not measurements.
    const bool abortedByUs = m_aborting && r.transportError == ErrorClass::Connection
                             && r.errorText == QLatin1String("aborted");
    if (!abortedByUs) {
        const Operation *op = m_mix.ops.at(s.op);
        const ErrorClass c = op->classify(r);
        VuState &state = m_vus[size_t(s.slot)].state;
        state.opState = m_vus[size_t(s.slot)].opStates[size_t(s.op)].get();
        op->onResponse(state, r, c);
        if (s.counted) {
            record(stageOps(s.stage)[s.row], c, r, s.openModel, s.intendedNs);
            // Scheduling lateness from the transport's own send time (taken right before the
            // request's write, or its connect), so it holds everything between the intended
            // start and the bytes leaving: the pacer's wake-up, the request's building and
            // serialising. One sample per counted request, as `count`.
            if (s.openModel)
                stageLateness(s.stage).record(us(r.sentNs - s.intendedNs));
        }
        record(secondOps(s.second)[s.row], c, r, s.openModel, s.intendedNs);
    }
    // Recorded first, released at the next publish(): the control thread finalises a stage
    // once its outstanding count is 0, and must find every record in the mailbox by then.
    m_shared->completed.fetch_add(1, std::memory_order_relaxed); // the abort rule's progress
    m_shared->inFlight.fetch_sub(1);
    ++m_unpublishedDone[s.stage];
    if (m_config.debugBusyLoopUsPerRequest > 0) {
        // Test hook (tst_validity): steal the worker thread as a slow client would.
        const int64_t until = steadyNowNs() + int64_t(m_config.debugBusyLoopUsPerRequest) * 1000;
        while (steadyNowNs() < until) { }
    }
    if (m_executor && !m_aborting)
        m_executor->vuFreed(s.slot);
}

void Worker::probeLag()
{
    const int64_t now = steadyNowNs();
    const int64_t lateNs = now - m_probeDueNs;
    const int stage = m_shared->stage.load(std::memory_order_acquire);
    if (stage >= 0 && !m_shared->stopping.load()
        && now >= m_shared->stageSlots[size_t(stage)].warmupEndNs.load()) {
        stageLoopLag(stage).record(std::max<int64_t>(1, lateNs / 1000));
    }
    if (m_publishRequested.load(std::memory_order_relaxed))
        publish();
    m_probeDueNs = now + kLagProbeMs * kNsPerMs;
    m_probe->start(kLagProbeMs);
}

} // namespace vw
