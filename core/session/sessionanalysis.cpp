#include "session/sessionanalysis.h"

#include "analysis/capacityanalyzer.h"

namespace vw {

SessionAnalysis analyzeSession(const Session &s)
{
    AnalysisSettings settings;
    settings.slo = s.plan.slo;
    settings.thresholds = s.plan.analysis;
    return analyzeStages(s.stages, s.ops, s.loadModel(), settings, s.readNotes);
}

SessionAnalysis sessionAnalysis(const Session &s)
{
    return s.analysis.computed ? s.analysis : analyzeSession(s);
}

ServerBottleneck sessionServerBottleneck(const Session &s, const SessionAnalysis &analysis)
{
    std::optional<int> knee;
    for (const OpAnalysis &a : analysis.ops) {
        if (a.knee.stage) {
            knee = a.knee.stage;
            break;
        }
    }
    const int cores = s.serverTelemetry.serverPid > 0 ? s.client.logicalCores : 0;
    return assessServerBottleneck(s.stages, s.serverTelemetry, knee, cores);
}

} // namespace vw
