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

OpAnalysis notAssessedOpenModel(const QString &op, const QList<StageStats> &stages)
{
    OpAnalysis a;
    a.op = op;
    const QString why = QStringLiteral("Not assessed: an arrival-rate (open-model) run; the "
                                       "detectors work on closed-model VU ramps. Its offered and "
                                       "achieved rates, dropped starts and latency are in the "
                                       "per-stage table.");
    for (Evidence *e : {&a.knee.evidence, &a.saturation.evidence, &a.failure.evidence,
                        &a.maxThroughput.evidence, &a.maxThroughputAtSlo.evidence,
                        &a.usl.evidence})
        e->text = why;
    for (const StageStats &st : stages)
        a.excluded.append(ExcludedStage{st.index, st.vus, QStringLiteral("arrival-rate stage")});
    a.notAssessed = QStringLiteral("an arrival-rate (open-model) run: the detectors work on "
                                   "closed-model VU ramps");
    return a;
}

SessionAnalysis analyzeStages(const QList<StageStats> &stages, const QStringList &ops,
                              const LoadModel &model, const AnalysisSettings &settings,
                              const QStringList &settingsNotes)
{
    SessionAnalysis out;
    out.computed = true;
    for (const QString &op : ops) {
        if (model.isOpen()) {
            OpAnalysis a = notAssessedOpenModel(op, stages);
            a.notes << settingsNotes;
            out.ops.append(a);
            continue;
        }
        OpAnalysis a = analyzeCurve(curveFromStages(stages, op, model), settings);
        for (const QString &n : settingsNotes)
            a.notes.append(n);
        out.ops.append(a);
    }
    return out;
}

} // namespace vw
