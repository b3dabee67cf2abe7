#include "charts/chartannotations.h"

#include "charts/curvebuilder.h"

#include <cmath>

namespace vw {

namespace {

QList<QPointF> curveOf(CurveMetric metric, const CurveSource &src, const QString &op, int pct)
{
    switch (metric) {
    case CurveMetric::Latency:
        return latencyCurve(src, op, pct);
    case CurveMetric::Throughput:
        return throughputCurve(src, op);
    case CurveMetric::ErrorRatio:
        return errorRatioCurve(src, op);
    }
    return {};
}

std::optional<double> yAt(const QList<QPointF> &pts, int vus)
{
    for (const QPointF &p : pts)
        if (int(p.x()) == vus)
            return p.y();
    return std::nullopt;
}

} // namespace

ChartAnnotations buildAnnotations(CurveMetric metric, const QList<CurveSource> &sources,
                                  int percentile, double minX, double maxX,
                                  const std::function<QColor(int, int)> &color)
{
    ChartAnnotations out;
    const bool overlay = sources.size() > 1;
    bool sloDone = false;
    for (int si = 0; si < sources.size(); ++si) {
        const CurveSource &src = sources.at(si);
        for (const StageStats &st : src.stages)
            if (st.validity.clientBound && st.vus > 0)
                out.clientBound.append({st.vus / 1.12, st.vus * 1.12});
        const QStringList ops = curveOps(src);
        for (int oi = 0; oi < ops.size(); ++oi) {
            const QString &op = ops.at(oi);
            const OpAnalysis *a = src.analysis.find(op);
            if (!a)
                continue;
            const QColor c = color(si, oi);
            const QString prefix = overlay ? src.label + QStringLiteral(" · ") : QString();
            const QList<QPointF> pts = curveOf(metric, src, op, percentile);
            auto mark = [&](const QString &kind, const std::optional<int> &vus) {
                if (!vus)
                    return;
                const std::optional<double> y = yAt(pts, *vus);
                if (!y)
                    return;
                // two points at the same stage share one marker: "knee 2, saturation 2"
                for (ChartAnnotations::Marker &m : out.markers)
                    if (m.at == QPointF(*vus, *y) && m.color == c) {
                        m.label += QStringLiteral(", %1 %2").arg(kind).arg(*vus);
                        m.kinds << kind;
                        return;
                    }
                out.markers.append({kind, QPointF(*vus, *y),
                                    QStringLiteral("%1%2 %3").arg(prefix, kind).arg(*vus), c, {kind}});
            };
            mark(QStringLiteral("knee"), a->knee.vus);
            mark(QStringLiteral("saturation"), a->saturation.vus);
            mark(QStringLiteral("failure"), a->failure.vus);
            if (metric == CurveMetric::Throughput && a->usl.fitted && minX > 0 && maxX > minX) {
                ChartAnnotations::Line l;
                l.name = QStringLiteral("%1%2 USL fit").arg(prefix, op);
                if (a->usl.nStar)
                    l.name += QStringLiteral(" (N* %1)").arg(*a->usl.nStar, 0, 'f', 1);
                l.pen = QPen(c, 1.6, Qt::DashLine);
                const int steps = 48;
                const double l0 = std::log2(minX), l1 = std::log2(maxX);
                for (int i = 0; i <= steps; ++i) {
                    const double n = std::pow(2.0, l0 + (l1 - l0) * i / steps);
                    l.points.append(QPointF(n, a->usl.predict(n)));
                }
                out.lines.append(l);
            }
        }
        if (!sloDone && minX > 0 && maxX >= minX) {
            std::optional<double> y;
            QString name;
            if (metric == CurveMetric::Latency) {
                const std::optional<double> v = percentile >= 99   ? src.slo.p99Ms
                                                : percentile >= 95 ? src.slo.p95Ms
                                                                   : src.slo.p50Ms;
                if (v) {
                    y = *v;
                    name = QStringLiteral("SLO p%1 %2 ms").arg(percentile).arg(*v);
                }
            } else if (metric == CurveMetric::ErrorRatio && src.slo.errorRatio) {
                y = *src.slo.errorRatio * 100.0;
                name = QStringLiteral("SLO errors %1 %").arg(*y);
            }
            if (y) {
                ChartAnnotations::Line l;
                l.name = name;
                l.pen = QPen(QColor(0xd6, 0x27, 0x28), 1.4, Qt::DashDotLine);
                l.points = {QPointF(minX / 1.15, *y), QPointF(maxX * 1.15, *y)};
                out.lines.append(l);
                sloDone = true;
            }
        }
    }
    return out;
}

bool operator==(const ChartAnnotations::Marker &a, const ChartAnnotations::Marker &b)
{
    return a.kind == b.kind && a.at == b.at && a.label == b.label && a.color == b.color
           && a.kinds == b.kinds;
}

bool operator==(const ChartAnnotations::Line &a, const ChartAnnotations::Line &b)
{
    return a.name == b.name && a.pen == b.pen && a.points == b.points;
}

bool operator==(const ChartAnnotations &a, const ChartAnnotations &b)
{
    return a.markers == b.markers && a.lines == b.lines && a.clientBound == b.clientBound;
}

} // namespace vw
