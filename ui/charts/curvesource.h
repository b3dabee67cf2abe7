// What a chart draws for one run: a label and its stages. Charts never own data: they are
// handed CurveSources, turn them into points (curvebuilder.h) and push them into QXYSeries.
#pragma once

#include "analysis/opanalysis.h"
#include "profile/analysisspec.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QList>
#include <QString>

namespace vw {

struct CurveSource {
    QString label;               ///< session label, shown in the legend when overlaying
    QList<StageStats> stages;    ///< completed stages, in order
    StageStats partial;          ///< the running stage so far (live view only)
    bool hasPartial = false;     ///< draw `partial` as the last point of each curve
    TimeSeries series;           ///< the 1-second series (time chart)
    /// Capacity analysis drawn on the charts (knee/saturation/failure markers, USL fit);
    /// empty (computed = false) for a live run.
    SessionAnalysis analysis;
    SloSpec slo;                 ///< the profile's SLO: a horizontal line when set
};

} // namespace vw
