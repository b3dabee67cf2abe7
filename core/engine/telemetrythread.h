// The server-telemetry sampler (core/engine/telemetrysampler.h) on a thread of its own, so that
// a slow sys/metrics answer (up to kTelemetryTimeoutMs) never holds the run's control thread:
// stage changes, snapshots and the abort rule keep their timing whatever the server's metrics
// endpoint does (a sampler on the control thread moved every stage boundary by the read's
// time against a server answering in 500 ms). The control thread posts the run's state
// changes (mark()) with their times; the sampler's thread takes them in order, each with the
// time it happened, and reads once a second in between. A change that arrives while a read is
// under way is applied right after it: the interval around it is then counted as not steady
// (TelemetrySampler::mark), never in the wrong stage.
#pragma once

#include "stats/servertelemetry.h"
#include "vault/targetspec.h"

#include <QByteArray>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>

class QThread;

namespace vw {

class ServiceProbe;

class TelemetryThread {
public:
    /// Starts the thread, which makes the sampler (its own VaultClient) and its first read
    /// (TelemetrySampler::start) there. `windowStartNs`: the measured window's start.
    /// `service`: read beside the server on that thread (core/ops/serviceprobe.h), or null.
    TelemetryThread(const TargetSpec &target, const QByteArray &token, qint64 serverPid,
                    int64_t windowStartNs, std::shared_ptr<ServiceProbe> service = nullptr);
    ~TelemetryThread(); ///< stops and joins the thread (its result is dropped)

    /// Control thread: the run's state changed at `nowNs` (as TelemetrySampler::mark). Never
    /// blocks on the network.
    void mark(int64_t nowNs, int stage, bool steady);
    /// Control thread, once, at the end: stops the thread (waits for a read under way, at
    /// most kTelemetryTimeoutMs) and returns the samples over `stageCount` stages.
    ServerTelemetry finish(int stageCount);
    /// Control thread, for the live view (RunSnapshot::serverTail): the samples read since the
    /// previous call, with the telemetry's source, process id, cores and notes as they are now
    /// (no per-stage summaries). Never blocks on the network: it copies what the thread
    /// published after its last read (one short lock).
    ServerTelemetry takeNew();

private:
    struct Mark {
        int64_t ns = 0;
        int stage = -1;
        bool steady = false;
    };
    /// Telemetry thread: copies the samples `soFar` has beyond those published before.
    void publish(const ServerTelemetry &soFar);
    void loop(TargetSpec target, QByteArray token, qint64 serverPid, int64_t windowStartNs,
              std::shared_ptr<ServiceProbe> service);

    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Mark> m_marks; // posted, not yet applied
    bool m_stop = false;
    int m_stageCount = 0;
    ServerTelemetry m_result;
    ServerTelemetry m_published; // what the live view has not taken yet (samples since then)
    qsizetype m_publishedSamples = 0; // samples copied so far (the telemetry thread's only)
    std::unique_ptr<QThread> m_thread;
};

} // namespace vw
