// The arrival-rate and validity fields in every format: the profile parser (located errors),
// the run plan JSON (round trip), the session JSON (lossless) and the report (JSON, table).
#include "profile/loadmodels/arrivalratemodel.h"
#include "profile/planjson.h"
#include "profile/profileparser.h"
#include "report/report.h"
#include "session/sessionio.h"

#include <QJsonArray>
#include <QTest>

using namespace vw;

namespace {

QByteArray openProfile(const QByteArray &rampBody)
{
    return "name: open\n" // 1
           "ramp:\n" // 2
           + rampBody // 3..
           + "operations:\n"
             "  - type: sys_health\n";
}

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

Session openSession()
{
    Session s;
    s.id = QStringLiteral("id-1");
    s.profileName = QStringLiteral("open");
    s.plan.ramp.model = std::make_shared<const ArrivalRateModel>(8);
    s.plan.ramp.stages = {StageSpec{0, 10000, 400}};
    s.transport = QStringLiteral("qnam");
    s.ops = {QStringLiteral("sys_health")};
    StageStats st;
    st.index = 0;
    st.vus = 8;
    st.rate = 400;
    st.durationMs = 10000;
    st.steadySeconds = 10;
    st.meanInFlight = 7.9;
    OpStats o;
    o.op = QStringLiteral("sys_health");
    for (int i = 0; i < 2000; ++i)
        o.recordOk(1000 + i * 1000, 40000 + i); // corrected grows, service ~40 ms
    o.recordError(QStringLiteral("timeout"));
    o.dropped = 1999;
    st.ops = {o};
    st.validity.measured = true;
    st.validity.clientCpu = 0.25;
    st.validity.workerCpuMax = 0.97;
    st.validity.loopLagMsP99 = 12.5;
    st.validity.loopLagMsMax = 30;
    st.validity.achievedOverOffered = 0.5;
    st.validity.clientBound = true;
    st.validity.reasons = {QStringLiteral("worker_cpu: x"), QStringLiteral("loop_lag: y")};
    s.stages = {st};
    return s;
}

} // namespace

class TestOpenModelFormat : public QObject {
    Q_OBJECT
private slots:
    void parsesArrivalRate();
    void errors_data();
    void errors();
    void planRoundTrip();
    void sessionRoundTrip();
    void reportSaysWhichLatencyIsWhich();
    void tableKeepsStageAndRateApart();
    void scheduleLatenessRoundTripAndOptional();
};

