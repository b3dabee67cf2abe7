// The SVG renderer of the chart model (chartmodel.h) for the self-contained HTML report
// (htmlreport.h): inline SVG 1.1 text, headless (core has no QtCharts). It draws what the
// model holds and decides nothing: ranges, ticks, colours, styles, labels all come from it.
//
// Elements carry their data so a reader (a test, a tool) can take the chart back without
// reverse-mapping pixels (numbers in data-* attributes are in axis units, shortest exact text):
//   <svg class="chart" data-chart="latency|throughput|errors|time|time-throughput"
//        data-title=".." data-x-title=".." data-y-title="..">
//   <polyline class="series" data-series="NAME" data-piece="0" data-points="x,y x,y ..">
//        (a curve broken by a gap is one polyline per piece, data-piece 0, 1, .. in x order)
//   <polyline class="line usl|slo" data-name="NAME" data-points="..">
//   <path class="marker knee" data-kind="knee" data-kinds="knee saturation" data-label=".."
//         data-x=".." data-y=".."><title>evidence</title></path>
//   <rect class="band client-bound" data-x0=".." data-x1=".." data-stage="..">
//   <text class="note">a session left out of the chart, and why</text>
//   <svg ... data-subtitle=".." font-family="DejaVu Sans, sans-serif">
//   <text class="title|subtitle|axis-title|tick|legend|marker-label">
// Text follows the one type scale (charttype.h) for the chart's height; marker labels and
// legend rows are placed without overlaps (labelplacement.h).
// Pure function; any thread.
#pragma once

#include "charts/chartmodel.h"

#include <QString>

namespace vw {

struct SvgSize {
    int width = 760; ///< px
    int height = 420; ///< px
};

/// `<svg xmlns=... width= height= viewBox=...>...</svg>`; text is XML-escaped. A chart with no
/// point still gives valid SVG with its title, axes and "no data".
QString renderSvg(const ChartModel &model, const SvgSize &size = {});

} // namespace vw
