// Issue 18 items 1-3 and the report JSON contract: interval histograms round-trip losslessly
// through the session; a stage's steady seconds give intervals (and none, with the reason,
// when too short); a known latency ratio's interval contains it and excludes 1; a drifting
// stage is flagged not steady with words and an MSER-5 warm-up; an old session (no interval
// histograms) loads and its intervals are null / "-" with the reason.
#include "analysis/stageuncertainty.h"
#include "report/report.h"
#include "session/sessionio.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <cmath>
#include <ctime>
#include <random>

using namespace vw;

namespace {

QString data(const QString &name)
{
    return QStringLiteral(VW_SOURCE_DIR "/tests/data/") + name;
}

/// n seconds of `perSecond` successes, lognormal latency with median `medianUs`.
QVector<LatencyHistogram> seconds(std::mt19937_64 &rng, int n, int perSecond, double medianUs)
{
    std::lognormal_distribution<double> d(std::log(medianUs), 0.25);
    QVector<LatencyHistogram> out;
    for (int t = 0; t < n; ++t) {
        LatencyHistogram h;
        for (int i = 0; i < perSecond; ++i)
            h.record(int64_t(std::llround(d(rng))));
        out.append(h.compactCopy());
    }
    return out;
}

/// A closed run of 2 stages of 31 s (1 s warm-up) with one op and its interval histograms.
Session sessionWithHistograms()
{
    std::mt19937_64 rng(7);
    Session s;
    s.profileName = QStringLiteral("p");
    s.ops = {QStringLiteral("kv2_read")};
    s.secondHistograms.ops = s.ops;
    s.secondHistograms.byOp.resize(1);
    qint64 second = 0;
    for (int i = 0; i < 2; ++i) {
        StageStats st;
        st.index = i;
        st.vus = 1 + i;
        st.durationMs = 31000;
        st.warmupMs = 1000;
        st.startMs = i * 31000;
        st.steadySeconds = 30;
        OpStats o;
        o.op = s.ops.first();
        const QVector<LatencyHistogram> hs = seconds(rng, 31, 200, 2000.0 * (i + 1));
        for (int t = 0; t < hs.size(); ++t, ++second) {
            s.secondHistograms.add(0, second, hs[t]);
            SeriesPoint p;
            p.tS = double(second + 1);
            p.stage = i;
            p.op = o.op;
            p.ok = p.count = hs[t].count();
            p.warmup = t == 0;
            s.series.append(p);
            if (t > 0) {
                o.latency.add(hs[t]);
                o.count += hs[t].count();
                o.ok += hs[t].count();
            }
        }
        st.ops = {o};
        s.stages.append(st);
    }
    return s;
}

} // namespace

class TestUncertainty : public QObject {
    Q_OBJECT
private slots:
    void compactHistogramRoundTrips();
    void sessionKeepsIntervalHistograms();
    void reportJsonHasIntervals();
    void streamedReportHasTheSameIntervals();
    void checkpointLeavesOutTheBootstrap();
    void shortStageGetsNoInterval();
    void ratioOfKnownDifference();
    void driftingStageIsNotSteady();
    void steadyStageIsSteady();
    void oldSessionHasNoIntervals();
    void sizePerOpSecond();
    void timePerSession();
    void resamplesAreExactMerges();
};

void TestUncertainty::compactHistogramRoundTrips()
{
    std::mt19937_64 rng(1);
    LatencyHistogram h;
    std::lognormal_distribution<double> d(std::log(3000.0), 1.0);
    for (int i = 0; i < 5000; ++i)
        h.record(int64_t(d(rng)));
    h.record(int64_t(1e12)); // clamped
    LatencyHistogram back;
    QString error;
    QVERIFY2(LatencyHistogram::fromCompactJson(h.toCompactJson(), &back, &error),
             qPrintable(error));
    QVERIFY(back == h);
    QVERIFY(back.isSparse());
    QCOMPARE(back.valueAtPercentileUs(99.9), h.valueAtPercentileUs(99.9));
    QCOMPARE(h.compactCopy(), h);
    // A corrupt one is refused with a reason.
    QJsonArray bad = h.toCompactJson();
    bad[0] = 3;
    QVERIFY(!LatencyHistogram::fromCompactJson(bad, &back, &error));
    QVERIFY(error.contains(QStringLiteral("total")));
}

