// Validity of one stage: was the client (this process) the bottleneck? (docs/measurement.md,
// "Validity"). Filled by the engine (core/engine/validity.h), saved in sessions as
// stages[].validity and shown by the report, the table ('!' mark) and the GUI (shading).
#pragma once

#include <QJsonObject>
#include <QStringList>

namespace vw {

struct StageValidity {
    bool measured = false; ///< false for stages of sessions that predate the guard
    double clientCpu = 0; ///< process CPU time / (steady seconds * logical cores), 0..1
    double workerCpuMax = 0; ///< busiest worker thread: CPU time / steady seconds (1 = a core)
    double loopLagMsMax = 0; ///< worker event-loop lag (probe timer lateness), ms, max
    double loopLagMsP99 = 0; ///< same, 99th percentile over all workers' probes
    double inFlightOverPlanned = 0; ///< mean in-flight / planned VUs (closed) or max_vus (open)
    double littlesLawRatio = 0; ///< closed: mean in-flight / (X * R); 0 = not assessed
    double vusOverXr = 0; ///< closed: planned VUs / (X * R); 0 = not assessed
    double achievedOverOffered = 0; ///< arrival-rate: starts sent per s / rate; 0 in closed
    bool clientBound = false; ///< the client was (also) the bottleneck: see reasons
    /// Closed stage whose mean success latency exceeds 10 % of its steady window
    /// (core/engine/validity.h): the stage is too short for its latency. Not client-bound:
    /// Little's law is not assessed and throughput is taken as mean in-flight / mean latency
    /// (StageStats::throughputPerS, docs/measurement.md "Throughput").
    bool stageTooShort = false;
    double latencyOverWindow = 0; ///< closed: mean success latency / steady window; 0 = none
    /// Findings that do not make the stage client-bound, "<key>: <explanation>"; keys:
    /// stage_too_short, server_stall, littles_law (not assessed: connection errors).
    QStringList notes;
    /// One per threshold crossed, "<key>: <explanation with numbers>"; keys: client_cpu,
    /// worker_cpu, loop_lag, littles_law, in_flight, schedule (docs/session-format.md).
    QStringList reasons;

    /// {"client_cpu","worker_cpu_max","loop_lag_ms_max","loop_lag_ms_p99",
    ///  "in_flight_over_planned","littles_law_ratio","vus_over_xr","achieved_over_offered",
    ///  "client_bound","reasons":[..],"stage_too_short","latency_over_window","notes":[..]}
    QJsonObject toJson() const;
    /// Missing keys read as 0/false; `measured` is true when the object is non-empty.
    static StageValidity fromJson(const QJsonObject &o);
};

} // namespace vw
