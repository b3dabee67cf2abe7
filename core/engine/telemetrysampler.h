// Server telemetry during the measured window (docs/measurement.md, "Server telemetry"): once a
// second its thread (core/engine/telemetrythread.h, never the control thread's) reads GET /v1/sys/metrics (Prometheus text when the server
// exposes it, else JSON) and, when the server's process id is known (RunOptions::serverPid),
// /proc/<pid>; consecutive readings give one ServerSample each (core/stats/servertelemetry.h).
// One thread only (TelemetryThread's): it owns its own VaultClient.
// A server without the endpoint, or a token without read on sys/metrics, leaves a note in
// ServerTelemetry::notes, never a failure. Each read waits at most kTelemetryTimeoutMs.
#pragma once

#include "stats/servertelemetry.h"
#include "vault/targetspec.h"

#include <QByteArray>
#include <cstdint>
#include <memory>

namespace vw {

class ServiceProbe;
class VaultClient;

/// The longest a sys/metrics read may hold the control thread, ms.
constexpr qint64 kTelemetryTimeoutMs = 800;

class TelemetrySampler {
public:
    /// `serverPid` 0: no /proc reading. `service`: the service beside the server, read with
    /// each reading (core/ops/serviceprobe.h), or null. Constructs its client.
    TelemetrySampler(const TargetSpec &target, const QByteArray &token, qint64 serverPid,
                     std::shared_ptr<ServiceProbe> service = nullptr);
    ~TelemetrySampler();

    /// Before the measured window: chooses the form (Prometheus, else JSON) and notes what is
    /// not available. The first mark() (stage 0 begins) takes the baseline reading.
    void start();
    /// The measured window's start (steady clock, ns): samples' times count from it.
    void setWindowStart(int64_t windowStartNs) { m_windowStartNs = windowStartNs; }
    /// Reads when a second has passed since the previous reading. The sample covers the time
    /// since the previous reading and belongs to the state last set by mark().
    void poll(int64_t nowNs);
    /// The run's state changes now: `stage` begins (its warm-up when !steady), its steady
    /// window begins (steady), or the stages ended (stage -1). Reads now, so that the interval
    /// before belongs to the state before (unless the previous reading is under 250 ms old or
    /// the read fails: then the interval across the change counts as not steady).
    void mark(int64_t nowNs, int stage, bool steady);
    /// The samples and their per-stage summaries over `stageCount` stages.
    ServerTelemetry finish(int stageCount);
    /// The telemetry so far (samples, source, notes; no per-stage summaries), for the live
    /// view (TelemetryThread::takeNew()).
    const ServerTelemetry &soFar() const { return m_out; }

private:
    bool read(ServerReading *r);
    /// A reading now, its sample under the current state; false when nothing was read.
    bool sampleNow(int64_t nowNs);

    std::unique_ptr<VaultClient> m_client;
    std::shared_ptr<ServiceProbe> m_service; // null when none, or given up
    int m_serviceFailures = 0; // failed service reads in a row
    qint64 m_pid = 0;
    bool m_metrics = false; // sys/metrics answers (in m_prometheus form or JSON)
    bool m_prometheus = false;
    int m_failures = 0; // failed reads in a row
    int64_t m_windowStartNs = 0;
    int64_t m_lastNs = 0;
    bool m_haveLast = false;
    int m_stage = -1; // the state set by mark()
    bool m_steady = false;
    bool m_intervalSteady = false; // the interval since the last reading lay in one steady window
    ServerReading m_last;
    ServerTelemetry m_out;
};

} // namespace vw
