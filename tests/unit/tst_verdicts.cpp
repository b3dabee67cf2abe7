// Replicates and verdicts (issue 18 items 4 and 5): the replicates' split and pooling, the
// session file with replicates (and an older one as one replicate), the profile's `repeat:`
// and `analysis.noise_threshold`, the study's `repeat:`/`order:`, the verdict rules with the
// Holm correction, and by simulation: A/A comparisons of 3 runs each stay silent (at most 5 %
// of comparisons with any better/worse verdict), a 40 % slower B is "worse" in nearly all.
#include "replicatedsession.h"
#include "sessionplan.h"
#include "analysis/verdict.h"
#include "charts/chartmodel.h"
#include "charts/svgrenderer.h"
#include "report/capacityintervalstext.h"
#include "session/capacityintervals.h"
#include "profile/profileparser.h"
#include "report/comparisontext.h"
#include "session/comparisonverdicts.h"
#include "session/sessionio.h"
#include "stats/replicatebootstrap.h"
#include "stats/replicates.h"
#include "study/studyparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <random>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("sys_health");

StageStats stage(int index, int vus, double medianMs, int n, std::mt19937_64 &rng)
{
    return test::lognormalStage(kOp, index, vus, medianMs, n, rng);
}

using test::replicatedSession;

/// A closed ramp 1..32 VUs against 8 workers of 5 ms, `runs` replicates with run noise.
Session capacitySession(int runs, std::mt19937_64 &rng)
{
    Session s;
    s.id = s.label = QStringLiteral("cap");
    s.profileName = QStringLiteral("cap");
    QByteArray stages;
    const QList<int> vus{1, 2, 4, 8, 16, 32};
    for (int v : vus)
        stages += "    - { vus: " + QByteArray::number(v) + ", duration: 2500ms }\n";
    s.profileYaml = "name: cap\nramp:\n  warmup: 500ms\n  stages:\n" + stages
                    + "operations:\n  - type: sys_health\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    std::normal_distribution<double> runEffect(0, 0.03);
    for (int r = 0; r < runs; ++r) {
        const double effect = std::exp(runEffect(rng));
        Replicate rep;
        for (int i = 0; i < vus.size(); ++i) {
            const double median = 5.0 * effect * std::max(1.0, vus[i] / 8.0);
            rep.append(stage(i, vus[i], median, int(2.0 * vus[i] * 1000.0 / median), rng));
        }
        s.replicates.append(rep);
    }
    s.stages = poolReplicates(s.replicates);
    if (!test::setPlanFromYaml(&s))
        qFatal("test profile does not parse");
    return s;
}

BootstrapSample fakeSample(double point, double relSd, int n, uint64_t seed)
{
    BootstrapSample s;
    s.ok = true;
    s.confidence = 0.95;
    s.resamples = n;
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0, relSd);
    for (int m = 0; m < kBootMetricCount; ++m) {
        s.point[m] = point;
        for (int i = 0; i < n; ++i)
            s.draws[m].append(point * std::exp(noise(rng)));
    }
    return s;
}

/// One run of one 4.5 s stage of 1 VU (0.5 s warm-up, steady from 0.5 s to 4.5 s) with its
/// interval histograms: `perSecond` successes in each of seconds 0..4 at a median of
/// `medianMs`. The stage's table counts all of them over its 4 steady seconds, the bootstrap
/// only the whole seconds 1..3 inside the window: the two figures differ on purpose.
Session shortOneRunSession(const QString &label, int perSecond, double medianMs,
                           std::mt19937_64 &rng)
{
    Session s;
    s.id = s.label = label;
    s.profileName = QStringLiteral("health");
    s.profileYaml = "name: health\nramp:\n  warmup: 500ms\n  stages:\n"
                    "    - { vus: 1, duration: 4500ms }\noperations:\n  - type: sys_health\n";
    s.ops = {kOp};
    s.transport = QStringLiteral("direct");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.secondHistograms.ops = s.ops;
    s.secondHistograms.byOp.resize(1);
    StageStats st;
    st.index = 0;
    st.vus = 1;
    st.durationMs = 4500;
    st.warmupMs = 500;
    st.startMs = 0;
    st.steadySeconds = 4.0;
    st.maxInFlight = 1;
    st.meanInFlight = 1;
    OpStats o;
    o.op = kOp;
    std::lognormal_distribution<double> lat(std::log(medianMs * 1000), 0.25);
    for (int second = 0; second < 5; ++second) {
        LatencyHistogram h;
        for (int i = 0; i < perSecond * (second + 1); ++i) {
            const int64_t us = std::max<int64_t>(1, int64_t(lat(rng)));
            h.record(us);
            o.recordOk(us);
        }
        s.secondHistograms.add(0, second, h.compactCopy());
    }
    o.latency.compact();
    st.ops = {o};
    s.stages = {st};
    if (!test::setPlanFromYaml(&s))
        qFatal("test profile does not parse");
    return s;
}