void TestUncertainty::sessionKeepsIntervalHistograms()
{
    const Session s = sessionWithHistograms();
    QString error;
    const std::optional<Session> back = sessionFromJson(sessionToJson(s), &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->secondHistograms.present());
    QCOMPARE(back->secondHistograms.ops, s.secondHistograms.ops);
    QCOMPARE(back->secondHistograms.byOp.at(0).size(), 62);
    for (qint64 k = 0; k < 62; ++k)
        QVERIFY(back->secondHistograms.at(0, k) == s.secondHistograms.at(0, k));
    // The steady seconds are the stage's whole post-warm-up seconds.
    const QVector<qint64> steady = steadySecondsOf(*back, 1);
    QCOMPARE(steady.size(), 30);
    QCOMPARE(steady.first(), 32);
    QCOMPARE(steady.last(), 61);
}

void TestUncertainty::reportJsonHasIntervals()
{
    const Session s = sessionWithHistograms();
    const QJsonObject report = reportJson(s);
    const QJsonArray stages = report.value(QStringLiteral("stages")).toArray();
    QCOMPARE(stages.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const QJsonObject op =
            stages.at(i).toObject().value(QStringLiteral("ops")).toArray().at(0).toObject();
        const QJsonObject ci = op.value(QStringLiteral("ci")).toObject();
        QCOMPARE(ci.value(QStringLiteral("reason")).toString(), QString());
        QCOMPARE(ci.value(QStringLiteral("confidence")).toDouble(), 0.95);
        QCOMPARE(ci.value(QStringLiteral("seconds")).toInt(), 30);
        QVERIFY(ci.value(QStringLiteral("block_s")).toInt() >= 1);
        const QJsonArray thr = ci.value(QStringLiteral("throughput_per_s")).toArray();
        QCOMPARE(thr.size(), 2);
        // 200 per second exactly: every resample says 200.
        QCOMPARE(thr.at(0).toDouble(), 200.0);
        QCOMPARE(thr.at(1).toDouble(), 200.0);
        const double p50 =
            op.value(QStringLiteral("latency_ms")).toObject().value("p50").toDouble();
        for (const char *key : {"mean_ms", "p50_ms", "p95_ms", "p99_ms"}) {
            const QJsonArray b = ci.value(QLatin1String(key)).toArray();
            QCOMPARE(b.size(), 2);
            QVERIFY2(b.at(0).toDouble() > 0 && b.at(0).toDouble() <= b.at(1).toDouble(), key);
        }
        const QJsonArray p50ci = ci.value(QStringLiteral("p50_ms")).toArray();
        QVERIFY(p50ci.at(0).toDouble() <= p50 && p50 <= p50ci.at(1).toDouble());
        QVERIFY(std::abs(p50 - 2.0 * (i + 1)) < 0.2);
        QVERIFY(op.value(QStringLiteral("steadiness")).toObject().value("steady").toBool());
    }
    // The table shows them compactly.
    QVERIFY(reportTable(s).contains(QStringLiteral("95%: kv2_read thr 200.0-200.0/s")));
}

// Issue 23: `report --format json` streamed (writeReportJson) is the DOM's text, intervals
// and steadiness included.
void TestUncertainty::streamedReportHasTheSameIntervals()
{
    const Session s = sessionWithHistograms();
    QByteArray streamed;
    QVERIFY(writeReportJson(s, [&streamed](const QByteArray &chunk) {
        streamed += chunk;
        return true;
    }));
    QVERIFY(streamed.contains("\"circular block bootstrap\""));
    QCOMPARE(streamed, QJsonDocument(reportJson(s)).toJson(QJsonDocument::Indented));
}

