#include "stats/replicates.h"

#include <algorithm>

namespace vw {

QList<Replicate> splitReplicates(const QList<StageStats> &runStages, int rampStages)
{
    if (rampStages <= 0 || runStages.size() <= rampStages)
        return {runStages};
    QList<Replicate> out;
    for (int i = 0; i < runStages.size(); ++i) {
        if (i % rampStages == 0)
            out.append(Replicate());
        StageStats st = runStages.at(i);
        st.index = i % rampStages;
        out.last().append(st);
    }
    return out;
}

namespace {

void addOps(QList<OpStats> *into, const QList<OpStats> &from)
{
    for (const OpStats &o : from) {
        auto it = std::find_if(into->begin(), into->end(),
                               [&](const OpStats &x) { return x.op == o.op; });
        if (it == into->end())
            into->append(o);
        else
            it->add(o);
    }
}

} // namespace

StageStats poolStage(const QList<StageStats> &sameStage)
{
    if (sameStage.isEmpty())
        return {};
    if (sameStage.size() == 1)
        return sameStage.first();
    StageStats out = sameStage.first();
    out.ops.clear();
    out.nodes.clear();
    out.leases.clear();
    out.steadySeconds = 0;
    out.sent = 0;
    out.maxInFlight = 0;
    out.complete = true;
    out.validity.clientBound = false;
    out.validity.reasons.clear();
    double inFlightSeconds = 0;
    for (int r = 0; r < sameStage.size(); ++r) {
        const StageStats &st = sameStage.at(r);
        addOps(&out.ops, st.ops);
        for (const NodeStageStats &n : st.nodes) {
            auto it = std::find_if(out.nodes.begin(), out.nodes.end(),
                                   [&](const NodeStageStats &x) { return x.address == n.address; });
            if (it == out.nodes.end())
                out.nodes.append(n);
            else
                addOps(&it->ops, n.ops);
        }
        for (const OpLeases &l : st.leases) {
            auto it = std::find_if(out.leases.begin(), out.leases.end(),
                                   [&](const OpLeases &x) { return x.op == l.op; });
            if (it == out.leases.end())
                out.leases.append(l);
            else
                it->add(l);
        }
        out.steadySeconds += st.steadySeconds;
        out.sent += st.sent;
        out.maxInFlight = std::max(out.maxInFlight, st.maxInFlight);
        inFlightSeconds += st.meanInFlight * st.steadySeconds;
        out.complete = out.complete && st.complete;
        if (st.validity.clientBound) {
            out.validity.clientBound = true;
            for (const QString &why : st.validity.reasons)
                out.validity.reasons << QStringLiteral("run %1: %2").arg(r + 1).arg(why);
        }
        out.validity.stageTooShort = out.validity.stageTooShort || st.validity.stageTooShort;
        if (st.scheduleLateness.p99Us > out.scheduleLateness.p99Us)
            out.scheduleLateness = st.scheduleLateness;
    }
    out.meanInFlight = out.steadySeconds > 0 ? inFlightSeconds / out.steadySeconds : 0.0;
    return out;
}

QList<StageStats> poolReplicates(const QList<Replicate> &replicates)
{
    if (replicates.size() == 1)
        return replicates.first();
    int stages = 0;
    for (const Replicate &r : replicates)
        stages = std::max(stages, int(r.size()));
    QList<StageStats> out;
    for (int i = 0; i < stages; ++i) {
        QList<StageStats> same;
        for (const Replicate &r : replicates)
            if (i < r.size())
                same.append(r.at(i));
        out.append(poolStage(same));
    }
    return out;
}

} // namespace vw
