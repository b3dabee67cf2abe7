// What the capacity analysis adds to a chart against VUs (issue 4): knee, saturation and
// failure markers with labels, the USL fit (throughput, dashed), the SLO as a horizontal line
// (latency p99/p95/p50, error ratio) and client-bound stages as shaded bands. Pure data built
// from CurveSources; StageCurveChart turns it into series. GUI thread only (QPen/QColor).
#pragma once

#include "charts/curvesource.h"

#include <QColor>
#include <QPen>
#include <QPointF>
#include <functional>

namespace vw {

enum class CurveMetric {
    Latency,     ///< Y = latency percentile, milliseconds
    Throughput,  ///< Y = successful requests per second
    ErrorRatio,  ///< Y = errors / requests, percent
};

struct ChartAnnotations {
    struct Marker {
        QString kind;    ///< "knee", "saturation", "failure" (the first, sets the shape)
        QPointF at;      ///< (VUs, y of the curve there)
        QString label;   ///< e.g. "knee 16", "B · knee 16", "knee 2, saturation 2"
        QColor color;
        QStringList kinds; ///< every point at this place of this curve, in that order
    };
    struct Line {
        QString name;    ///< legend text, e.g. "ssh_sign USL fit (N* 21.3)", "SLO p99 50 ms"
        QPen pen;
        QList<QPointF> points;
    };
    QList<Marker> markers;
    QList<Line> lines;
    QList<QPair<double, double>> clientBound;  ///< x ranges of client-bound stages
};

bool operator==(const ChartAnnotations::Marker &a, const ChartAnnotations::Marker &b);
bool operator==(const ChartAnnotations::Line &a, const ChartAnnotations::Line &b);
bool operator==(const ChartAnnotations &a, const ChartAnnotations &b);
inline bool operator!=(const ChartAnnotations &a, const ChartAnnotations &b) { return !(a == b); }

/// `color(si, oi)` gives the curve colour of source si, op oi. `percentile` is the latency
/// percentile the markers sit on (the highest one drawn). [minX, maxX]: the x range drawn.
ChartAnnotations buildAnnotations(CurveMetric metric, const QList<CurveSource> &sources,
                                  int percentile, double minX, double maxX,
                                  const std::function<QColor(int, int)> &color);

} // namespace vw
