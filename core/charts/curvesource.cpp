#include "charts/curvesource.h"

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

} // namespace vw
