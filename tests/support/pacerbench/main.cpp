// The open model's pacer alone, without a network (bench/pacer.sh --sinks pacer; not a test):
//
//   vw_pacer_bench --rate R [--seconds S] [--warmup-ms M] [--workers W] [--vus V]
//
// W worker threads (default 2, as `run` on two cores), each with its own event loop and its
// own ArrivalRateExecutor (core/engine/executors/arrivalrateexecutor.h), pace one stage of
// R starts per second over M ms of warm-up plus S seconds. A start's "request" completes at
// once through the worker's event loop (a queued call frees its VU, as a response would), so
// what is measured is the pacer's own lateness: its timerfd wake-up, spin and event loop, with
// no sink, socket or network stack sharing the CPU. Prints one line:
//   rate=R count=N dropped=D p50_us=.. p99_us=.. max_us=..
// over the starts intended after the warm-up (lateness = time of the send call - intended
// start, whole microseconds, at least 1, as `schedule_lateness_us`).
#include "engine/executors/arrivalrateexecutor.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "stats/latencyhistogram.h"
#include "util/clock.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

using namespace vw;

namespace {

constexpr int64_t kNsPerMs = 1'000'000;

/// One worker's VUs: a start records its lateness and completes through the event loop.
class InstantHost final : public VuHost {
public:
    InstantHost(int vus, QObject *context)
        : m_vus(vus)
        , m_context(context)
    {
    }
    int vuCount() const override { return m_vus; }
    int vuId(int slot) const override { return slot; }
    int opCount() const override { return 1; }
    int pickOp() override { return 0; }
    void launch(int slot, int, int64_t intendedNs, bool) override
    {
        const int64_t now = steadyNowNs();
        if (intendedNs >= warmupEndNs)
            lateness.record(std::max<int64_t>(1, (now - intendedNs) / 1000));
        QMetaObject::invokeMethod(
            m_context,
            [this, slot] {
                if (executor) // null once the stage is closed
                    executor->vuFreed(slot);
            },
            Qt::QueuedConnection);
    }
    void recordDropped(int, int, int64_t n) override { dropped += n; }

    ArrivalRateExecutor *executor = nullptr;
    int64_t warmupEndNs = 0;
    LatencyHistogram lateness;
    int64_t dropped = 0;

private:
    int m_vus;
    QObject *m_context;
};

struct WorkerThread {
    QThread thread;
    QObject *context = nullptr; // lives on `thread`
    std::unique_ptr<InstantHost> host;
    std::unique_ptr<ArrivalRateExecutor> executor;
};

/// Runs `f` on `w`'s thread and waits for it.
template <typename F> void onThread(WorkerThread &w, F f)
{
    QMetaObject::invokeMethod(w.context, f, Qt::BlockingQueuedConnection);
}

int usage(const char *argv0)
{
    std::fprintf(stderr,
                 "usage: %s --rate R [--seconds S] [--warmup-ms M] [--workers W] "
                 "[--vus V]\n",
                 argv0);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    double rate = 0;
    double seconds = 4;
    int64_t warmupMs = 1000;
    int workers = 2;
    int vus = 256;
    for (int i = 1; i < argc; ++i) {
        const bool more = i + 1 < argc;
        if (std::strcmp(argv[i], "--rate") == 0 && more)
            rate = std::atof(argv[++i]);
        else if (std::strcmp(argv[i], "--seconds") == 0 && more)
            seconds = std::atof(argv[++i]);
        else if (std::strcmp(argv[i], "--warmup-ms") == 0 && more)
            warmupMs = std::atoll(argv[++i]);
        else if (std::strcmp(argv[i], "--workers") == 0 && more)
            workers = std::atoi(argv[++i]);
        else if (std::strcmp(argv[i], "--vus") == 0 && more)
            vus = std::atoi(argv[++i]);
        else
            return usage(argv[0]);
    }
    if (rate <= 0 || seconds <= 0 || warmupMs < 0 || workers < 1 || vus < workers)
        return usage(argv[0]);

    const int64_t durationMs = warmupMs + int64_t(seconds * 1000);
    RampSpec ramp;
    ramp.model = std::make_shared<const ArrivalRateModel>(vus);
    ramp.warmupMs = warmupMs;
    ramp.stages = {StageSpec{0, durationMs, rate}};
    auto shared = std::make_shared<RunShared>(ramp);

    std::vector<std::unique_ptr<WorkerThread>> pool;
    for (int w = 0; w < workers; ++w) {
        auto wt = std::make_unique<WorkerThread>();
        wt->context = new QObject;
        wt->context->moveToThread(&wt->thread);
        QObject::connect(&wt->thread, &QThread::finished, wt->context, &QObject::deleteLater);
        wt->thread.setObjectName(QStringLiteral("vw-worker-%1").arg(w));
        wt->thread.start();
        // VU v runs on worker v % W, as in the run (core/engine/workerpool.cpp).
        const int mine = vus / workers + (w < vus % workers ? 1 : 0);
        WorkerThread *raw = wt.get();
        onThread(*raw, [raw, mine, shared, w, workers] {
            raw->host = std::make_unique<InstantHost>(mine, raw->context);
            raw->executor = std::make_unique<ArrivalRateExecutor>(*raw->host, shared, w, workers,
                                                                  30'000 * kNsPerMs);
            raw->host->executor = raw->executor.get();
        });
        pool.push_back(std::move(wt));
    }

    const int64_t start = steadyNowNs() + 10 * kNsPerMs;
    shared->stageSlots[0].startNs.store(start);
    shared->stageSlots[0].warmupEndNs.store(start + warmupMs * kNsPerMs);
    shared->stage.store(0);
    for (auto &wt : pool) {
        wt->host->warmupEndNs = start + warmupMs * kNsPerMs;
        WorkerThread *raw = wt.get();
        QMetaObject::invokeMethod(
            raw->context, [raw] { raw->executor->beginStage(0); }, Qt::QueuedConnection);
    }
    const int64_t end = start + durationMs * kNsPerMs;
    while (steadyNowNs() < end)
        QThread::usleep(uint64_t(std::min<int64_t>(100'000, (end - steadyNowNs()) / 1000 + 1)));

    LatencyHistogram all;
    int64_t dropped = 0;
    for (auto &wt : pool) {
        WorkerThread *raw = wt.get();
        onThread(*raw, [raw] {
            raw->executor->closeStage(0, true);
            raw->host->executor = nullptr;
            raw->executor.reset();
        });
        all.add(raw->host->lateness);
        dropped += raw->host->dropped;
        raw->thread.quit();
        raw->thread.wait();
    }
    std::printf("rate=%g count=%lld dropped=%lld p50_us=%lld p99_us=%lld max_us=%lld\n", rate,
                static_cast<long long>(all.count()), static_cast<long long>(dropped),
                static_cast<long long>(all.valueAtPercentileUs(50)),
                static_cast<long long>(all.valueAtPercentileUs(99)),
                static_cast<long long>(all.maxUs()));
    return 0;
}
