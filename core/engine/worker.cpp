#include "engine/worker.h"

#include "util/clock.h"

#include <algorithm>

namespace vw {

namespace {

QVector<OpStats> emptyStats(const QStringList &names)
{
    QVector<OpStats> v(names.size());
    for (int i = 0; i < names.size(); ++i)
        v[i].op = names.at(i);
    return v;
}

void record(OpStats &s, ErrorClass c, const HttpResult &r)
{
    if (c == ErrorClass::None)
        s.recordOk(std::max<int64_t>(1, (r.doneNs - r.sentNs) / 1000));
    else
        s.recordError(errorKey(c, r.status));
}

} // namespace

Worker::Worker(std::shared_ptr<RunShared> shared, OperationMix mix, QVector<int> vuIds,
               uint64_t runSeed)
    : m_shared(std::move(shared)), m_mix(std::move(mix))
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
}

Worker::~Worker() = default;

bool Worker::init(const QString &transportKind, TransportConfig config, QString *error)
{
    config.maxConcurrency = std::max(1, int(m_vus.size()));
    m_transport = createTransport(transportKind, config, error);
    return m_transport != nullptr;
}

void Worker::shutdown()
{
    m_transport.reset();
}

void Worker::startVus()
{
    const int active = m_shared->activeVus();
    for (size_t i = 0; i < m_vus.size(); ++i) {
        if (m_vus[i].id < active && !m_vus[i].running) {
            m_vus[i].running = true;
            sendNext(int(i));
        }
    }
}

void Worker::abortAll()
{
    m_aborting = true;
    if (m_transport)
        m_transport->abortAll();
}

WorkerDelta Worker::takeDelta()
{
    WorkerDelta out;
    QMutexLocker lock(&m_mutex);
    std::swap(out, m_delta);
    return out;
}

int Worker::pickOp(Vu &vu) const
{
    const QVector<int> &cw = m_mix.cumulativeWeights;
    if (cw.size() == 1)
        return 0;
    std::uniform_int_distribution<int> dist(0, cw.last() - 1);
    const int x = dist(vu.state.rng);
    return int(std::upper_bound(cw.cbegin(), cw.cend(), x) - cw.cbegin());
}

void Worker::sendNext(int slot)
{
    Vu &vu = m_vus[size_t(slot)];
    // A VU beyond the current stage's count (or any VU once stopping) stops here, after its
    // previous request completed.
    if (!m_transport || m_aborting || vu.id >= m_shared->activeVus()) {
        vu.running = false;
        return;
    }
    const int op = pickOp(vu);
    HttpRequest request = m_mix.ops.at(op)->nextRequest(vu.state);
    ++vu.state.iteration;

    // Attribution by start: the stage current now, counted only after its warm-up.
    const int stage = m_shared->stage.load(std::memory_order_acquire);
    StageSlot &ss = m_shared->stageSlots[size_t(stage)];
    const int64_t now = steadyNowNs();
    const bool counted = now >= ss.warmupEndNs.load(std::memory_order_relaxed);
    const qint64 second = (now - m_shared->windowStartNs.load()) / 1'000'000'000LL;
    ss.outstanding.fetch_add(1);
    const int gauge = m_shared->inFlight.fetch_add(1) + 1;
    RunShared::atomicMax(m_shared->peakInFlight, gauge);
    if (counted)
        RunShared::atomicMax(ss.maxInFlight, gauge);

    m_transport->send(request, [this, slot, op, stage, counted, second](HttpResult &&r) {
        onDone(slot, op, stage, counted, second, std::move(r));
    });
}

void Worker::onDone(int slot, int op, int stage, bool counted, qint64 second, HttpResult &&r)
{
    // Requests aborted at the end of a stop are not measurements.
    const bool abortedByUs = m_aborting && r.transportError == ErrorClass::Connection
                             && r.errorText == QLatin1String("aborted");
    if (!abortedByUs) {
        const ErrorClass c = m_mix.ops.at(op)->classify(r);
        QMutexLocker lock(&m_mutex);
        if (counted) {
            auto it = m_delta.stages.find(stage);
            if (it == m_delta.stages.end())
                it = m_delta.stages.insert(stage, emptyStats(m_mix.names));
            record((*it)[op], c, r);
        }
        auto sit = m_delta.seconds.find(second);
        if (sit == m_delta.seconds.end())
            sit = m_delta.seconds.insert(second, emptyStats(m_mix.names));
        record((*sit)[op], c, r);
    }
    // Recorded first, then released: the control thread finalises a stage once its
    // outstanding count is 0, and must find every record in the delta by then.
    m_shared->inFlight.fetch_sub(1);
    m_shared->stageSlots[size_t(stage)].outstanding.fetch_sub(1);
    sendNext(slot);
}

} // namespace vw
