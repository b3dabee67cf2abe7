// The split of a plan into shards (core/engine/executors/shardplan.h, docs/distributed.md):
// a seeded property test over random ramps (closed and arrival-rate, N = 1..16, N > VUs,
// rates not divisible by N) that the shards' VUs, VU pools and arrivals add up to the single
// plan's at every stage and every instant, that VU ids and start indices are partitioned, and
// the open model's executor on a fake worker sends exactly the plan's arrivals across shards.
#include "engine/executors/arrivalrateexecutor.h"
#include "engine/executors/arrivalrateplan.h"
#include "engine/executors/shardplan.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/loadmodels/closedmodel.h"
#include "util/clock.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>
#include <QTest>
#include <QThread>

#include <algorithm>

using namespace vw;

namespace {

constexpr int64_t kNsPerMs = 1'000'000;

RampSpec randomRamp(QRandomGenerator &rng, bool open)
{
    RampSpec r;
    if (open)
        r.model = std::make_shared<const ArrivalRateModel>(int(rng.bounded(1, 40)));
    else
        r.model = std::make_shared<const ClosedModel>();
    const int stages = int(rng.bounded(1, 6));
    for (int i = 0; i < stages; ++i) {
        StageSpec s;
        s.durationMs = rng.bounded(1, 5000);
        if (open) // up to 3 decimals, mostly not divisible by N
            s.rate = double(rng.bounded(1, 5'000'000)) / 1000.0;
        else
            s.vus = int(rng.bounded(1, 40));
        r.stages.append(s);
    }
    return r;
}

/// A worker with `vus` VUs that never completes a request: it records each start's offset.
class RecordingHost final : public VuHost {
public:
    RecordingHost(int vus, int64_t stageStartNs)
        : m_vus(vus)
        , m_start(stageStartNs)
    {
    }
    int vuCount() const override { return m_vus; }
    int vuId(int slot) const override { return slot; }
    int opCount() const override { return 1; }
    int pickOp() override { return 0; }
    void launch(int, int, int64_t intendedNs, bool) override
    {
        offsets.append(intendedNs - m_start);
    }
    void recordDropped(int, int, int64_t n) override { dropped += n; }

    QList<int64_t> offsets;
    int64_t dropped = 0;

private:
    int m_vus;
    int64_t m_start;
};

} // namespace

class TestShardPlan : public QObject {
    Q_OBJECT
private slots:
    void shardsAddUpToThePlan()
    {
        QRandomGenerator rng(20261201); // seeded: the same ramps every run
        int cases = 0;
        for (int iter = 0; iter < 400; ++iter) {
            const bool open = iter % 2 == 1;
            RampSpec ramp = randomRamp(rng, open);
            const int n = int(rng.bounded(1, 17));
            for (int st = 0; st < ramp.stages.size(); ++st) {
                const StageSpec &spec = ramp.stages.at(st);
                const int vus = ramp.plannedVus(st);
                int sumVus = 0;
                int64_t sumArrivals = 0;
                double sumRate = 0;
                int64_t all = 0;
                for (int i = 0; i < n; ++i) {
                    const ShardStageLoad l = shardStageLoad(ramp, st, ShardSpec{i, n});
                    sumVus += l.vus;
                    sumArrivals += l.arrivals;
                    sumRate += l.rate;
                    all = l.allArrivals;
                }
                QCOMPARE(sumVus, vus); // closed VUs, or the max_vus pool (in-flight cap)
                if (open) {
                    const ArrivalRatePlan plan(spec.rate);
                    QCOMPARE(all, plan.startsWithin(spec.durationMs * kNsPerMs));
                    QCOMPARE(sumArrivals, all);
                    QVERIFY(qAbs(sumRate - spec.rate) <= 1e-9 * std::max(1.0, spec.rate));
                    // At every instant: the arrivals due so far add up.
                    for (int k = 0; k < 25; ++k) {
                        const int64_t t = int64_t(rng.bounded(0, int(spec.durationMs))) * kNsPerMs
                                          + int64_t(rng.bounded(0, 1'000'000));
                        int64_t due = 0;
                        for (int i = 0; i < n; ++i)
                            due += shardArrivalsDueBy(ramp, st, ShardSpec{i, n}, t);
                        QCOMPARE(due, std::min(plan.dueBy(t), all));
                    }
                }
                ++cases;
            }
            // VU ids: every global id below the peak exactly once across the shards, and a
            // stage's running VUs (ids < its VUs) add up to its VUs.
            const int peak = ramp.peakVus();
            QList<int> seen;
            for (int i = 0; i < n; ++i) {
                const QVector<int> ids = shardVuIds(ShardSpec{i, n}, peak);
                for (int id : ids) {
                    QCOMPARE(id % n, i);
                    seen.append(id);
                }
            }
            std::sort(seen.begin(), seen.end());
            QCOMPARE(int(seen.size()), peak);
            for (int k = 0; k < peak; ++k)
                QCOMPARE(seen.at(k), k);
            // Start indices of each shard's workers: the global sequence exactly once.
            const int workers = int(rng.bounded(1, 5));
            const int64_t total = 1 + rng.bounded(0, 500);
            QVector<int> hits(int(total), 0);
            for (int i = 0; i < n; ++i)
                for (int w = 0; w < workers; ++w) {
                    const StartIndices si = shardStartIndices(ShardSpec{i, n}, w, workers);
                    for (int64_t j = si.first; j < total; j += si.step) {
                        QCOMPARE(int(j % n), i);
                        ++hits[int(j)];
                    }
                }
            for (int64_t j = 0; j < total; ++j)
                QCOMPARE(hits.at(int(j)), 1);
        }
        QVERIFY(cases > 800);
    }

