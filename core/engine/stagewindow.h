// The stage that is running (or the last one), as the control loop sees it: its timing
// (steady clock, ns), the in-flight gauge samples of its steady window and the CPU clocks at
// the steady window's start, from which its StageStats so far and the validity guard's
// inputs (core/engine/validity.h) are computed. Control thread only.
#pragma once

#include "engine/runshared.h"
#include "engine/stageplan.h"
#include "engine/validity.h"

#include <QVector>
#include <cstdint>

namespace vw {

struct StageWindow {
    int index = -1;
    int64_t startNs = 0;
    int64_t warmupEndNs = 0;
    int64_t plannedEndNs = 0;
    double gaugeSum = 0;
    int64_t gaugeSamples = 0;
    int gaugeMax = 0; // largest sample: requests of earlier stages still in flight count
    // Validity guard: CPU clocks at the start of the steady window.
    bool steadyStarted = false;
    int64_t steadyStartNs = 0;
    int64_t cpuStartNs = 0;
    QVector<int64_t> workerCpuStartNs;
    // Longest stall of the steady window: requests in flight and none completing.
    int64_t lastCompleted = -1;
    int64_t stallSinceNs = -1; // -1: not stalled (a completion, or nothing in flight)
    int64_t longestStallNs = 0;

    /// Stage `i` of `plan` starting at `startNs`.
    static StageWindow begin(const StagePlan &plan, int i, int64_t startNs);
    /// Notes the CPU clocks (process and per worker thread, ns) at the steady window's start.
    void noteSteadyStart(int64_t now, const QVector<int64_t> &workerCpuNs);
    /// Adds one gauge sample (the control loop samples every tick of the steady window).
    void sampleGauge(int inFlight);
    /// Each tick of the steady window: `completed` (all requests completed so far, any stage)
    /// and the in-flight gauge; keeps the longest time with requests in flight and no
    /// completion (a server that froze for part of the stage).
    void sampleProgress(int64_t now, int64_t completed, int inFlight);

    /// The stage's statistics so far, without ops and validity: planned fields, start (ms
    /// since `windowStartNs`), steady seconds up to `now`, gauge, sent.
    StageStats stats(const StagePlan &plan, const RunShared &shared, int64_t windowStartNs,
                     int64_t now) const;
    /// The self-measurements of the steady window up to `now` (loop lag not filled).
    ValidityInputs validityInputs(int64_t now, const QVector<int64_t> &workerCpuNs) const;
};

} // namespace vw
