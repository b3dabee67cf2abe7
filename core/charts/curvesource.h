// What a chart is built from for one run (plain data, no Qt GUI type): a label, its stages,
// the running stage so far, the 1-second series, the capacity analysis and the SLO. The chart
// model (chartmodel.h) turns a list of them into one ChartModel; the renderers never read
// statistics themselves.
#pragma once

#include "analysis/opanalysis.h"
#include "profile/analysisspec.h"
#include "stats/blockbootstrap.h"
#include "stats/servertelemetry.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <array>
#include <QString>

namespace vw {

struct Session;

struct CurveSource {
    QString label; ///< session label, shown in the legend when overlaying
    QList<StageStats> stages; ///< completed stages, in order
    StageStats partial; ///< the running stage so far (live view only)
    bool hasPartial = false; ///< draw `partial` as the last point of each curve
    TimeSeries series; ///< the 1-second series (time charts)
    /// Capacity analysis drawn on the charts (knee/saturation/failure markers, USL fit);
    /// empty (computed = false) for a live run.
    SessionAnalysis analysis;
    SloSpec slo; ///< the profile's SLO: a horizontal line when set
    /// The run's load model is open (arrival-rate): its stages chart against their offered
    /// rate, not their VUs (chartmodel.h, loadAxisOf()). From Session::loadModel().
    bool openModel = false;
    /// The server's side of the run (server charts, core/charts/serverchartmodel.h): for a
    /// live run the samples so far (RunSnapshot::server); empty for sessions without server
    /// telemetry.
    ServerTelemetry server;
    /// A run still going (the GUI's live entry): a chart without data yet says it waits for
    /// the server's first reading, not that the session has none.
    bool live = false;
    /// The target's address (RunRecord::targetAddress) and the run's start (UTC), for the
    /// chart subtitle (charttitle.h); empty/invalid for a source without them.
    QString target;
    QDateTime startedAt;
    /// The stages' 95% intervals (addIntervals()): by StageStats::index, then op, then
    /// BootMetric (core/stats/blockbootstrap.h). Empty: none drawn (a live run, or not asked).
    QMap<int, QMap<QString, std::array<Interval, kBootMetricCount>>> intervals;
    /// What the intervals are, for the band's title: "95% CI, block bootstrap, 1 run" or
    /// "95% CI, bootstrap over runs, 3 runs".
    QString intervalTitle;
    /// Two or more replicates (RunRecord::replicates): each one's stages, drawn as faint points
    /// (ChartOptions::replicates); empty otherwise.
    QList<QList<StageStats>> replicates;
};

/// A saved session as a chart source: its stages, series, capacity analysis
/// (session/sessionanalysis.h) and the SLO of the profile it was run with.
CurveSource curveSourceFromSession(const Session &session, const QString &label);

/// Adds the session's stage intervals to `src` (sessionStageSample(),
/// core/session/comparisonverdicts.h: over the replicates when there are two or more, else a
/// block bootstrap over the steady seconds) and its replicates. Milliseconds per stage: off
/// the GUI thread (the HTML report, `export`, the study report call it).
void addIntervals(CurveSource *src, const Session &session);

} // namespace vw
