// `merge` (core/session/sessionmerge.h, docs/distributed.md "The exactness argument"): seeded
// latencies recorded into one generator's session vs split by request index mod N into N
// shard sessions and merged. Counts are identical bucket by bucket, so every percentile, min,
// max, mean and sum is bit-equal, per op x stage and per op x second, also after a round trip
// of every shard and of the merged session through the session JSON. And what merge refuses or
// marks: another plan, an index twice, a missing or incomplete shard, a missing second.
#include "engine/executors/shardplan.h"
#include "session/sessionio.h"
#include "session/sessionmerge.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace vw;

namespace {

const QStringList kOps = {QStringLiteral("kv_read"), QStringLiteral("kv_write")};
constexpr int kStages = 2;
constexpr int kSecondsPerStage = 3;

Profile plan()
{
    Profile p;
    p.name = QStringLiteral("merge");
    p.target.address = QStringLiteral("http://127.0.0.1:8200");
    p.ramp.stages = {StageSpec{4, 3000, 0}, StageSpec{8, 3000, 0}};
    p.operations = {{QStringLiteral("sys_health"), 50, {}, kOps.at(0)},
                    {QStringLiteral("sys_health"), 50, {}, kOps.at(1)}};
    return p;
}

/// An empty session of `plan()`: stages with their ops, no requests yet.
Session emptySession(int shardIndex, int shardCount)
{
    Session s;
    s.id = QStringLiteral("shard-%1").arg(shardIndex);
    s.label = QStringLiteral("merge");
    s.profileName = QStringLiteral("merge");
    s.plan = plan();
    s.ops = kOps;
    s.transport = QStringLiteral("direct");
    s.targetAddress = s.plan.target.address;
    s.startedAt = QDateTime::fromString(QStringLiteral("2026-12-01T21:00:00Z"), Qt::ISODate);
    s.finishedAt = s.startedAt.addSecs(6);
    s.status = RunStatus::Completed;
    if (shardCount > 0) {
        s.shard.index = shardIndex;
        s.shard.count = shardCount;
        s.shard.complete = true;
        s.shard.node = QStringLiteral("node-%1").arg(shardIndex);
        s.shard.planHash = planHash(s.plan);
    }
    for (int st = 0; st < kStages; ++st) {
        StageStats stage;
        stage.index = st;
        stage.vus = s.plan.ramp.plannedVus(st);
        stage.durationMs = 3000;
        stage.startMs = st * 3000;
        stage.steadySeconds = 3.0;
        for (const QString &op : kOps) {
            OpStats o;
            o.op = op;
            stage.ops.append(o);
        }
        s.stages.append(stage);
    }
    s.secondHistograms.ops = kOps;
    s.secondHistograms.byOp.resize(kOps.size());
    for (int sec = 0; sec < kStages * kSecondsPerStage; ++sec)
        for (const QString &op : kOps) {
            SeriesPoint p;
            p.tS = sec + 1;
            p.stage = sec / kSecondsPerStage;
            p.vus = s.plan.ramp.plannedVus(p.stage);
            p.op = op;
            s.series.append(p);
        }
    return s;
}

/// Request k: its op, stage, second and latency (us), from the seeded stream.
struct Request {
    int op;
    int second;
    int64_t latencyUs;
    bool ok;
};

QList<Request> requests(int n)
{
    QRandomGenerator rng(42);
    QList<Request> out;
    for (int k = 0; k < n; ++k) {
        Request r;
        r.op = int(rng.bounded(2));
        r.second = int(rng.bounded(kStages * kSecondsPerStage));
        // log-normal-ish, 100 us .. a few s, so many buckets and magnitudes are hit
        r.latencyUs = 100 + int64_t(std::exp(rng.generateDouble() * 10.0) * 5.0);
        r.ok = rng.bounded(100) >= 2;
        out.append(r);
    }
    return out;
}

void record(Session &s, const Request &r)
{
    const int stage = r.second / kSecondsPerStage;
    OpStats &o = s.stages[stage].ops[r.op];
    if (r.ok) {
        o.recordOk(r.latencyUs);
        LatencyHistogram h;
        h.record(r.latencyUs);
        s.secondHistograms.add(r.op, r.second, h);
    } else {
        o.recordError(QStringLiteral("http_500"));
    }
    SeriesPoint &p = s.series[r.second * int(kOps.size()) + r.op];
    ++p.count;
    if (r.ok)
        ++p.ok;
    else
        ++p.errors, ++p.errorClasses[QStringLiteral("http_500")];
    s.stages[stage].sent += 1;
}

Session roundTrip(const Session &s)
{
    QString e;
    const std::optional<Session> back = sessionFromJson(sessionToJson(s), &e);
    if (!back)
        qFatal("round trip: %s", qPrintable(e));
    return *back;
}

void compareHistograms(const LatencyHistogram &a, const LatencyHistogram &b)
{
    QCOMPARE(a.count(), b.count());
    QVERIFY(a == b);
    QCOMPARE(a.minUs(), b.minUs());
    QCOMPARE(a.maxUs(), b.maxUs());
    QCOMPARE(a.meanUs(), b.meanUs()); // bit-equal: the sums of whole microseconds are exact
    for (double p : {0.0, 1.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 100.0})
        QCOMPARE(a.valueAtPercentileUs(p), b.valueAtPercentileUs(p));
}

void compareSessions(const Session &single, const Session &merged)
{
    QCOMPARE(merged.stages.size(), single.stages.size());
    for (int st = 0; st < single.stages.size(); ++st) {
        QCOMPARE(merged.stages.at(st).vus, single.stages.at(st).vus);
        QCOMPARE(merged.stages.at(st).sent, single.stages.at(st).sent);
        for (int o = 0; o < kOps.size(); ++o) {
            const OpStats &a = single.stages.at(st).ops.at(o);
            const OpStats &b = merged.stages.at(st).ops.at(o);
            QCOMPARE(b.count, a.count);
            QCOMPARE(b.ok, a.ok);
            QCOMPARE(b.errors, a.errors);
            compareHistograms(a.latency, b.latency);
        }
    }
    for (int o = 0; o < kOps.size(); ++o)
        for (qint64 sec = 0; sec < kStages * kSecondsPerStage; ++sec)
            compareHistograms(single.secondHistograms.at(o, sec),
                              merged.secondHistograms.at(o, sec));
    QCOMPARE(merged.series.size(), single.series.size());
    for (const SeriesPoint &p : single.series) {
        const auto it =
            std::find_if(merged.series.cbegin(), merged.series.cend(),
                         [&](const SeriesPoint &q) { return q.tS == p.tS && q.op == p.op; });
        QVERIFY(it != merged.series.cend());
        QCOMPARE(it->count, p.count);
        QCOMPARE(it->ok, p.ok);
        QCOMPARE(it->errors, p.errors);
        QCOMPARE(it->errorClasses, p.errorClasses);
        QCOMPARE(it->vus, p.vus);
    }
}

QList<Session> shardsOf(const QList<Request> &reqs, int n)
{
    QList<Session> shards;
    for (int i = 0; i < n; ++i)
        shards.append(emptySession(i, n));
    for (int k = 0; k < reqs.size(); ++k)
        record(shards[k % n], reqs.at(k));
    return shards;
}

} // namespace

