// Load models as config + runtime pairs (core/profile/loadmodels/, core/engine/executors/):
// the planned VUs and rate of each stage for both models, their text, located parse errors,
// the plan JSON of a ramp, a runtime for every registered model, and the 1-second series
// saying the planned VUs (the max_vus pool) in arrival-rate stages.
#include "engine/executors/executorregistry.h"
#include "engine/stagecollector.h"
#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/loadmodels/closedmodel.h"
#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/planjson.h"
#include "profile/profileparser.h"

#include <QJsonArray>
#include <QTest>

using namespace vw;

namespace {

Profile parse(const QByteArray &ramp)
{
    const ProfileParseResult r =
        parseProfile("name: t\nramp:\n" + ramp + "operations:\n  - type: sys_health\n");
    if (!r.ok())
        for (const ProfileError &e : r.errors)
            qWarning().noquote() << e.toString();
    return r.ok() ? *r.profile : Profile();
}

} // namespace

class TestLoadModels : public QObject {
    Q_OBJECT
private slots:
    void closedPlansVusPerStage();
    void arrivalRatePlansRateAndPool();
    void parseErrorsAreLocated_data();
    void parseErrorsAreLocated();
    void rampPlanJsonRoundTrip();
    void everyModelHasARuntime();
    void arrivalRateSeriesSaysThePool();
    void registryHoldsKeysAndBounds();
    void seriesKeepsErrorClassesPerSecond();
};

void TestLoadModels::closedPlansVusPerStage()
{
    const Profile p = parse("  stages:\n    - { vus: 2, duration: 1s }\n"
                            "    - { vus: 16, duration: 1s }\n    - { vus: 4, duration: 1s }\n");
    const RampSpec &r = p.ramp;
    QCOMPARE(r.model->name(), QStringLiteral("closed")); // the default model
    QVERIFY(!r.model->isOpen());
    QCOMPARE(r.plannedVus(0), 2);
    QCOMPARE(r.plannedVus(1), 16);
    QCOMPARE(r.plannedRate(1), 0.0);
    QCOMPARE(r.peakVus(), 16);
    QCOMPARE(r.model->loadName(), QStringLiteral("VUs"));
    QCOMPARE(r.model->loadText(r.stages[1]), QStringLiteral("16 VUs"));
    QCOMPARE(r.model->loadCell(16, 0), QStringLiteral("16"));
    QVERIFY(r.model->checkStages(r.stages).isEmpty());
    QVERIFY(!r.model->checkStages({StageSpec{0, 1000, 0}}).isEmpty());
}

void TestLoadModels::arrivalRatePlansRateAndPool()
{
    const Profile p =
        parse("  executor: arrival-rate\n  max_vus: 20\n  stages:\n"
              "    - { rate: 50, duration: 2s }\n    - { rate: 2000, duration: 2s }\n");
    const RampSpec &r = p.ramp;
    QCOMPARE(r.model->name(), QStringLiteral("arrival-rate"));
    QVERIFY(r.model->isOpen());
    QCOMPARE(r.plannedVus(0), 20); // the pool, in every stage
    QCOMPARE(r.plannedVus(1), 20);
    QCOMPARE(r.plannedRate(0), 50.0);
    QCOMPARE(r.plannedRate(1), 2000.0);
    QCOMPARE(r.peakVus(), 20);
    QCOMPARE(r.model->loadName(), QStringLiteral("starts/s"));
    QCOMPARE(r.model->loadText(r.stages[1]), QStringLiteral("2000/s"));
    QCOMPARE(r.model->loadCell(20, 2000), QStringLiteral("2000/s"));
    QVERIFY(r.model->checkStages(r.stages).isEmpty());
    QVERIFY(!ArrivalRateModel(0).checkStages(r.stages).isEmpty());
    // Same model, other pool: not the same config.
    QVERIFY(r.model->sameConfig(ArrivalRateModel(20)));
    QVERIFY(!r.model->sameConfig(ArrivalRateModel(21)));
    QVERIFY(!r.model->sameConfig(ClosedModel()));
}

