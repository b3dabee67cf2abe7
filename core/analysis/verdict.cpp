#include "analysis/verdict.h"

#include <QJsonValue>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace vw {

QString verdictKey(Verdict v)
{
    switch (v) {
    case Verdict::Better:
        return QStringLiteral("better");
    case Verdict::Worse:
        return QStringLiteral("worse");
    case Verdict::NoChange:
        return QStringLiteral("no_change");
    case Verdict::Inconclusive:
        return QStringLiteral("inconclusive");
    case Verdict::NotAssessed:
        break;
    }
    return QStringLiteral("not_assessed");
}

QString verdictWords(Verdict v)
{
    return verdictKey(v).replace(QLatin1Char('_'), QLatin1Char(' '));
}

QString compareMetricKey(CompareMetric m)
{
    switch (m) {
    case CompareMetric::Throughput:
        return QStringLiteral("throughput");
    case CompareMetric::P50:
        return QStringLiteral("p50");
    case CompareMetric::P95:
        return QStringLiteral("p95");
    case CompareMetric::P99:
        break;
    }
    return QStringLiteral("p99");
}

std::optional<CompareMetric> compareMetricFromKey(const QString &key)
{
    for (int i = 0; i < kCompareMetricCount; ++i)
        if (compareMetricKey(CompareMetric(i)) == key)
            return CompareMetric(i);
    return std::nullopt;
}

BootMetric bootMetricOf(CompareMetric m)
{
    switch (m) {
    case CompareMetric::Throughput:
        return BootMetric::Throughput;
    case CompareMetric::P50:
        return BootMetric::P50;
    case CompareMetric::P95:
        return BootMetric::P95;
    case CompareMetric::P99:
        break;
    }
    return BootMetric::P99;
}

namespace {

std::optional<double> known(double x)
{
    return std::isfinite(x) ? std::optional<double>(x) : std::nullopt;
}

/// Further replicates per side after which an interval of the same centre, shrinking as
/// 1/sqrt(n), would lie wholly inside or wholly beyond the threshold band; 0 when the centre
/// is at the band's edge (no number of repeats would likely decide).
int repeatsToDecide(const MetricVerdict &v, double threshold)
{
    if (!v.ratio || !v.ci.known || !(v.ci.lo > 0) || !(*v.ratio > 0))
        return 0;
    const double centre = std::log(*v.ratio);
    const double half = (std::log(v.ci.hi) - std::log(v.ci.lo)) / 2;
    const double edge = std::log(1 + threshold);
    const double margin = std::abs(std::abs(centre) - edge);
    if (margin < 0.05 * half || half <= 0)
        return 0;
    const double n = std::max(1, v.replicates);
    const double needed = n * (half / margin) * (half / margin);
    return std::max(1, int(std::ceil(needed - n)));
}

QString ratioText(double x)
{
    return QString::number(x, 'f', x >= 2 ? 1 : 2); // "4.4x", "1.40x", "0.71x"
}

} // namespace

MetricVerdict assessMetric(CompareMetric m, const BootstrapSample &a, const BootstrapSample &b,
                           int replicates, const VerdictSettings &settings)
{
    MetricVerdict v;
    v.metric = m;
    v.replicates = std::max(1, replicates);
    const int k = int(bootMetricOf(m));
    // The figures also where there is no interval (a short stage): shown with the reason.
    v.a = known(a.point[k]);
    v.b = known(b.point[k]);
    if (v.a && v.b && *v.a > 0)
        v.ratio = *v.b / *v.a;
    auto notAssessed = [&](const QString &why) {
        v.verdict = Verdict::NotAssessed;
        v.reason = why;
        return v;
    };
    if (!a.ok)
        return notAssessed(QStringLiteral("A: %1").arg(a.reason));
    if (!b.ok)
        return notAssessed(QStringLiteral("B: %1").arg(b.reason));
    if (!a.metricReason[k].isEmpty())
        return notAssessed(QStringLiteral("A: %1").arg(a.metricReason[k]));
    if (!b.metricReason[k].isEmpty())
        return notAssessed(QStringLiteral("B: %1").arg(b.metricReason[k]));
    if (!v.ratio)
        return notAssessed(QStringLiteral("A's %1 is 0 or unknown").arg(compareMetricKey(m)));
    // Element-wise ratios of independent draws are draws of the ratio's distribution.
    const int n = int(std::min(a.draws[k].size(), b.draws[k].size()));
    QVector<double> ratios;
    ratios.reserve(n);
    int atOrBelow = 0, atOrAbove = 0;
    for (int i = 0; i < n; ++i) {
        const double x = a.draws[k].at(i), y = b.draws[k].at(i);
        if (!std::isfinite(x) || !std::isfinite(y) || !(x > 0))
            continue;
        const double r = y / x;
        ratios.append(r);
        atOrBelow += r <= 1 ? 1 : 0;
        atOrAbove += r >= 1 ? 1 : 0;
    }
    v.ci = percentileInterval(ratios, settings.confidence);
    if (!v.ci.known)
        return notAssessed(v.ci.reason.isEmpty() ? QStringLiteral("no interval of the ratio")
                                                 : v.ci.reason);
    const double total = double(ratios.size());
    v.pValue = std::min(1.0, 2 * (double(std::min(atOrBelow, atOrAbove)) + 1) / (total + 1));
    v.adjustedP = v.pValue;
    const double t = settings.threshold;
    const QString band = QStringLiteral("±%1 %").arg(t * 100, 0, 'g', 3);
    if (v.ci.lo >= 1 - t && v.ci.hi <= 1 + t) {
        v.verdict = Verdict::NoChange;
    } else if (v.ci.lo > 1 + t || v.ci.hi < 1 - t) {
        const bool up = v.ci.lo > 1 + t;
        v.verdict = up == higherIsBetter(m) ? Verdict::Better : Verdict::Worse;
    } else {
        v.verdict = Verdict::Inconclusive;
        v.reason = QStringLiteral("the interval crosses %1").arg(band);
        v.moreRepeats = repeatsToDecide(v, t);
    }
    return v;
}

