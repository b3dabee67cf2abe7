#include "analysis/capacityanalyzer.h"

#include "analysis/kneedetector.h"
#include "analysis/stagedetectors.h"
#include "analysis/uslfit.h"

namespace vw {

namespace {

const QString kNoSuccess = QStringLiteral("not assessed (no successful requests)");

/// `c` without its stages that had requests but no success: they have no latency, and
/// their throughput 0 is not a load level the server was measured at. The failure detector
/// still sees them (their error ratio is the finding).
OpCurve withSuccesses(const OpCurve &c, QList<ExcludedStage> *dropped)
{
    OpCurve out;
    out.op = c.op;
    out.excluded = c.excluded;
    for (const CurvePoint &p : c.points) {
        if (p.ok > 0)
            out.points.append(p);
        else
            dropped->append(ExcludedStage{p.stage, p.vus, kNoSuccess});
    }
    return out;
}

} // namespace

OpAnalysis analyzeCurve(const OpCurve &c, const AnalysisSettings &settings)
{
    QList<ExcludedStage> noSuccess;
    const OpCurve ok = withSuccesses(c, &noSuccess);
    OpAnalysis a;
    a.op = c.op;
    a.excluded = c.excluded;
    a.knee = detectKnee(ok);
    a.saturation = detectSaturation(ok, settings.thresholds);
    a.failure = detectFailure(c, settings.thresholds);
    a.maxThroughput = maxThroughput(ok);
    a.maxThroughputAtSlo = maxThroughputWithinSlo(ok, settings.slo);
    a.usl = fitUsl(ok);
    for (const ExcludedStage &e : c.excluded)
        a.notes.append(QStringLiteral("stage %1 (%2 VUs) left out: %3")
                           .arg(stageNumber(e.stage))
                           .arg(e.vus)
                           .arg(e.reason));
    if (!noSuccess.isEmpty()) {
        QStringList which;
        for (const ExcludedStage &e : noSuccess) {
            a.excluded.append(e);
            which << QStringLiteral("stage %1 (%2 VUs)").arg(stageNumber(e.stage)).arg(e.vus);
            a.notes.append(QStringLiteral("stage %1 (%2 VUs) %3 by the knee, saturation, "
                                          "throughput, SLO and USL; the failure detector counts it")
                               .arg(stageNumber(e.stage))
                               .arg(e.vus)
                               .arg(kNoSuccess));
        }
        // Said in each latency/throughput result, so that none reads as a finding about them.
        const QString why =
            QStringLiteral(" %1 %2.").arg(which.join(QStringLiteral(", ")), kNoSuccess);
        for (Evidence *e : {&a.knee.evidence, &a.saturation.evidence, &a.maxThroughput.evidence,
                            &a.maxThroughputAtSlo.evidence, &a.usl.evidence})
            e->text += why;
    }
    return a;
}

OpAnalysis notAssessedOpenModel(const QString &op, const QList<StageStats> &stages)
{
    OpAnalysis a;
    a.op = op;
    const QString why = QStringLiteral("Not assessed: an arrival-rate (open-model) run; this "
                                       "detector works on closed-model VU ramps. Its offered and "
                                       "achieved rates, dropped starts and latency are in the "
                                       "per-stage table.");
    for (Evidence *e : {&a.knee.evidence, &a.saturation.evidence, &a.maxThroughput.evidence,
                        &a.maxThroughputAtSlo.evidence, &a.usl.evidence})
        e->text = why;
    for (const StageStats &st : stages)
        a.excluded.append(ExcludedStage{st.index, st.vus, QStringLiteral("arrival-rate stage")});
    a.notAssessed = QStringLiteral("an arrival-rate (open-model) run: knee, saturation, "
                                   "maximum throughput and USL work on closed-model VU ramps; "
                                   "failure is assessed by offered rate");
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
            a.failure = detectFailure(curveFromStages(stages, op, model), settings.thresholds);
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
