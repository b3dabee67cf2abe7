#include "session/capacityintervals.h"

#include "analysis/capacityanalyzer.h"
#include "session/comparisonverdicts.h"
#include "stats/replicatebootstrap.h"

#include <QJsonArray>
#include <QMap>
#include <algorithm>
#include <cmath>

namespace vw {

namespace {

QString vusText(const std::optional<int> &v)
{
    return v ? QString::number(*v) : QStringLiteral("none");
}

QString share(int n, int of)
{
    return QStringLiteral("%1 %").arg(of > 0 ? std::lround(100.0 * n / of) : 0);
}

QString tally(const QList<QPair<QString, int>> &counts, int resamples)
{
    QStringList parts;
    for (int i = 0; i < counts.size() && i < 3; ++i)
        parts << QStringLiteral("%1 in %2%3")
                     .arg(counts.at(i).first, share(counts.at(i).second, resamples),
                          i == 0 ? QStringLiteral(" of resamples") : QString());
    return parts.join(QStringLiteral(", "));
}

struct Tally {
    QMap<QString, int> counts;
    QVector<double> figures;
};

PointDistribution finish(const QString &point, const QString &value, const Tally &t, int resamples,
                         bool withFigure)
{
    PointDistribution d;
    d.point = point;
    d.value = value;
    d.resamples = resamples;
    for (auto it = t.counts.cbegin(); it != t.counts.cend(); ++it)
        d.counts.append({it.key(), it.value()});
    std::stable_sort(d.counts.begin(), d.counts.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    if (withFigure)
        d.figure = percentileInterval(t.figures, 0.95);
    return d;
}

} // namespace

QString PointDistribution::words() const
{
    const QString what = point == QLatin1String("knee")         ? QStringLiteral("knee")
                         : point == QLatin1String("saturation") ? QStringLiteral("saturation")
                         : point == QLatin1String("max_throughput")
                             ? QStringLiteral("max throughput")
                         : point == QLatin1String("max_in_slo") ? QStringLiteral("max in SLO")
                                                                : QStringLiteral("USL N*");
    const QString where = value == QLatin1String("none") ? QStringLiteral("none")
                                                         : QStringLiteral("at %1 VUs").arg(value);
    QString ci;
    if (figure.known)
        ci = point == QLatin1String("usl_nstar") ? QStringLiteral("95%: %1-%2 VUs; ")
                                                       .arg(figure.lo, 0, 'f', 1)
                                                       .arg(figure.hi, 0, 'f', 1)
                                                 : QStringLiteral("95%: %1-%2/s; ")
                                                       .arg(figure.lo, 0, 'f', 0)
                                                       .arg(figure.hi, 0, 'f', 0);
    return QStringLiteral("%1 %2 (%3%4)").arg(what, where, ci, tally(counts, resamples));
}

QJsonObject PointDistribution::toJson() const
{
    QJsonObject c;
    for (const auto &kv : counts)
        c.insert(kv.first, kv.second);
    return QJsonObject{{QStringLiteral("point"), point},
                       {QStringLiteral("value"), value},
                       {QStringLiteral("resamples"), resamples},
                       {QStringLiteral("counts"), c},
                       {QStringLiteral("ci"), figure.known
                                                  ? QJsonValue(QJsonArray{figure.lo, figure.hi})
                                                  : QJsonValue()}};
}

QList<OpCapacityIntervals> capacityIntervals(const Session &s, int resamples,
                                             const BootstrapOptions &options)
{
    AnalysisSettings settings;
    settings.slo = s.plan.slo;
    settings.thresholds = s.plan.analysis;
    const bool replicated = s.replicateCount() >= kMinReplicates;
    QList<OpCapacityIntervals> out;
    for (const QString &op : s.ops) {
        OpCapacityIntervals oc;
        oc.op = op;
        oc.basis = replicated
                       ? QStringLiteral("%1 runs, bootstrap over the runs").arg(s.replicateCount())
                       : QStringLiteral("block bootstrap within each stage");
        if (s.loadModel().isOpen()) {
            oc.reason = QStringLiteral("an arrival-rate run: the capacity points are not assessed");
            out << oc;
            continue;
        }
        const OpCurve base = curveFromStages(s.stages, op, s.loadModel());
        // Each stage's bootstrap distribution, by StageStats::index. With replicates every
        // stage uses the same seed, so resample i draws the same runs for every stage.
        QMap<int, BootstrapSample> samples;
        int n = resamples;
        for (int i = 0; i < s.stages.size(); ++i) {
            const BootstrapSample b = sessionStageSample(s, i, op, options, nullptr);
            if (!b.ok)
                continue;
            samples.insert(s.stages.at(i).index, b);
            n = std::min(n, int(b.draws[int(BootMetric::Throughput)].size()));
        }
        bool covered = !base.points.isEmpty();
        for (const CurvePoint &p : base.points)
            covered = covered && samples.contains(p.stage);
        if (!covered || n < 2) {
            oc.reason = replicated ? QStringLiteral("a stage of the curve has no interval")
                                   : QStringLiteral("a stage of the curve has no interval within "
                                                    "the run (too few steady seconds, or no "
                                                    "interval histograms)");
            out << oc;
            continue;
        }
        const OpAnalysis point = analyzeCurve(base, settings);
        Tally knee, sat, maxX, maxSlo, nStar;
        auto draw = [&](const BootstrapSample &b, BootMetric m, int i, double fallback) {
            const double v = b.draws[int(m)].value(i);
            return std::isfinite(v) ? v : fallback;
        };
        for (int i = 0; i < n; ++i) {
            OpCurve c = base;
            for (QList<CurvePoint> *list : {&c.points, &c.measured})
                for (CurvePoint &p : *list) {
                    const auto it = samples.constFind(p.stage);
                    if (it == samples.constEnd())
                        continue;
                    p.throughputPerS = draw(*it, BootMetric::Throughput, i, p.throughputPerS);
                    p.meanMs = draw(*it, BootMetric::Mean, i, p.meanMs);
                    p.p50Ms = draw(*it, BootMetric::P50, i, p.p50Ms);
                    p.p95Ms = draw(*it, BootMetric::P95, i, p.p95Ms);
                    p.p99Ms = draw(*it, BootMetric::P99, i, p.p99Ms);
                }
            const OpAnalysis a = analyzeCurve(c, settings);
            ++knee.counts[vusText(a.knee.vus)];
            ++sat.counts[vusText(a.saturation.vus)];
            ++maxX.counts[vusText(a.maxThroughput.vus)];
            if (a.maxThroughput.perS)
                maxX.figures << *a.maxThroughput.perS;
            ++maxSlo.counts[vusText(a.maxThroughputAtSlo.vus)];
            if (a.maxThroughputAtSlo.perS)
                maxSlo.figures << *a.maxThroughputAtSlo.perS;
            ++nStar.counts[a.usl.nStar ? QString::number(std::lround(*a.usl.nStar))
                                       : QStringLiteral("none")];
            if (a.usl.nStar)
                nStar.figures << *a.usl.nStar;
        }
        oc.points << finish(QStringLiteral("knee"), vusText(point.knee.vus), knee, n, false)
                  << finish(QStringLiteral("saturation"), vusText(point.saturation.vus), sat, n,
                            false)
                  << finish(QStringLiteral("max_throughput"), vusText(point.maxThroughput.vus),
                            maxX, n, true);
        if (settings.slo.isSet())
            oc.points << finish(QStringLiteral("max_in_slo"), vusText(point.maxThroughputAtSlo.vus),
                                maxSlo, n, true);
        oc.points << finish(QStringLiteral("usl_nstar"),
                            point.usl.nStar ? QString::number(std::lround(*point.usl.nStar))
                                            : QStringLiteral("none"),
                            nStar, n, true);
        out << oc;
    }
    return out;
}

} // namespace vw
