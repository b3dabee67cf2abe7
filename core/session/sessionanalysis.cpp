#include "session/sessionanalysis.h"

#include "analysis/capacityanalyzer.h"
#include "profile/analysisspecparser.h"

namespace vw {

SessionAnalysis analyzeSession(const Session &s)
{
    QStringList problems;
    const AnalysisSettings settings = analysisSettingsFromYaml(s.profileYaml, &problems);
    QStringList notes;
    for (const QString &p : problems)
        notes.append(QStringLiteral("profile thresholds: %1 (default used)").arg(p));
    return analyzeStages(s.stages, s.ops, settings, notes);
}

SessionAnalysis sessionAnalysis(const Session &s)
{
    return s.analysis.computed ? s.analysis : analyzeSession(s);
}

} // namespace vw