class TestSessionMerge : public QObject {
    Q_OBJECT
private slots:
    void mergedEqualsOneGenerator_data()
    {
        QTest::addColumn<int>("n");
        for (int n : {1, 2, 3, 7, 16})
            QTest::newRow(qPrintable(QStringLiteral("N=%1").arg(n))) << n;
    }
    void mergedEqualsOneGenerator()
    {
        QFETCH(int, n);
        const QList<Request> reqs = requests(20000);
        Session single = emptySession(0, 0);
        for (const Request &r : reqs)
            record(single, r);
        const QList<Session> shards = shardsOf(reqs, n);
        QString e;
        const std::optional<Session> merged = mergeShardSessions(shards, &e);
        QVERIFY2(merged, qPrintable(e));
        QCOMPARE(merged->status, RunStatus::Completed);
        compareSessions(single, *merged);
        // every shard through the session JSON, then merged, then the merged one again
        QList<Session> read;
        for (const Session &s : shards)
            read.append(roundTrip(s));
        QCOMPARE(read.at(0).shard.planHash, planHash(plan()));
        const std::optional<Session> merged2 = mergeShardSessions(read, &e);
        QVERIFY2(merged2, qPrintable(e));
        compareSessions(single, *merged2);
        compareSessions(roundTrip(single), roundTrip(*merged2));
        // the figures the report prints come from the merged histograms
        const LatencyHistogram &h = merged2->stages.at(1).ops.at(0).latency;
        qInfo("N=%d: stage 2 kv_read count %lld p50 %lld us p99 %lld us max %lld us "
              "(single: %lld, %lld, %lld, %lld)",
              n, (long long)h.count(), (long long)h.valueAtPercentileUs(50),
              (long long)h.valueAtPercentileUs(99), (long long)h.maxUs(),
              (long long)single.stages.at(1).ops.at(0).latency.count(),
              (long long)single.stages.at(1).ops.at(0).latency.valueAtPercentileUs(50),
              (long long)single.stages.at(1).ops.at(0).latency.valueAtPercentileUs(99),
              (long long)single.stages.at(1).ops.at(0).latency.maxUs());
    }

