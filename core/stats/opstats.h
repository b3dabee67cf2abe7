// Statistics of one operation in one stage (or one time-series second).
#pragma once

#include "stats/errorclass.h"
#include "stats/latencyhistogram.h"

#include <QJsonObject>
#include <QMap>
#include <QString>

namespace vw {

struct OpStats {
    QString
        op; ///< operation label (the profile's `name`, else the type, e.g. "ssh_sign"; core/profile/operationlabels.h)
    int64_t count = 0; ///< requests completed (ok + errors) that started in the window
    int64_t ok = 0; ///< successes
    QMap<QString, int64_t> errors; ///< error key (core/stats/errorclass.h) -> count
    /// Latency of *successful* requests, microseconds. Closed model: from the actual send.
    /// Arrival-rate: from the intended start (coordinated-omission corrected, as wrk2).
    LatencyHistogram latency;
    /// Arrival-rate only: service time of successful requests, from the actual send (us).
    /// Empty in closed stages, where it would equal `latency`.
    LatencyHistogram serviceTime;
    /// Arrival-rate only: starts due in the window that were never sent (no VU became free
    /// before the stage ended or before request_timeout passed). Not part of `count`.
    int64_t dropped = 0;

    int64_t errorCount() const { return count - ok; }
    double errorRatio() const { return count > 0 ? double(count - ok) / double(count) : 0.0; }
    void recordOk(int64_t latencyUs);
    /// Arrival-rate success: corrected latency (from the intended start) and service time.
    void recordOk(int64_t correctedUs, int64_t serviceUs);
    /// True when the open-model fields (serviceTime, dropped) carry data.
    bool hasOpenModelData() const { return dropped > 0 || serviceTime.count() > 0; }
    void recordError(const QString &key);
    void add(const OpStats &o); ///< merge another OpStats of the same op

    /// {"op","count","ok","errors":{...},"latency_ms":{mean,p50,p90,p95,p99,p999,max},
    ///  "histogram": LatencyHistogram::toJson()}; throughput is added by the caller who knows
    ///  the window. With open-model data also "dropped", "service_time_ms" (summary) and, with
    ///  histograms, "service_time_histogram".
    QJsonObject toJson(bool withHistogram) const;
    static bool fromJson(const QJsonObject &o, OpStats *out, QString *error);
};

/// {"mean","p50","p90","p95","p99","p999","max"} in milliseconds (3 decimals) of `h`; every
/// value is null when `h` is empty (no successful request: no latency, never 0).
QJsonObject latencySummaryMs(const LatencyHistogram &h);

/// One latency figure of `h` as text for tables: the percentile `percentile` (0..100), the
/// mean (`percentile` < 0) or the max (`percentile` > 100), in milliseconds with `decimals`
/// decimals; `none` ("-" in tables, "" in CSV) when `h` is empty (no successful request).
inline constexpr double kMeanLatency = -1; ///< latencyCellMs: the mean
inline constexpr double kMaxLatency = 101; ///< latencyCellMs: the max
QString latencyCellMs(const LatencyHistogram &h, double percentile, int decimals,
                      const QString &none = QStringLiteral("-"));

} // namespace vw