void applyCorrection(const QList<MetricVerdict *> &family, const VerdictSettings &settings)
{
    QList<MetricVerdict *> tests;
    for (MetricVerdict *v : family)
        if (v->verdict != Verdict::NotAssessed)
            tests.append(v);
    const double alpha = 1 - settings.confidence;
    if (settings.correction.compare(QLatin1String("holm"), Qt::CaseInsensitive) == 0) {
        std::stable_sort(
            tests.begin(), tests.end(),
            [](const MetricVerdict *x, const MetricVerdict *y) { return x->pValue < y->pValue; });
        const int m = int(tests.size());
        double running = 0; // adjusted p-values are monotone (step-down)
        for (int i = 0; i < m; ++i) {
            running = std::max(running, std::min(1.0, double(m - i) * tests.at(i)->pValue));
            tests.at(i)->adjustedP = running;
        }
    } else {
        for (MetricVerdict *v : tests)
            v->adjustedP = v->pValue;
    }
    for (MetricVerdict *v : tests)
        if ((v->verdict == Verdict::Better || v->verdict == Verdict::Worse)
            && !(v->adjustedP < alpha)) {
            v->verdict = Verdict::Inconclusive;
            v->reason = QStringLiteral("beyond the threshold, but not significant after the %1 "
                                       "correction over %2 tests (p %3, adjusted %4)")
                            .arg(settings.correction)
                            .arg(tests.size())
                            .arg(v->pValue, 0, 'g', 2)
                            .arg(v->adjustedP, 0, 'g', 2);
            v->moreRepeats = repeatsToDecide(*v, settings.threshold);
        }
}

QString verdictSentence(const MetricVerdict &v, const QString &labelA, const QString &labelB,
                        const QString &loadText, const VerdictSettings &settings)
{
    const QString metric = compareMetricKey(v.metric);
    const QString conf = QStringLiteral("%1%").arg(settings.confidence * 100, 0, 'g', 3);
    const QString ci =
        v.ci.known ? QStringLiteral("%1: %2-%3x").arg(conf, ratioText(v.ci.lo), ratioText(v.ci.hi))
                   : QString();
    const QString band = QStringLiteral("±%1 %").arg(settings.threshold * 100, 0, 'g', 3);
    switch (v.verdict) {
    case Verdict::Better:
    case Verdict::Worse: {
        const QString what = v.metric == CompareMetric::Throughput
                                 ? QStringLiteral("the throughput")
                                 : QStringLiteral("the %1 latency").arg(metric);
        return QStringLiteral("%1: %2x %3 of %4 at %5 (%6), %7")
            .arg(labelB, ratioText(*v.ratio), what, labelA, loadText, ci, verdictWords(v.verdict));
    }
    case Verdict::NoChange:
        return QStringLiteral("%1 at %2: no change beyond %3 (%4)").arg(metric, loadText, band, ci);
    case Verdict::Inconclusive: {
        QString s = QStringLiteral("%1 at %2: inconclusive, %3x (%4; %5)")
                        .arg(metric, loadText, ratioText(*v.ratio), ci, v.reason);
        if (v.moreRepeats > 0)
            s += QStringLiteral("; about %1 more repeat(s) would likely decide").arg(v.moreRepeats);
        return s;
    }
    case Verdict::NotAssessed:
        break;
    }
    return QStringLiteral("%1 at %2: not assessed (%3)").arg(metric, loadText, v.reason);
}

QJsonObject metricVerdictJson(const MetricVerdict &v)
{
    auto num = [](const std::optional<double> &x) { return x ? QJsonValue(*x) : QJsonValue(); };
    return QJsonObject{
        {QStringLiteral("a"), num(v.a)},
        {QStringLiteral("b"), num(v.b)},
        {QStringLiteral("ratio"), num(v.ratio)},
        {QStringLiteral("ci_low"), v.ci.known ? QJsonValue(v.ci.lo) : QJsonValue()},
        {QStringLiteral("ci_high"), v.ci.known ? QJsonValue(v.ci.hi) : QJsonValue()},
        {QStringLiteral("verdict"), verdictKey(v.verdict)},
        {QStringLiteral("reason"), v.reason},
        {QStringLiteral("p"),
         v.verdict == Verdict::NotAssessed ? QJsonValue() : QJsonValue(v.pValue)},
        {QStringLiteral("p_adjusted"),
         v.verdict == Verdict::NotAssessed ? QJsonValue() : QJsonValue(v.adjustedP)},
        {QStringLiteral("more_repeats"), v.moreRepeats},
        {QStringLiteral("replicates"), v.replicates},
    };
}

} // namespace vw
