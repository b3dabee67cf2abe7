// Mann-Kendall: Kendall (1975); the variance inflated by (1 + r1) / (1 - r1), r1 the lag-1
// autocorrelation of the Theil-Sen-detrended series (an AR(1) effective sample size, as
// Yue & Wang 2004 without their bootstrap). MSER-5: White (1997), batch means of 5.
#include "stats/steadiness.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace vw {

namespace {

double median(QVector<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const int n = int(v.size());
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

QString figure(double v)
{
    const double a = std::abs(v);
    return QString::number(v, 'f', a >= 100 ? 0 : (a >= 10 ? 1 : 2));
}

QJsonObject trendToJson(const TrendTest &t)
{
    return QJsonObject{
        {QStringLiteral("assessed"), t.assessed}, {QStringLiteral("tau"), t.kendallTau},
        {QStringLiteral("p"), t.pValue},          {QStringLiteral("slope_per_s"), t.senSlope},
        {QStringLiteral("from"), t.from},         {QStringLiteral("to"), t.to},
        {QStringLiteral("trend"), t.trend}};
}

TrendTest trendFromJson(const QJsonObject &o)
{
    TrendTest t;
    t.assessed = o.value(QStringLiteral("assessed")).toBool();
    t.kendallTau = o.value(QStringLiteral("tau")).toDouble();
    t.pValue = o.value(QStringLiteral("p")).toDouble(1);
    t.senSlope = o.value(QStringLiteral("slope_per_s")).toDouble();
    t.from = o.value(QStringLiteral("from")).toDouble();
    t.to = o.value(QStringLiteral("to")).toDouble();
    t.trend = o.value(QStringLiteral("trend")).toBool();
    return t;
}

QString trendWords(const QString &what, const TrendTest &t, const QString &unit)
{
    return QStringLiteral("%1 %2 %3 -> %4%5")
        .arg(what, t.to < t.from ? QStringLiteral("fell") : QStringLiteral("rose"), figure(t.from),
             figure(t.to), unit);
}

} // namespace

TrendTest mannKendall(const QVector<double> &xIn, const SteadinessOptions &options)
{
    // Seconds without a value (NaN) are left out; time keeps their place.
    QVector<double> x, t;
    for (int i = 0; i < xIn.size(); ++i)
        if (!std::isnan(xIn[i])) {
            x.append(xIn[i]);
            t.append(i);
        }
    TrendTest out;
    const int n = int(x.size());
    if (n < std::max(3, options.minSeconds))
        return out;
    out.assessed = true;
    double s = 0;
    QVector<double> slopes;
    slopes.reserve(n * (n - 1) / 2);
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const double d = x[j] - x[i];
            s += d > 0 ? 1 : (d < 0 ? -1 : 0);
            slopes.append(d / (t[j] - t[i]));
        }
    // Ties: groups of equal values.
    QVector<double> sorted = x;
    std::sort(sorted.begin(), sorted.end());
    double tieTerm = 0;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && sorted[j] == sorted[i])
            ++j;
        const double g = j - i;
        tieTerm += g * (g - 1) * (2 * g + 5);
        i = j;
    }
    double var = (double(n) * (n - 1) * (2.0 * n + 5) - tieTerm) / 18.0;
    out.senSlope = median(slopes);
    const double intercept = median(x) - out.senSlope * median(t);
    out.from = intercept;
    out.to = intercept + out.senSlope * t.last();
    // Autocorrelation of what the line leaves.
    QVector<double> r(n);
    for (int i = 0; i < n; ++i)
        r[i] = x[i] - (intercept + out.senSlope * t[i]);
    const double rm = std::accumulate(r.begin(), r.end(), 0.0) / n;
    double c0 = 0, c1 = 0;
    for (int i = 0; i < n; ++i) {
        c0 += (r[i] - rm) * (r[i] - rm);
        if (i > 0)
            c1 += (r[i] - rm) * (r[i - 1] - rm);
    }
    const double r1 = c0 > 0 ? std::clamp(c1 / c0, 0.0, 0.95) : 0.0;
    var *= (1 + r1) / (1 - r1);
    const double pairs = double(n) * (n - 1) / 2.0;
    out.kendallTau = s / pairs;
    const double z = var > 0 ? (s - (s > 0 ? 1 : (s < 0 ? -1 : 0))) / std::sqrt(var) : 0.0;
    out.pValue = std::erfc(std::abs(z) / std::sqrt(2.0));
    const double level = std::abs(median(x));
    out.trend = out.pValue < options.alpha
                && std::abs(out.to - out.from) >= options.minChange * std::max(level, 1e-12);
    return out;
}

