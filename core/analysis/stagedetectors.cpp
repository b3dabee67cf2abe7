#include "analysis/stagedetectors.h"

#include <QJsonArray>
#include <cmath>

namespace vw {

namespace {

double rounded(double v, int decimals)
{
    const double s = std::pow(10.0, decimals);
    return std::round(v * s) / s;
}

QString pct(double ratio)
{
    return QString::number(ratio * 100.0, 'f', 2) + QStringLiteral(" %");
}

} // namespace

StagePoint detectSaturation(const OpCurve &c, const AnalysisThresholds &t)
{
    StagePoint r;
    const QList<CurvePoint> &pts = c.points;
    QJsonArray gains, segments;
    QList<double> g;
    for (int i = 1; i < pts.size(); ++i) {
        const double dn = double(pts[i].vus - pts[i - 1].vus);
        g.append((pts[i].throughputPerS - pts[i - 1].throughputPerS) / dn);
        gains.append(rounded(g.last(), 4));
        segments.append(QStringLiteral("%1->%2").arg(pts[i - 1].vus).arg(pts[i].vus));
    }
    r.evidence.data = QJsonObject{
        {QStringLiteral("segments_vus"), segments},
        {QStringLiteral("gain_per_s_per_vu"), gains},
        {QStringLiteral("saturation_gain"), t.saturationGain},
        {QStringLiteral("saturation_stages"), t.saturationStages},
    };
    if (g.isEmpty()) {
        r.evidence.text = QStringLiteral("No saturation: fewer than 2 usable stages.");
        return r;
    }
    const double ref = g.first();
    r.evidence.data.insert(QStringLiteral("low_load_gain_per_s_per_vu"), rounded(ref, 4));
    if (ref <= 0) {
        r.vus = pts[0].vus;
        r.stage = pts[0].stage;
        r.evidence.stages = {pts[0].stage, pts[1].stage};
        r.evidence.text = QStringLiteral("Saturated from the first stage: throughput did not grow "
                                         "from %1 VUs (%2/s) to %3 VUs (%4/s).")
                              .arg(pts[0].vus)
                              .arg(pts[0].throughputPerS, 0, 'f', 1)
                              .arg(pts[1].vus)
                              .arg(pts[1].throughputPerS, 0, 'f', 1);
        return r;
    }
    const double limit = t.saturationGain * ref;
    r.evidence.data.insert(QStringLiteral("gain_limit_per_s_per_vu"), rounded(limit, 4));
    int run = 0;
    for (int k = 1; k < g.size(); ++k) {
        run = g[k] < limit ? run + 1 : 0;
        if (run < t.saturationStages)
            continue;
        const int first = k - t.saturationStages + 1; // first low-gain segment
        const CurvePoint &p = pts[first]; // its left end: the plateau's start
        r.vus = p.vus;
        r.stage = p.stage;
        QStringList parts;
        for (int s = first; s <= k; ++s) {
            r.evidence.stages.append(pts[s].stage);
            parts.append(QStringLiteral("%1->%2 VUs: %3/s per VU")
                             .arg(pts[s].vus)
                             .arg(pts[s + 1].vus)
                             .arg(g[s], 0, 'f', 2));
        }
        r.evidence.stages.append(pts[k + 1].stage);
        r.evidence.text =
            QStringLiteral(
                "Saturation at %1 VUs (stage %2, %3/s): the marginal gain stayed below "
                "%4 % of the low-load gain (%5/s per VU, limit %6) for %7 segment(s): %8.")
                .arg(p.vus)
                .arg(stageNumber(p.stage))
                .arg(p.throughputPerS, 0, 'f', 1)
                .arg(t.saturationGain * 100.0)
                .arg(ref, 0, 'f', 2)
                .arg(limit, 0, 'f', 2)
                .arg(t.saturationStages)
                .arg(parts.join(QStringLiteral("; ")));
        return r;
    }
    r.evidence.text =
        QStringLiteral("No saturation: the marginal gain did not stay below %1 % of the low-load "
                       "gain (%2/s per VU) for %3 consecutive segment(s)%4.")
            .arg(t.saturationGain * 100.0)
            .arg(ref, 0, 'f', 2)
            .arg(t.saturationStages)
            .arg(run > 0
                     ? QStringLiteral("; the last %1 segment(s) did, too few to confirm").arg(run)
                     : QString());
    return r;
}

FailureResult detectFailure(const OpCurve &c, const AnalysisThresholds &t)
{
    FailureResult r;
    // Every measured stage (OpCurve::measured), also those the curve leaves out: a client-bound
    // stage or a ramp-down still saw the server's errors.
    QJsonArray ratios;
    for (const CurvePoint &p : c.measured)
        ratios.append(rounded(p.errorRatio(), 6));
    r.evidence.data = QJsonObject{{QStringLiteral("error_ratio"), ratios},
                                  {QStringLiteral("failure_error_ratio"), t.failureErrorRatio}};
    for (const CurvePoint &p : c.measured) {
        const double ratio = p.errorRatio();
        if (ratio <= t.failureErrorRatio)
            continue;
        QString cls;
        qint64 most = 0;
        QJsonObject errors;
        QStringList parts;
        for (auto it = p.errors.cbegin(); it != p.errors.cend(); ++it) {
            errors.insert(it.key(), it.value());
            parts.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
            if (it.value() > most) {
                most = it.value();
                cls = it.key();
            }
        }
        if (!p.openModel)
            r.vus = p.vus;
        r.load = p.load.isEmpty() ? QStringLiteral("%1 VUs").arg(p.vus) : p.load;
        r.stage = p.stage;
        r.errorClass = cls;
        r.errorRatio = ratio;
        r.evidence.stages = {p.stage};
        r.evidence.data.insert(QStringLiteral("errors"), errors);
        r.evidence.data.insert(QStringLiteral("count"), p.count);
        r.evidence.text = QStringLiteral("Failure at %1 (stage %2): error ratio %3 > %4 "
                                         "(%5 of %6 requests; %7), mostly %8.")
                              .arg(r.load)
                              .arg(stageNumber(p.stage))
                              .arg(pct(ratio), pct(t.failureErrorRatio))
                              .arg(qint64(std::llround(ratio * double(p.count))))
                              .arg(p.count)
                              .arg(parts.join(QStringLiteral(", ")), cls);
        for (const ExcludedStage &e : c.excluded)
            if (e.stage == p.stage && !p.openModel)
                r.evidence.text += QStringLiteral(" The stage is left out of the curve (%1); its "
                                                  "errors count all the same.")
                                       .arg(e.reason);
        return r;
    }
    double worst = 0;
    for (const CurvePoint &p : c.measured)
        worst = std::max(worst, p.errorRatio());
    r.evidence.text = c.measured.isEmpty()
                          ? QStringLiteral("No failure: no usable stage.")
                          : QStringLiteral("No failure: no stage's error ratio exceeded %1 "
                                           "(highest %2).")
                                .arg(pct(t.failureErrorRatio), pct(worst));
    return r;
}

ThroughputPoint maxThroughput(const OpCurve &c)
{
    ThroughputPoint r;
    int best = -1;
    for (int i = 0; i < c.points.size(); ++i)
        if (best < 0 || c.points[i].throughputPerS > c.points[best].throughputPerS)
            best = i;
    if (best < 0 || c.points[best].throughputPerS <= 0) {
        r.evidence.text = QStringLiteral("No successful request in any usable stage.");
        return r;
    }
    const CurvePoint &p = c.points[best];
    r.perS = p.throughputPerS;
    r.vus = p.vus;
    r.stage = p.stage;
    r.evidence.stages = {p.stage};
    r.evidence.data =
        QJsonObject{{QStringLiteral("throughput_per_s"), rounded(p.throughputPerS, 3)},
                    {QStringLiteral("p99_ms"), rounded(p.p99Ms, 3)}};
    r.evidence.text = QStringLiteral("Highest throughput %1/s at %2 VUs (stage %3, p99 %4 ms).")
                          .arg(p.throughputPerS, 0, 'f', 1)
                          .arg(p.vus)
                          .arg(stageNumber(p.stage))
                          .arg(p.p99Ms, 0, 'f', 3);
    return r;
}

ThroughputPoint maxThroughputWithinSlo(const OpCurve &c, const SloSpec &slo)
{
    ThroughputPoint r;
    if (!slo.isSet()) {
        r.evidence.text = QStringLiteral("No SLO in the profile (set slo: { p99_ms: ... }).");
        return r;
    }
    r.evidence.data.insert(QStringLiteral("slo"), slo.describe());
    QJsonArray met;
    int best = -1;
    for (int i = 0; i < c.points.size(); ++i) {
        const CurvePoint &p = c.points[i];
        const bool ok = p.throughputPerS > 0 && (!slo.p50Ms || p.p50Ms <= *slo.p50Ms)
                        && (!slo.p95Ms || p.p95Ms <= *slo.p95Ms)
                        && (!slo.p99Ms || p.p99Ms <= *slo.p99Ms)
                        && (!slo.errorRatio || p.errorRatio() <= *slo.errorRatio);
        met.append(ok);
        if (ok && (best < 0 || p.throughputPerS > c.points[best].throughputPerS))
            best = i;
    }
    r.evidence.data.insert(QStringLiteral("met"), met);
    if (best < 0) {
        r.evidence.text = QStringLiteral("No stage met the SLO (%1).").arg(slo.describe());
        return r;
    }
    const CurvePoint &p = c.points[best];
    r.perS = p.throughputPerS;
    r.vus = p.vus;
    r.stage = p.stage;
    r.evidence.stages = {p.stage};
    r.evidence.text = QStringLiteral("Highest throughput within the SLO (%1): %2/s at %3 VUs "
                                     "(stage %4: p50 %5 ms, p95 %6 ms, p99 %7 ms, errors %8).")
                          .arg(slo.describe())
                          .arg(p.throughputPerS, 0, 'f', 1)
                          .arg(p.vus)
                          .arg(stageNumber(p.stage))
                          .arg(p.p50Ms, 0, 'f', 3)
                          .arg(p.p95Ms, 0, 'f', 3)
                          .arg(p.p99Ms, 0, 'f', 3)
                          .arg(pct(p.errorRatio()));
    return r;
}

} // namespace vw
