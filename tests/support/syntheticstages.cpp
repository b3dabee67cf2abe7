#include "syntheticstages.h"

#include <algorithm>
#include <cmath>

namespace vw::test {

QList<StageStats> fixedCapacityStages(const QString &op, const QList<int> &vus, int workers,
                                      double serviceMs)
{
    QList<StageStats> stages;
    for (int i = 0; i < vus.size(); ++i) {
        StageStats st;
        st.index = i;
        st.vus = vus[i];
        st.durationMs = 2000;
        st.warmupMs = 500;
        st.steadySeconds = 1.0;
        const double x = std::min(vus[i], workers) * 1000.0 / serviceMs;
        OpStats o;
        o.op = op;
        o.ok = o.count = qint64(x);
        o.latency.recordN(std::llround(vus[i] / x * 1e6), o.ok);
        st.ops.append(o);
        stages.append(st);
    }
    return stages;
}

void failShare(StageStats &st, const QString &op, double ratio, const QString &errorKey)
{
    for (OpStats &o : st.ops) {
        if (o.op != op)
            continue;
        const qint64 errors = std::llround(double(o.count) * ratio);
        const double latencyUs = o.latency.meanUs();
        o.ok = o.count - errors;
        o.errors.insert(errorKey, o.errors.value(errorKey) + errors);
        o.latency = LatencyHistogram();
        if (o.ok > 0)
            o.latency.recordN(std::llround(latencyUs), o.ok);
    }
}

void markClientBound(StageStats &st, const QString &reason)
{
    st.validity.measured = true;
    st.validity.clientBound = true;
    st.validity.reasons = {reason};
}

StageStats allErrorStage(const QString &op, int index, int vus, qint64 count,
                         const QString &errorKey)
{
    StageStats st;
    st.index = index;
    st.vus = vus;
    st.durationMs = 2000;
    st.warmupMs = 500;
    st.steadySeconds = 1.0;
    st.meanInFlight = vus;
    st.maxInFlight = vus;
    st.sent = count;
    OpStats o;
    o.op = op;
    for (qint64 i = 0; i < count; ++i)
        o.recordError(errorKey);
    st.ops.append(o);
    return st;
}

} // namespace vw::test
