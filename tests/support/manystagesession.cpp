#include "manystagesession.h"

#include "sessionplan.h"

#include <QDebug>

namespace vw::test {

namespace {

/// A histogram in the sparse form a session reader holds (LatencyHistogram::fromJson).
LatencyHistogram sparseHistogram(int seed)
{
    LatencyHistogram dense;
    for (int k = 0; k < 4; ++k)
        dense.recordN(300 + 170 * ((seed + k * 3) % 11) + 40 * k, 1 + (seed + k) % 5);
    LatencyHistogram sparse;
    LatencyHistogram::fromJson(dense.toJson(), &sparse, nullptr);
    return sparse;
}

} // namespace

Session manyStageSession(int stages)
{
    Session s;
    s.id = QStringLiteral("many-stages");
    s.label = QStringLiteral("many stages");
    s.profileName = QStringLiteral("many-stages");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.transport = QStringLiteral("direct");
    s.profileYaml = "name: many-stages\n"
                    "ramp:\n"
                    "  warmup: 100ms\n"
                    "  stages:\n"
                    "    - { vus: 1, duration: 1s }\n"
                    "operations:\n"
                    "  - type: sys_health\n";
    if (!setPlanFromYaml(&s))
        qFatal("manyStageSession: the fixture profile does not parse");
    s.profileYaml.clear(); // the plan holds the ramp; 20,000 YAML lines would not parse
    const StageSpec one = s.plan.ramp.stages.first();
    s.plan.ramp.stages.clear();
    s.ops = {QStringLiteral("sys_health")};
    s.status = RunStatus::Completed;

    QList<LatencyHistogram> shapes;
    for (int k = 0; k < 8; ++k)
        shapes.append(sparseHistogram(k));
    for (int i = 0; i < stages; ++i) {
        StageSpec spec = one;
        spec.vus = 1 + i % 64;
        s.plan.ramp.stages.append(spec);
        StageStats st;
        st.index = i;
        st.vus = spec.vus;
        st.durationMs = spec.durationMs;
        st.warmupMs = s.plan.ramp.warmupMs;
        st.startMs = qint64(i) * spec.durationMs;
        st.steadySeconds = 0.9;
        st.maxInFlight = st.vus;
        st.meanInFlight = st.vus;
        OpStats o;
        o.op = s.ops.first();
        if (i % 97 == 96) {
            o.count = 7;
            o.errors.insert(QStringLiteral("connection"), 7);
        } else {
            o.latency.add(shapes.at(i % shapes.size())); // stays sparse (an empty one takes it)
            o.count = o.ok = o.latency.count();
        }
        st.sent = o.count;
        st.ops = {o};
        st.validity.measured = true;
        st.validity.clientCpu = 0.05;
        s.stages.append(st);
        SeriesPoint p;
        p.tS = double(i + 1);
        p.stage = i;
        p.vus = st.vus;
        p.op = o.op;
        p.count = o.count;
        p.ok = o.ok;
        p.errors = o.errorCount();
        p.inFlight = st.vus;
        s.series.append(p);
    }
    return s;
}

} // namespace vw::test
