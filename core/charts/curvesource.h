// What a chart is built from for one run (plain data, no Qt GUI type): a label, its stages,
// the running stage so far, the 1-second series, the capacity analysis and the SLO. The chart
// model (chartmodel.h) turns a list of them into one ChartModel; the renderers never read
// statistics themselves.
#pragma once

#include "analysis/opanalysis.h"
#include "profile/analysisspec.h"
#include "stats/servertelemetry.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace vw {

struct Session;

struct CurveSource {
    QString label;               ///< session label, shown in the legend when overlaying
    QList<StageStats> stages;    ///< completed stages, in order
    StageStats partial;          ///< the running stage so far (live view only)
    bool hasPartial = false;     ///< draw `partial` as the last point of each curve
    TimeSeries series;           ///< the 1-second series (time charts)
    /// Capacity analysis drawn on the charts (knee/saturation/failure markers, USL fit);
    /// empty (computed = false) for a live run.
    SessionAnalysis analysis;
    SloSpec slo;                 ///< the profile's SLO: a horizontal line when set
    /// The run's load model is open (arrival-rate): its stages chart against their offered
    /// rate, not their VUs (chartmodel.h, loadAxisOf()). From Session::loadModel().
    bool openModel = false;
    /// The server's side of the run (server charts, core/charts/serverchartmodel.h); empty
    /// for a live run and for sessions without server telemetry.
    ServerTelemetry server;
    /// The target's address (RunRecord::targetAddress) and the run's start (UTC), for the
    /// chart subtitle (charttitle.h); empty/invalid for a source without them.
    QString target;
    QDateTime startedAt;
};

/// A saved session as a chart source: its stages, series, capacity analysis
/// (session/sessionanalysis.h) and the SLO of the profile it was run with.
CurveSource curveSourceFromSession(const Session &session, const QString &label);

} // namespace vw