// Issue 23: a checkpoint is written without the bootstrap of every stage (its cost grew with
// each stage's write); the final file has it; read back, both report the same intervals.
void TestUncertainty::checkpointLeavesOutTheBootstrap()
{
    const Session s = sessionWithHistograms();
    const QJsonObject checkpoint = sessionToJson(s, SessionWriteKind::Checkpoint);
    const QJsonObject finalFile = sessionToJson(s);
    const QJsonArray cs = checkpoint.value(QStringLiteral("stages")).toArray();
    const QJsonArray fs = finalFile.value(QStringLiteral("stages")).toArray();
    QCOMPARE(cs.size(), 2);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(!cs.at(i).toObject().contains(QStringLiteral("uncertainty")));
        QVERIFY(fs.at(i).toObject().contains(QStringLiteral("uncertainty")));
        QJsonObject withoutIt = fs.at(i).toObject();
        withoutIt.remove(QStringLiteral("uncertainty"));
        QCOMPARE(cs.at(i).toObject(), withoutIt); // nothing else differs
    }
    QString error;
    const std::optional<Session> fromCheckpoint = sessionFromJson(checkpoint, &error);
    QVERIFY2(fromCheckpoint, qPrintable(error));
    const std::optional<Session> fromFinal = sessionFromJson(finalFile, &error);
    QVERIFY2(fromFinal, qPrintable(error));
    QCOMPARE(reportJson(*fromCheckpoint), reportJson(*fromFinal));
    QCOMPARE(reportJson(*fromCheckpoint), reportJson(s));
}

void TestUncertainty::shortStageGetsNoInterval()
{
    std::mt19937_64 rng(3);
    const BootstrapSample s = bootstrapSeconds(seconds(rng, 6, 100, 1000));
    QVERIFY(!s.ok);
    QVERIFY(s.reason.contains(QStringLiteral("6 steady seconds")));
    const Interval i = bootstrapInterval(s, BootMetric::P99);
    QVERIFY(!i.known);
    QCOMPARE(intervalCell(i, 1), QStringLiteral("-"));
    // Point estimates are still there.
    QVERIFY(std::abs(s.point[int(BootMetric::Throughput)] - 100) < 1e-9);
    // p99 of 60 s x 10 successes rests on 6 values above it: no p99 interval, p50 has one.
    const BootstrapSample few = bootstrapSeconds(seconds(rng, 60, 10, 1000));
    QVERIFY(few.ok);
    QVERIFY(!bootstrapInterval(few, BootMetric::P99).known);
    QVERIFY(bootstrapInterval(few, BootMetric::P99).reason.contains(QStringLiteral("above p99")));
    QVERIFY(bootstrapInterval(few, BootMetric::P50).known);
}

void TestUncertainty::ratioOfKnownDifference()
{
    std::mt19937_64 rng(11);
    BootstrapOptions oa, ob;
    ob.seed = oa.seed + 1;
    const BootstrapSample a = bootstrapSeconds(seconds(rng, 60, 100, 5000), oa);
    const BootstrapSample b = bootstrapSeconds(seconds(rng, 60, 100, 7000), ob);
    const Interval r = bootstrapRatioInterval(a, b, BootMetric::P50);
    QVERIFY(r.known);
    QVERIFY2(r.lo <= 1.4 && 1.4 <= r.hi, qPrintable(QStringLiteral("%1-%2").arg(r.lo).arg(r.hi)));
    QVERIFY(r.lo > 1.0);
    // A/A: the same distribution, the interval holds 1.
    const BootstrapSample a2 = bootstrapSeconds(seconds(rng, 60, 100, 5000), ob);
    const Interval aa = bootstrapRatioInterval(a, a2, BootMetric::P50);
    QVERIFY(aa.known && aa.lo < 1.0 && aa.hi > 1.0);
}

void TestUncertainty::driftingStageIsNotSteady()
{
    // The PKI revoke stage of issue 18: throughput 100 -> 43/s, p50 34 -> 82 ms over 60 s.
    std::mt19937_64 rng(5);
    std::normal_distribution<double> noise(0, 1);
    QVector<double> tput, p50;
    for (int t = 0; t < 60; ++t) {
        tput.append(100 - 57.0 * t / 59 + 3 * noise(rng));
        p50.append(34 + 48.0 * t / 59 + 2 * noise(rng));
    }
    const Steadiness s = assessSteadiness(tput, p50);
    QVERIFY(s.assessed);
    QVERIFY(!s.steady);
    QVERIFY(s.throughput.trend && s.p50.trend);
    QVERIFY2(s.words.startsWith(QStringLiteral("throughput fell ")), qPrintable(s.words));
    QVERIFY2(s.words.contains(QStringLiteral("/s, p50 rose ")), qPrintable(s.words));
    QVERIFY(std::abs(s.throughput.from - 100) < 4 && std::abs(s.throughput.to - 43) < 4);
    QVERIFY(s.words.contains(QStringLiteral("no longer warm-up"))); // a trend throughout
    // A warm-up transient: 15 s of ramping up, then flat. MSER-5 cuts it.
    QVector<double> warm, warmP50;
    for (int t = 0; t < 60; ++t) {
        warm.append((t < 15 ? 40 + 4.0 * t : 100) + 2 * noise(rng));
        warmP50.append(10 + 0.2 * noise(rng));
    }
    const int cut = mser5Truncation(warm);
    QVERIFY2(cut >= 10 && cut <= 20, qPrintable(QString::number(cut)));
    QCOMPARE(mser5Truncation(warmP50) <= 10, true); // flat: little or nothing to cut
    const QJsonObject j = s.toJson();
    QCOMPARE(Steadiness::fromJson(j).words, s.words);
    QCOMPARE(Steadiness::fromJson(j).steady, false);
}