void TestLoadModels::parseErrorsAreLocated_data()
{
    QTest::addColumn<QByteArray>("ramp");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    // The profile starts "name: t\nramp:\n": the ramp's first line is line 3.
    QTest::addRow("closed stage without vus")
        << QByteArray("  stages:\n    - { duration: 1s }\n") << 4 << 7 << "ramp.stages[0].vus"
        << "required";
    QTest::addRow("closed vus zero") << QByteArray("  stages:\n    - { vus: 0, duration: 1s }\n")
                                     << 4 << 14 << "ramp.stages[0].vus"
                                     << "whole number from 1";
    QTest::addRow("rate in a closed stage")
        << QByteArray("  stages:\n    - { vus: 1, rate: 5, duration: 1s }\n") << 4 << 17
        << "ramp.stages[0].rate"
        << "not allowed in closed stages (only in arrival-rate stages";
    QTest::addRow("vus in an arrival-rate stage")
        << QByteArray("  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
                      "    - { rate: 5, vus: 2, duration: 1s }\n")
        << 6 << 18 << "ramp.stages[0].vus"
        << "not allowed in arrival-rate stages";
    QTest::addRow("max_vus in a closed ramp")
        << QByteArray("  max_vus: 3\n  stages:\n    - { vus: 1, duration: 1s }\n") << 3 << 3
        << "ramp.max_vus"
        << "only for executor: arrival-rate (a closed ramp sets vus per stage)";
    QTest::addRow("arrival-rate without max_vus")
        << QByteArray("  executor: arrival-rate\n  stages:\n    - { rate: 5, duration: 1s }\n") << 3
        << 3 << "ramp.max_vus"
        << "required for executor: arrival-rate";
    QTest::addRow("rate not a number")
        << QByteArray("  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
                      "    - { rate: fast, duration: 1s }\n")
        << 6 << 15 << "ramp.stages[0].rate"
        << "(got \"fast\")";
    QTest::addRow("unknown executor")
        << QByteArray("  executor: ramping\n  stages:\n    - { vus: 1, duration: 1s }\n") << 3 << 13
        << "ramp.executor"
        << "unknown executor \"ramping\" (supported: closed, arrival-rate)";
}

void TestLoadModels::parseErrorsAreLocated()
{
    QFETCH(QByteArray, ramp);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const ProfileParseResult r =
        parseProfile("name: t\nramp:\n" + ramp + "operations:\n  - type: sys_health\n");
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    const ProfileError &e = r.errors.first();
    QVERIFY2(e.field == field && e.message.contains(message), qPrintable(e.toString()));
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
}

void TestLoadModels::rampPlanJsonRoundTrip()
{
    for (const QByteArray &ramp :
         {QByteArray("  warmup: 1s\n  stages:\n    - { vus: 1, duration: 5m }\n"
                     "    - { vus: 8, duration: 300s }\n"),
          QByteArray(
              "  executor: arrival-rate\n  max_vus: 7\n  stages:\n"
              "    - { rate: 0.5, duration: 2s }\n    - { rate: 333.333, duration: 1m30s }\n")}) {
        const Profile p = parse(ramp);
        QVERIFY(!p.ramp.stages.isEmpty());
        const QJsonObject json = planToJson(p);
        const QJsonObject r = json.value(QStringLiteral("ramp")).toObject();
        QCOMPARE(r.value(QStringLiteral("executor")).toString(), p.ramp.model->name());
        QCOMPARE(r.value(QStringLiteral("stages"))
                     .toArray()
                     .at(1)
                     .toObject()
                     .value(QStringLiteral("duration_ms"))
                     .toInteger(),
                 p.ramp.stages[1].durationMs);
        QString error;
        const std::optional<Profile> back =
            planFromJson(json, LoadModelRegistry::builtin(), &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->sameSettings(p));
        QCOMPARE(back->ramp.peakVus(), p.ramp.peakVus());
    }
    // An executor nobody registered is refused, by name.
    QJsonObject bad = planToJson(parse("  stages:\n    - { vus: 1, duration: 1s }\n"));
    QJsonObject ramp = bad.value(QStringLiteral("ramp")).toObject();
    ramp.insert(QStringLiteral("executor"), QStringLiteral("per-vu-iterations"));
    bad.insert(QStringLiteral("ramp"), ramp);
    QString error;
    QVERIFY(!planFromJson(bad, LoadModelRegistry::builtin(), &error));
    QVERIFY2(error.contains(QLatin1String("per-vu-iterations")), qPrintable(error));
}

void TestLoadModels::everyModelHasARuntime()
{
    const QStringList names = LoadModelRegistry::builtin().names();
    QCOMPARE(names, (QStringList{QStringLiteral("closed"), QStringLiteral("arrival-rate")}));
    QCOMPARE(executorNames(), names);
    for (const QString &n : names)
        QVERIFY2(findExecutor(n), qPrintable(n));
    QVERIFY(!findExecutor(QStringLiteral("constant-vus")));
}

void TestLoadModels::arrivalRateSeriesSaysThePool()
{
    const Profile p = parse("  executor: arrival-rate\n  max_vus: 12\n  stages:\n"
                            "    - { rate: 10, duration: 1s }\n    - { rate: 20, duration: 1s }\n");
    StageCollector c(p.ramp, {QStringLiteral("sys_health")});
    const int64_t s = 1'000'000'000;
    c.setWindowStart(0);
    c.stageStarted(0, 0, 0);
    c.stageStarted(1, s, s);
    c.finalizeSecondsBefore(2);
    QCOMPARE(c.series().size(), 2);
    QCOMPARE(c.series()[0].stage, 0);
    QCOMPARE(c.series()[1].stage, 1);
    for (const SeriesPoint &pt : c.series())
        QCOMPARE(pt.vus, 12); // the pool, as the stage says (not 0)

    // Closed: each stage's VUs.
    const Profile closed = parse("  stages:\n    - { vus: 3, duration: 1s }\n"
                                 "    - { vus: 6, duration: 1s }\n");
    StageCollector cc(closed.ramp, {QStringLiteral("sys_health")});
    cc.setWindowStart(0);
    cc.stageStarted(0, 0, 0);
    cc.stageStarted(1, s, s);
    cc.finalizeSecondsBefore(2);
    QCOMPARE(cc.series()[0].vus, 3);
    QCOMPARE(cc.series()[1].vus, 6);
}

