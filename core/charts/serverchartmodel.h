// The server's charts of the chart model (chartmodel.h: ChartKind::ServerMemoryVsLoad ..
// ServerCpuOverTime), from each source's server telemetry (CurveSource::server,
// core/stats/servertelemetry.h): per stage against load like the client's curves (overlays:
// one colour per source, its label before each name), or per second over time for the first
// source. A source without server telemetry is named in the chart's notes, never drawn as 0.
// Pure functions; any thread.
#pragma once

#include "charts/chartmodel.h"

namespace vw {

/// `kind` must be a server chart (isServerChart()).
ChartModel buildServerChartModel(ChartKind kind, const QList<CurveSource> &sources);

} // namespace vw