void TestUncertainty::steadyStageIsSteady()
{
    // 200 independent steady stages with AR(1) noise: few false alarms (alpha 0.01, plus the
    // 10 % practical threshold).
    std::mt19937_64 rng(9);
    std::normal_distribution<double> z(0, 1);
    int flagged = 0;
    for (int k = 0; k < 200; ++k) {
        QVector<double> tput, p50;
        double a = z(rng);
        for (int t = 0; t < 60; ++t) {
            a = 0.5 * a + std::sqrt(0.75) * z(rng);
            tput.append(100 + 5 * a);
            p50.append(10 + 0.5 * z(rng));
        }
        flagged += assessSteadiness(tput, p50).steady ? 0 : 1;
    }
    QVERIFY2(flagged <= 4, qPrintable(QString::number(flagged)));
    QVERIFY(!assessSteadiness({1, 2, 3}, {1, 2, 3}).assessed);
}

void TestUncertainty::oldSessionHasNoIntervals()
{
    QString error;
    const std::optional<Session> s =
        readSession(data(QStringLiteral("session-v1-closed.json")), &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY(!s->secondHistograms.present());
    const QJsonArray stages = reportJson(*s).value(QStringLiteral("stages")).toArray();
    QVERIFY(!stages.isEmpty());
    for (const QJsonValue &st : stages)
        for (const QJsonValue &op : st.toObject().value(QStringLiteral("ops")).toArray()) {
            const QJsonObject ci = op.toObject().value(QStringLiteral("ci")).toObject();
            for (const char *key : {"throughput_per_s", "mean_ms", "p50_ms", "p95_ms", "p99_ms"})
                QVERIFY2(ci.value(QLatin1String(key)).isNull(), key);
            QCOMPARE(ci.value(QStringLiteral("reason")).toString(), noIntervalHistogramsReason());
        }
    QVERIFY(reportTable(*s).contains(QStringLiteral("95%: - (") + noIntervalHistogramsReason()));
}

void TestUncertainty::sizePerOpSecond()
{
    // Bytes per op-second in the file, for latencies as wide as a busy KV read (lognormal,
    // median 2 ms, sigma 0.25 .. 0.8) at 100 .. 5000 successes per second. The bound of
    // issue 18: a 10-minute run of 5 ops under 20 MB, i.e. 6,990 bytes per op-second.
    std::mt19937_64 rng(13);
    QString table =
        QStringLiteral("\nsuccesses/s sigma | bytes per op-second | 10 min x 5 ops MB\n");
    double worst = 0;
    for (int rate : {100, 1000, 5000})
        for (double sigma : {0.25, 0.8}) {
            SecondHistograms h;
            h.ops = {QStringLiteral("kv2_read")};
            std::lognormal_distribution<double> d(std::log(2000.0), sigma);
            const int n = 20;
            for (int t = 0; t < n; ++t) {
                LatencyHistogram one;
                for (int i = 0; i < rate; ++i)
                    one.record(int64_t(d(rng)));
                h.add(0, t, one);
            }
            const double bytes =
                double(QJsonDocument(h.toJson()).toJson(QJsonDocument::Compact).size()) / n;
            worst = std::max(worst, bytes);
            table += QStringLiteral("%1 %2 | %3 | %4\n")
                         .arg(rate, 11)
                         .arg(sigma, 5, 'f', 2)
                         .arg(bytes, 19, 'f', 0)
                         .arg(bytes * 600 * 5 / 1e6, 8, 'f', 1);
        }
    qInfo().noquote() << table;
    QVERIFY2(worst * 600 * 5 < 20e6, qPrintable(QString::number(worst)));
}

void TestUncertainty::timePerSession()
{
    // Not a timed test (nothing asserted on time): prints the bootstrap time of one session,
    // 10 stages x 5 ops x 60 s at 500 successes/s each, for docs/performance.md.
    std::mt19937_64 rng(17);
    RunRecord run;
    for (int o = 0; o < 5; ++o)
        run.ops << QStringLiteral("op%1").arg(o);
    run.secondHistograms.ops = run.ops;
    run.secondHistograms.byOp.resize(5);
    for (int i = 0; i < 10; ++i) {
        StageStats st;
        st.index = i;
        st.startMs = i * 60000;
        st.durationMs = 60000;
        st.steadySeconds = 60;
        run.stages << st;
        for (int o = 0; o < 5; ++o) {
            const QVector<LatencyHistogram> hs = seconds(rng, 60, 500, 1000.0 * (o + 1));
            for (int t = 0; t < 60; ++t)
                run.secondHistograms.add(o, i * 60 + t, hs[t]);
        }
    }
    QElapsedTimer timer;
    timer.start();
    const std::clock_t cpu0 = std::clock();
    const QList<StageUncertainty> u = runUncertainty(run);
    const qint64 ms = timer.elapsed();
    const double cpuMs = double(std::clock() - cpu0) * 1000.0 / CLOCKS_PER_SEC;
    QCOMPARE(u.size(), 10);
    QVERIFY(u.at(9).ops.at(4).intervals[int(BootMetric::P99)].known);
    qInfo().noquote() << QStringLiteral("bootstrap of 10 stages x 5 ops x 60 s, %1 resamples: "
                                        "%2 ms wall, %3 ms CPU")
                             .arg(BootstrapOptions().resamples)
                             .arg(ms)
                             .arg(cpuMs, 0, 'f', 0);
}

void TestUncertainty::resamplesAreExactMerges()
{
    // The fast rank search (core/stats/blockbootstrap.cpp) must give, for a fixed seed, what
    // merging each resample's seconds into one histogram gives: the resamples are replayed
    // from the same seed (ceil(n / b) circular blocks, the last one n mod b long) and their
    // percentiles read with LatencyHistogram::valueAtPercentileUs.
    std::mt19937_64 gen(3);
    for (int n : {61, 97}) {
        QVector<LatencyHistogram> secs = seconds(gen, n, 300, 4000.0);
        if (n == 61) // a slow wave in the counts: long blocks and a partial last one
            for (int t = 0; t < n; ++t)
                secs[t] = seconds(gen, 1, int(300 + 150 * std::sin(t / 5.0)), 4000.0).first();
        secs[5] = LatencyHistogram(); // a second without success
        BootstrapOptions options;
        options.minEffectiveSeconds = 0;
        options.resamples = 60;
        options.seed = 99 + uint64_t(n);
        const BootstrapSample s = bootstrapSeconds(secs, options);
        QVERIFY2(s.ok, qPrintable(s.reason));
        const BootstrapSample again = bootstrapSeconds(secs, options);
        for (int m = 0; m < kBootMetricCount; ++m)
            QCOMPARE(again.draws[m], s.draws[m]);
        const int b = s.blockLength;
        const int full = n / b, rest = n % b;
        if (n == 61)
            QVERIFY2(b > 1 && rest > 0, qPrintable(QString::number(b)));
        std::mt19937_64 rng(options.seed);
        std::uniform_int_distribution<int> start(0, n - 1);
        for (int r = 0; r < options.resamples; ++r) {
            LatencyHistogram merged;
            for (int j = 0; j < full + (rest > 0 ? 1 : 0); ++j) {
                const int at = start(rng);
                for (int k = 0; k < (j < full ? b : rest); ++k)
                    merged.add(secs[(at + k) % n]);
            }
            QCOMPARE(s.draws[int(BootMetric::Throughput)][r], double(merged.count()) / n);
            QCOMPARE(s.draws[int(BootMetric::P50)][r],
                     double(merged.valueAtPercentileUs(50)) / 1000.0);
            QCOMPARE(s.draws[int(BootMetric::P95)][r],
                     double(merged.valueAtPercentileUs(95)) / 1000.0);
            QCOMPARE(s.draws[int(BootMetric::P99)][r],
                     double(merged.valueAtPercentileUs(99)) / 1000.0);
        }
    }
}

QTEST_GUILESS_MAIN(TestUncertainty)
#include "tst_uncertainty.moc"
