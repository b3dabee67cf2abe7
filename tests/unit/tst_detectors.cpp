// Capacity detectors (core/analysis/) on synthetic stages with known answers: knee,
// saturation, failure, SLO, thresholds from the profile, client-bound stages, evidence, and
// the analysis in the session file and the report JSON.
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "syntheticstages.h"
#include "session/sessionanalysis.h"
#include "analysis/kneedetector.h"
#include "analysis/stagedetectors.h"
#include "profile/profileparser.h"
#include "profile/planjson.h"
#include "report/report.h"
#include "session/sessionio.h"

#include <QJsonArray>
#include <QTest>
#include <cmath>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("sys_health");

/// One closed-model stage: `throughput` successes in a 1-second window, all at `latencyMs`,
/// plus `errors` by class.
StageStats stage(int index, int vus, qint64 throughput, double latencyMs,
                 const QMap<QString, qint64> &errors = {})
{
    StageStats st;
    st.index = index;
    st.vus = vus;
    st.durationMs = 1000;
    st.steadySeconds = 1.0;
    OpStats o;
    o.op = kOp;
    o.ok = throughput;
    o.count = throughput;
    if (throughput > 0)
        o.latency.recordN(std::llround(latencyMs * 1000.0), throughput);
    for (auto it = errors.cbegin(); it != errors.cend(); ++it) {
        o.errors.insert(it.key(), it.value());
        o.count += it.value();
    }
    st.ops.append(o);
    return st;
}

/// A server with `workers` workers of `serviceMs` each under a closed ramp: X = min(N, slots) /
/// service time, R = N / X (Little's law).
QList<StageStats> fixedCapacity(const QList<int> &vus, int workers, double serviceMs)
{
    QList<StageStats> stages;
    for (int i = 0; i < vus.size(); ++i) {
        const double x = std::min(vus[i], workers) * 1000.0 / serviceMs;
        stages.append(stage(i, vus[i], qint64(x), vus[i] / x * 1000.0));
    }
    return stages;
}

Session sessionOf(const QList<StageStats> &stages, const QByteArray &yaml = {})
{
    Session s;
    s.id = QStringLiteral("test");
    s.label = QStringLiteral("synthetic");
    s.profileName = QStringLiteral("synthetic");
    s.profileYaml = yaml;
    if (!yaml.isEmpty()) { // the run plan, as the engine fills it from the parsed profile
        const ProfileParseResult r = parseProfile(yaml);
        if (r.ok())
            s.plan = *r.profile;
    }
    s.ops = {kOp};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.stages = stages;
    return s;
}

const QList<int> kRamp = {1, 2, 4, 8, 16, 32};

} // namespace

class TestDetectors : public QObject {
    Q_OBJECT
private slots:
    void plateauGivesSaturationAndKnee();
    void errorRampGivesFailureAndClass();
    void monotoneLinearCurveGivesNoKneeNoSaturation();
    void kneedleOnKnownCurves();
    void sloPicksHighestThroughputThatMetIt();
    void thresholdsFromTheProfileAreHonoured();
    void profileRejectsBadThresholds();
    void clientBoundStagesAreLeftOut();
    void analysisInSessionFileAndReport();
    void arrivalRateRunIsNotAssessed();
    void noSuccessStagesAreNotAssessed();
};