int countVerdicts(const Comparison &c, Verdict which)
{
    int n = 0;
    for (const OpComparison &oc : c.ops)
        for (const AlignedRow &r : oc.rows)
            for (int i = 1; i < r.verdicts.size(); ++i)
                for (const MetricVerdict &v : r.verdicts[i])
                    n += v.verdict == which ? 1 : 0;
    return n;
}

} // namespace

class TstVerdicts : public QObject {
    Q_OBJECT
private slots:
    void splitAndPoolReplicates()
    {
        std::mt19937_64 rng(1);
        QList<StageStats> run;
        for (int r = 0; r < 3; ++r)
            for (int i = 0; i < 2; ++i)
                run.append(stage(r * 2 + i, i == 0 ? 1 : 4, 5.0 + r, 400, rng));
        const QList<Replicate> reps = splitReplicates(run, 2);
        QCOMPARE(reps.size(), 3);
        QCOMPARE(reps[2][1].index, 1); // renumbered within the replicate
        const QList<StageStats> pooled = poolReplicates(reps);
        QCOMPARE(pooled.size(), 2);
        QCOMPARE(pooled[1].ops[0].ok, 1200);
        QCOMPARE(pooled[1].steadySeconds, 6.0);
        QCOMPARE(pooled[0].ops[0].latency.count(), 1200);
        // A stopped run: its last replicate is shorter, stage 2 pools the replicates that have it.
        run.removeLast();
        const QList<StageStats> partial = poolReplicates(splitReplicates(run, 2));
        QCOMPARE(partial[1].ops[0].ok, 800);
        QCOMPARE(partial[0].ops[0].ok, 1200);
    }

    void engineRecordSplitsByThePlansRepeat()
    {
        std::mt19937_64 rng(2);
        Session s = replicatedSession(QStringLiteral("a"), 3, 1.0, 0.0, rng);
        RunRecord r = s;
        r.stages.clear();
        for (const Replicate &rep : s.replicates)
            for (const StageStats &st : rep)
                r.stages.append(st);
        r.replicates.clear();
        r.splitReplicates();
        QCOMPARE(r.replicateCount(), 3);
        QCOMPARE(r.stages.size(), 2);
        QCOMPARE(r.stages[0].ops[0].ok, s.stages[0].ops[0].ok);
    }

    void sessionFileKeepsReplicatesAndOldFilesAreOneReplicate()
    {
        std::mt19937_64 rng(3);
        const Session s = replicatedSession(QStringLiteral("a"), 3, 1.0, 0.02, rng);
        const QJsonObject json = sessionToJson(s);
        QCOMPARE(json.value(QStringLiteral("replicates")).toArray().size(), 3);
        QCOMPARE(
            json.value(QStringLiteral("plan")).toObject().value(QStringLiteral("repeat")).toInt(),
            3);
        QString error;
        const std::optional<Session> back = sessionFromJson(json, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->replicateCount(), 3);
        QCOMPARE(back->plan.repeat, 3);
        QCOMPARE(back->replicates[1][1].ops[0].latency, s.replicates[1][1].ops[0].latency);
        // A session written before replicates: no "replicates", plan without "repeat".
        QJsonObject old = json;
        old.remove(QStringLiteral("replicates"));
        QJsonObject plan = old.value(QStringLiteral("plan")).toObject();
        plan.remove(QStringLiteral("repeat"));
        QJsonObject analysis = plan.value(QStringLiteral("analysis")).toObject();
        analysis.remove(QStringLiteral("noise_threshold"));
        plan.insert(QStringLiteral("analysis"), analysis);
        old.insert(QStringLiteral("plan"), plan);
        const std::optional<Session> one = sessionFromJson(old, &error);
        QVERIFY2(one, qPrintable(error));
        QCOMPARE(one->replicateCount(), 1);
        QCOMPARE(one->replicateList().first().size(), 2);
        QCOMPARE(one->plan.repeat, 1);
        QCOMPARE(one->plan.analysis.noiseThreshold, 0.05);
        // Its verdicts are not assessed with a reason (no replicates, no interval histograms),
        // never a made-up interval.
        Comparison c = compareSessions({*one, *one});
        assessComparison(&c, {*one, *one});
        QCOMPARE(countVerdicts(c, Verdict::NotAssessed), 8);
        QVERIFY(!c.ops[0].rows[0].verdicts[1][0].reason.isEmpty());
        QVERIFY(!c.ops[0].rows[0].verdicts[1][0].ci.known);
    }

