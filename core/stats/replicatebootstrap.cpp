#include "stats/replicatebootstrap.h"

#include <QHash>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace vw {

QList<ReplicateUnit> replicateUnits(const QList<QList<StageStats>> &replicates, int stage,
                                    const QString &op)
{
    QList<ReplicateUnit> out;
    for (const QList<StageStats> &rep : replicates) {
        if (stage < 0 || stage >= rep.size())
            continue;
        const StageStats &st = rep.at(stage);
        const OpStats *o = st.find(op);
        // a replicate whose stage was client-bound measured the client: left out
        if (!o || st.steadySeconds <= 0 || st.noCompletions() || st.validity.clientBound)
            continue;
        out.append({st.throughputPerS(*o) * st.steadySeconds, st.steadySeconds, o->latency});
    }
    return out;
}

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using Figures = std::array<double, kBootMetricCount>;

/// The figures of the units pooled with the given multiplicities (`times[i]` copies of unit
/// i); `scratch` is a dense histogram reused across calls.
Figures pooled(const QList<ReplicateUnit> &units, const QVector<int> &times,
               LatencyHistogram *scratch)
{
    scratch->reset();
    double successes = 0, seconds = 0;
    for (int i = 0; i < units.size(); ++i)
        for (int k = 0; k < times.at(i); ++k) {
            successes += units.at(i).successes;
            seconds += units.at(i).seconds;
            scratch->add(units.at(i).latency);
        }
    Figures f;
    f.fill(kNaN);
    f[int(BootMetric::Throughput)] = seconds > 0 ? successes / seconds : kNaN;
    if (scratch->count() > 0) {
        f[int(BootMetric::Mean)] = scratch->meanUs() / 1000.0;
        f[int(BootMetric::P50)] = double(scratch->valueAtPercentileUs(50)) / 1000.0;
        f[int(BootMetric::P95)] = double(scratch->valueAtPercentileUs(95)) / 1000.0;
        f[int(BootMetric::P99)] = double(scratch->valueAtPercentileUs(99)) / 1000.0;
    }
    return f;
}

QByteArray key(const QVector<int> &times)
{
    QByteArray k;
    for (int t : times)
        k.append(char(std::min(t, 127)));
    return k;
}

} // namespace

double expandedPercentileFactor(int n)
{
    // t(0.975, df) for df = 1..30 (two-sided 95 %); beyond, t ~ z + (z^3 + z) / (4 df).
    static constexpr double kT975[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                       2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                       2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                       2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    constexpr double z = 1.959964;
    if (n < 2)
        return 1;
    const int df = n - 1;
    const double t = df <= 30 ? kT975[df - 1] : z + (z * z * z + z) / (4.0 * df);
    return std::sqrt(double(n) / double(df)) * t / z;
}

BootstrapSample bootstrapReplicates(const QList<ReplicateUnit> &units,
                                    const BootstrapOptions &options)
{
    BootstrapSample s;
    s.resamples = options.resamples;
    s.seed = options.seed;
    s.confidence = options.confidence;
    for (const ReplicateUnit &u : units)
        s.seconds += int(std::floor(u.seconds));
    const int n = int(units.size());
    LatencyHistogram scratch;
    if (n > 0)
        s.point = pooled(units, QVector<int>(n, 1), &scratch); // the figures, even without interval
    if (n < kMinReplicates) {
        s.reason = QStringLiteral("%1 replicate(s) of the stage that were not client-bound; an "
                                  "interval between runs needs %2")
                       .arg(n)
                       .arg(kMinReplicates);
        return s;
    }
    // A percentile of the pooled stage resting on a handful of values gets no interval.
    const int64_t successes = scratch.count();
    const std::array<std::pair<BootMetric, double>, 3> tails{
        {{BootMetric::P50, 50}, {BootMetric::P95, 95}, {BootMetric::P99, 99}}};
    for (const auto &[m, p] : tails) {
        const double above = double(successes) * (1 - p / 100);
        if (above < options.minTailCount)
            s.metricReason[int(m)] =
                QStringLiteral("p%1 of %2 successes rests on %3 value(s) above it; an interval "
                               "needs %4")
                    .arg(p)
                    .arg(successes)
                    .arg(std::floor(above))
                    .arg(options.minTailCount);
    }
    if (successes == 0)
        for (BootMetric m : {BootMetric::Mean, BootMetric::P50, BootMetric::P95, BootMetric::P99})
            s.metricReason[int(m)] = QStringLiteral("no success in the stage: no latency");
    for (auto &d : s.draws)
        d.reserve(options.resamples);
    // N replicates have only C(2N-1, N) distinct resamples (10 for 3): each is pooled once.
    QHash<QByteArray, Figures> cache;
    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<int> pick(0, n - 1);
    QVector<int> times(n);
    for (int r = 0; r < options.resamples; ++r) {
        std::fill(times.begin(), times.end(), 0);
        for (int k = 0; k < n; ++k)
            ++times[pick(rng)];
        const QByteArray k = key(times);
        auto it = cache.constFind(k);
        if (it == cache.constEnd())
            it = cache.insert(k, pooled(units, times, &scratch));
        for (int m = 0; m < kBootMetricCount; ++m)
            s.draws[m].append(it.value()[m]);
    }
    // Widened around the point estimate on the log scale (all figures are positive).
    const double c = expandedPercentileFactor(n);
    for (int m = 0; m < kBootMetricCount; ++m) {
        const double p = s.point[m];
        if (!(p > 0))
            continue;
        for (double &d : s.draws[m])
            if (d > 0)
                d = p * std::pow(d / p, c);
    }
    s.ok = true;
    return s;
}

double runSpreadOverSecondSpread(const QList<ReplicateUnit> &units,
                                 const BootstrapSample &withinRun)
{
    if (units.size() < 2 || !withinRun.ok)
        return 0;
    const int t = int(BootMetric::Throughput);
    const Interval w = percentileInterval(withinRun.draws[t], withinRun.confidence);
    const double pw = withinRun.point[t];
    if (!w.known || !(pw > 0) || !(w.hi > w.lo))
        return 0;
    double sum = 0, sum2 = 0;
    for (const ReplicateUnit &u : units) {
        const double x = u.seconds > 0 ? u.successes / u.seconds : 0;
        sum += x;
        sum2 += x * x;
    }
    const double n = double(units.size()), mean = sum / n;
    const double sd = std::sqrt(std::max(0.0, (sum2 - n * mean * mean) / (n - 1)));
    const double within = (w.hi - w.lo) / (2 * 1.959964) / pw;
    return mean > 0 ? (sd / mean) / within : 0;
}

QString runSpreadWords(double ratio)
{
    if (!(ratio > 0))
        return QString();
    if (ratio >= 2)
        return QStringLiteral("runs differ %1x more than seconds within a run: the host is "
                              "noisy, add repeats")
            .arg(ratio, 0, 'f', 1);
    return QStringLiteral("runs differ about as much as seconds within a run (%1x)")
        .arg(ratio, 0, 'f', 1);
}

} // namespace vw
