#include "engine/stagewindow.h"

#include "engine/clientresources.h"

#include <QThread>
#include <algorithm>

namespace vw {

namespace {

constexpr int64_t kNsPerMs = 1'000'000LL;
constexpr int64_t kNsPerS = 1'000'000'000LL;

} // namespace

StageWindow StageWindow::begin(const StagePlan &plan, int i, int64_t startNs)
{
    StageWindow w;
    w.index = i;
    w.startNs = startNs;
    w.warmupEndNs = startNs + plan.warmupNs();
    w.plannedEndNs = startNs + plan.durationNs(i);
    return w;
}

void StageWindow::noteSteadyStart(int64_t now, const QVector<int64_t> &workerCpuNs)
{
    steadyStarted = true;
    steadyStartNs = now;
    cpuStartNs = processCpuNs();
    workerCpuStartNs = workerCpuNs;
}

void StageWindow::sampleGauge(int inFlight)
{
    gaugeSum += inFlight;
    ++gaugeSamples;
    gaugeMax = std::max(gaugeMax, inFlight);
}

void StageWindow::sampleProgress(int64_t now, int64_t completed, int inFlight)
{
    if (completed != lastCompleted || inFlight == 0) {
        lastCompleted = completed;
        stallSinceNs = inFlight > 0 ? now : -1;
        return;
    }
    if (stallSinceNs >= 0)
        longestStallNs = std::max(longestStallNs, now - stallSinceNs);
}

StageStats StageWindow::stats(const StagePlan &plan, const RunShared &shared, int64_t windowStartNs,
                              int64_t now) const
{
    StageStats st = plan.plannedStats(index);
    st.startMs = (startNs - windowStartNs) / kNsPerMs;
    st.steadySeconds = double(std::max<int64_t>(0, now - warmupEndNs)) / double(kNsPerS);
    // The same gauge as the mean: its maximum at this stage's sends and at the control loop's
    // samples. Sends alone miss requests that never complete (a frozen server: no VU sends
    // again, so a stage could show mean 4 and max 0).
    st.maxInFlight = std::max(shared.stageSlots[size_t(index)].maxInFlight.load(), gaugeMax);
    st.meanInFlight = gaugeSamples > 0 ? gaugeSum / double(gaugeSamples) : 0.0;
    st.sent = shared.stageSlots[size_t(index)].sentInWindow.load();
    st.complete = true;
    return st;
}

ValidityInputs StageWindow::validityInputs(int64_t now, const QVector<int64_t> &workerCpuNs) const
{
    ValidityInputs in;
    in.logicalCores = std::max(1, QThread::idealThreadCount());
    if (!steadyStarted || now <= steadyStartNs)
        return in;
    in.wallSeconds = double(now - steadyStartNs) / double(kNsPerS);
    in.processCpuSeconds = double(processCpuNs() - cpuStartNs) / double(kNsPerS);
    in.longestStallSeconds = double(longestStallNs) / double(kNsPerS);
    for (int i = 0; i < workerCpuNs.size() && i < workerCpuStartNs.size(); ++i)
        in.workerCpuSeconds.append(double(workerCpuNs.at(i) - workerCpuStartNs.at(i))
                                   / double(kNsPerS));
    return in;
}

} // namespace vw
