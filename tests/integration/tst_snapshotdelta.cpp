// Snapshots carry only what is new (core/engine/runsnapshot.h): the finalised stages and the
// series points added or changed since the previous snapshot. Added up in emission order
// (RunSnapshotAccumulator, as ui/runcontroller.cpp does) they give exactly the final
// session's stages and series (and its interval histograms), and a snapshot's size does not
// grow with the run's length.
#include "delayserver.h"
#include "engine/benchmarkrun.h"

#include <QSignalSpy>
#include <QTest>

using namespace vw;

namespace {

struct Outcome {
    RunRecord record;
    QList<RunSnapshot> snapshots;
};

Outcome runAgainst(const QString &address, const QList<StageSpec> &stages, int warmupMs)
{
    Profile p;
    p.name = QStringLiteral("snapshot-delta");
    p.target.address = address;
    p.target.requestTimeoutMs = 10000;
    p.ramp.warmupMs = warmupMs;
    p.ramp.stages = stages;
    p.operations = {{QStringLiteral("sys_health"), 3, {}}, {QStringLiteral("sys_health"), 1, {}}};
    RunOptions o;
    o.token = QByteArrayLiteral("loopback-test-token"); // the delay server accepts any token
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    QSignalSpy snapshots(&run, &BenchmarkRun::snapshot);
    run.start();
    Outcome out;
    if (!finished.wait(60000))
        return out;
    out.record = finished.at(0).at(0).value<RunRecord>();
    for (const QList<QVariant> &args : snapshots)
        out.snapshots.append(args.at(0).value<RunSnapshot>());
    return out;
}

bool samePoint(const SeriesPoint &a, const SeriesPoint &b)
{
    return a.tS == b.tS && a.stage == b.stage && a.vus == b.vus && a.op == b.op
           && a.count == b.count && a.ok == b.ok && a.errors == b.errors && a.p50Ms == b.p50Ms
           && a.p99Ms == b.p99Ms && a.inFlight == b.inFlight && a.warmup == b.warmup;
}

} // namespace

class TestSnapshotDelta : public QObject {
    Q_OBJECT
private slots:
    void accumulatorAppliesRevisions();
    void deltasAddUpToTheSessionAndStaySmall();
    void lateRecordsReviseSentPoints();
};

void TestSnapshotDelta::accumulatorAppliesRevisions()
{
    auto point = [](double t, int64_t count) {
        SeriesPoint p;
        p.tS = t;
        p.op = QStringLiteral("kv2_read");
        p.count = count;
        return p;
    };
    StageStats stage0;
    stage0.index = 0;
    RunSnapshotAccumulator acc;
    RunSnapshot a;
    a.seriesFrom = 0;
    a.seriesTail = {point(1, 10), point(2, 20)};
    acc.add(a);
    RunSnapshot b; // point 2 revised (a late request), point 3 new, stage 0 final
    b.seriesFrom = 1;
    b.seriesTail = {point(2, 21), point(3, 30)};
    b.newStages = {stage0};
    b.stagesFinished = 1;
    acc.add(b);
    RunSnapshot c; // nothing new
    c.seriesFrom = 3;
    c.stagesFinished = 1;
    c.inFlight = 7;
    acc.add(c);

    const RunSnapshot now = acc.current();
    QCOMPARE(now.inFlight, 7);
    QCOMPARE(now.series.size(), 3);
    QCOMPARE(now.series.at(0).count, 10);
    QCOMPARE(now.series.at(1).count, 21);
    QCOMPARE(now.series.at(2).count, 30);
    QCOMPARE(now.stages.size(), 1);
    acc.reset();
    QVERIFY(acc.current().series.isEmpty());
    QVERIFY(acc.current().stages.isEmpty());
}

