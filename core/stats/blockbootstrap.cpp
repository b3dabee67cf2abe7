// Circular block bootstrap of a stage's seconds (docs/measurement.md, "Uncertainty").
// Exact merging without building a histogram per resample: the stage's non-zero buckets are
// numbered 0..K-1 once; each of the n circular blocks (of length b, and of the last partial
// length r when b does not divide n) keeps its cumulative count per bucket, so a resample's
// rank query is a search over K whose every step sums one value per drawn block. The search
// starts at the stage's own percentile bucket (galloping, then bisection: a few steps, as a
// resample's percentile lies near it) and the counts are bucket-major (one step reads one
// row of n values); docs/performance.md, "Uncertainty", gives the time.
#include "stats/blockbootstrap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace vw {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kPercentiles[] = {50, 95, 99}; // BootMetric P50, P95, P99
// Extra expansion found by simulation (tests/unit/tst_bootstrapcoverage.cpp): the block
// bootstrap's variance is biased low by about b / n and by short blocks on short series, the
// more so for a tail percentile (the merged seconds' p99 moves with the slow seconds) than for
// the mean count per second.
constexpr double kCalibrationThroughput = 1.008;
constexpr double kCalibrationLatency = 1.176;

double mean(const QVector<double> &x)
{
    double s = 0;
    for (double v : x)
        s += v;
    return x.isEmpty() ? 0.0 : s / double(x.size());
}

/// Autocovariances of x at lags 0..maxLag (divided by n, as Politis-White).
QVector<double> autocovariances(const QVector<double> &x, int maxLag)
{
    const int n = int(x.size());
    const double m = mean(x);
    QVector<double> acv(maxLag + 1, 0.0);
    for (int k = 0; k <= maxLag && k < n; ++k) {
        double s = 0;
        for (int t = k; t < n; ++t)
            s += (x[t] - m) * (x[t - k] - m);
        acv[k] = s / double(n);
    }
    return acv;
}

double flatTop(double t)
{
    t = std::abs(t);
    return t <= 0.5 ? 1.0 : (t <= 1.0 ? 2.0 * (1.0 - t) : 0.0);
}

/// Politis-White's bandwidth M (flat-top lag window) and the autocovariances up to it.
struct LagWindow {
    int m = 0;
    QVector<double> acv;
};

LagWindow lagWindow(const QVector<double> &x)
{
    const int n = int(x.size());
    LagWindow w;
    const int kn = std::max(5, int(std::ceil(std::log10(double(n)))));
    const int mMax = std::min(n - 1, int(std::ceil(std::sqrt(double(n)))) + kn);
    w.acv = autocovariances(x, std::max(mMax, 0));
    if (n < 3 || w.acv[0] <= 0)
        return w;
    const double cv = 2.0 * std::sqrt(std::log10(double(n)) / double(n));
    int mHat = -1;
    for (int m = 0; m + kn <= mMax && mHat < 0; ++m) {
        bool insignificant = true;
        for (int k = m + 1; k <= m + kn; ++k)
            insignificant = insignificant && std::abs(w.acv[k] / w.acv[0]) < cv;
        if (insignificant)
            mHat = m;
    }
    w.m = mHat < 0 ? mMax : std::min(2 * std::max(mHat, 1), mMax);
    return w;
}

/// (1 + r) / (1 - r) of the bias-corrected lag-1 autocorrelation r, raised by `sigmas`
/// standard errors (1 / sqrt(n)), in [1, 49].
double ar1Tau(const QVector<double> &x, double sigmas)
{
    const int n = int(x.size());
    if (n < 3)
        return 1.0;
    const QVector<double> acv = autocovariances(x, 1);
    if (acv[0] <= 0)
        return 1.0;
    const double r = acv[1] / acv[0];
    // sigmas 2: the bound a 95 % test would still allow (r + 2 / sqrt(n)).
    const double rc =
        std::clamp(r + (1 + 4 * r) / double(n) + sigmas / std::sqrt(double(n)), 0.0, 0.96);
    return (1 + rc) / (1 - rc);
}

