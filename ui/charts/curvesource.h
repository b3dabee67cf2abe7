// What a chart draws for one run: a label and its stages. Charts never own data: they are
// handed CurveSources, turn them into points (curvebuilder.h) and push them into QXYSeries.
#pragma once

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
};

} // namespace vw