void TestDetectors::plateauGivesSaturationAndKnee()
{
    // 8 workers x 5 ms: 200/s per VU up to 8 VUs, then a 1600/s plateau.
    const OpAnalysis a =
        analyzeCurve(curveFromStages(fixedCapacity(kRamp, 8, 5.0), kOp, *defaultLoadModel()), {});
    QCOMPARE(a.saturation.vus, std::optional<int>(8));
    QCOMPARE(a.saturation.stage, std::optional<int>(3));
    QCOMPARE(a.knee.vus, std::optional<int>(8));
    QCOMPARE(a.knee.powerVus, std::optional<int>(8));
    QCOMPARE(a.knee.kneedleVus, std::optional<int>(8));
    QCOMPARE(a.knee.agreement, QStringLiteral("same"));
    QVERIFY(a.knee.p99Ms.has_value());
    QVERIFY(std::abs(*a.knee.p99Ms - 5.0) < 0.01);
    QVERIFY(!a.failure.vus.has_value());
    QVERIFY(a.maxThroughput.perS.has_value());
    QCOMPARE(*a.maxThroughput.perS, 1600.0);
    QCOMPARE(a.maxThroughput.vus, std::optional<int>(8)); // first stage that reached it

    // Evidence: sentences naming the stage, and the data behind them.
    QCOMPARE(a.saturation.evidence.stages, (QList<int>{3, 4, 5}));
    QVERIFY2(a.saturation.evidence.text.contains(QStringLiteral("Saturation at 8 VUs (stage 4")),
             qPrintable(a.saturation.evidence.text));
    const QJsonArray gains =
        a.saturation.evidence.data.value(QStringLiteral("gain_per_s_per_vu")).toArray();
    QCOMPARE(gains.size(), 5);
    QCOMPARE(gains.at(0).toDouble(), 200.0);
    QCOMPARE(gains.at(3).toDouble(), 0.0);
    QVERIFY(a.knee.evidence.text.contains(QStringLiteral("Knee at 8 VUs (stage 4)")));
    QCOMPARE(a.knee.evidence.stages.first(), 3);
    QCOMPARE(a.knee.evidence.data.value(QStringLiteral("power_per_s_per_ms")).toArray().size(), 6);
    QVERIFY(!a.failure.evidence.text.isEmpty());

    // Same capacity, a plateau reached later: 16 workers.
    // (A plateau needs two low-gain segments: 16 -> 32 -> 64.)
    const QList<int> longer = kRamp + QList<int>{64};
    const OpAnalysis b =
        analyzeCurve(curveFromStages(fixedCapacity(longer, 16, 5.0), kOp, *defaultLoadModel()), {});
    QCOMPARE(b.saturation.vus, std::optional<int>(16));
    QCOMPARE(b.knee.vus, std::optional<int>(16));
}

void TestDetectors::errorRampGivesFailureAndClass()
{
    QList<StageStats> stages = fixedCapacity(kRamp, 64, 5.0);
    // 0.5 % errors at 8 VUs (under the 1 % default), then 5 % at 16 VUs, mostly 503s.
    stages[3] = stage(3, 8, 1592, 5.0, {{QStringLiteral("http_503"), 8}});
    stages[4] = stage(4, 16, 3040, 5.2,
                      {{QStringLiteral("http_503"), 120}, {QStringLiteral("timeout"), 40}});
    stages[5] = stage(5, 32, 3000, 10.0, {{QStringLiteral("timeout"), 3000}});
    const OpAnalysis a = analyzeCurve(curveFromStages(stages, kOp, *defaultLoadModel()), {});
    QCOMPARE(a.failure.vus, std::optional<int>(16));
    QCOMPARE(a.failure.stage, std::optional<int>(4));
    QCOMPARE(a.failure.errorClass, QStringLiteral("http_503"));
    QVERIFY(std::abs(*a.failure.errorRatio - 160.0 / 3200.0) < 1e-9);
    QCOMPARE(a.failure.evidence.stages, QList<int>{4});
    QVERIFY2(a.failure.evidence.text.contains(QStringLiteral("5.00 %")),
             qPrintable(a.failure.evidence.text));
    const QJsonObject errors = a.failure.evidence.data.value(QStringLiteral("errors")).toObject();
    QCOMPARE(errors.value(QStringLiteral("http_503")).toInt(), 120);
    QCOMPARE(errors.value(QStringLiteral("timeout")).toInt(), 40);

    // A lower threshold moves the failure point to the first stage with errors.
    AnalysisSettings strict;
    strict.thresholds.failureErrorRatio = 0.001;
    const FailureResult f =
        detectFailure(curveFromStages(stages, kOp, *defaultLoadModel()), strict.thresholds);
    QCOMPARE(f.vus, std::optional<int>(8));
    QCOMPARE(f.errorClass, QStringLiteral("http_503"));
}

