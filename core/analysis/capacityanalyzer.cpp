#include "analysis/capacityanalyzer.h"

#include "analysis/kneedetector.h"
#include "analysis/stagedetectors.h"
#include "analysis/uslfit.h"
#include "profile/analysisspecparser.h"

namespace vw {

OpAnalysis analyzeCurve(const OpCurve &c, const AnalysisSettings &settings)
{
    OpAnalysis a;
    a.op = c.op;
    a.excluded = c.excluded;
    a.knee = detectKnee(c);
    a.saturation = detectSaturation(c, settings.thresholds);
    a.failure = detectFailure(c, settings.thresholds);
    a.maxThroughput = maxThroughput(c);
    a.maxThroughputAtSlo = maxThroughputWithinSlo(c, settings.slo);
    a.usl = fitUsl(c);
    for (const ExcludedStage &e : c.excluded)
        a.notes.append(QStringLiteral("stage %1 (%2 VUs) left out: %3")
                           .arg(stageNumber(e.stage))
                           .arg(e.vus)
                           .arg(e.reason));
    return a;
}

SessionAnalysis analyzeSession(const Session &s)
{
    QStringList problems;
    const AnalysisSettings settings = analysisSettingsFromYaml(s.profileYaml, &problems);
    SessionAnalysis out;
    out.computed = true;
    for (const QString &op : s.ops) {
        OpAnalysis a = analyzeCurve(curveFromStages(s.stages, op), settings);
        for (const QString &p : problems)
            a.notes.append(QStringLiteral("profile thresholds: %1 (default used)").arg(p));
        out.ops.append(a);
    }
    return out;
}

SessionAnalysis sessionAnalysis(const Session &s)
{
    return s.analysis.computed ? s.analysis : analyzeSession(s);
}

} // namespace vw
