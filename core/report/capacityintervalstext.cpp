#include "report/capacityintervalstext.h"

namespace vw {

namespace {

QString heading(const OpCapacityIntervals &oc)
{
    const int n = oc.points.isEmpty() ? 0 : oc.points.first().resamples;
    return oc.points.isEmpty()
               ? QStringLiteral("%1: capacity points have no interval: %2").arg(oc.op, oc.reason)
               : QStringLiteral("%1: capacity points over %2 resamples (%3)")
                     .arg(oc.op)
                     .arg(n)
                     .arg(oc.basis);
}

} // namespace

QString capacityIntervalsText(const QList<OpCapacityIntervals> &ops)
{
    QString out;
    for (const OpCapacityIntervals &oc : ops) {
        out += heading(oc) + QLatin1Char('\n');
        for (const PointDistribution &p : oc.points)
            out += QStringLiteral("  %1\n").arg(p.words());
    }
    return out;
}

QString capacityIntervalsHtml(const QList<OpCapacityIntervals> &ops)
{
    QString out;
    for (const OpCapacityIntervals &oc : ops) {
        out += QStringLiteral("<p class=\"capacity-intervals\">%1</p>\n")
                   .arg(heading(oc).toHtmlEscaped());
        if (oc.points.isEmpty())
            continue;
        out += QStringLiteral("<ul>\n");
        for (const PointDistribution &p : oc.points)
            out += QStringLiteral("<li>%1</li>\n").arg(p.words().toHtmlEscaped());
        out += QStringLiteral("</ul>\n");
    }
    return out;
}

} // namespace vw
