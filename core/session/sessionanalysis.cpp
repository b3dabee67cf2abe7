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

} // namespace vw
