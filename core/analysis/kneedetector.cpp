#include "analysis/kneedetector.h"

#include <QJsonArray>
#include <cmath>

namespace vw {

namespace {

/// Differences y_n - x_n of the normalised curve; empty when it cannot be normalised.
QList<double> kneedleDifference(const QList<double> &x, const QList<double> &y)
{
    QList<double> d;
    if (x.size() < 3 || x.size() != y.size())
        return d;
    double ymin = y.first(), ymax = y.first();
    for (double v : y) {
        ymin = std::min(ymin, v);
        ymax = std::max(ymax, v);
    }
    const double xr = x.last() - x.first();
    const double yr = ymax - ymin;
    if (xr <= 0 || yr <= 0)
        return d;
    for (int i = 0; i < x.size(); ++i)
        d.append((y[i] - ymin) / yr - (x[i] - x.first()) / xr);
    return d;
}

QJsonArray toArray(const QList<double> &v, int decimals)
{
    QJsonArray a;
    const double scale = std::pow(10.0, decimals);
    for (double x : v)
        a.append(std::round(x * scale) / scale);
    return a;
}

} // namespace

std::optional<int> kneedleIndex(const QList<double> &x, const QList<double> &y, double sensitivity)
{
    const QList<double> d = kneedleDifference(x, y);
    if (d.isEmpty())
        return std::nullopt;
    const int n = d.size();
    // Mean step of the normalised x is 1 / (n - 1).
    const double drop = sensitivity / double(n - 1);
    for (int i = 1; i < n - 1; ++i) {
        if (!(d[i] >= d[i - 1] && d[i] > d[i + 1]))
            continue; // not a local maximum of the difference curve
        const double threshold = d[i] - drop;
        for (int j = i + 1; j < n; ++j) {
            if (d[j] > d[i])
                break; // a higher maximum follows before the drop: not a knee here
            if (d[j] < threshold)
                return i;
        }
    }
    return std::nullopt;
}

KneeResult detectKnee(const OpCurve &c)
{
    KneeResult k;
    const QList<CurvePoint> &pts = c.points;
    QList<double> vus, thr, power;
    for (const CurvePoint &p : pts) {
        vus.append(p.vus);
        thr.append(p.throughputPerS);
        power.append(p.meanMs > 0 ? p.throughputPerS / p.meanMs : 0.0);
    }
    QJsonArray stageIdx, vusJson;
    for (const CurvePoint &p : pts) {
        stageIdx.append(p.stage);
        vusJson.append(p.vus);
    }
    k.evidence.data = QJsonObject{
        {QStringLiteral("latency"), QStringLiteral("mean")},
        {QStringLiteral("stages"), stageIdx},
        {QStringLiteral("vus"), vusJson},
        {QStringLiteral("throughput_per_s"), toArray(thr, 3)},
        {QStringLiteral("power_per_s_per_ms"), toArray(power, 4)},
        {QStringLiteral("kneedle_difference"), toArray(kneedleDifference(vus, thr), 4)},
    };
    if (pts.size() < 3) {
        k.evidence.text =
            QStringLiteral("No knee: %1 usable stage(s); a knee needs at least 3.").arg(pts.size());
        return k;
    }

    int peak = 0;
    for (int i = 1; i < power.size(); ++i)
        if (power[i] > power[peak])
            peak = i;
    const std::optional<int> kneedle = kneedleIndex(vus, thr);
    const bool powerKnee = peak < pts.size() - 1 && power[peak] > 0;
    if (powerKnee)
        k.powerVus = pts[peak].vus;
    if (kneedle)
        k.kneedleVus = pts[*kneedle].vus;

    QString kneedleText;
    if (kneedle)
        kneedleText = QStringLiteral("Kneedle on throughput vs VUs puts it at %1 VUs (stage %2)")
                          .arg(pts[*kneedle].vus)
                          .arg(stageNumber(pts[*kneedle].stage));
    else
        kneedleText = QStringLiteral("Kneedle on throughput vs VUs finds no knee");

    if (powerKnee && kneedle) {
        const int gap = std::abs(*kneedle - peak);
        k.agreement = gap == 0   ? QStringLiteral("same")
                      : gap == 1 ? QStringLiteral("adjacent")
                                 : QStringLiteral("differ");
    } else if (powerKnee) {
        k.agreement = QStringLiteral("power_only");
    } else if (kneedle) {
        k.agreement = QStringLiteral("kneedle_only");
    }

    if (!powerKnee) {
        k.evidence.stages = {pts.last().stage};
        k.evidence.text =
            QStringLiteral("No knee within the ramp: power (throughput / mean latency) is still "
                           "highest at the last stage, %1 VUs (stage %2: %3/s at %4 ms). %5.")
                .arg(pts.last().vus)
                .arg(stageNumber(pts.last().stage))
                .arg(pts.last().throughputPerS, 0, 'f', 1)
                .arg(pts.last().meanMs, 0, 'f', 3)
                .arg(kneedle ? kneedleText + QStringLiteral(", not confirmed by power")
                             : kneedleText);
        return k;
    }
    const CurvePoint &p = pts[peak];
    k.vus = p.vus;
    k.stage = p.stage;
    k.p99Ms = p.p99Ms;
    k.evidence.stages = {p.stage};
    if (kneedle && *kneedle != peak)
        k.evidence.stages.append(pts[*kneedle].stage);
    const QString agreeText = k.agreement == QLatin1String("same") ? QStringLiteral("agrees")
                              : k.agreement == QLatin1String("adjacent")
                                  ? QStringLiteral("is one stage away")
                              : k.agreement == QLatin1String("differ") ? QStringLiteral("disagrees")
                                                                       : QString();
    k.evidence.text =
        QStringLiteral("Knee at %1 VUs (stage %2): power (throughput / mean latency) peaks there, "
                       "%3/s at %4 ms mean (p99 %5 ms)%6. %7%8.")
            .arg(p.vus)
            .arg(stageNumber(p.stage))
            .arg(p.throughputPerS, 0, 'f', 1)
            .arg(p.meanMs, 0, 'f', 3)
            .arg(p.p99Ms, 0, 'f', 3)
            .arg(peak == 0 ? QStringLiteral("; it is highest at the first stage, so the knee is "
                                            "at or below this concurrency")
                           : QString())
            .arg(kneedleText)
            .arg(agreeText.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(agreeText));
    return k;
}

} // namespace vw
