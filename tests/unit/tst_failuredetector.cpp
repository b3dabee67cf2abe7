// The failure detector counts error ratios on every measured stage (core/analysis/curve.h,
// OpCurve::measured): a stage the curve leaves out (client-bound, VUs not above the previous
// stage) still fails the run when most of its requests failed. Issue 9 item 3: a token that
// expired mid-ramp gave 76 % 403s on a client-bound stage and "No failure".
#include "analysis/analysistext.h"
#include "analysis/capacityanalyzer.h"
#include "analysis/stagedetectors.h"
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
        QCOMPARE(c.points.size(), 3);        // left out of the curve ...
        QCOMPARE(c.measured.size(), 4);      // ... but measured
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
        test::failShare(stages[3], kOp, 0.005, k403);   // 0.5 % < the 1 % default
        test::markClientBound(stages[3], QStringLiteral("loop_lag"));
        const FailureResult f =
            detectFailure(curveFromStages(stages, kOp, *defaultLoadModel()), AnalysisThresholds());
        QVERIFY(!f.stage.has_value());
        // The highest ratio reported is the left-out stage's.
        QVERIFY2(f.evidence.text.contains(QStringLiteral("highest 0.50 %")), qPrintable(f.evidence.text));
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
};

QTEST_GUILESS_MAIN(TestFailureDetector)
#include "tst_failuredetector.moc"