// Issue 21.5: the registry holds each model's load key, VU-pool key and bounds, the ones its
// parser applies (the form editor and the importer read them from here).
void TestLoadModels::registryHoldsKeysAndBounds()
{
    const LoadModelRegistry &r = LoadModelRegistry::builtin();
    const LoadModelType *closed = r.find(ClosedModel::kName());
    const LoadModelType *open = r.find(ArrivalRateModel::kName());
    QVERIFY(closed && open);
    QCOMPARE(closed->stageLoadKey, QStringLiteral("vus"));
    QVERIFY(!closed->open);
    QVERIFY(closed->vuPoolKey.isEmpty());
    QCOMPARE(open->stageLoadKey, QStringLiteral("rate"));
    QVERIFY(open->open);
    QCOMPARE(open->vuPoolKey, QStringLiteral("max_vus"));
    QVERIFY(open->rampKeys.contains(open->vuPoolKey));
    const auto refused = [](const QByteArray &ramp) {
        ProfileParseResult res =
            parseProfile("name: p\nramp:\n" + ramp + "operations:\n  - type: sys_health\n");
        return !res.ok();
    };
    const auto n = [](double v) { return QByteArray::number(v, 'g', 10); };
    // each bound: its value parses, one step past it is refused
    QVERIFY(!refused("  stages:\n    - { vus: " + n(closed->stageLoadBounds.max)
                     + ", duration: 1s }\n"));
    QVERIFY(refused("  stages:\n    - { vus: " + n(closed->stageLoadBounds.max + 1)
                    + ", duration: 1s }\n"));
    QVERIFY(refused("  stages:\n    - { vus: " + n(closed->stageLoadBounds.min - 1)
                    + ", duration: 1s }\n"));
    const QByteArray pool = "  executor: arrival-rate\n  max_vus: ";
    QVERIFY(!refused(pool + n(open->vuPoolBounds.max) + "\n  stages:\n    - { rate: "
                     + n(open->stageLoadBounds.max) + ", duration: 1s }\n"));
    QVERIFY(refused(pool + n(open->vuPoolBounds.max + 1)
                    + "\n  stages:\n    - { rate: 1, duration: 1s }\n"));
    QVERIFY(refused(pool + "4\n  stages:\n    - { rate: " + n(open->stageLoadBounds.max * 2)
                    + ", duration: 1s }\n"));
    QVERIFY(!refused(pool + "4\n  stages:\n    - { rate: " + n(open->stageLoadBounds.min)
                     + ", duration: 1s }\n"));
    QCOMPARE(open->stageLoadBounds.decimals, 3);
    QCOMPARE(closed->stageLoadBounds.decimals, 0);
}

// Issue 23.11: each second of the series keeps its errors by class, also those of requests
// recorded after the second was finalised.
void TestLoadModels::seriesKeepsErrorClassesPerSecond()
{
    const Profile p = parse("  stages:\n    - { vus: 2, duration: 2s }\n");
    StageCollector c(p.ramp, {QStringLiteral("sys_health")});
    c.setWindowStart(0);
    c.stageStarted(0, 0, 0);
    WorkerDelta d;
    OpStats s;
    s.op = QStringLiteral("sys_health");
    s.recordOk(1000);
    s.recordError(QStringLiteral("connection"));
    s.recordError(QStringLiteral("connection"));
    s.recordError(QStringLiteral("http_503"));
    d.seconds.insert(0, {s});
    c.merge(std::move(d));
    c.finalizeSecondsBefore(1);
    QCOMPARE(c.series().size(), 1);
    const SeriesPoint &pt = c.series().first();
    QCOMPARE(pt.errors, qint64(3));
    QVERIFY(pt.errorClassesKnown);
    QCOMPARE(pt.errorClasses.value(QStringLiteral("connection")), qint64(2));
    QCOMPARE(pt.errorClasses.value(QStringLiteral("http_503")), qint64(1));

    WorkerDelta late; // a request of second 0 that completed after it was finalised
    OpStats l;
    l.op = s.op;
    l.recordError(QStringLiteral("timeout"));
    late.seconds.insert(0, {l});
    c.merge(std::move(late));
    QCOMPARE(c.series().first().errors, qint64(4));
    QCOMPARE(c.series().first().errorClasses.value(QStringLiteral("timeout")), qint64(1));
}

QTEST_GUILESS_MAIN(TestLoadModels)
#include "tst_loadmodels.moc"
