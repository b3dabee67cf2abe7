// Test fixture: the stages a closed ramp would measure against an ideal server with a fixed
// capacity of `workers` requests served at once, `serviceMs` each. Throughput per stage is
// min(VUs, workers) * 1000 / serviceMs per second; latency follows Little's law
// (VUs / throughput). One operation, 1 s steady windows, no errors.
#pragma once

#include "stats/stagestats.h"

#include <QList>

namespace vw::test {

QList<StageStats> fixedCapacityStages(const QString &op, const QList<int> &vus, int workers,
                                      double serviceMs);

/// Turns the share `ratio` (0..1) of `op`'s requests in stage `st` into errors of class
/// `errorKey` (core/stats/errorclass.h keys, e.g. "http_403"): the count stays, the successes
/// and their latency records shrink. E.g. 0.76 "http_403": a token that expired mid-ramp.
void failShare(StageStats &st, const QString &op, double ratio, const QString &errorKey);

/// Flags `st` client-bound by the validity guard, for `reason` ("client_cpu: 97 % of 2 cores").
void markClientBound(StageStats &st, const QString &reason);

/// A closed stage (index `index`, `vus` VUs, 1 s steady window) in which every one of `count`
/// requests of `op` failed with `errorKey` (e.g. "connection" for a server that died): no
/// success, so no latency.
StageStats allErrorStage(const QString &op, int index, int vus, qint64 count,
                         const QString &errorKey = QStringLiteral("connection"));

} // namespace vw::test