    void profileAndStudyKeys()
    {
        const QByteArray base = "name: x\nramp:\n  stages: [ { vus: 1, duration: 1s } ]\n"
                                "operations:\n  - type: sys_health\n";
        ProfileParseResult p =
            parseProfile(base + "repeat: 3\nanalysis: { noise_threshold: 0.1 }\n");
        QVERIFY(p.ok());
        QCOMPARE(p.profile->repeat, 3);
        QCOMPARE(p.profile->analysis.noiseThreshold, 0.1);
        QCOMPARE(p.profile->totalDurationMs(), 3000);
        p = parseProfile(base + "repeat: 0\n");
        QVERIFY(!p.ok());
        QCOMPARE(p.errors.first().field, QStringLiteral("repeat"));
        p = parseProfile(base + "analysis: { noise_threshold: 1.5 }\n");
        QVERIFY(!p.ok());

        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("s.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "name: s\nprofiles: [a.yaml]\ntargets: [ { name: t, addr: 'http://127.0.0.1:1' } ]\n"
            "repeat: 3\norder: randomized\nseed: 42\n");
        f.close();
        QFile a(dir.filePath(QStringLiteral("a.yaml")));
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write(base);
        a.close();
        const StudyParseResult s = loadStudyFile(f.fileName());
        QVERIFY2(s.ok(), s.errors.isEmpty() ? "" : qPrintable(s.errors.first().message));
        QCOMPARE(s.study->repeat, 3);
        QCOMPARE(s.study->order, QStringLiteral("randomized"));
        QCOMPARE(*s.study->seed, quint64(42));
    }

