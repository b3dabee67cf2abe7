// Pure functions from statistics to chart points. No widgets, no state: testable alone.
// X is always the stage's planned VUs (or seconds for the time series); Y is in
// milliseconds (latency) or successful requests per second (throughput).
#pragma once

#include "charts/curvesource.h"
#include "session/session.h"

#include <QList>
#include <QPointF>
#include <QStringList>

namespace vw {

/// Operation names in order of first appearance over the stages (profile order).
QStringList curveOps(const CurveSource &source);

/// (vus, latency percentile `percentile` in ms) per stage that has a success of `op`;
/// the partial stage is appended when source.hasPartial. percentile in [0, 100].
QList<QPointF> latencyCurve(const CurveSource &source, const QString &op, double percentile);

/// (vus, successes per second) per stage that has `op` (partial appended as above).
QList<QPointF> throughputCurve(const CurveSource &source, const QString &op);

/// (vus, errors / requests in percent) per stage that has requests of `op`.
QList<QPointF> errorRatioCurve(const CurveSource &source, const QString &op);

/// (seconds since the measured window began, p50 or p99 in ms) of `op`'s 1-second points
/// that had successes.
QList<QPointF> timeCurve(const TimeSeries &series, const QString &op, bool p99);

/// (seconds since the measured window began, successes in that second) of `op`.
QList<QPointF> timeThroughputCurve(const TimeSeries &series, const QString &op);

/// A saved session as a chart source: its stages, series, capacity analysis and SLO.
CurveSource curveSourceFromSession(const Session &session, const QString &label);

} // namespace vw
