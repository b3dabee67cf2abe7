// The failure detector counts error ratios on every measured stage (core/analysis/curve.h,
// OpCurve::measured): a stage the curve leaves out (client-bound, VUs not above the previous
// stage) still fails the run when most of its requests failed. Issue 9 item 3: a token that
// expired mid-ramp gave 76 % 403s on a client-bound stage and "No failure".
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "analysis/stagedetectors.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "session/sessionanalysis.h"
#include "session/sessionio.h"
#include "syntheticstages.h"

#include <QTest>

using namespace vw;

namespace {

const QString kOp = QStringLiteral("kv2_read");
const QString k403 = QStringLiteral("http_403");

} // namespace

class TestFailureDetector : public QObject {
    Q_OBJECT

private slots:
    void clientBoundStageWithErrorsIsAFailure()
    {
        QList<StageStats> stages = test::fixedCapacityStages(kOp, {1, 2, 4, 8}, 64, 1.0);
        test::failShare(stages[3], kOp, 0.76, k403);
        test::markClientBound(stages[3], QStringLiteral("client_cpu: 97 % of 2 cores"));

        const OpCurve c = curveFromStages(stages, kOp, *defaultLoadModel());
        QCOMPARE(c.points.size(), 3); // left out of the curve ...
        QCOMPARE(c.measured.size(), 4); // ... but measured
        const OpAnalysis a = analyzeCurve(c, {});
        QCOMPARE(a.failure.stage, std::optional<int>(3));
        QCOMPARE(a.failure.vus, std::optional<int>(8));
        QCOMPARE(a.failure.errorClass, k403);
        QVERIFY(std::abs(*a.failure.errorRatio - 0.76) < 0.001);
        QVERIFY2(a.failure.evidence.text.startsWith(QStringLiteral("Failure at 8 VUs (stage 4)")),
                 qPrintable(a.failure.evidence.text));
        QVERIFY2(a.failure.evidence.text.contains(QStringLiteral("client-bound: client_cpu")),
                 qPrintable(a.failure.evidence.text));
        // The other detectors still work on the kept stages only.
        for (int s : a.knee.evidence.stages)
            QVERIFY(s != 3);
    }

    void rampDownStageWithErrorsIsAFailure()
    {
        // 1, 2, 4, then back to 2 VUs: the last stage is not on the curve (VUs not above 4).
        QList<StageStats> stages = test::fixedCapacityStages(kOp, {1, 2, 4, 2}, 64, 1.0);
        test::failShare(stages[3], kOp, 0.76, k403);
        const OpAnalysis a = analyzeCurve(curveFromStages(stages, kOp, *defaultLoadModel()), {});
        QCOMPARE(a.failure.stage, std::optional<int>(3));
        QCOMPARE(a.failure.vus, std::optional<int>(2));
        QCOMPARE(a.failure.errorClass, k403);
    }

    void errorsBelowTheThresholdOnLeftOutStagesAreNoFailure()
    {
        QList<StageStats> stages = test::fixedCapacityStages(kOp, {1, 2, 4, 8}, 64, 1.0);
        test::failShare(stages[3], kOp, 0.005, k403); // 0.5 % < the 1 % default
        test::markClientBound(stages[3], QStringLiteral("loop_lag"));
        const FailureResult f =
            detectFailure(curveFromStages(stages, kOp, *defaultLoadModel()), AnalysisThresholds());
        QVERIFY(!f.stage.has_value());
        // The highest ratio reported is the left-out stage's.
        QVERIFY2(f.evidence.text.contains(QStringLiteral("highest 0.50 %")),
                 qPrintable(f.evidence.text));
    }

    void everyStageLeftOutStillGivesTheFailure()
    {
        // Both stages client-bound (fast 403s keep the client busy): no curve at all.
        QList<StageStats> stages = test::fixedCapacityStages(kOp, {4, 8}, 64, 1.0);
        test::markClientBound(stages[0], QStringLiteral("client_cpu"));
        test::markClientBound(stages[1], QStringLiteral("client_cpu"));
        test::failShare(stages[1], kOp, 0.76, k403);
        const OpCurve c = curveFromStages(stages, kOp, *defaultLoadModel());
        QVERIFY(c.points.isEmpty());
        const FailureResult f = detectFailure(c, AnalysisThresholds());
        QCOMPARE(f.stage, std::optional<int>(1));
        QCOMPARE(f.errorClass, k403);
    }