    void verdictRules()
    {
        const VerdictSettings vs; // 5 %, 95 %, Holm
        // Inside the band: no change.
        MetricVerdict v = assessMetric(CompareMetric::P99, fakeSample(10, 0.005, 1000, 1),
                                       fakeSample(10.1, 0.005, 1000, 2), 3, vs);
        QCOMPARE(v.verdict, Verdict::NoChange);
        QVERIFY(v.ci.known && v.ci.lo > 0.95 && v.ci.hi < 1.05);
        QVERIFY(verdictSentence(v, "A", "B", "16 VUs", vs)
                    .contains(QStringLiteral("no change beyond ±5 %")));
        // 1.4x the latency, clearly: worse; 1.4x the throughput: better.
        v = assessMetric(CompareMetric::P50, fakeSample(5, 0.01, 1000, 3),
                         fakeSample(7, 0.01, 1000, 4), 3, vs);
        QCOMPARE(v.verdict, Verdict::Worse);
        QVERIFY(v.ci.lo < 1.4 && v.ci.hi > 1.4 && v.ci.lo > 1);
        MetricVerdict t = assessMetric(CompareMetric::Throughput, fakeSample(100, 0.01, 1000, 5),
                                       fakeSample(440, 0.01, 1000, 6), 3, vs);
        QCOMPARE(t.verdict, Verdict::Better);
        const QString words = verdictSentence(t, "RSA-2048", "ED25519", "16 VUs", vs);
        QVERIFY2(words.startsWith(
                     QStringLiteral("ED25519: 4.4x the throughput of RSA-2048 at 16 VUs (95%: ")),
                 qPrintable(words));
        // Crossing the threshold: inconclusive, with the repeats that would likely decide.
        v = assessMetric(CompareMetric::P99, fakeSample(10, 0.05, 1000, 7),
                         fakeSample(10.8, 0.05, 1000, 8), 3, vs);
        QCOMPARE(v.verdict, Verdict::Inconclusive);
        QVERIFY(v.moreRepeats > 0);
        // Holm: a p-value that passes alone fails among many tests.
        MetricVerdict weak = assessMetric(CompareMetric::P50, fakeSample(10, 0.03, 1000, 9),
                                          fakeSample(11.5, 0.03, 1000, 10), 3, vs);
        QCOMPARE(weak.verdict, Verdict::Worse);
        QVERIFY(weak.pValue < 0.05);
        // 200 other tests: Holm needs p < 0.05 / 201, below the 2 / 1001 a bootstrap of 1000
        // draws can give.
        QList<MetricVerdict> many(200, v);
        many.append(weak);
        QList<MetricVerdict *> family;
        for (MetricVerdict &m : many)
            family.append(&m);
        applyCorrection(family, vs);
        QCOMPARE(many.last().verdict, Verdict::Inconclusive);
        QVERIFY(many.last().reason.contains(QStringLiteral("Holm")));
        // Not assessed, with the reason.
        BootstrapSample none;
        none.reason = QStringLiteral("6 steady seconds, an interval needs 10");
        v = assessMetric(CompareMetric::P99, none, fakeSample(10, 0.01, 1000, 11), 1, vs);
        QCOMPARE(v.verdict, Verdict::NotAssessed);
        QVERIFY(v.reason.contains(QStringLiteral("6 steady seconds")));
    }

    void expansionWidensFewRuns()
    {
        QVERIFY(std::abs(expandedPercentileFactor(3) - 2.69) < 0.01);
        QVERIFY(expandedPercentileFactor(10) < 1.35);
        QVERIFY(expandedPercentileFactor(1000) < 1.01);
    }

    /// By simulation: 200 A/A pairs of 3 runs each with run-to-run noise (sigma 3 %, a quiet
    /// host; 10 %, a noisy one): a pair with any better/worse verdict at most 5 % of the time
    /// (family-wise error, Holm). A B with 1.4x the latency: p50 worse in >= 95 % of 100
    /// pairs, its interval holding 1.4 in >= 90 %.
    void simulatedAaIsSilentAndAbSpeaks()
    {
        std::mt19937_64 rng(20261201);
        for (double sigma : {0.03, 0.10}) {
            int loud = 0, assessed = 0;
            constexpr int kPairs = 200;
            for (int i = 0; i < kPairs; ++i) {
                const QList<Session> ss{replicatedSession(QStringLiteral("a"), 3, 1.0, sigma, rng),
                                        replicatedSession(QStringLiteral("b"), 3, 1.0, sigma, rng)};
                Comparison c = compareSessions(ss);
                BootstrapOptions o;
                o.seed = rng();
                assessComparison(&c, ss, o);
                loud += countVerdicts(c, Verdict::Better) + countVerdicts(c, Verdict::Worse) > 0
                            ? 1
                            : 0;
                assessed += 8 - countVerdicts(c, Verdict::NotAssessed);
            }
            qInfo("A/A, 3 runs each, run sigma %.2f: %d of %d pairs with a better/worse verdict; "
                  "%d figures assessed",
                  sigma, loud, kPairs, assessed);
            QVERIFY(assessed > kPairs * 6);
            QVERIFY2(loud <= kPairs * 5 / 100, qPrintable(QString::number(loud)));
        }
        int worse = 0, holds = 0;
        constexpr int kPairs = 100;
        for (int i = 0; i < kPairs; ++i) {
            const QList<Session> ss{replicatedSession(QStringLiteral("a"), 3, 1.0, 0.03, rng),
                                    replicatedSession(QStringLiteral("b"), 3, 1.4, 0.03, rng)};
            Comparison c = compareSessions(ss);
            BootstrapOptions o;
            o.seed = rng();
            assessComparison(&c, ss, o);
            const MetricVerdict &p50 = c.ops[0].rows[0].verdicts[1][int(CompareMetric::P50)];
            worse += p50.verdict == Verdict::Worse ? 1 : 0;
            holds += p50.ci.known && p50.ci.lo <= 1.4 && 1.4 <= p50.ci.hi ? 1 : 0;
        }
        qInfo("A/B 1.4x latency, 3 runs each: p50 worse in %d of %d, interval holds 1.4 in %d",
              worse, kPairs, holds);
        QVERIFY(worse >= 95);
        QVERIFY(holds >= 90);
    }

