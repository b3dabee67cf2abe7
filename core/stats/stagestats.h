// Statistics of one stage of a ramp: one OpStats per operation of the profile.
// Requests are attributed to the stage in which they *started*; those started during the
// warm-up slice are excluded (measurement.md, "Load models").
#pragma once

#include "stats/opstats.h"

#include <QList>

namespace vw {

struct StageStats {
    int index = 0;              ///< 0-based stage number in the ramp
    int vus = 0;                ///< planned virtual users
    qint64 durationMs = 0;      ///< planned stage length, warm-up included
    qint64 warmupMs = 0;
    qint64 startMs = 0;         ///< stage start, ms since the measured window began
    double steadySeconds = 0;   ///< measured (post-warm-up) window actually run, seconds
    int maxInFlight = 0;        ///< in-flight gauge maximum during the steady window
    double meanInFlight = 0;    ///< time-weighted mean of the gauge during the steady window
    bool complete = true;       ///< false when the run stopped during this stage
    QList<OpStats> ops;         ///< one per operation type, in profile order

    /// successes / steadySeconds of one op (0 when the window is empty).
    double throughputPerS(const OpStats &o) const
    {
        return steadySeconds > 0 ? double(o.ok) / steadySeconds : 0.0;
    }
    const OpStats *find(const QString &op) const
    {
        for (const OpStats &o : ops)
            if (o.op == op)
                return &o;
        return nullptr;
    }
};

} // namespace vw