void TestDetectors::monotoneLinearCurveGivesNoKneeNoSaturation()
{
    QList<StageStats> stages;
    for (int i = 0; i < kRamp.size(); ++i)
        stages.append(stage(i, kRamp[i], 100 * kRamp[i], 10.0));
    const OpAnalysis a = analyzeCurve(curveFromStages(stages, kOp, *defaultLoadModel()), {});
    QVERIFY(!a.knee.vus.has_value());
    QVERIFY(!a.knee.powerVus.has_value());
    QVERIFY(!a.knee.kneedleVus.has_value());
    QCOMPARE(a.knee.agreement, QStringLiteral("none"));
    QVERIFY(!a.knee.p99Ms.has_value());
    QVERIFY(!a.saturation.vus.has_value());
    QVERIFY(!a.failure.vus.has_value());
    QVERIFY(a.knee.evidence.text.startsWith(QStringLiteral("No knee within the ramp")));
    QVERIFY(a.saturation.evidence.text.startsWith(QStringLiteral("No saturation")));
    QCOMPARE(a.maxThroughput.vus, std::optional<int>(32));
    QVERIFY(a.usl.fitted);
    QVERIFY(!a.usl.nStar.has_value()); // linear: no peak

    // Too few stages: nothing is claimed.
    const OpAnalysis two =
        analyzeCurve(curveFromStages(stages.mid(0, 2), kOp, *defaultLoadModel()), {});
    QVERIFY(!two.knee.vus.has_value());
    QVERIFY(!two.saturation.vus.has_value());
    QVERIFY(!two.usl.fitted);
}

void TestDetectors::kneedleOnKnownCurves()
{
    // Satopaa et al.: y = -1/x + 5 on x = 1..9 (their figure 1) has its knee at x = 2 ... 3.
    QList<double> x, y;
    for (int i = 1; i <= 9; ++i) {
        x.append(i);
        y.append(-1.0 / i + 5.0);
    }
    const std::optional<int> k = kneedleIndex(x, y);
    QVERIFY(k.has_value());
    QVERIFY2(*k == 1 || *k == 2, qPrintable(QString::number(*k)));
    // A straight line and a convex curve have none.
    QVERIFY(!kneedleIndex({1, 2, 3, 4, 5}, {2, 4, 6, 8, 10}).has_value());
    QVERIFY(!kneedleIndex({1, 2, 3, 4, 5}, {1, 4, 9, 16, 25}).has_value());
}

void TestDetectors::sloPicksHighestThroughputThatMetIt()
{
    // p99 = latency of every request here: 5 ms up to 8 VUs, then 10, 20 ms.
    const QList<StageStats> stages = fixedCapacity(kRamp, 8, 5.0);
    SloSpec slo;
    slo.p99Ms = 12.0;
    ThroughputPoint t =
        maxThroughputWithinSlo(curveFromStages(stages, kOp, *defaultLoadModel()), slo);
    QCOMPARE(t.perS, std::optional<double>(1600.0));
    QCOMPARE(t.vus, std::optional<int>(8)); // 16 VUs has the same throughput at 10 ms: first wins
    slo.p99Ms = 4.0; // nobody meets it
    t = maxThroughputWithinSlo(curveFromStages(stages, kOp, *defaultLoadModel()), slo);
    QVERIFY(!t.perS.has_value());
    QVERIFY(t.evidence.text.contains(QStringLiteral("No stage met the SLO")));
    // No SLO in the profile: null, and said so.
    t = maxThroughputWithinSlo(curveFromStages(stages, kOp, *defaultLoadModel()), SloSpec());
    QVERIFY(!t.perS.has_value());
    QVERIFY(t.evidence.text.contains(QStringLiteral("No SLO")));

    // An error-ratio objective excludes a faster stage with errors.
    QList<StageStats> withErrors = fixedCapacity(kRamp, 64, 5.0);
    withErrors[5] = stage(5, 32, 6000, 5.0, {{QStringLiteral("http_500"), 400}});
    SloSpec errorSlo;
    errorSlo.errorRatio = 0.01;
    t = maxThroughputWithinSlo(curveFromStages(withErrors, kOp, *defaultLoadModel()), errorSlo);
    QCOMPARE(t.vus, std::optional<int>(16));
}