    void chartsDrawTheBandsAndReplicates()
    {
        std::mt19937_64 rng(5);
        const Session s = replicatedSession(QStringLiteral("a"), 3, 1.0, 0.05, rng);
        CurveSource src = curveSourceFromSession(s, QStringLiteral("a"));
        addIntervals(&src, s);
        const ChartModel m = buildChartModel(ChartKind::LatencyVsLoad, {src});
        const ChartSeries *p99 = nullptr;
        for (const ChartSeries &x : m.series)
            if (x.percentile == 99)
                p99 = &x;
        QVERIFY(p99);
        QCOMPARE(p99->intervals.size(), 2);
        QCOMPARE(p99->intervalTitle, QStringLiteral("95% CI, bootstrap over runs, 3 runs"));
        for (int i = 0; i < 2; ++i) // each point inside its band
            QVERIFY(p99->intervals[i].lo <= p99->points[i].y()
                    && p99->points[i].y() <= p99->intervals[i].hi);
        QCOMPARE(p99->replicatePoints.size(), 6);
        const QString svg = renderSvg(m);
        QVERIFY(svg.contains(QStringLiteral("<polygon class=\"interval\"")));
        QVERIFY(svg.contains(
            QStringLiteral("<title>95% CI, bootstrap over runs, 3 runs: sys_health p99</title>")));
        QVERIFY(svg.contains(QStringLiteral("class=\"replicate\"")));
        // The toggle: no replicate points.
        ChartOptions off;
        off.replicates = false;
        const ChartModel m2 = buildChartModel(ChartKind::ThroughputVsLoad, {src}, off);
        QVERIFY(m2.series.first().replicatePoints.isEmpty());
        QCOMPARE(m2.series.first().intervals.size(), 2);
        QVERIFY(chartData(m2)
                    .value(QStringLiteral("series"))
                    .toArray()
                    .first()
                    .toObject()
                    .contains(QStringLiteral("intervals")));
        // A session without intervals draws none (and its chart data has no such key).
        const ChartModel plain = buildChartModel(ChartKind::ThroughputVsLoad,
                                                 {curveSourceFromSession(s, QStringLiteral("a"))});
        QVERIFY(plain.series.first().intervals.isEmpty());
        QVERIFY(!renderSvg(plain).contains(QStringLiteral("class=\"interval\"")));
    }

    void capacityPointsOverResamples()
    {
        std::mt19937_64 rng(6);
        const Session s = capacitySession(3, rng);
        const QList<OpCapacityIntervals> ci = capacityIntervals(s);
        QCOMPARE(ci.size(), 1);
        QVERIFY2(ci[0].reason.isEmpty(), qPrintable(ci[0].reason));
        const PointDistribution &knee = ci[0].points.first();
        QCOMPARE(knee.point, QStringLiteral("knee"));
        int sum = 0;
        for (const auto &kv : knee.counts)
            sum += kv.second;
        QCOMPARE(sum, knee.resamples);
        QCOMPARE(knee.resamples, 200);
        const QString text = capacityIntervalsText(ci);
        qInfo("%s", qPrintable(text));
        QVERIFY2(
            QRegularExpression(QStringLiteral("knee at \\d+ VUs \\(\\d+ in \\d+ % of resamples"))
                .match(text)
                .hasMatch(),
            qPrintable(text));
        // max throughput: 8 workers of 5 ms serve 1600/s: the interval is near it.
        const PointDistribution &maxX = ci[0].points.at(2);
        QVERIFY(maxX.figure.known);
        QVERIFY2(maxX.figure.lo > 1200 && maxX.figure.hi < 2000, qPrintable(maxX.words()));
    }

