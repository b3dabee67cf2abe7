#include "stats/stagevalidity.h"

#include <QJsonArray>
#include <cmath>

namespace vw {

namespace {

double round3(double v)
{
    return std::round(v * 1000.0) / 1000.0;
}

} // namespace

QJsonObject StageValidity::toJson() const
{
    return QJsonObject{
        {QStringLiteral("client_cpu"), round3(clientCpu)},
        {QStringLiteral("worker_cpu_max"), round3(workerCpuMax)},
        {QStringLiteral("loop_lag_ms_max"), round3(loopLagMsMax)},
        {QStringLiteral("loop_lag_ms_p99"), round3(loopLagMsP99)},
        {QStringLiteral("in_flight_over_planned"), round3(inFlightOverPlanned)},
        {QStringLiteral("littles_law_ratio"), round3(littlesLawRatio)},
        {QStringLiteral("vus_over_xr"), round3(vusOverXr)},
        {QStringLiteral("achieved_over_offered"), round3(achievedOverOffered)},
        {QStringLiteral("client_bound"), clientBound},
        {QStringLiteral("reasons"), QJsonArray::fromStringList(reasons)},
        {QStringLiteral("stage_too_short"), stageTooShort},
        {QStringLiteral("latency_over_window"), round3(latencyOverWindow)},
        {QStringLiteral("notes"), QJsonArray::fromStringList(notes)},
    };
}

StageValidity StageValidity::fromJson(const QJsonObject &o)
{
    StageValidity v;
    v.measured = !o.isEmpty();
    v.clientCpu = o.value(QStringLiteral("client_cpu")).toDouble();
    v.workerCpuMax = o.value(QStringLiteral("worker_cpu_max")).toDouble();
    v.loopLagMsMax = o.value(QStringLiteral("loop_lag_ms_max")).toDouble();
    v.loopLagMsP99 = o.value(QStringLiteral("loop_lag_ms_p99")).toDouble();
    v.inFlightOverPlanned = o.value(QStringLiteral("in_flight_over_planned")).toDouble();
    v.littlesLawRatio = o.value(QStringLiteral("littles_law_ratio")).toDouble();
    v.vusOverXr = o.value(QStringLiteral("vus_over_xr")).toDouble();
    v.achievedOverOffered = o.value(QStringLiteral("achieved_over_offered")).toDouble();
    v.clientBound = o.value(QStringLiteral("client_bound")).toBool();
    const QJsonArray reasons = o.value(QStringLiteral("reasons")).toArray();
    for (const QJsonValue &r : reasons)
        v.reasons.append(r.toString());
    v.stageTooShort = o.value(QStringLiteral("stage_too_short")).toBool(); // false in older files
    v.latencyOverWindow = o.value(QStringLiteral("latency_over_window")).toDouble();
    const QJsonArray notes = o.value(QStringLiteral("notes")).toArray();
    for (const QJsonValue &n : notes)
        v.notes.append(n.toString());
    return v;
}

} // namespace vw
