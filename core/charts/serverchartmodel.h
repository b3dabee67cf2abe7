// The server's charts of the chart model (chartmodel.h: ChartKind::ServerMemoryVsLoad ..
// ServerLatencyOverTime), from each source's server telemetry (CurveSource::server,
// core/stats/servertelemetry.h): per stage against load like the client's curves (overlays:
// one colour per source, its label before each name), or per second over time for the first
// source. A source without server telemetry is named in the chart's notes, never drawn as 0.
// Pure functions; any thread.
#pragma once

#include "charts/chartmodel.h"

namespace vw {

/// `kind` must be a server chart (isServerChart()).
ChartModel buildServerChartModel(ChartKind kind, const QList<CurveSource> &sources);

/// What a server chart shows instead of an empty axis when `model` (built from `sources`) has
/// no point of the server's own: "no data from the server (<reason>)", the reason from the
/// first source (its telemetry's notes, "waiting for its first reading, ..." for a live run,
/// "this session has no server telemetry"). Empty when the chart has a server point.
QString serverChartNoDataText(ChartKind kind, const QList<CurveSource> &sources,
                              const ChartModel &model);

} // namespace vw
