#include "report/reportcharts.h"

#include "analysis/capacityanalyzer.h"
#include "session/sessionanalysis.h"

#include <cmath>

namespace vw {

namespace {

double yAt(ReportChart which, const StageStats &st, const OpStats &o)
{
    switch (which) {
    case ReportChart::Latency:
        return double(o.latency.valueAtPercentileUs(99)) / 1000.0;
    case ReportChart::Throughput:
        return st.throughputPerS(o);
    case ReportChart::Errors:
        return o.errorRatio() * 100.0;
    }
    return 0;
}

bool usable(ReportChart which, const Session &s, const StageStats &st, const OpStats &o)
{
    if (s.loadModel().isOpen() || st.vus <= 0)
        return false;
    if (which == ReportChart::Latency)
        return o.latency.count() > 0;
    if (which == ReportChart::Throughput)
        return st.steadySeconds > 0;
    return o.count > 0;
}

/// y of the curve at `vus`, when the session has that stage.
std::optional<double> curveY(ReportChart which, const Session &s, const QString &op, int vus)
{
    for (const StageStats &st : s.stages)
        if (st.vus == vus)
            if (const OpStats *o = st.find(op); o && usable(which, s, st, *o))
                return yAt(which, st, *o);
    return std::nullopt;
}

} // namespace

QString reportColor(int i)
{
    static const char *kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                     "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    return QString::fromLatin1(kPalette[((i % 10) + 10) % 10]);
}

SvgChartSpec reportChartSpec(ReportChart which, const QString &op, const QList<Session> &sessions,
                             const QStringList &labels)
{
    SvgChartSpec spec;
    spec.xLabel = QStringLiteral("VUs (log2)");
    switch (which) {
    case ReportChart::Latency:
        spec.title = QStringLiteral("%1: p99 latency vs VUs").arg(op);
        spec.yLabel = QStringLiteral("p99 latency (ms)");
        break;
    case ReportChart::Throughput:
        spec.title = QStringLiteral("%1: throughput vs VUs").arg(op);
        spec.yLabel = QStringLiteral("successful requests/s");
        break;
    case ReportChart::Errors:
        spec.title = QStringLiteral("%1: error ratio vs VUs").arg(op);
        spec.yLabel = QStringLiteral("errors (% of requests)");
        break;
    }
    spec.shadedLabel = QStringLiteral("client-bound stage (load generator was a bottleneck)");
    const bool several = sessions.size() > 1;
    for (int si = 0; si < sessions.size(); ++si) {
        const Session &s = sessions.at(si);
        const QString color = reportColor(si);
        const QString label = labels.value(si, s.label);
        const QString prefix = several ? label + QStringLiteral(": ") : QString();
        SvgSeries curve;
        curve.name = several ? label : op;
        curve.color = color;
        int minVus = 0, maxVus = 0;
        for (const StageStats &st : s.stages) {
            const OpStats *o = st.find(op);
            if (!o || !usable(which, s, st, *o))
                continue;
            curve.points.append(QPointF(st.vus, yAt(which, st, *o)));
            minVus = minVus == 0 ? st.vus : std::min(minVus, st.vus);
            maxVus = std::max(maxVus, st.vus);
            if (st.validity.clientBound)
                spec.shadedX.append({st.vus / 1.15, st.vus * 1.15});
        }
        std::sort(curve.points.begin(), curve.points.end(),
                  [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
        spec.series.append(curve);

        const SessionAnalysis analysis = sessionAnalysis(s);
        const OpAnalysis *a = analysis.find(op);
        if (!a)
            continue;
        auto mark = [&](const std::optional<int> &vus, const QString &what) {
            if (!vus)
                return;
            const std::optional<double> y = curveY(which, s, op, *vus);
            if (!y)
                return;
            for (SvgMarker &m : spec.markers)   // same stage: one marker, both names
                if (m.x == double(*vus) && m.y == *y && m.color == color) {
                    m.label += QStringLiteral(", %1 %2").arg(what).arg(*vus);
                    return;
                }
            spec.markers.append({double(*vus), *y,
                                 QStringLiteral("%1%2 %3").arg(prefix, what).arg(*vus), color});
        };
        mark(a->knee.vus, QStringLiteral("knee"));
        mark(a->saturation.vus, QStringLiteral("saturation"));
        mark(a->failure.vus, QStringLiteral("failure"));
        if (which == ReportChart::Throughput && a->usl.fitted && maxVus > 0) {
            SvgSeries usl;
            usl.name = QStringLiteral("%1USL fit").arg(prefix);
            if (a->usl.nStar)
                usl.name += QStringLiteral(" (N* = %1)").arg(*a->usl.nStar, 0, 'f', 1);
            usl.color = color;
            usl.dashed = true;
            usl.dots = false;
            const int steps = 48;
            const double l0 = std::log2(double(minVus)), l1 = std::log2(double(maxVus));
            for (int i = 0; i <= steps; ++i) {
                const double n = std::pow(2.0, l0 + (l1 - l0) * i / steps);
                usl.points.append(QPointF(n, a->usl.predict(n)));
            }
            spec.series.append(usl);
        }
        if (!spec.hLine) {
            const SloSpec &slo = s.plan.slo;
            if (which == ReportChart::Latency && slo.p99Ms) {
                spec.hLine = *slo.p99Ms;
                spec.hLineLabel = QStringLiteral("SLO p99 <= %1 ms").arg(*slo.p99Ms);
            } else if (which == ReportChart::Errors && slo.errorRatio) {
                spec.hLine = *slo.errorRatio * 100.0;
                spec.hLineLabel = QStringLiteral("SLO errors <= %1 %").arg(*slo.errorRatio * 100.0);
            }
        }
    }
    return spec;
}

} // namespace vw