void TestDetectors::thresholdsFromTheProfileAreHonoured()
{
    // Gains per VU: 100, 60, 40, 30, 5, 2 (ramp 1, 2, 3, 4, 5, 6, 7).
    QList<StageStats> stages;
    const QList<qint64> x = {100, 200, 260, 300, 330, 335, 337};
    for (int i = 0; i < x.size(); ++i)
        stages.append(stage(i, i + 1, x[i], (i + 1) * 1000.0 / x[i]));

    const QByteArray base = "name: t\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                            "operations:\n  - type: sys_health\n";
    // Defaults (10 % for 2 segments): gains 5 and 2 are under 10 -> plateau from 5 VUs.
    SessionAnalysis d = analyzeSession(sessionOf(stages, base));
    QCOMPARE(d.ops.first().saturation.vus, std::optional<int>(5));
    // 50 % for 1 segment: 40 < 50 -> from 3 VUs.
    const QByteArray loose = base + "analysis: { saturation_gain: 0.5, saturation_stages: 1 }\n";
    const ProfileParseResult parsed = parseProfile(loose);
    QVERIFY2(parsed.ok(),
             parsed.errors.isEmpty() ? "" : qPrintable(parsed.errors.first().toString()));
    QCOMPARE(parsed.profile->analysis.saturationGain, 0.5);
    QCOMPARE(parsed.profile->analysis.saturationStages, 1);
    SessionAnalysis l = analyzeSession(sessionOf(stages, loose));
    QCOMPARE(l.ops.first().saturation.vus, std::optional<int>(3));
    QCOMPARE(
        l.ops.first().saturation.evidence.data.value(QStringLiteral("saturation_gain")).toDouble(),
        0.5);

    // failure_error_ratio and slo from the profile.
    QList<StageStats> errs = stages;
    errs[2] = stage(2, 3, 260, 11.5, {{QStringLiteral("timeout"), 2}}); // 0.76 %
    const QByteArray strict =
        base + "analysis: { failure_error_ratio: 0.005 }\nslo: { p99_ms: 11 }\n";
    const SessionAnalysis s = analyzeSession(sessionOf(errs, strict));
    QCOMPARE(s.ops.first().failure.vus, std::optional<int>(3));
    QCOMPARE(s.ops.first().failure.errorClass, QStringLiteral("timeout"));
    // p99 <= 11 ms: 1 VU 10 ms, 2 VUs 10 ms; 3 VUs is 11.5 ms.
    QCOMPARE(s.ops.first().maxThroughputAtSlo.vus, std::optional<int>(2));
    // Default threshold (1 %): no failure.
    QVERIFY(!analyzeSession(sessionOf(errs, base)).ops.first().failure.vus.has_value());

    // Round trip through the run plan JSON (the session's `plan`) keeps both blocks.
    const ProfileParseResult p1 = parseProfile(strict);
    QVERIFY(p1.ok());
    QCOMPARE(p1.profile->slo.p99Ms, std::optional<double>(11.0));
    const std::optional<Profile> p2 =
        planFromJson(planToJson(*p1.profile), LoadModelRegistry::builtin(), nullptr);
    QVERIFY(p2);
    QVERIFY(p2->sameSettings(*p1.profile));
    QCOMPARE(p2->analysis.failureErrorRatio, 0.005);
}

void TestDetectors::profileRejectsBadThresholds()
{
    const QByteArray base = "name: t\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                            "operations:\n  - type: sys_health\n";
    struct Case {
        QByteArray yaml;
        QString field;
        int line;
    };
    const QList<Case> cases = {
        {"analysis:\n  saturation_gain: 1.5\n", QStringLiteral("analysis.saturation_gain"), 8},
        {"analysis:\n  saturation_stages: 0\n", QStringLiteral("analysis.saturation_stages"), 8},
        {"analysis:\n  failure_error_ratio: \"0.1\"\n",
         QStringLiteral("analysis.failure_error_ratio"), 8},
        {"analysis:\n  knee: 3\n", QStringLiteral("analysis.knee"), 8},
        {"slo:\n  p99_ms: -5\n", QStringLiteral("slo.p99_ms"), 8},
        {"slo:\n  error_ratio: 2\n", QStringLiteral("slo.error_ratio"), 8},
        {"slo:\n  p90_ms: 5\n", QStringLiteral("slo.p90_ms"), 8},
        {"slo: {}\n", QStringLiteral("slo"), 7},
    };
    for (const Case &c : cases) {
        const ProfileParseResult r = parseProfile(base + c.yaml);
        QVERIFY2(!r.ok(), c.yaml.constData());
        QVERIFY2(r.errors.size() == 1, qPrintable(r.errors.first().toString()));
        QCOMPARE(r.errors.first().field, c.field);
        QCOMPARE(r.errors.first().line, c.line);
        QVERIFY(r.errors.first().column > 0);
    }
    const ProfileParseResult ok =
        parseProfile(base + "slo: { p50_ms: 2, p95_ms: 8.5, p99_ms: 50, error_ratio: 0.001 }\n");
    QVERIFY(ok.ok());
    QCOMPARE(ok.profile->slo.p95Ms, std::optional<double>(8.5));
    QCOMPARE(ok.profile->slo.errorRatio, std::optional<double>(0.001));
}

