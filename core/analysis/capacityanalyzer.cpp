#include "analysis/capacityanalyzer.h"

#include "analysis/kneedetector.h"
#include "analysis/stagedetectors.h"
#include "analysis/uslfit.h"

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

SessionAnalysis analyzeStages(const QList<StageStats> &stages, const QStringList &ops,
                              const LoadModel &model, const AnalysisSettings &settings,
                              const QStringList &settingsNotes)
{
    SessionAnalysis out;
    out.computed = true;
    for (const QString &op : ops) {
        OpAnalysis a = analyzeCurve(curveFromStages(stages, op, model), settings);
        for (const QString &n : settingsNotes)
            a.notes.append(n);
        out.ops.append(a);
    }
    return out;
}

} // namespace vw