/// Adds x's lag-1 products and squares about its mean to *num and *den.
void addLag1(const QVector<double> &x, double *num, double *den)
{
    const double m = mean(x);
    for (int t = 0; t < x.size(); ++t) {
        *den += (x[t] - m) * (x[t] - m);
        if (t > 0)
            *num += (x[t] - m) * (x[t - 1] - m);
    }
}

struct Draws {
    std::array<QVector<double>, kBootMetricCount> v;
};

double quantileSorted(const QVector<double> &sorted, double q)
{
    // Linear interpolation between order statistics (type 7).
    const double h = (double(sorted.size()) - 1.0) * q;
    const int lo = int(std::floor(h));
    const int hi = std::min<int>(lo + 1, int(sorted.size()) - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

} // namespace

double PooledAutocorrelation::tau(double sigmas) const
{
    if (stages < 1 || seconds < 3)
        return 1.0;
    const double r = std::max(countsR, latencyR);
    const double meanLength = double(seconds) / double(stages);
    const double rc =
        std::clamp(r + (1 + 4 * r) / meanLength + sigmas / std::sqrt(double(seconds)), 0.0, 0.96);
    return (1 + rc) / (1 - rc);
}

PooledAutocorrelation pooledAutocorrelation(const QList<QVector<double>> &counts,
                                            const QList<QVector<double>> &latency)
{
    PooledAutocorrelation out;
    double cNum = 0, cDen = 0, lNum = 0, lDen = 0;
    for (qsizetype s = 0; s < counts.size() && s < latency.size(); ++s) {
        if (counts[s].size() < 3 || latency[s].size() != counts[s].size())
            continue;
        addLag1(counts[s], &cNum, &cDen);
        addLag1(latency[s], &lNum, &lDen);
        out.seconds += int(counts[s].size());
        ++out.stages;
    }
    out.countsR = cDen > 0 ? cNum / cDen : 0.0;
    out.latencyR = lDen > 0 ? lNum / lDen : 0.0;
    return out;
}

QString bootMetricKey(BootMetric m)
{
    switch (m) {
    case BootMetric::Throughput:
        return QStringLiteral("throughput_per_s");
    case BootMetric::Mean:
        return QStringLiteral("mean_ms");
    case BootMetric::P50:
        return QStringLiteral("p50_ms");
    case BootMetric::P95:
        return QStringLiteral("p95_ms");
    case BootMetric::P99:
        return QStringLiteral("p99_ms");
    }
    return QString();
}

double politisWhiteBlockLength(const QVector<double> &x)
{
    const int n = int(x.size());
    if (n < 3)
        return 1.0;
    const LagWindow w = lagWindow(x);
    if (w.m <= 0)
        return 1.0;
    double g = 0;
    double longRun = w.acv[0];
    for (int k = 1; k <= w.m; ++k) {
        const double lambda = flatTop(double(k) / double(w.m));
        g += 2.0 * lambda * double(k) * w.acv[k];
        longRun += 2.0 * lambda * w.acv[k];
    }
    if (longRun <= 0)
        return 1.0;
    const double dCb = 4.0 / 3.0 * longRun * longRun; // Patton, Politis & White 2009
    const double b = std::cbrt(2.0 * g * g / dCb) * std::cbrt(double(n));
    const double bMax = std::ceil(std::min(3.0 * std::sqrt(double(n)), double(n) / 3.0));
    return std::clamp(b, 1.0, std::max(1.0, bMax));
}

double effectiveSampleSize(const QVector<double> &x)
{
    const int n = int(x.size());
    if (n < 3)
        return double(n);
    const LagWindow w = lagWindow(x);
    if (w.acv.isEmpty() || w.acv[0] <= 0)
        return double(n); // constant: every second says the same
    double tau = 1.0;
    for (int k = 1; k <= w.m; ++k)
        tau += 2.0 * flatTop(double(k) / double(w.m)) * w.acv[k] / w.acv[0];
    tau = std::clamp(tau, 1.0, double(n));
    return double(n) / tau;
}

Interval percentileInterval(const QVector<double> &draws, double confidence)
{
    QVector<double> v;
    v.reserve(draws.size());
    for (double d : draws)
        if (!std::isnan(d))
            v.append(d);
    Interval i;
    if (v.isEmpty() || v.size() * 2 < draws.size()) {
        i.reason = QStringLiteral("too few resamples had a value");
        return i;
    }
    std::sort(v.begin(), v.end());
    const double a = (1.0 - confidence) / 2.0;
    i.known = true;
    i.lo = quantileSorted(v, a);
    i.hi = quantileSorted(v, 1.0 - a);
    return i;
}

/// Widens `i` around `point` by `factor` (>= 1), keeping it above 0.
Interval widen(Interval i, double point, double factor)
{
    if (!i.known || std::isnan(point) || factor <= 1)
        return i;
    i.lo = std::max(0.0, point - factor * (point - i.lo));
    i.hi = point + factor * (i.hi - point);
    return i;
}

/// Student t quantile by the Cornish-Fisher expansion (Abramowitz & Stegun 26.7.5).
double tQuantile(double z, double df)
{
    const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df)
           + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df * df * df);
}