    // Trial of issue 22/18 (newuser): `compare` of two one-run sessions of 3 s stages showed
    // throughput B/A 0.73 in the aligned table and 0.81 in the verdict table for the same
    // stage, the verdict's A and B being the whole steady seconds' figures (2 of the 3 s).
    // A figure without an interval is the stage's own, as the table beside it shows it.
    void notAssessedFiguresAreTheStagesOwn()
    {
        std::mt19937_64 rng(21);
        const QList<Session> ss{shortOneRunSession(QStringLiteral("a"), 100, 5.0, rng),
                                shortOneRunSession(QStringLiteral("b"), 60, 8.0, rng)};
        Comparison c = compareSessions(ss);
        assessComparison(&c, ss);
        QCOMPARE(c.ops.size(), 1);
        QCOMPARE(c.ops[0].rows.size(), 1);
        const AlignedRow &row = c.ops[0].rows[0];
        QCOMPARE(row.verdicts.size(), 2);
        const StageStats &sa = ss[0].stages[0], &sb = ss[1].stages[0];
        const MetricVerdict &x = row.verdicts[1][int(CompareMetric::Throughput)];
        QCOMPARE(x.verdict, Verdict::NotAssessed); // 3 whole seconds: no interval
        QVERIFY(x.a && x.b && x.ratio);
        QCOMPARE(*x.a, sa.throughputPerS(sa.ops[0])); // 1500 / 4 s, not 900 / 3 s
        QCOMPARE(*x.b, sb.throughputPerS(sb.ops[0]));
        QVERIFY(row.throughputRatio.value(1));
        QCOMPARE(*x.ratio, *row.throughputRatio.value(1));
        const MetricVerdict &p99 = row.verdicts[1][int(CompareMetric::P99)];
        QVERIFY(p99.a && p99.ratio);
        QCOMPARE(*p99.a, double(sa.ops[0].latency.valueAtPercentileUs(99)) / 1000.0);
        QVERIFY(row.p99Ratio.value(1));
        QCOMPARE(*p99.ratio, *row.p99Ratio.value(1));
    }

    void textAndJsonCarryTheVerdicts()
    {
        std::mt19937_64 rng(4);
        const QList<Session> ss{replicatedSession(QStringLiteral("fast"), 3, 1.0, 0.02, rng),
                                replicatedSession(QStringLiteral("slow"), 3, 1.4, 0.02, rng)};
        Comparison c = compareSessions(ss);
        assessComparison(&c, ss);
        QVERIFY(anyWorse(c));
        QVERIFY(anyWorse(c, {CompareMetric::P50}));
        const QJsonObject j = comparisonJson(c, ss);
        const QJsonObject verdicts = j.value(QStringLiteral("verdicts")).toObject();
        QCOMPARE(verdicts.value(QStringLiteral("threshold")).toDouble(), 0.05);
        QCOMPARE(verdicts.value(QStringLiteral("confidence")).toDouble(), 0.95);
        QCOMPARE(verdicts.value(QStringLiteral("correction")).toString(), QStringLiteral("Holm"));
        const QJsonArray levels = j.value(QStringLiteral("ops"))
                                      .toObject()
                                      .value(kOp)
                                      .toObject()
                                      .value(QStringLiteral("levels"))
                                      .toArray();
        QCOMPARE(levels.size(), 2);
        QCOMPARE(levels[0].toObject().value(QStringLiteral("load")).toInt(), 1);
        const QJsonObject p50 = levels[0]
                                    .toObject()
                                    .value(QStringLiteral("metrics"))
                                    .toObject()
                                    .value(QStringLiteral("p50"))
                                    .toObject();
        for (const char *k : {"a", "b", "ratio", "ci_low", "ci_high", "verdict", "reason"})
            QVERIFY2(p50.contains(QLatin1String(k)), k);
        QCOMPARE(p50.value(QStringLiteral("verdict")).toString(), QStringLiteral("worse"));
        const QString text = comparisonText(c, ss);
        QVERIFY2(text.contains(QStringLiteral("noise threshold ±5 %; Holm correction over")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("3 runs, bootstrap over the runs")));
        QVERIFY(text.contains(QStringLiteral("slow: 1.")));
    }
};

QTEST_GUILESS_MAIN(TstVerdicts)
#include "tst_verdicts.moc"
