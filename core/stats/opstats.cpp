#include "stats/opstats.h"

#include <cmath>

namespace vw {

void OpStats::recordOk(int64_t latencyUs)
{
    ++count;
    ++ok;
    latency.record(latencyUs);
}

void OpStats::recordOk(int64_t correctedUs, int64_t serviceUs)
{
    recordOk(correctedUs);
    serviceTime.record(serviceUs);
}

void OpStats::recordError(const QString &key)
{
    ++count;
    ++errors[key];
}

void OpStats::add(const OpStats &o)
{
    if (op.isEmpty())
        op = o.op;
    count += o.count;
    ok += o.ok;
    for (auto it = o.errors.cbegin(); it != o.errors.cend(); ++it)
        errors[it.key()] += it.value();
    latency.add(o.latency);
    serviceTime.add(o.serviceTime);
    dropped += o.dropped;
}

QJsonObject OpStats::toJson(bool withHistogram) const
{
    QJsonObject errs;
    for (auto it = errors.cbegin(); it != errors.cend(); ++it)
        errs.insert(it.key(), qint64(it.value()));
    QJsonObject o{
        {QStringLiteral("op"), op},
        {QStringLiteral("count"), qint64(count)},
        {QStringLiteral("ok"), qint64(ok)},
        {QStringLiteral("errors"), errs},
        {QStringLiteral("latency_ms"), latencySummaryMs(latency)},
    };
    if (withHistogram)
        o.insert(QStringLiteral("histogram"), latency.toJson());
    if (hasOpenModelData()) {
        o.insert(QStringLiteral("dropped"), qint64(dropped));
        o.insert(QStringLiteral("service_time_ms"), latencySummaryMs(serviceTime));
        if (withHistogram)
            o.insert(QStringLiteral("service_time_histogram"), serviceTime.toJson());
    }
    return o;
}

bool OpStats::fromJson(const QJsonObject &o, OpStats *out, QString *error)
{
    auto fail = [error](const QString &msg) {
        if (error)
            *error = msg;
        return false;
    };
    OpStats s;
    s.op = o.value(QStringLiteral("op")).toString();
    if (s.op.isEmpty())
        return fail(QStringLiteral("op statistics without \"op\""));
    s.count = o.value(QStringLiteral("count")).toInteger(-1);
    s.ok = o.value(QStringLiteral("ok")).toInteger(-1);
    if (s.count < 0 || s.ok < 0 || s.ok > s.count)
        return fail(QStringLiteral("%1: invalid \"count\"/\"ok\"").arg(s.op));
    const QJsonObject errs = o.value(QStringLiteral("errors")).toObject();
    int64_t errorSum = 0;
    for (auto it = errs.constBegin(); it != errs.constEnd(); ++it) {
        const qint64 n = it.value().toInteger(-1);
        if (n < 0)
            return fail(QStringLiteral("%1: invalid error count for \"%2\"").arg(s.op, it.key()));
        s.errors.insert(it.key(), n);
        errorSum += n;
    }
    if (errorSum != s.count - s.ok)
        return fail(QStringLiteral("%1: error counts do not add up to count - ok").arg(s.op));
    if (o.contains(QStringLiteral("histogram"))) {
        QString histError;
        if (!LatencyHistogram::fromJson(o.value(QStringLiteral("histogram")).toObject(), &s.latency,
                                        &histError))
            return fail(QStringLiteral("%1: %2").arg(s.op, histError));
        if (s.latency.count() != s.ok)
            return fail(QStringLiteral("%1: histogram count differs from \"ok\"").arg(s.op));
    }
    s.dropped = o.value(QStringLiteral("dropped")).toInteger(0);
    if (s.dropped < 0)
        return fail(QStringLiteral("%1: invalid \"dropped\"").arg(s.op));
    if (o.contains(QStringLiteral("service_time_histogram"))) {
        QString histError;
        if (!LatencyHistogram::fromJson(
                o.value(QStringLiteral("service_time_histogram")).toObject(), &s.serviceTime,
                &histError))
            return fail(QStringLiteral("%1: service time: %2").arg(s.op, histError));
        if (s.serviceTime.count() != s.ok)
            return fail(
                QStringLiteral("%1: service time histogram count differs from \"ok\"").arg(s.op));
    }
    *out = s;
    return true;
}

QJsonObject latencySummaryMs(const LatencyHistogram &h)
{
    auto ms = [&h](double us) {
        // No success, no latency: null, never 0 (docs/session-format.md).
        return h.count() > 0 ? QJsonValue(std::round(us) / 1000.0) : QJsonValue(QJsonValue::Null);
    };
    return QJsonObject{
        {QStringLiteral("mean"), ms(h.meanUs())},
        {QStringLiteral("p50"), ms(double(h.valueAtPercentileUs(50)))},
        {QStringLiteral("p90"), ms(double(h.valueAtPercentileUs(90)))},
        {QStringLiteral("p95"), ms(double(h.valueAtPercentileUs(95)))},
        {QStringLiteral("p99"), ms(double(h.valueAtPercentileUs(99)))},
        {QStringLiteral("p999"), ms(double(h.valueAtPercentileUs(99.9)))},
        {QStringLiteral("max"), ms(double(h.maxUs()))},
    };
}

QString latencyCellMs(const LatencyHistogram &h, double percentile, int decimals,
                      const QString &none)
{
    if (h.count() == 0)
        return none;
    const double us = percentile < 0     ? h.meanUs()
                      : percentile > 100 ? double(h.maxUs())
                                         : double(h.valueAtPercentileUs(percentile));
    return QString::number(std::round(us) / 1000.0, 'f', decimals);
}

} // namespace vw