    void sessionWith76PercentErrorsReportsAFailure()
    {
        // The run: 2 stages, the token expired during the second: 76 % 403s, fast,
        // so the client ran hot and the guard flagged the stage. Written, read back, analysed.
        QList<StageStats> stages = test::fixedCapacityStages(kOp, {1, 2}, 64, 0.5);
        test::failShare(stages[1], kOp, 0.76, k403);
        test::markClientBound(stages[1], QStringLiteral("client_cpu: 99 % of 2 cores"));
        Session s;
        s.id = QStringLiteral("expired-token");
        s.label = s.profileName = QStringLiteral("expired-token");
        s.ops = {kOp};
        s.transport = QStringLiteral("direct");
        s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
        s.status = RunStatus::Completed;
        s.stages = stages;
        QString error;
        const std::optional<Session> back = sessionFromJson(sessionToJson(s), &error);
        QVERIFY2(back.has_value(), qPrintable(error));

        const SessionAnalysis a = analyzeSession(*back);
        QCOMPARE(a.ops.size(), 1);
        QCOMPARE(a.ops.first().failure.stage, std::optional<int>(1));
        QCOMPARE(a.ops.first().failure.vus, std::optional<int>(2));
        QCOMPARE(a.ops.first().failure.errorClass, k403);
        const QJsonObject json = a.ops.first().toJson();
        QCOMPARE(json.value(QStringLiteral("failure_vus")).toInt(), 2);
        QCOMPARE(json.value(QStringLiteral("failure_class")).toString(), k403);
        const QString text = analysisText(a);
        QVERIFY2(!text.contains(QStringLiteral("No failure")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Failure at 2 VUs (stage 2)")), qPrintable(text));
    }

    void arrivalRateRunIsAssessedForFailureByOfferedRate()
    {
        // An open-model run: 500, 1000, 2000 starts/s from a pool of 64 VUs; the server
        // sealed during the last stage (90 % 503s). Knee, saturation and USL do not apply
        // (x is the offered rate), failure does, named by the rate, not by the pool's VUs.
        QList<StageStats> stages = test::fixedCapacityStages(kOp, {64, 64, 64}, 64, 1.0);
        const double rates[] = {500, 1000, 2000};
        for (int i = 0; i < stages.size(); ++i)
            stages[i].rate = rates[i];
        test::failShare(stages[2], kOp, 0.9, QStringLiteral("http_503"));
        const ArrivalRateModel model(64);

        const OpCurve c = curveFromStages(stages, kOp, model);
        QVERIFY(c.points.isEmpty());
        QCOMPARE(c.measured.size(), 3);
        const SessionAnalysis a = analyzeStages(stages, {kOp}, model, {}, {});
        const OpAnalysis &o = a.ops.first();
        QVERIFY(!o.notAssessed.isEmpty()); // knee, saturation, USL: not assessed
        QVERIFY(!o.knee.vus.has_value());
        QCOMPARE(o.failure.stage, std::optional<int>(2));
        QVERIFY(!o.failure.vus.has_value()); // the pool size is not the load
        QCOMPARE(o.failure.load, QStringLiteral("2000/s"));
        QCOMPARE(o.failure.errorClass, QStringLiteral("http_503"));
        QVERIFY2(o.failure.evidence.text.startsWith(QStringLiteral("Failure at 2000/s (stage 3)")),
                 qPrintable(o.failure.evidence.text));
        const QString text = analysisText(a);
        QVERIFY2(text.contains(QStringLiteral("2000/s (http_503)")), qPrintable(text));

        // It survives the session file (failure_load), and a healthy open run has no failure.
        const OpAnalysis back = OpAnalysis::fromJson(kOp, o.toJson());
        QCOMPARE(back.failure.at(), QStringLiteral("2000/s"));
        QList<StageStats> healthy = test::fixedCapacityStages(kOp, {64, 64}, 64, 1.0);
        const OpAnalysis h = analyzeStages(healthy, {kOp}, model, {}, {}).ops.first();
        QVERIFY(!h.failure.stage.has_value());
        QVERIFY2(h.failure.evidence.text.startsWith(QStringLiteral("No failure")),
                 qPrintable(h.failure.evidence.text));
    }
};

QTEST_GUILESS_MAIN(TestFailureDetector)
#include "tst_failuredetector.moc"