Interval bootstrapInterval(const BootstrapSample &s, BootMetric m)
{
    const int k = int(m);
    if (!s.ok)
        return Interval{false, 0, 0, s.reason};
    if (!s.metricReason[k].isEmpty())
        return Interval{false, 0, 0, s.metricReason[k]};
    return widen(percentileInterval(s.draws[k], s.confidence), s.point[k], s.widening[k]);
}

Interval bootstrapRatioInterval(const BootstrapSample &a, const BootstrapSample &b, BootMetric m)
{
    const int k = int(m);
    for (const BootstrapSample *s : {&a, &b}) {
        const Interval one = bootstrapInterval(*s, m);
        if (!one.known)
            return Interval{false, 0, 0,
                            (s == &a ? QStringLiteral("A: ") : QStringLiteral("B: ")) + one.reason};
    }
    const int n = int(std::min(a.draws[k].size(), b.draws[k].size()));
    QVector<double> ratio(n);
    for (int i = 0; i < n; ++i) {
        const double x = a.draws[k][i];
        const double y = b.draws[k][i];
        ratio[i] = (std::isnan(x) || std::isnan(y) || x <= 0) ? kNaN : y / x;
    }
    const double pa = a.point[k], pb = b.point[k];
    return widen(percentileInterval(ratio, a.confidence), pa > 0 ? pb / pa : kNaN,
                 std::max(a.widening[k], b.widening[k]));
}