void TestDetectors::clientBoundStagesAreLeftOut()
{
    QList<StageStats> stages = fixedCapacity(kRamp, 8, 5.0);
    // The load generator could not keep 16 VUs busy: its numbers would fake a knee.
    stages[4].validity.measured = true;
    stages[4].validity.clientBound = true;
    stages[4].validity.reasons = {QStringLiteral("client_cpu: 97 % of 2 cores")};
    stages[4].ops[0].ok = 400;
    stages[4].ops[0].count = 400;
    const OpCurve c = curveFromStages(stages, kOp, *defaultLoadModel());
    QCOMPARE(c.points.size(), 5);
    QCOMPARE(c.excluded.size(), 1);
    QCOMPARE(c.excluded.first().stage, 4);
    QVERIFY(c.excluded.first().reason.contains(QStringLiteral("client-bound: client_cpu")));
    const OpAnalysis a = analyzeCurve(c, {});
    QVERIFY(a.notes.first().contains(QStringLiteral("stage 5 (16 VUs) left out")));
    // The remaining stages still give the plateau: 8 -> 32 VUs gains nothing.
    QCOMPARE(a.knee.vus, std::optional<int>(8));
    for (int s : a.knee.evidence.stages)
        QVERIFY(s != 4);
}

void TestDetectors::analysisInSessionFileAndReport()
{
    const QByteArray yaml = "name: t\nramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                            "operations:\n  - type: sys_health\nslo: { p99_ms: 12 }\n";
    const Session s = sessionOf(fixedCapacity(kRamp, 8, 5.0), yaml);

    // Report JSON: analysis.<op> with the keys, null where not reached.
    const QJsonObject report = reportJson(s);
    const QJsonObject a = report.value(QStringLiteral("analysis")).toObject().value(kOp).toObject();
    QCOMPARE(a.value(QStringLiteral("knee_vus")).toInt(), 8);
    QCOMPARE(a.value(QStringLiteral("saturation_vus")).toInt(), 8);
    QVERIFY(a.value(QStringLiteral("failure_vus")).isNull());
    QVERIFY(a.value(QStringLiteral("failure_class")).isNull());
    QCOMPARE(a.value(QStringLiteral("max_throughput_per_s")).toDouble(), 1600.0);
    QCOMPARE(a.value(QStringLiteral("max_throughput_at_slo_per_s")).toDouble(), 1600.0);
    const QJsonObject usl = a.value(QStringLiteral("usl")).toObject();
    for (const char *k : {"lambda", "sigma", "kappa", "n_star", "r2"})
        QVERIFY2(usl.contains(QLatin1String(k)), k);
    const QJsonObject ev = a.value(QStringLiteral("evidence")).toObject();
    for (const char *k : {"knee", "saturation", "failure", "usl", "slo", "max_throughput"}) {
        QVERIFY2(!ev.value(QLatin1String(k))
                      .toObject()
                      .value(QStringLiteral("text"))
                      .toString()
                      .isEmpty(),
                 k);
    }

    // Session file: written with the analysis, read back equal; a file without it gets it computed.
    QJsonObject json = sessionToJson(s);
    QVERIFY(json.value(QStringLiteral("analysis")).toObject().contains(kOp));
    QString error;
    const std::optional<Session> back = sessionFromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->analysis.computed);
    QCOMPARE(back->analysis.toJson(), analyzeSession(s).toJson());
    json.remove(QStringLiteral("analysis"));
    const std::optional<Session> old = sessionFromJson(json, &error);
    QVERIFY(old && old->analysis.computed);
    QCOMPARE(old->analysis.ops.first().saturation.vus, std::optional<int>(8));
    QCOMPARE(old->analysis.ops.first().maxThroughputAtSlo.vus, std::optional<int>(8));
}

