// The 1-second time series for the live view and the session (docs/measurement.md, "Statistics").
#pragma once

#include <QList>
#include <QMap>
#include <QString>

namespace vw {

/// One second of one operation. Latencies in milliseconds; counts by start time.
struct SeriesPoint {
    double tS = 0; ///< end of the second, seconds since the measured window began
    int stage = 0; ///< stage index
    int vus = 0; ///< planned VUs of that stage
    QString op;
    int64_t count = 0;
    int64_t ok = 0;
    int64_t errors = 0;
    /// `errors` by error class (core/stats/errorclass.h key -> count; no key for a class with
    /// none). Empty, with errorClassesKnown false, in a session written before the series
    /// stored classes (docs/session-format.md): there only the total is known.
    QMap<QString, int64_t> errorClasses;
    bool errorClassesKnown = true;
    double p50Ms = 0;
    double p99Ms = 0;
    int inFlight = 0; ///< in-flight gauge at the end of the second (all ops)
    bool warmup = false; ///< the second lies in a warm-up slice
};

using TimeSeries = QList<SeriesPoint>;

} // namespace vw