    void executorSendsExactlyThePlansArrivals()
    {
        // 3 shards x 2 workers, a 25 ms stage at 997.5/s (25 starts): the executors, closed
        // after the stage's end, send every start of the plan once, at its global offset.
        RampSpec ramp;
        ramp.model = std::make_shared<const ArrivalRateModel>(64);
        ramp.stages = {StageSpec{0, 25, 997.5}};
        const ArrivalRatePlan plan(997.5);
        const int64_t total = plan.startsWithin(25 * kNsPerMs);
        QList<int64_t> all;
        const int n = 3, workers = 2;
        for (int i = 0; i < n; ++i) {
            RampSpec mine = ramp;
            mine.shard = ShardSpec{i, n};
            auto shared = std::make_shared<RunShared>(mine);
            const int64_t start = steadyNowNs();
            shared->stageSlots[0].startNs.store(start);
            shared->stageSlots[0].warmupEndNs.store(start);
            shared->stage.store(0);
            for (int w = 0; w < workers; ++w) {
                RecordingHost host(64, start);
                ArrivalRateExecutor executor(host, shared, w, workers, 10'000 * kNsPerMs);
                executor.beginStage(0);
                // past the stage's end (the close sends what was due), not a measurement
                while (steadyNowNs() < start + 30 * kNsPerMs)
                    QThread::msleep(1);
                executor.closeStage(0, true);
                QCOMPARE(host.dropped, 0);
                all += host.offsets;
            }
        }
        std::sort(all.begin(), all.end());
        QCOMPARE(int64_t(all.size()), total);
        for (int64_t j = 0; j < total; ++j)
            QCOMPARE(all.at(int(j)), plan.offsetNs(j));
    }

    void parsesShardArguments()
    {
        QString e;
        auto s = parseShard(QStringLiteral("1/4"), std::nullopt, &e);
        QVERIFY(s);
        QCOMPARE(s->index, 1);
        QCOMPARE(s->count, 4);
        s = parseShard(QStringLiteral("auto/4"), QStringLiteral("3"), &e);
        QVERIFY(s);
        QCOMPARE(s->index, 3);
        QVERIFY(!parseShard(QStringLiteral("auto/4"), std::nullopt, &e));
        QVERIFY2(e.contains(QStringLiteral("JOB_COMPLETION_INDEX is not set")), qPrintable(e));
        QVERIFY(!parseShard(QStringLiteral("auto/4"), QStringLiteral("4"), &e));
        QVERIFY2(e.contains(QStringLiteral("not in 0..3")), qPrintable(e));
        QVERIFY(!parseShard(QStringLiteral("4/4"), std::nullopt, &e));
        QVERIFY(!parseShard(QStringLiteral("0/0"), std::nullopt, &e));
        QVERIFY(!parseShard(QStringLiteral("-1/2"), std::nullopt, &e));
        QVERIFY(!parseShard(QStringLiteral("2"), std::nullopt, &e));
    }

    void planJsonAndHash()
    {
        Profile p;
        p.name = QStringLiteral("x");
        p.ramp.model = std::make_shared<const ArrivalRateModel>(10);
        p.ramp.stages = {StageSpec{0, 1000, 7}, StageSpec{0, 2000, 100.5}};
        p.operations = {{QStringLiteral("sys_health"), 100, {}}};
        const QJsonObject o = shardPlanJson(p, ShardSpec{1, 3});
        const QJsonArray stages = o.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 2);
        const QJsonObject s0 = stages.at(0).toObject();
        QCOMPARE(s0.value(QStringLiteral("arrivals")).toInteger(), 7);
        QCOMPARE(s0.value(QStringLiteral("shard_arrivals")).toInteger(), 2); // 1, 4
        QCOMPARE(s0.value(QStringLiteral("shard_vus")).toInt(), 3); // 1, 4, 7
        QCOMPARE(stages.at(1).toObject().value(QStringLiteral("arrivals")).toInteger(), 201);
        // the hash is the plan's, not the shard's
        Profile q = p;
        q.ramp.shard = ShardSpec{2, 3};
        QCOMPARE(planHash(q), planHash(p));
        QCOMPARE(o.value(QStringLiteral("plan_hash")).toString(), planHash(p));
        q.ramp.stages[1].rate = 100.25;
        QVERIFY(planHash(q) != planHash(p));
    }
};

QTEST_GUILESS_MAIN(TestShardPlan)
#include "tst_shardplan.moc"
