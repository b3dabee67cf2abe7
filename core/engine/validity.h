// The validity guard (docs/measurement.md, "Validity"): decides per stage whether the client, not
// the server, was the bottleneck, from numbers the engine measured. Pure functions; the
// thresholds below are the documented contract (docs/session-format.md, "validity").
//
// A stage is flagged client_bound when any of these holds in its steady window:
//   client_cpu   the process used > 90 % of all logical cores
//   worker_cpu   the busiest worker thread used > 90 % of one core
//   loop_lag     the workers' event-loop lag p99 > 10 ms (a 10 ms probe timer's lateness)
//   littles_law  closed model, >= 50 successes and error ratio <= 1 % (otherwise the server's
//                failures, not the client, explain a gap): mean in-flight / (X * R) or
//                planned VUs / (X * R) outside [0.8, 1.2], with X = successes per second and
//                R = their mean latency. VUs / (X*R) > 1.2 means VUs spent time outside
//                their requests (client overhead between completion and the next send).
//                Not assessed in a stage too short for its latency (below).
//   schedule     arrival-rate: (sent + dropped) / planned starts < 0.9 (the pacer fell behind)
// achieved_over_offered (sent starts per second / rate) and in-flight / planned VUs are
// reported beside them; dropped starts alone mean the VU pool or the server was too small,
// which is not client-bound.
//
// A closed stage whose mean success latency R exceeds 10 % of its steady window T is flagged
// stage_too_short instead (StageValidity::stageTooShort and a note, not a reason: it is not
// client-bound): counting the requests that started in the window is then off by up to R / T,
// so Little's law cannot judge the client and throughput is computed as mean in-flight / R
// (StageStats::throughputPerS; docs/measurement.md, "Throughput" and "Validity").
#pragma once

#include "profile/loadmodels/loadmodel.h"
#include "stats/latencyhistogram.h"
#include "stats/stagestats.h"

#include <QVector>

namespace vw {

struct ValidityThresholds {
    double maxClientCpu = 0.90; ///< fraction of all logical cores
    double maxWorkerCpu = 0.90; ///< fraction of one core, busiest worker thread
    double maxLoopLagP99Ms = 10.0;
    double littleLow = 0.8;
    double littleHigh = 1.2;
    int64_t littleMinSuccesses = 50;
    double littleMaxErrorRatio = 0.01;
    double minScheduleRatio = 0.9;
    double maxLatencyOverWindow =
        0.10; ///< closed: mean latency / steady window above it: too short
    /// closed: a stall (nothing completed, requests in flight) this long, s, or this share
    /// of the window, whichever is longer, puts Little's law out: the server stopped.
    double maxStallSeconds = 1.0;
    double maxStallShare = 0.10;
};

/// What the engine measured about itself during a stage's steady window.
struct ValidityInputs {
    double wallSeconds = 0; ///< steady window length, s
    double processCpuSeconds = 0; ///< process CPU time in the window, s
    QVector<double> workerCpuSeconds; ///< per worker thread CPU time in the window, s
    int logicalCores = 1;
    LatencyHistogram loopLagUs; ///< all workers' probe lateness, us
    /// Longest time in the window with requests in flight and none completing, s (a server
    /// that froze for part of the stage; StageWindow::sampleProgress).
    double longestStallSeconds = 0;
};

/// Fills a StageValidity for `stage` (its ops, meanInFlight, vus, rate, steadySeconds), run by
/// load model `model` (open models are checked against their schedule, closed ones against
/// Little's law).
StageValidity assessStage(const StageStats &stage, const ValidityInputs &in, const LoadModel &model,
                          const ValidityThresholds &t = ValidityThresholds());

} // namespace vw
