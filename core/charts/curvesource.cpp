#include "charts/curvesource.h"

#include "session/comparisonverdicts.h"
#include "session/sessionanalysis.h"

namespace vw {

CurveSource curveSourceFromSession(const Session &session, const QString &label)
{
    CurveSource src;
    src.label = label;
    src.stages = session.stages;
    src.series = session.series;
    src.analysis = sessionAnalysis(session);
    src.slo = session.plan.slo;
    src.openModel = session.loadModel().isOpen();
    src.server = session.serverTelemetry;
    src.target = session.targetAddress;
    src.startedAt = session.startedAt;
    return src;
}

void addIntervals(CurveSource *src, const Session &session)
{
    const int runs = session.replicateCount();
    src->intervalTitle = runs >= 2
                             ? QStringLiteral("95% CI, bootstrap over runs, %1 runs").arg(runs)
                             : QStringLiteral("95% CI, block bootstrap, 1 run");
    if (runs >= 2)
        src->replicates = session.replicates;
    for (int i = 0; i < session.stages.size(); ++i) {
        const StageStats &st = session.stages.at(i);
        for (const OpStats &o : st.ops) {
            const BootstrapSample sample = sessionStageSample(session, i, o.op, {}, nullptr);
            std::array<Interval, kBootMetricCount> all;
            for (int m = 0; m < kBootMetricCount; ++m)
                all[m] = bootstrapInterval(sample, BootMetric(m));
            src->intervals[st.index][o.op] = all;
        }
    }
}

} // namespace vw