// An arrival-rate run's stages all have VUs = max_vus: the detectors (closed-model VU ramps)
// cannot use them. The analysis says "not assessed" with the reason, never "no successful
// request" or "no stage met the SLO" for a run that had successes within its SLO.
void TestDetectors::arrivalRateRunIsNotAssessed()
{
    const QList<StageStats> stages =
        test::fixedCapacityStages(QStringLiteral("op"), {1, 2, 4, 8}, 4, 5.0);
    const SessionAnalysis a =
        analyzeStages(stages, {QStringLiteral("op")}, ArrivalRateModel(64), AnalysisSettings());
    QCOMPARE(a.ops.size(), 1);
    const OpAnalysis &o = a.ops.first();
    QVERIFY(o.notAssessed.contains(QStringLiteral("arrival-rate")));
    QVERIFY(!o.knee.vus && !o.maxThroughput.perS && !o.usl.fitted);
    QVERIFY(o.maxThroughput.evidence.text.startsWith(QStringLiteral("Not assessed")));
    QVERIFY(o.maxThroughputAtSlo.evidence.text.startsWith(QStringLiteral("Not assessed")));
    QCOMPARE(OpAnalysis::fromJson(o.op, o.toJson()).notAssessed, o.notAssessed);
    QVERIFY(analysisText(a).contains(QStringLiteral("not assessed: an arrival-rate")));
    QVERIFY(!analysisText(a).contains(QStringLiteral("No successful request")));
    // a closed run of the same stages is assessed
    const SessionAnalysis closed =
        analyzeStages(stages, {QStringLiteral("op")}, *defaultLoadModel(), AnalysisSettings());
    QVERIFY(closed.ops.first().notAssessed.isEmpty());
    QVERIFY(closed.ops.first().maxThroughput.perS.has_value());
}

// Issue 9: stages where every request failed (a server that died at 16 VUs) have no latency
// and no measured throughput: the knee, saturation, maximum throughput, SLO and USL leave
// them out and say "not assessed (no successful requests)"; the failure detector counts them.
void TestDetectors::noSuccessStagesAreNotAssessed()
{
    QList<StageStats> stages = fixedCapacity(kRamp, 64, 5.0); // linear: no knee up to 8
    stages[4] = test::allErrorStage(kOp, 4, 16, 900);
    stages[5] = test::allErrorStage(kOp, 5, 32, 950);
    SloSpec slo;
    slo.p99Ms = 1000.0;
    AnalysisSettings settings;
    settings.slo = slo;
    const OpAnalysis a = analyzeCurve(curveFromStages(stages, kOp, *defaultLoadModel()), settings);
    QCOMPARE(a.failure.stage, std::optional<int>(4));
    QCOMPARE(a.failure.errorClass, QStringLiteral("connection"));
    QCOMPARE(a.maxThroughput.stage, std::optional<int>(3));
    QCOMPARE(a.maxThroughputAtSlo.stage, std::optional<int>(3));
    QVERIFY(!a.saturation.vus);
    for (const Evidence *e : {&a.knee.evidence, &a.saturation.evidence, &a.maxThroughput.evidence,
                              &a.maxThroughputAtSlo.evidence, &a.usl.evidence}) {
        QVERIFY2(e->text.contains(QStringLiteral("stage 5 (16 VUs), stage 6 (32 VUs) not "
                                                 "assessed (no successful requests)")),
                 qPrintable(e->text));
        QVERIFY2(!e->text.contains(QStringLiteral(" 0.0/s")), qPrintable(e->text));
        for (int st : e->stages)
            QVERIFY(st < 4);
    }
    QCOMPARE(a.excluded.size(), 2);
    QCOMPARE(a.excluded.first().reason, QStringLiteral("not assessed (no successful requests)"));

    // A run that failed from its first stage on: nothing "did not grow from 0.0/s".
    const QList<StageStats> dead = {test::allErrorStage(kOp, 0, 1, 10),
                                    test::allErrorStage(kOp, 1, 2, 20),
                                    test::allErrorStage(kOp, 2, 4, 40)};
    const OpAnalysis d = analyzeCurve(curveFromStages(dead, kOp, *defaultLoadModel()), {});
    QVERIFY(!d.saturation.vus);
    QVERIFY(!d.knee.vus);
    QVERIFY2(!d.saturation.evidence.text.contains(QStringLiteral("did not grow")),
             qPrintable(d.saturation.evidence.text));
    QVERIFY(d.saturation.evidence.text.contains(
        QStringLiteral("not assessed (no successful requests)")));
    QCOMPARE(d.failure.stage, std::optional<int>(0));
}

QTEST_GUILESS_MAIN(TestDetectors)
#include "tst_detectors.moc"