void TestSnapshotDelta::deltasAddUpToTheSessionAndStaySmall()
{
    vw::test::DelayServer server(20);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const Outcome out = runAgainst(server.address(), {{2, 3000}, {4, 3000}, {6, 3000}}, 300);
    const RunRecord &s = out.record;
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QCOMPARE(s.stages.size(), 3);
    const int ops = int(s.ops.size());
    QCOMPARE(ops, 2);
    QVERIFY2(s.series.size() >= 8 * ops, qPrintable(QString::number(s.series.size())));
    QVERIFY(out.snapshots.size() >= 40);

    RunSnapshotAccumulator acc;
    qsizetype maxTail = 0;
    qsizetype maxHistogramSeconds = 0;
    int stagesSeen = 0;
    for (const RunSnapshot &snap : out.snapshots) {
        // As emitted, a snapshot holds no whole-run lists.
        QVERIFY(snap.series.isEmpty());
        QVERIFY(snap.stages.isEmpty());
        QCOMPARE(snap.stagesFinished, stagesSeen + int(snap.newStages.size()));
        stagesSeen = snap.stagesFinished;
        maxTail = std::max(maxTail, snap.seriesTail.size());
        for (const auto &seconds : snap.newSecondHistograms.byOp) // only the new seconds
            maxHistogramSeconds = std::max(maxHistogramSeconds, seconds.size());
        acc.add(snap);
    }
    qInfo("%d snapshots, %lld series points, largest tail %lld points", int(out.snapshots.size()),
          qint64(s.series.size()), qint64(maxTail));
    // A 9-second run; no snapshot carried more than a few seconds of points (the last one
    // closes the run's last seconds at once, without the 1 s grace).
    QVERIFY2(maxTail <= 4 * ops, qPrintable(QString::number(maxTail)));
    QVERIFY(s.series.size() > 2 * maxTail);

    const RunSnapshot last = acc.current();
    QCOMPARE(last.stages.size(), s.stages.size());
    for (int i = 0; i < s.stages.size(); ++i) {
        QCOMPARE(last.stages.at(i).index, s.stages.at(i).index);
        QCOMPARE(last.stages.at(i).ops.size(), s.stages.at(i).ops.size());
        for (int k = 0; k < ops; ++k) {
            QCOMPARE(last.stages.at(i).ops.at(k).count, s.stages.at(i).ops.at(k).count);
            QCOMPARE(last.stages.at(i).ops.at(k).latency, s.stages.at(i).ops.at(k).latency);
        }
    }
    QCOMPARE(last.series.size(), s.series.size());
    int64_t total = 0;
    for (int i = 0; i < s.series.size(); ++i) {
        QVERIFY2(samePoint(last.series.at(i), s.series.at(i)), qPrintable(QString::number(i)));
        total += s.series.at(i).count;
    }
    QVERIFY(total > 0);

    // The interval histograms (for the live charts' intervals): each snapshot sends only the
    // seconds finalised since the last one; added up, they are the session's seconds. A
    // request recorded after its second was sent is only in the session: never more there.
    QVERIFY2(maxHistogramSeconds <= 4, qPrintable(QString::number(maxHistogramSeconds)));
    QCOMPARE(last.secondHistograms.ops, s.secondHistograms.ops);
    int64_t sent = 0, kept = 0;
    for (int k = 0; k < s.secondHistograms.byOp.size(); ++k) {
        QCOMPARE(last.secondHistograms.byOp.value(k).keys(), s.secondHistograms.byOp.at(k).keys());
        for (auto it = s.secondHistograms.byOp.at(k).cbegin();
             it != s.secondHistograms.byOp.at(k).cend(); ++it) {
            const int64_t n = last.secondHistograms.at(k, it.key()).count();
            QVERIFY(n <= it.value().count());
            sent += n;
            kept += it.value().count();
        }
    }
    QVERIFY2(kept > 0 && sent >= kept * 99 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(sent).arg(kept)));
}

void TestSnapshotDelta::lateRecordsReviseSentPoints()
{
    // 1.8 s per request: the VUs start at about 0, 1.8, 3.6 and 5.4 s; a request started in
    // second k >= 1 completes after second k was closed (1 s after its end), so its count
    // revises a point already sent.
    vw::test::DelayServer server(1800);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const Outcome out = runAgainst(server.address(), {{8, 6000}}, 0);
    const RunRecord &s = out.record;
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));

    RunSnapshotAccumulator acc;
    int revisions = 0;
    for (const RunSnapshot &snap : out.snapshots) {
        if (snap.seriesFrom < acc.series().size())
            ++revisions;
        acc.add(snap);
    }
    qInfo("%d of %d snapshots revised points sent before", revisions, int(out.snapshots.size()));
    QVERIFY(revisions >= 2);
    const TimeSeries series = acc.current().series;
    QCOMPARE(series.size(), s.series.size());
    for (int i = 0; i < s.series.size(); ++i)
        QVERIFY2(samePoint(series.at(i), s.series.at(i)), qPrintable(QString::number(i)));
}

QTEST_GUILESS_MAIN(TestSnapshotDelta)
#include "tst_snapshotdelta.moc"
