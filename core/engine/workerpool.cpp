#include "engine/workerpool.h"

#include "engine/benchmarkrun.h"
#include "engine/clientresources.h"
#include "engine/executors/shardplan.h"
#include "engine/stagecollector.h"
#include "util/epolleventdispatcher.h"
#include "util/threadpriority.h"
#include "vault/targettransport.h"

#include <QDebug>
#include <QRandomGenerator>
#include <algorithm>

namespace vw {

WorkerPool::WorkerPool(std::shared_ptr<RunShared> shared)
    : m_shared(std::move(shared))
{
}

int autoWorkerThreads(int peakVus, int cores)
{
    const int wanted = (std::max(1, peakVus) + kVusPerWorkerThread - 1) / kVusPerWorkerThread;
    return std::clamp(wanted, 1, std::max(1, cores));
}

WorkerPool::~WorkerPool()
{
    stop();
}

bool WorkerPool::start(const Profile &profile, const RunOptions &options, const OperationMix &mix,
                       const QString &address, QString *error)
{
    // A shard runs its own global VU ids (core/engine/executors/shardplan.h); `vus` is how
    // many of them there are, VU ids[j] runs on worker j % W.
    const QVector<int> shardIds = shardVuIds(profile.ramp.shard, profile.ramp.peakVus());
    const int vus = int(shardIds.size());
    int w = options.workerThreads > 0 ? options.workerThreads
                                      : autoWorkerThreads(vus, QThread::idealThreadCount());
    w = std::clamp(w, 1, std::max(1, vus));
    // target.spread round_robin: worker i sends to node i % N, VU v runs on worker v % W, so
    // VU v goes to node v % N when W is a multiple of N (at least N workers when there are
    // as many VUs).
    const QStringList nodes = profile.target.loadAddresses();
    const int n = int(nodes.size());
    if (n > 1)
        w = std::min(std::max(1, vus), (w + n - 1) / n * n);
    // The pre-flight refused a limit too low for the VUs (openFileLimitProblem); this raises
    // it for runs that skip the pre-flight (tests that start the pool alone).
    raiseOpenFileLimit(openFilesNeeded(vus));

    const TransportConfig config = transportConfigFor(profile.target, address, options.token);

    const uint64_t seed = QRandomGenerator::global()->generate64();
    for (int i = 0; i < w; ++i) {
        QVector<int> ids;
        for (int j = i; j < vus; j += w)
            ids.append(shardIds.at(j));
        WorkerThread wt;
        wt.thread = std::make_unique<QThread>();
        wt.thread->setObjectName(QStringLiteral("vw-worker-%1").arg(i));
        // The lean loop (core/util/epolleventdispatcher.h); VW_WORKER_LOOP=qt keeps Qt's own
        // dispatcher, for comparisons (docs/performance.md, "Lean worker loop").
        if (qgetenv("VW_WORKER_LOOP") != "qt")
            wt.thread->setEventDispatcher(new EpollEventDispatcher);
        WorkerConfig wc;
        wc.index = i;
        wc.count = w;
        wc.requestTimeoutMs = profile.target.requestTimeoutMs;
        wc.debugBusyLoopUsPerRequest = options.debugBusyLoopUsPerRequest;
        wc.node = n > 1 ? i % n : 0;
        wt.worker = new Worker(m_shared, mix, ids, seed, wc);
        wt.worker->moveToThread(wt.thread.get());
        wt.thread->start();
        bool ok = false;
        Worker *worker = wt.worker;
        QMetaObject::invokeMethod(
            worker,
            [&] {
                QString niceError;
                if (!lowerCurrentThreadPriority(options.workerNice, &niceError))
                    qWarning().noquote()
                        << QStringLiteral("worker priority unchanged: %1").arg(niceError);
                TransportConfig mine = config;
                if (n > 1) { // this worker's node; the others stay redirect targets
                    mine.baseUrl = QUrl(nodes.at(i % n));
                    mine.nodeAddresses.clear();
                    for (const QString &other : nodes)
                        if (other != nodes.at(i % n))
                            mine.nodeAddresses.append(QUrl(other));
                }
                ok = worker->init(profile.transport, mine, error);
            },
            Qt::BlockingQueuedConnection);
        m_workers.push_back(std::move(wt));
        if (!ok)
            return false;
    }
    return true;
}

void WorkerPool::stop()
{
    for (WorkerThread &wt : m_workers) {
        Worker *worker = wt.worker;
        QMetaObject::invokeMethod(
            worker, [worker] { worker->shutdown(); }, Qt::BlockingQueuedConnection);
        wt.thread->quit();
        wt.thread->wait();
        delete worker;
    }
    m_workers.clear();
}

void WorkerPool::setVuTokens(const QVector<QByteArray> &byVu)
{
    for (WorkerThread &wt : m_workers) {
        Worker *w = wt.worker;
        QMetaObject::invokeMethod(
            w, [w, &byVu] { w->setVuTokens(byVu); }, Qt::BlockingQueuedConnection);
    }
}

void WorkerPool::beginStage(int index)
{
    for (WorkerThread &wt : m_workers) {
        Worker *w = wt.worker;
        QMetaObject::invokeMethod(
            w, [w, index] { w->beginStage(index); }, Qt::QueuedConnection);
    }
}

void WorkerPool::closeStage(int index, bool countDrops)
{
    for (WorkerThread &wt : m_workers) {
        Worker *w = wt.worker;
        QMetaObject::invokeMethod(
            w, [w, index, countDrops] { w->closeStage(index, countDrops); },
            Qt::BlockingQueuedConnection);
    }
}

void WorkerPool::abortAll()
{
    for (WorkerThread &wt : m_workers) {
        Worker *w = wt.worker;
        QMetaObject::invokeMethod(
            w, [w] { w->abortAll(); }, Qt::BlockingQueuedConnection);
    }
}

void WorkerPool::flush()
{
    for (WorkerThread &wt : m_workers) {
        Worker *w = wt.worker;
        QMetaObject::invokeMethod(
            w, [w] { w->flush(); }, Qt::BlockingQueuedConnection);
    }
}

void WorkerPool::requestPublish()
{
    for (WorkerThread &wt : m_workers)
        wt.worker->requestPublish();
}

void WorkerPool::drainInto(StageCollector &collector)
{
    for (WorkerThread &wt : m_workers) {
        WorkerSpares spent;
        collector.merge(wt.worker->takeDelta(), &spent);
        if (!spent.isEmpty()) {
            spent.resetForReuse(); // here, not on the worker thread
            wt.worker->recycle(std::move(spent));
        }
    }
}

QVector<int64_t> WorkerPool::threadCpuNs() const
{
    QVector<int64_t> out;
    for (const WorkerThread &wt : m_workers)
        out.append(wt.worker->threadCpuNs());
    return out;
}

} // namespace vw
