#include "analysis/opanalysis.h"

#include <QJsonArray>
#include <cmath>

namespace vw {

namespace {

QJsonValue optInt(const std::optional<int> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonValue optDouble(const std::optional<double> &v)
{
    return v && std::isfinite(*v) ? QJsonValue(*v) : QJsonValue();
}

std::optional<int> readInt(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? std::optional<int>(v.toInt()) : std::nullopt;
}

std::optional<double> readDouble(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

QJsonObject uslJson(const UslResult &u)
{
    return QJsonObject{
        {QStringLiteral("lambda"), u.lambda},
        {QStringLiteral("sigma"), u.sigma},
        {QStringLiteral("kappa"), u.kappa},
        {QStringLiteral("n_star"), optDouble(u.nStar)},
        {QStringLiteral("peak_throughput_per_s"), optDouble(u.peakPerS)},
        {QStringLiteral("r2"), u.r2},
    };
}

} // namespace

QJsonObject OpAnalysis::toJson() const
{
    QJsonArray ex;
    for (const ExcludedStage &e : excluded)
        ex.append(QJsonObject{{QStringLiteral("stage"), e.stage},
                              {QStringLiteral("vus"), e.vus},
                              {QStringLiteral("reason"), e.reason}});
    const QJsonObject evidence{
        {QStringLiteral("knee"), knee.evidence.toJson()},
        {QStringLiteral("saturation"), saturation.evidence.toJson()},
        {QStringLiteral("failure"), failure.evidence.toJson()},
        {QStringLiteral("max_throughput"), maxThroughput.evidence.toJson()},
        {QStringLiteral("slo"), maxThroughputAtSlo.evidence.toJson()},
        {QStringLiteral("usl"), usl.evidence.toJson()},
    };
    QJsonObject out{
        {QStringLiteral("knee_vus"), optInt(knee.vus)},
        {QStringLiteral("knee_stage"), optInt(knee.stage)},
        {QStringLiteral("power_knee_vus"), optInt(knee.powerVus)},
        {QStringLiteral("kneedle_knee_vus"), optInt(knee.kneedleVus)},
        {QStringLiteral("knee_agreement"), knee.agreement},
        {QStringLiteral("p99_at_knee_ms"), optDouble(knee.p99Ms)},
        {QStringLiteral("saturation_vus"), optInt(saturation.vus)},
        {QStringLiteral("saturation_stage"), optInt(saturation.stage)},
        {QStringLiteral("failure_vus"), optInt(failure.vus)},
        {QStringLiteral("failure_stage"), optInt(failure.stage)},
        {QStringLiteral("failure_class"),
         failure.errorClass.isEmpty() ? QJsonValue() : QJsonValue(failure.errorClass)},
        {QStringLiteral("failure_error_ratio"), optDouble(failure.errorRatio)},
        {QStringLiteral("failure_load"),
         failure.load.isEmpty() ? QJsonValue() : QJsonValue(failure.load)},
        {QStringLiteral("max_throughput_per_s"), optDouble(maxThroughput.perS)},
        {QStringLiteral("max_throughput_vus"), optInt(maxThroughput.vus)},
        {QStringLiteral("max_throughput_stage"), optInt(maxThroughput.stage)},
        {QStringLiteral("max_throughput_at_slo_per_s"), optDouble(maxThroughputAtSlo.perS)},
        {QStringLiteral("max_throughput_at_slo_vus"), optInt(maxThroughputAtSlo.vus)},
        {QStringLiteral("max_throughput_at_slo_stage"), optInt(maxThroughputAtSlo.stage)},
        {QStringLiteral("usl"), usl.fitted ? QJsonValue(uslJson(usl)) : QJsonValue()},
        {QStringLiteral("excluded_stages"), ex},
        {QStringLiteral("notes"), QJsonArray::fromStringList(notes)},
        {QStringLiteral("evidence"), evidence},
    };
    if (!notAssessed.isEmpty())
        out.insert(QStringLiteral("not_assessed"), notAssessed);
    return out;
}

OpAnalysis OpAnalysis::fromJson(const QString &op, const QJsonObject &o)
{
    OpAnalysis a;
    a.op = op;
    const QJsonObject ev = o.value(QStringLiteral("evidence")).toObject();
    auto evidence = [&ev](const char *key) {
        return Evidence::fromJson(ev.value(QLatin1String(key)).toObject());
    };
    a.knee.vus = readInt(o, "knee_vus");
    a.knee.stage = readInt(o, "knee_stage");
    a.knee.powerVus = readInt(o, "power_knee_vus");
    a.knee.kneedleVus = readInt(o, "kneedle_knee_vus");
    a.knee.agreement = o.value(QStringLiteral("knee_agreement")).toString(QStringLiteral("none"));
    a.knee.p99Ms = readDouble(o, "p99_at_knee_ms");
    a.knee.evidence = evidence("knee");
    a.saturation.vus = readInt(o, "saturation_vus");
    a.saturation.stage = readInt(o, "saturation_stage");
    a.saturation.evidence = evidence("saturation");
    a.failure.vus = readInt(o, "failure_vus");
    a.failure.stage = readInt(o, "failure_stage");
    a.failure.errorClass = o.value(QStringLiteral("failure_class")).toString();
    a.failure.errorRatio = readDouble(o, "failure_error_ratio");
    a.failure.load = o.value(QStringLiteral("failure_load")).toString();
    a.failure.evidence = evidence("failure");
    a.maxThroughput.perS = readDouble(o, "max_throughput_per_s");
    a.maxThroughput.vus = readInt(o, "max_throughput_vus");
    a.maxThroughput.stage = readInt(o, "max_throughput_stage");
    a.maxThroughput.evidence = evidence("max_throughput");
    a.maxThroughputAtSlo.perS = readDouble(o, "max_throughput_at_slo_per_s");
    a.maxThroughputAtSlo.vus = readInt(o, "max_throughput_at_slo_vus");
    a.maxThroughputAtSlo.stage = readInt(o, "max_throughput_at_slo_stage");
    a.maxThroughputAtSlo.evidence = evidence("slo");
    const QJsonValue usl = o.value(QStringLiteral("usl"));
    if (usl.isObject()) {
        const QJsonObject u = usl.toObject();
        a.usl.fitted = true;
        a.usl.lambda = u.value(QStringLiteral("lambda")).toDouble();
        a.usl.sigma = u.value(QStringLiteral("sigma")).toDouble();
        a.usl.kappa = u.value(QStringLiteral("kappa")).toDouble();
        a.usl.nStar = readDouble(u, "n_star");
        a.usl.peakPerS = readDouble(u, "peak_throughput_per_s");
        a.usl.r2 = u.value(QStringLiteral("r2")).toDouble();
    }
    a.usl.evidence = evidence("usl");
    const QJsonArray ex = o.value(QStringLiteral("excluded_stages")).toArray();
    for (const QJsonValue &v : ex) {
        const QJsonObject e = v.toObject();
        a.excluded.append(ExcludedStage{e.value(QStringLiteral("stage")).toInt(),
                                        e.value(QStringLiteral("vus")).toInt(),
                                        e.value(QStringLiteral("reason")).toString()});
    }
    const QJsonArray notes = o.value(QStringLiteral("notes")).toArray();
    for (const QJsonValue &v : notes)
        a.notes.append(v.toString());
    a.notAssessed = o.value(QStringLiteral("not_assessed")).toString();
    return a;
}

QJsonObject SessionAnalysis::toJson() const
{
    QJsonObject o;
    for (const OpAnalysis &a : ops)
        o.insert(a.op, a.toJson());
    return o;
}

SessionAnalysis SessionAnalysis::fromJson(const QJsonObject &o, const QStringList &order)
{
    SessionAnalysis s;
    QStringList keys;
    for (const QString &op : order)
        if (o.contains(op))
            keys.append(op);
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        if (!keys.contains(it.key()))
            keys.append(it.key());
    for (const QString &k : keys)
        if (o.value(k).isObject())
            s.ops.append(OpAnalysis::fromJson(k, o.value(k).toObject()));
    s.computed = true;
    return s;
}

} // namespace vw