void TestOpenModelFormat::parsesArrivalRate()
{
    const ProfileParseResult r = parseProfile(openProfile("  executor: arrival-rate\n"
                                                          "  max_vus: 8\n"
                                                          "  stages:\n"
                                                          "    - { rate: 100, duration: 2s }\n"
                                                          "    - { rate: 0.5, duration: 3s }\n"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const RampSpec &ramp = r.profile->ramp;
    QVERIFY(ramp.model->isOpen());
    QCOMPARE(ramp.model->name(), QStringLiteral("arrival-rate"));
    QCOMPARE(ramp.peakVus(), 8);
    QCOMPARE(ramp.plannedVus(0), 8); // the max_vus pool, in every stage
    QCOMPARE(ramp.plannedRate(1), 0.5);
    QCOMPARE(ramp.stages.size(), 2);
    QCOMPARE(ramp.stages[0].rate, 100.0);
    QCOMPARE(ramp.stages[0].vus, 0);
    QCOMPARE(ramp.stages[1].rate, 0.5);
    QCOMPARE(ramp.stages[1].durationMs, 3000);
}

void TestOpenModelFormat::errors_data()
{
    QTest::addColumn<QByteArray>("ramp");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::addRow("rate in closed") << QByteArray("  stages:\n"
                                                  "    - { vus: 1, rate: 5, duration: 1s }\n")
                                    << 4 << 17 << "ramp.stages[0].rate"
                                    << "only in arrival-rate";
    QTest::addRow("vus in arrival-rate")
        << QByteArray("  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
                      "    - { vus: 2, rate: 5, duration: 1s }\n")
        << 6 << 9 << "ramp.stages[0].vus"
        << "not allowed in arrival-rate";
    QTest::addRow("rate zero") << QByteArray("  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
                                             "    - { rate: 0, duration: 1s }\n")
                               << 6 << 15 << "ramp.stages[0].rate"
                               << "must be a number of starts per second > 0";
    QTest::addRow("rate negative")
        << QByteArray("  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
                      "    - { rate: -3, duration: 1s }\n")
        << 6 << 15 << "ramp.stages[0].rate"
        << "> 0";
    QTest::addRow("rate text") << QByteArray("  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
                                             "    - { rate: \"5\", duration: 1s }\n")
                               << 6 << 15 << "ramp.stages[0].rate"
                               << "got \"5\"";
    QTest::addRow("rate missing") << QByteArray(
        "  executor: arrival-rate\n  max_vus: 4\n  stages:\n"
        "    - { duration: 1s }\n")
                                  << 6 << 7 << "ramp.stages[0].rate"
                                  << "required";
    QTest::addRow("max_vus missing")
        << QByteArray("  executor: arrival-rate\n  stages:\n    - { rate: 5, duration: 1s }\n") << 3
        << 3 << "ramp.max_vus"
        << "required for executor: arrival-rate";
    QTest::addRow("max_vus zero") << QByteArray(
        "  executor: arrival-rate\n  max_vus: 0\n  stages:\n"
        "    - { rate: 5, duration: 1s }\n")
                                  << 4 << 12 << "ramp.max_vus"
                                  << "whole number from 1";
    QTest::addRow("max_vus in closed")
        << QByteArray("  max_vus: 3\n  stages:\n    - { vus: 1, duration: 1s }\n") << 3 << 3
        << "ramp.max_vus"
        << "only for executor: arrival-rate";
    QTest::addRow("unknown executor")
        << QByteArray("  executor: constant-vus\n  stages:\n    - { vus: 1, duration: 1s }\n") << 3
        << 13 << "ramp.executor"
        << "supported: closed, arrival-rate";
}

void TestOpenModelFormat::errors()
{
    QFETCH(QByteArray, ramp);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const ProfileParseResult r = parseProfile(openProfile(ramp));
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    const ProfileError &e = r.errors.first();
    QVERIFY2(e.field == field && e.message.contains(message), qPrintable(dump(r.errors)));
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
}

void TestOpenModelFormat::planRoundTrip()
{
    const ProfileParseResult r = parseProfile(openProfile("  executor: arrival-rate\n"
                                                          "  warmup: 500ms\n"
                                                          "  max_vus: 12\n"
                                                          "  stages:\n"
                                                          "    - { rate: 100, duration: 2s }\n"
                                                          "    - { rate: 333.333, duration: 2s }\n"
                                                          "    - { rate: 0.25, duration: 9s }\n"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const QJsonObject plan = planToJson(*r.profile);
    const QJsonObject ramp = plan.value(QStringLiteral("ramp")).toObject();
    QCOMPARE(ramp.value(QStringLiteral("executor")).toString(), QStringLiteral("arrival-rate"));
    QCOMPARE(ramp.value(QStringLiteral("max_vus")).toInt(), 12);
    QCOMPARE(ramp.value(QStringLiteral("warmup_ms")).toInteger(), qint64(500));
    const QJsonObject stage1 = ramp.value(QStringLiteral("stages")).toArray().at(1).toObject();
    QCOMPARE(stage1.value(QStringLiteral("rate")).toDouble(), 333.333);
    QVERIFY(!stage1.contains(QStringLiteral("vus")));
    QString error;
    const std::optional<Profile> again = planFromJson(plan, LoadModelRegistry::builtin(), &error);
    QVERIFY2(again, qPrintable(error));
    QVERIFY(again->sameSettings(*r.profile));
}

void TestOpenModelFormat::sessionRoundTrip()
{
    const Session s = openSession();
    QString error;
    const std::optional<Session> back = sessionFromJson(sessionToJson(s), &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->stages.size(), 1);
    const StageStats &st = back->stages[0];
    QCOMPARE(st.rate, 400.0);
    QCOMPARE(st.ops[0].dropped, qint64(1999));
    QVERIFY(st.ops[0].latency == s.stages[0].ops[0].latency);
    QVERIFY(st.ops[0].serviceTime == s.stages[0].ops[0].serviceTime);
    QCOMPARE(st.ops[0].serviceTime.count(), qint64(2000));
    QVERIFY(st.validity.measured);
    QVERIFY(st.validity.clientBound);
    QCOMPARE(st.validity.reasons, s.stages[0].validity.reasons);
    QCOMPARE(st.validity.workerCpuMax, 0.97);
    QCOMPARE(st.validity.loopLagMsP99, 12.5);
    QCOMPARE(st.validity.achievedOverOffered, 0.5);

    // A closed stage writes neither the open-model fields nor a validity it never measured.
    Session closed = s;
    closed.plan.ramp.model = defaultLoadModel();
    closed.plan.ramp.stages = {StageSpec{8, 10000, 0}};
    closed.stages[0].rate = 0;
    closed.stages[0].validity = StageValidity();
    closed.stages[0].ops[0].serviceTime.reset();
    closed.stages[0].ops[0].dropped = 0;
    const QJsonObject stage =
        sessionToJson(closed).value(QStringLiteral("stages")).toArray().at(0).toObject();
    QVERIFY(!stage.contains(QStringLiteral("rate_per_s")));
    QVERIFY(!stage.contains(QStringLiteral("validity")));
    const QJsonObject op = stage.value(QStringLiteral("ops")).toArray().at(0).toObject();
    QVERIFY(!op.contains(QStringLiteral("service_time_histogram")));
    QVERIFY(!op.contains(QStringLiteral("dropped")));
}

void TestOpenModelFormat::reportSaysWhichLatencyIsWhich()
{
    const Session s = openSession();
    const QJsonObject stage =
        reportJson(s).value(QStringLiteral("stages")).toArray().at(0).toObject();
    QCOMPARE(stage.value(QStringLiteral("executor")).toString(), QStringLiteral("arrival-rate"));
    QCOMPARE(stage.value(QStringLiteral("offered_per_s")).toDouble(), 400.0);
    QCOMPARE(stage.value(QStringLiteral("achieved_per_s")).toDouble(), 200.1); // 2001 / 10 s
    QCOMPARE(stage.value(QStringLiteral("dropped")).toInteger(), qint64(1999));
    const QJsonObject v = stage.value(QStringLiteral("validity")).toObject();
    QVERIFY(v.value(QStringLiteral("client_bound")).toBool());
    QCOMPARE(v.value(QStringLiteral("reasons")).toArray().size(), 2);
    const QJsonObject op = stage.value(QStringLiteral("ops")).toArray().at(0).toObject();
    QCOMPARE(op.value(QStringLiteral("latency_kind")).toString(), QStringLiteral("corrected"));
    const OpStats &o = s.stages[0].ops[0];
    QCOMPARE(
        op.value(QStringLiteral("latency_ms")).toObject().value(QStringLiteral("p50")).toDouble(),
        double(o.latency.valueAtPercentileUs(50)) / 1000.0);
    QCOMPARE(op.value(QStringLiteral("corrected_latency_ms")),
             op.value(QStringLiteral("latency_ms")));
    QCOMPARE(op.value(QStringLiteral("service_time_ms"))
                 .toObject()
                 .value(QStringLiteral("p50"))
                 .toDouble(),
             double(o.serviceTime.valueAtPercentileUs(50)) / 1000.0);
    QVERIFY(op.value(QStringLiteral("service_time_ms"))
                .toObject()
                .value(QStringLiteral("p99"))
                .toDouble()
            < op.value(QStringLiteral("latency_ms"))
                  .toObject()
                  .value(QStringLiteral("p99"))
                  .toDouble());

    // The table marks the stage '!' and shows its rate and reasons.
    const QString table = reportTable(s);
    QVERIFY2(table.contains(QStringLiteral("1!")), qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("400/s")), qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("client-bound: worker_cpu: x; loop_lag: y")),
             qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("dropped 1999")), qPrintable(table));
}

// Issue 9, item 6: the stage number never runs into the rate ("32000/s" for stage 3 at
// 2000/s), also with 5-digit rates; the load column is headed "rate" in an open run.
void TestOpenModelFormat::tableKeepsStageAndRateApart()
{
    Session s = openSession();
    s.plan.ramp.stages = {StageSpec{0, 10000, 400}, StageSpec{0, 10000, 1000},
                          StageSpec{0, 10000, 2000}, StageSpec{0, 10000, 20000}};
    StageStats st = s.stages.at(0);
    st.validity = StageValidity();
    st.ops[0].dropped = 0;
    st.rate = 2000;
    st.index = 2; // stage 3
    const QString row = reportTableRows(st, s.loadModel()).split(QLatin1Char('\n')).first();
    const OpStats &o = st.ops.at(0);
    const QString expected = QStringLiteral("    3      2000/s  sys_health        %1%2%3%4")
                                 .arg(QString::number(o.count), 10)
                                 .arg(QString::number(o.ok), 10)
                                 .arg(QString::number(o.errorCount()), 8)
                                 .arg(QString::number(st.throughputPerS(o), 'f', 1), 10);
    QVERIFY2(row.startsWith(expected), qPrintable(row + QStringLiteral("\n") + expected));
    const QStringList cells = row.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QCOMPARE(cells.at(0), QStringLiteral("3"));
    QCOMPARE(cells.at(1), QStringLiteral("2000/s"));

    // Stage 12 at 20000/s, cut short and client-bound: still two cells, and the row as wide
    // as the header (the columns line up).
    st.index = 11;
    st.rate = 20000;
    st.complete = false;
    st.validity.measured = true;
    st.validity.clientBound = true;
    const QString wide = reportTableRows(st, s.loadModel()).split(QLatin1Char('\n')).first();
    const QStringList wideCells = wide.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QCOMPARE(wideCells.at(0), QStringLiteral("12*!"));
    QCOMPARE(wideCells.at(1), QStringLiteral("20000/s"));
    const QString header = reportTableHeader(&s.loadModel());
    QCOMPARE(wide.size(), header.split(QLatin1Char('\n')).first().size());
    QCOMPARE(row.size(), wide.size());
    QVERIFY(header.split(QLatin1Char('\n')).first().contains(QStringLiteral(" rate ")));
    QVERIFY(reportTableHeader().split(QLatin1Char('\n')).first().contains(QStringLiteral(" VUs ")));
}

// Issue 9, item 6: schedule_lateness_us is written for a measured arrival-rate stage, read
// back, and optional (a session without it reads as not measured).
void TestOpenModelFormat::scheduleLatenessRoundTripAndOptional()
{
    Session s = openSession();
    s.stages[0].scheduleLateness = ScheduleLateness{1999, 12, 85, 640};
    const QJsonObject json = sessionToJson(s);
    QJsonObject stage = json.value(QStringLiteral("stages")).toArray().at(0).toObject();
    const QJsonObject late = stage.value(QStringLiteral("schedule_lateness_us")).toObject();
    QCOMPARE(late.value(QStringLiteral("count")).toInteger(), 1999);
    QCOMPARE(late.value(QStringLiteral("p50")).toInteger(), 12);
    QCOMPARE(late.value(QStringLiteral("p99")).toInteger(), 85);
    QCOMPARE(late.value(QStringLiteral("max")).toInteger(), 640);
    QString error;
    const std::optional<Session> back = sessionFromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->stages.at(0).scheduleLateness.count, 1999);
    QCOMPARE(back->stages.at(0).scheduleLateness.p99Us, 85);
    QCOMPARE(back->stages.at(0).scheduleLateness.maxUs, 640);
    // Shown in the table and the report JSON.
    QVERIFY(reportTable(*back).contains(
        QStringLiteral("schedule lateness p50 12 us p99 85 us max 640 us")));
    const QJsonObject reported = reportJson(*back)
                                     .value(QStringLiteral("stages"))
                                     .toArray()
                                     .at(0)
                                     .toObject()
                                     .value(QStringLiteral("schedule_lateness_us"))
                                     .toObject();
    QCOMPARE(reported.value(QStringLiteral("p99")).toInteger(), 85);

    // Optional on read: removed, the stage reads as not measured and shows no lateness.
    stage.remove(QStringLiteral("schedule_lateness_us"));
    QJsonArray stages{stage};
    QJsonObject old = json;
    old.insert(QStringLiteral("stages"), stages);
    const std::optional<Session> older = sessionFromJson(old, &error);
    QVERIFY2(older, qPrintable(error));
    QVERIFY(!older->stages.at(0).scheduleLateness.measured());
    QVERIFY(!reportTable(*older).contains(QStringLiteral("schedule lateness")));
    QVERIFY(!sessionToJson(*older)
                 .value(QStringLiteral("stages"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .contains(QStringLiteral("schedule_lateness_us")));
}

QTEST_GUILESS_MAIN(TestOpenModelFormat)
#include "tst_openmodelformat.moc"