    void refusesOtherPlansAndDuplicates()
    {
        const QList<Request> reqs = requests(500);
        QList<Session> shards = shardsOf(reqs, 3);
        QString e;
        QList<Session> dup = shards;
        dup[2].shard.index = 1;
        QVERIFY(!mergeShardSessions(dup, &e));
        QVERIFY2(e.contains(QStringLiteral("given twice")), qPrintable(e));
        QList<Session> other = shards;
        other[1].shard.planHash = QStringLiteral("0123456789abcdef");
        QVERIFY(!mergeShardSessions(other, &e));
        QVERIFY2(e.contains(QStringLiteral("another plan")), qPrintable(e));
        QList<Session> plain = shards;
        plain[0].shard = ShardInfo{};
        QVERIFY(!mergeShardSessions(plain, &e));
        QVERIFY2(e.contains(QStringLiteral("no shard block")), qPrintable(e));
        QList<Session> counts = shards;
        counts[0].shard.count = 4;
        QVERIFY(!mergeShardSessions(counts, &e));
    }

    void marksMissingAndIncompleteShards()
    {
        const QList<Request> reqs = requests(500);
        QList<Session> shards = shardsOf(reqs, 3);
        QString e;
        // a shard missing: merged, failed, with the reason
        std::optional<Session> m = mergeShardSessions({shards.at(0), shards.at(2)}, &e);
        QVERIFY2(m, qPrintable(e));
        QCOMPARE(m->status, RunStatus::Failed);
        QVERIFY2(m->error.contains(QStringLiteral("shard 1/3 is missing")), qPrintable(m->error));
        // a killed shard: its checkpoint says incomplete, its last stage and seconds are gone
        QList<Session> killed = shards;
        killed[1].status = RunStatus::Incomplete;
        killed[1].shard.complete = false;
        killed[1].stages.removeLast();
        killed[1].series.erase(std::remove_if(killed[1].series.begin(), killed[1].series.end(),
                                              [](const SeriesPoint &p) { return p.stage == 1; }),
                               killed[1].series.end());
        m = mergeShardSessions(killed, &e);
        QVERIFY2(m, qPrintable(e));
        QCOMPARE(m->status, RunStatus::Failed);
        QVERIFY(m->merge.notes.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("shard 1/3 is incomplete")));
        QVERIFY(m->merge.notes.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("second 4: missing in shard 1/3")));
        QVERIFY(!m->stages.at(1).complete);
        QVERIFY(m->stages.at(0).complete);
        // all there: completed, and the merge block lists the shards
        m = mergeShardSessions(shards, &e);
        QVERIFY2(m, qPrintable(e));
        QCOMPARE(m->status, RunStatus::Completed);
        QCOMPARE(m->merge.shards.size(), 3);
        QVERIFY(!m->shard.present());
        const Session back = roundTrip(*m);
        QCOMPARE(back.merge.shards.size(), 3);
        QCOMPARE(back.merge.shards.at(2).node, QStringLiteral("node-2"));
        QCOMPARE(back.merge.planHash, planHash(plan()));
    }
};

QTEST_GUILESS_MAIN(TestSessionMerge)
#include "tst_sessionmerge.moc"
