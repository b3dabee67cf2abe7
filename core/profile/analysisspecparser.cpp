#include "profile/analysisspecparser.h"

#include "profile/yamlvariant.h"

#include <cmath>

namespace vw {

namespace {

/// A plain (unquoted) number, integer or decimal, finite, in [min, max] (or (min, max] when
/// `minExclusive`, [min, max) when `maxExclusive`).
std::optional<double> number(YamlFieldReader &r, const YAML::Node &n, const QString &field,
                             double min, bool minExclusive, double max, bool maxExclusive)
{
    const QVariant v = n.IsScalar() && !YamlFieldReader::isQuoted(n)
                           ? resolvePlainYamlScalar(YamlFieldReader::scalarText(n))
                           : QVariant();
    const QString range = QStringLiteral("must be a number %1 %2 and %3 %4")
                              .arg(minExclusive ? QStringLiteral(">") : QStringLiteral(">="))
                              .arg(min)
                              .arg(maxExclusive ? QStringLiteral("<") : QStringLiteral("<="))
                              .arg(max);
    const bool numeric = v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Double;
    if (!numeric) {
        r.add(n.Mark(), field,
              n.IsScalar()
                  ? range + QStringLiteral(" (got \"%1\")").arg(YamlFieldReader::scalarText(n))
                  : range);
        return std::nullopt;
    }
    const double x = v.toDouble();
    const bool low = minExclusive ? x <= min : x < min;
    const bool high = maxExclusive ? x >= max : x > max;
    if (!std::isfinite(x) || low || high) {
        r.add(n.Mark(), field,
              range + QStringLiteral(" (got %1)").arg(YamlFieldReader::scalarText(n)));
        return std::nullopt;
    }
    return x;
}

constexpr double kMaxLatencyMs = 3600.0 * 1000.0; // the histogram's upper bound, 1 hour

} // namespace

QStringList sloKeys()
{
    return {QStringLiteral("p50_ms"), QStringLiteral("p95_ms"), QStringLiteral("p99_ms"),
            QStringLiteral("error_ratio")};
}

QStringList analysisKeys()
{
    return {QStringLiteral("saturation_gain"), QStringLiteral("saturation_stages"),
            QStringLiteral("failure_error_ratio"), QStringLiteral("noise_threshold")};
}

QStringList abortKeys()
{
    return {QStringLiteral("enabled"), QStringLiteral("error_ratio"), QStringLiteral("for")};
}

void parseSloBlock(YamlFieldReader &r, const YAML::Node &n, SloSpec *out)
{
    const QStringList allowed = sloKeys();
    QMap<QString, YAML::Node> keys;
    if (!r.checkMap(n, QStringLiteral("slo"), allowed, &keys))
        return;
    if (n.size() == 0) { // unknown keys were reported by checkMap()
        r.add(n.Mark(), QStringLiteral("slo"),
              QStringLiteral("set at least one of %1").arg(allowed.join(QStringLiteral(", "))));
        return;
    }
    auto latency = [&](const char *key, std::optional<double> *dst) {
        const QString k = QLatin1String(key);
        if (keys.contains(k))
            *dst = number(r, n[key], QStringLiteral("slo.") + k, 0, true, kMaxLatencyMs, false);
    };
    latency("p50_ms", &out->p50Ms);
    latency("p95_ms", &out->p95Ms);
    latency("p99_ms", &out->p99Ms);
    if (keys.contains(QStringLiteral("error_ratio")))
        out->errorRatio =
            number(r, n["error_ratio"], QStringLiteral("slo.error_ratio"), 0, false, 1, false);
}

void parseAnalysisBlock(YamlFieldReader &r, const YAML::Node &n, AnalysisThresholds *out)
{
    QMap<QString, YAML::Node> keys;
    if (!r.checkMap(n, QStringLiteral("analysis"), analysisKeys(), &keys))
        return;
    if (keys.contains(QStringLiteral("saturation_gain")))
        if (const auto x = number(r, n["saturation_gain"],
                                  QStringLiteral("analysis.saturation_gain"), 0, true, 1, true))
            out->saturationGain = *x;
    if (keys.contains(QStringLiteral("failure_error_ratio")))
        if (const auto x =
                number(r, n["failure_error_ratio"], QStringLiteral("analysis.failure_error_ratio"),
                       0, false, 1, true))
            out->failureErrorRatio = *x;
    if (keys.contains(QStringLiteral("saturation_stages")))
        if (const auto x = r.wholeNumber(n["saturation_stages"],
                                         QStringLiteral("analysis.saturation_stages"), 1, 10))
            out->saturationStages = int(*x);
    if (keys.contains(QStringLiteral("noise_threshold")))
        if (const auto x = number(r, n["noise_threshold"],
                                  QStringLiteral("analysis.noise_threshold"), 0, true, 1, true))
            out->noiseThreshold = *x;
}

void parseAbortBlock(YamlFieldReader &r, const YAML::Node &n, AbortRule *out)
{
    QMap<QString, YAML::Node> keys;
    if (!r.checkMap(n, QStringLiteral("abort"), abortKeys(), &keys))
        return;
    if (keys.contains(QStringLiteral("enabled")))
        if (const auto b = r.boolean(n["enabled"], QStringLiteral("abort.enabled")))
            out->enabled = *b;
    if (keys.contains(QStringLiteral("error_ratio")))
        if (const auto x =
                number(r, n["error_ratio"], QStringLiteral("abort.error_ratio"), 0, true, 1, false))
            out->errorRatio = *x;
    if (keys.contains(QStringLiteral("for"))) {
        const YAML::Node v = n["for"];
        if (const auto ms = r.duration(v, QStringLiteral("abort.for"), 1000, 3600 * 1000)) {
            if (*ms % 1000 != 0)
                r.add(v.Mark(), QStringLiteral("abort.for"),
                      QStringLiteral("must be whole seconds (the check works on 1-second points)"));
            else
                out->forMs = *ms;
        }
    }
}

QString SloSpec::describe() const
{
    QStringList parts;
    auto ms = [&](const char *name, const std::optional<double> &v) {
        if (v)
            parts.append(QStringLiteral("%1 <= %2 ms").arg(QLatin1String(name)).arg(*v));
    };
    ms("p50", p50Ms);
    ms("p95", p95Ms);
    ms("p99", p99Ms);
    if (errorRatio)
        parts.append(QStringLiteral("error ratio <= %1 %").arg(*errorRatio * 100.0));
    return parts.join(QStringLiteral(", "));
}

} // namespace vw
