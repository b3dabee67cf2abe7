#include "replicatedsession.h"

#include "sessionplan.h"
#include "stats/replicates.h"

#include <cmath>

namespace vw::test {

StageStats lognormalStage(const QString &op, int index, int vus, double medianMs, int n,
                          std::mt19937_64 &rng)
{
    StageStats st;
    st.index = index;
    st.vus = vus;
    st.durationMs = 2500;
    st.warmupMs = 500;
    st.startMs = index * 2500;
    st.steadySeconds = 2.0;
    st.maxInFlight = vus;
    st.meanInFlight = vus;
    OpStats o;
    o.op = op;
    std::lognormal_distribution<double> lat(std::log(medianMs * 1000), 0.25);
    for (int i = 0; i < n; ++i)
        o.recordOk(std::max<int64_t>(1, int64_t(lat(rng))));
    o.latency.compact();
    st.ops = {o};
    return st;
}

Session replicatedSession(const QString &label, int runs, double factor, double runSigma,
                          std::mt19937_64 &rng)
{
    const QString op = QStringLiteral("sys_health");
    Session s;
    s.id = label;
    s.label = label;
    s.profileName = QStringLiteral("health");
    s.profileYaml = "name: health\nrepeat: " + QByteArray::number(runs)
                    + "\nramp:\n  warmup: 500ms\n  stages:\n    - { vus: 1, duration: 2500ms }\n"
                      "    - { vus: 4, duration: 2500ms }\noperations:\n  - type: sys_health\n";
    s.ops = {op};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    std::normal_distribution<double> runEffect(0, runSigma);
    for (int r = 0; r < runs; ++r) {
        const double effect = std::exp(runEffect(rng)) * factor;
        Replicate rep;
        for (int i = 0; i < 2; ++i) {
            const int vus = i == 0 ? 1 : 4;
            const double median = 5.0 * effect;
            const int n = int(2.0 * vus * 1000.0 / median); // 2 s at vus / latency
            rep.append(lognormalStage(op, i, vus, median, n, rng));
        }
        s.replicates.append(rep);
    }
    s.stages = poolReplicates(s.replicates);
    if (!setPlanFromYaml(&s))
        qFatal("test profile does not parse");
    return s;
}

} // namespace vw::test
