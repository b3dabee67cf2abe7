// Statistics of one operation in one stage (or one time-series second).
#pragma once

#include "stats/errorclass.h"
#include "stats/latencyhistogram.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

namespace vw {

struct OpStats {
    QString op;                     ///< operation type name, e.g. "ssh_sign"
    int64_t count = 0;              ///< requests completed (ok + errors) that started in the window
    int64_t ok = 0;                 ///< successes
    QMap<QString, int64_t> errors;  ///< error key (core/stats/errorclass.h) -> count
    LatencyHistogram latency;       ///< latency of *successful* requests, microseconds

    int64_t errorCount() const { return count - ok; }
    double errorRatio() const { return count > 0 ? double(count - ok) / double(count) : 0.0; }
    void recordOk(int64_t latencyUs);
    void recordError(const QString &key);
    void add(const OpStats &o);     ///< merge another OpStats of the same op

    /// {"op","count","ok","errors":{...},"latency_ms":{mean,p50,p90,p95,p99,p999,max},
    ///  "histogram": LatencyHistogram::toJson()}; throughput is added by the caller who knows
    ///  the window.
    QJsonObject toJson(bool withHistogram) const;
    static bool fromJson(const QJsonObject &o, OpStats *out, QString *error);
};

/// {"mean","p50","p90","p95","p99","p999","max"} in milliseconds (3 decimals) of `h`.
QJsonObject latencySummaryMs(const LatencyHistogram &h);

} // namespace vw