BootstrapSample bootstrapSeconds(const QVector<LatencyHistogram> &seconds,
                                 const BootstrapOptions &options)
{
    BootstrapSample out;
    const int n = int(seconds.size());
    out.seconds = n;
    out.resamples = options.resamples;
    out.seed = options.seed;
    out.confidence = options.confidence;
    out.point.fill(kNaN);

    // Point estimates over all the seconds.
    LatencyHistogram all;
    QVector<double> counts(n), meanLatency(n);
    for (int t = 0; t < n; ++t) {
        all.add(seconds[t]);
        counts[t] = double(seconds[t].count());
    }
    if (n > 0)
        out.point[int(BootMetric::Throughput)] = double(all.count()) / double(n);
    if (all.count() > 0) {
        out.point[int(BootMetric::Mean)] = all.meanUs() / 1000.0;
        for (int p = 0; p < 3; ++p)
            out.point[int(BootMetric::P50) + p] =
                double(all.valueAtPercentileUs(kPercentiles[p])) / 1000.0;
    }

    if (n < options.minSeconds) {
        out.reason = QStringLiteral("%1 steady seconds; an interval needs at least %2")
                         .arg(n)
                         .arg(options.minSeconds);
        return out;
    }
    // The latency series: each second's mean, a second without success at the overall mean.
    const double overallMeanUs = all.meanUs();
    for (int t = 0; t < n; ++t)
        meanLatency[t] = seconds[t].count() > 0 ? seconds[t].meanUs() : overallMeanUs;
    out.blockLengthRaw =
        std::max(politisWhiteBlockLength(counts), politisWhiteBlockLength(meanLatency));
    out.effectiveSeconds = std::min(effectiveSampleSize(counts), effectiveSampleSize(meanLatency));
    // Short series hide their autocorrelation (the lag-1 estimate is biased low by about
    // (1 + 4 rho) / n, Marriott & Pope 1954): an AR(1) bound with that bias corrected caps
    // the effective seconds, and the block is at least that AR(1)'s autocorrelation time.
    double tauAr = std::max(ar1Tau(counts, 0), ar1Tau(meanLatency, 0));
    // Given only when even the upper bound of the autocorrelation leaves enough seconds: a
    // stage that merely looks independent by chance gets none (coverage by simulation).
    double tauUpper = std::max(ar1Tau(counts, 2), ar1Tau(meanLatency, 2));
    // Where the series is near that bound, its intervals rest on an autocorrelation that may
    // be underestimated: they are widened by the square root of the autocorrelation time one
    // standard error up over the estimate's (coverage by simulation).
    double tauOneUp = std::max(ar1Tau(counts, 1), ar1Tau(meanLatency, 1));
    // The run's neighbouring stages together know the autocorrelation better than this stage
    // alone (BootstrapOptions::run). The gate then checks the pooled bound three standard
    // errors up (its N is large, so that is close to its point) and at least the stage's own
    // bound one standard error up (a stage whose own seconds are more correlated than its
    // neighbours' still counts); the point and the widening take the larger of the two.
    // Coverage by simulation, docs/measurement.md "Coverage, measured".
    if (options.run.stages >= 2 && options.run.seconds >= 4 * n) {
        tauAr = std::max(tauAr, options.run.tau(0));
        tauOneUp = std::max({tauOneUp, tauAr, options.run.tau(1)});
        tauUpper = std::max(tauOneUp, options.run.tau(3));
    }
    out.effectiveSecondsLow = double(n) / tauUpper;
    out.effectiveSeconds = std::min(out.effectiveSeconds, double(n) / tauAr);
    out.blockLengthRaw =
        std::clamp(std::max(out.blockLengthRaw, tauAr), 1.0, std::max(1.0, double(n) / 3.0));
    const int b = std::clamp(int(std::lround(out.blockLengthRaw)), 1, n);
    out.blockLength = b;
    {
        const double df = std::max(1.0, std::min(double(n) / b, out.effectiveSeconds) - 1.0);
        const double z = 1.959963984540054; // 95 %; other levels scale alike
        const double base = std::max(1.0, tQuantile(z, df) / z * std::sqrt((df + 1) / df));
        const double cautious = std::sqrt(tauOneUp / tauAr);
        for (int m = 0; m < kBootMetricCount; ++m)
            out.widening[m] =
                base * cautious
                * (m == int(BootMetric::Throughput) ? kCalibrationThroughput : kCalibrationLatency);
    }
    if (out.effectiveSecondsLow < options.minEffectiveSeconds) {
        out.reason = QStringLiteral("%1 steady seconds may be only %2 effectively independent "
                                    "ones (autocorrelated); an interval needs %3")
                         .arg(n)
                         .arg(out.effectiveSecondsLow, 0, 'f', 1)
                         .arg(options.minEffectiveSeconds, 0, 'f', 0);
        return out;
    }
    if (all.count() == 0) {
        out.reason = QStringLiteral("no successful request in the stage");
        return out;
    }
    for (int p = 0; p < 3; ++p) {
        const double tail = double(all.count()) * (1.0 - kPercentiles[p] / 100.0);
        if (tail < options.minTailCount)
            out.metricReason[int(BootMetric::P50) + p] =
                QStringLiteral("%1 successes leave %2 above p%3; an interval needs %4")
                    .arg(all.count())
                    .arg(tail, 0, 'f', 1)
                    .arg(kPercentiles[p])
                    .arg(options.minTailCount, 0, 'f', 0);
    }

    // The stage's non-zero buckets, numbered 0..K-1 in index order (a table over the stage's
    // index range maps a bucket index to its number in one step).
    int firstIndex = std::numeric_limits<int>::max(), lastIndex = -1;
    for (const LatencyHistogram &h : seconds)
        h.visitBuckets([&](int i, int64_t) {
            firstIndex = std::min(firstIndex, i);
            lastIndex = std::max(lastIndex, i);
        });
    QVector<int> localOf(lastIndex - firstIndex + 1, -1);
    for (const LatencyHistogram &h : seconds)
        h.visitBuckets([&](int i, int64_t) { localOf[i - firstIndex] = 0; });
    QVector<int> buckets; // local number -> bucket index
    for (int i = 0; i < localOf.size(); ++i)
        if (localOf[i] == 0) {
            localOf[i] = int(buckets.size());
            buckets.append(firstIndex + i);
        }
    const int K = int(buckets.size());
    // Per second: its buckets as (local bucket, count), so that windows slide sparsely.
    QVector<QVector<QPair<int, int64_t>>> sparse(n);
    for (int t = 0; t < n; ++t) {
        seconds[t].visitBuckets([&](int i, int64_t c) {
            sparse[t].append({localOf[i - firstIndex], c});
        });
    }

    // Circular blocks of length len starting at every second: cumulative counts per bucket,
    // bucket-major (cum[k * n + s]), so that one rank query's sums over the drawn blocks read
    // one contiguous row of n values.
    struct Blocks {
        int len = 0;
        QVector<int64_t> cum; // K * n
        QVector<int64_t> total; // n
        QVector<double> sumUs; // n
        QVector<int64_t> minUs, maxUs;
    };
    auto makeBlocks = [&](int len) {
        Blocks bl;
        bl.len = len;
        bl.cum.resize(qsizetype(n) * K);
        bl.total.resize(n);
        bl.sumUs.resize(n);
        bl.minUs.resize(n);
        bl.maxUs.resize(n);
        QVector<int64_t> window(K, 0);
        for (int j = 0; j < len; ++j)
            for (const auto &[k, c] : sparse[j % n])
                window[k] += c;
        for (int s = 0; s < n; ++s) {
            if (s > 0) {
                for (const auto &[k, c] : sparse[s - 1])
                    window[k] -= c;
                for (const auto &[k, c] : sparse[(s - 1 + len) % n])
                    window[k] += c;
            }
            int64_t run = 0;
            for (int k = 0; k < K; ++k) {
                run += window[k];
                bl.cum[qsizetype(k) * n + s] = run;
            }
            bl.total[s] = run;
            double sum = 0;
            int64_t lo = std::numeric_limits<int64_t>::max(), hi = 0;
            for (int j = 0; j < len; ++j) {
                const LatencyHistogram &h = seconds[(s + j) % n];
                if (h.count() == 0)
                    continue;
                sum += h.meanUs() * double(h.count());
                lo = std::min(lo, h.minUs());
                hi = std::max(hi, h.maxUs());
            }
            bl.sumUs[s] = sum;
            bl.minUs[s] = lo;
            bl.maxUs[s] = hi;
        }
        return bl;
    };
    const int full = n / b;
    const int rest = n - full * b;
    const Blocks blocks = makeBlocks(b);
    const Blocks partial = rest > 0 ? makeBlocks(rest) : Blocks();

    // Where each percentile's search starts: its bucket in the whole stage (a resample's
    // percentile lies a few buckets from it), found in the stage's own bucket totals.
    std::array<int, 3> hint{};
    {
        QVector<int64_t> stageCounts(K, 0);
        for (const QVector<QPair<int, int64_t>> &sec : std::as_const(sparse))
            for (const auto &[k, c] : sec)
                stageCounts[k] += c;
        for (int p = 0; p < 3; ++p) {
            const double exact = kPercentiles[p] * double(all.count()) / 100.0;
            const int64_t rank =
                std::clamp<int64_t>(int64_t(std::ceil(exact - exact * 1e-12)), 1, all.count());
            int64_t seen = 0;
            int k = 0;
            while (k < K - 1 && (seen += stageCounts[k]) < rank)
                ++k;
            hint[p] = k;
        }
    }

    const int B = std::max(1, options.resamples);
    for (QVector<double> &d : out.draws)
        d.resize(B);
    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<int> start(0, n - 1);
    QVector<int> picks(full); // the full blocks' starts
    int partialStart = -1;
    const int64_t *fullCum = blocks.cum.constData();
    const int64_t *partialCum = partial.cum.constData();
    // Successes of the resample at or below local bucket k.
    auto seenAt = [&](int k) {
        const int64_t *row = fullCum + qsizetype(k) * n;
        int64_t seen = 0;
        for (int s : std::as_const(picks))
            seen += row[s];
        if (partialStart >= 0)
            seen += partialCum[qsizetype(k) * n + partialStart];
        return seen;
    };
    for (int r = 0; r < B; ++r) {
        int64_t total = 0;
        double sum = 0;
        int64_t lo = std::numeric_limits<int64_t>::max(), hi = 0;
        for (int j = 0; j < full + (rest > 0 ? 1 : 0); ++j) {
            const Blocks *bl = j < full ? &blocks : &partial;
            const int s = start(rng);
            if (j < full)
                picks[j] = s;
            else
                partialStart = s;
            total += bl->total[s];
            sum += bl->sumUs[s];
            lo = std::min(lo, bl->minUs[s]);
            hi = std::max(hi, bl->maxUs[s]);
        }
        out.draws[int(BootMetric::Throughput)][r] = double(total) / double(n);
        if (total == 0) {
            for (int m = int(BootMetric::Mean); m < kBootMetricCount; ++m)
                out.draws[m][r] = kNaN;
            continue;
        }
        out.draws[int(BootMetric::Mean)][r] = sum / double(total) / 1000.0;
        for (int p = 0; p < 3; ++p) {
            // Nearest rank, as LatencyHistogram::valueAtPercentileUs: the lowest bucket whose
            // cumulative count reaches it (seenAt(K - 1) = total >= rank), found by a
            // galloping search from the hint, then bisection.
            const double exact = kPercentiles[p] * double(total) / 100.0;
            const int64_t rank =
                std::clamp<int64_t>(int64_t(std::ceil(exact - exact * 1e-12)), 1, total);
            int below = -1, at = K - 1; // seenAt(below) < rank (or below = -1) <= seenAt(at)
            const int g = hint[p];
            if (seenAt(g) >= rank) {
                at = g;
                for (int step = 1; at > 0; step *= 2) {
                    const int probe = std::max(0, at - step);
                    if (seenAt(probe) >= rank) {
                        at = probe;
                    } else {
                        below = probe;
                        break;
                    }
                }
            } else {
                below = g;
                for (int step = 1; below + step < K - 1; step *= 2) {
                    const int probe = below + step;
                    if (seenAt(probe) >= rank) {
                        at = probe;
                        break;
                    }
                    below = probe;
                }
            }
            while (at - below > 1) {
                const int mid = below + (at - below) / 2;
                if (seenAt(mid) >= rank)
                    at = mid;
                else
                    below = mid;
            }
            const int64_t v = std::clamp(LatencyHistogram::bucketValueUs(buckets[at]), lo, hi);
            out.draws[int(BootMetric::P50) + p][r] = double(v) / 1000.0;
        }
    }
    out.ok = true;
    return out;
}

} // namespace vw