int mser5Truncation(const QVector<double> &xIn)
{
    QVector<double> x;
    for (double v : xIn)
        if (!std::isnan(v))
            x.append(v);
    const int m = int(x.size()) / 5;
    if (m < 2)
        return 0;
    QVector<double> batch(m, 0.0);
    for (int j = 0; j < m; ++j) {
        for (int i = 0; i < 5; ++i)
            batch[j] += x[j * 5 + i];
        batch[j] /= 5.0;
    }
    int best = 0;
    double bestValue = std::numeric_limits<double>::infinity();
    for (int d = 0; d <= m / 2; ++d) {
        double mean = 0;
        for (int j = d; j < m; ++j)
            mean += batch[j];
        mean /= double(m - d);
        double ss = 0;
        for (int j = d; j < m; ++j)
            ss += (batch[j] - mean) * (batch[j] - mean);
        const double v = ss / (double(m - d) * double(m - d));
        if (v < bestValue) {
            bestValue = v;
            best = d;
        }
    }
    return best * 5;
}

Steadiness assessSteadiness(const QVector<double> &throughputPerS, const QVector<double> &p50Ms,
                            const SteadinessOptions &options)
{
    Steadiness s;
    const int n = int(throughputPerS.size());
    if (n < options.minSeconds) {
        s.reason = QStringLiteral("%1 steady seconds; the trend test needs %2")
                       .arg(n)
                       .arg(options.minSeconds);
        return s;
    }
    s.assessed = true;
    s.throughput = mannKendall(throughputPerS, options);
    s.p50 = mannKendall(p50Ms, options);
    s.steady = !s.throughput.trend && !s.p50.trend;
    if (s.steady)
        return s;
    QStringList parts;
    if (s.throughput.trend)
        parts << trendWords(QStringLiteral("throughput"), s.throughput, QStringLiteral("/s"));
    if (s.p50.trend)
        parts << trendWords(QStringLiteral("p50"), s.p50, QStringLiteral(" ms"));
    s.words = parts.join(QStringLiteral(", ")) + QStringLiteral(" during the stage");
    // The warm-up that would have left the rest steady, if one would.
    const int d = std::max(mser5Truncation(throughputPerS), mser5Truncation(p50Ms));
    if (d > 0 && n - d >= options.minSeconds) {
        const bool restSteady = !mannKendall(throughputPerS.mid(d), options).trend
                                && !mannKendall(p50Ms.mid(d), options).trend;
        if (restSteady) {
            s.suggestedExtraWarmupS = d;
            s.words += QStringLiteral("; a warm-up %1 s longer would have left it steady").arg(d);
            return s;
        }
    }
    s.words += QStringLiteral("; no longer warm-up makes it steady (a trend through the stage)");
    return s;
}

QJsonObject Steadiness::toJson() const
{
    return QJsonObject{{QStringLiteral("assessed"), assessed},
                       {QStringLiteral("steady"), steady},
                       {QStringLiteral("reason"), reason},
                       {QStringLiteral("words"), words},
                       {QStringLiteral("suggested_extra_warmup_s"), suggestedExtraWarmupS},
                       {QStringLiteral("throughput"), trendToJson(throughput)},
                       {QStringLiteral("p50_ms"), trendToJson(p50)}};
}

Steadiness Steadiness::fromJson(const QJsonObject &o)
{
    Steadiness s;
    s.assessed = o.value(QStringLiteral("assessed")).toBool();
    s.steady = o.value(QStringLiteral("steady")).toBool(true);
    s.reason = o.value(QStringLiteral("reason")).toString();
    s.words = o.value(QStringLiteral("words")).toString();
    s.suggestedExtraWarmupS = o.value(QStringLiteral("suggested_extra_warmup_s")).toInt();
    s.throughput = trendFromJson(o.value(QStringLiteral("throughput")).toObject());
    s.p50 = trendFromJson(o.value(QStringLiteral("p50_ms")).toObject());
    return s;
}

} // namespace vw
