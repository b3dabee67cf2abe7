// BenchmarkRun end to end against a real `bao server -dev`: a staged ramp of every built-in
// operation type, a stop mid-stage, pre-flight failures, cleanup and token hygiene.
#include "baoserver.h"
#include "engine/benchmarkrun.h"
#include "ops/operationregistry.h"
#include "session/sessionio.h"
#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

namespace {

/// An operation of the mix with its params parsed once, as the profile parser makes it.
OperationSpec opSpec(const QString &type, int weight, const QVariantMap &raw = {})
{
    const ParamParseResult parsed = OperationRegistry::instance().parse(type, raw);
    if (!parsed.ok())
        qFatal("bad params for %s in the test", qPrintable(type));
    return {type, weight, *parsed.params};
}

} // namespace

class TestBenchmarkRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void rampOfAllOperations();
    void stopMidStage();
    void unreachableAddress();
    void refusedToken();

private:
    Profile baseProfile() const;
    QStringList mounts();
    Session runToEnd(BenchmarkRun &run, int timeoutMs);

    vw::test::BaoServer m_bao;
};

void TestBenchmarkRun::initTestCase()
{
    QString error;
    QVERIFY2(m_bao.start(&error), qPrintable(error));
}

void TestBenchmarkRun::cleanupTestCase()
{
    m_bao.stop();
}

Profile TestBenchmarkRun::baseProfile() const
{
    Profile p;
    p.name = QStringLiteral("engine-test");
    p.sourceYaml = "name: engine-test\n";
    p.target.address = m_bao.address();
    p.target.requestTimeoutMs = 10000;
    return p;
}

QStringList TestBenchmarkRun::mounts()
{
    TargetSpec t;
    t.address = m_bao.address();
    VaultClient client(t, m_bao.rootToken());
    QString error;
    const QStringList paths = client.mountPaths(&error);
    if (!error.isEmpty())
        qWarning("mountPaths: %s", qPrintable(error));
    return paths;
}

Session TestBenchmarkRun::runToEnd(BenchmarkRun &run, int timeoutMs)
{
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    if (!run.isRunning())
        run.start();
    if (!finished.wait(timeoutMs) || finished.isEmpty())
        return {};
    return Session(finished.at(0).at(0).value<RunRecord>());
}

void TestBenchmarkRun::rampOfAllOperations()
{
    const QStringList before = mounts();
    QVERIFY(!before.isEmpty());

    Profile p = baseProfile();
    p.ramp.warmupMs = 500;
    p.ramp.stages = {{1, 2000}, {4, 2000}};
    p.operations = {
        opSpec(QStringLiteral("sys_health"), 100),
        opSpec(QStringLiteral("kv2_read"), 100, {{QStringLiteral("keys"), 20}}),
        opSpec(QStringLiteral("kv2_write"), 100, {{QStringLiteral("keys"), 20}}),
        opSpec(QStringLiteral("ssh_sign"), 100,
               {{QStringLiteral("ca_key_type"), QStringLiteral("ed25519")}}),
        opSpec(QStringLiteral("ssh_sign"), 100,
               {{QStringLiteral("ca_key_type"), QStringLiteral("rsa-2048")}}),
    };
    RunOptions o;
    o.token = m_bao.rootToken();
    o.label = QStringLiteral("ramp test");
    BenchmarkRun run(p, o);
    QList<RunPhase> phases;
    connect(&run, &BenchmarkRun::phaseChanged, this,
            [&](RunPhase ph, const QString &) { phases.append(ph); });
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    QSignalSpy stageStarted(&run, &BenchmarkRun::stageStarted);
    QSignalSpy stageFinished(&run, &BenchmarkRun::stageFinished);
    QSignalSpy snapshots(&run, &BenchmarkRun::snapshot);
    run.start();

    // While measuring, the run's own mounts exist (so the diff after the run is meaningful).
    QTRY_VERIFY_WITH_TIMEOUT(phases.contains(RunPhase::Running), 30000);
    QStringList created;
    for (const QString &m : mounts())
        if (!before.contains(m))
            created << m;
    QCOMPARE(created.size(), 4); // kv2 for read and write, two ssh CAs
    const QString prefix = created.first().section(QLatin1Char('-'), 0, 1);
    QVERIFY2(prefix.startsWith(QLatin1String("vwb-")) && prefix.size() == 10, qPrintable(prefix));
    for (const QString &m : created)
        QVERIFY2(m.startsWith(prefix), qPrintable(m));

    QVERIFY(finished.wait(30000));
    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QVERIFY(s.error.isEmpty());
    QVERIFY2(s.cleanupError.isEmpty(), qPrintable(s.cleanupError));
    QCOMPARE(phases, (QList<RunPhase>{RunPhase::Connecting, RunPhase::SettingUp, RunPhase::Running,
                                      RunPhase::CleaningUp, RunPhase::Finished}));

    // Session facts.
    QVERIFY(!s.id.isEmpty());
    QCOMPARE(s.label, QStringLiteral("ramp test"));
    QCOMPARE(s.profileName, p.name);
    QCOMPARE(s.profileYaml, p.sourceYaml);
    QCOMPARE(s.ops, (QStringList{QStringLiteral("sys_health"), QStringLiteral("kv2_read"),
                                 QStringLiteral("kv2_write"), QStringLiteral("ssh_sign"),
                                 QStringLiteral("ssh_sign#2")})); // labels: told apart
    QCOMPARE(s.loadModel().name(), QStringLiteral("closed"));
    // The plan is the profile as run, with the effective address, without its YAML text.
    Profile asRun = p;
    asRun.target.address = m_bao.address();
    QVERIFY(s.plan.sameSettings(asRun));
    QVERIFY(s.plan.sourceYaml.isEmpty());
    QCOMPARE(s.transport, QStringLiteral("direct")); // the default transport
    QCOMPARE(s.targetAddress, m_bao.address());
    QVERIFY(s.server.reachable);
    QVERIFY(!s.server.version.isEmpty());
    QVERIFY(s.client.logicalCores > 0);
    QVERIFY(s.startedAt.isValid() && s.startedAt.timeSpec() == Qt::UTC);
    QVERIFY(s.finishedAt > s.startedAt);

    // Both stages: every op ran with no errors; in-flight max equals the VUs.
    QCOMPARE(stageStarted.size(), 2);
    QCOMPARE(stageStarted.at(1).at(1).toInt(), 4);
    QCOMPARE(stageFinished.size(), 2);
    QCOMPARE(s.stages.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const StageStats &st = s.stages.at(i);
        QCOMPARE(st.index, i);
        QCOMPARE(st.vus, i == 0 ? 1 : 4);
        QCOMPARE(st.warmupMs, qint64(500));
        QVERIFY(st.complete);
        QVERIFY2(st.steadySeconds >= 1.4 && st.steadySeconds < 2.0,
                 qPrintable(QString::number(st.steadySeconds)));
        QCOMPARE(st.ops.size(), 5);
        for (int k = 0; k < 5; ++k) // each stage row is under its operation's label
            QCOMPARE(st.ops.at(k).op, s.ops.at(k));
        for (const OpStats &op : st.ops) {
            QVERIFY2(op.count > 0, qPrintable(QStringLiteral("stage %1 %2").arg(i).arg(op.op)));
            QVERIFY2(op.errors.isEmpty(),
                     qPrintable(QStringLiteral("stage %1 %2: %3 errors, first %4")
                                    .arg(i)
                                    .arg(op.op)
                                    .arg(op.errorCount())
                                    .arg(op.errors.isEmpty() ? QString() : op.errors.firstKey())));
            QCOMPARE(op.latency.count(), op.ok);
            QVERIFY(op.latency.valueAtPercentileUs(50) > 0);
        }
    }
    QCOMPARE(s.stages.at(0).maxInFlight, 1);
    QCOMPARE(s.stages.at(1).maxInFlight, 4);
    QVERIFY(s.stages.at(1).startMs >= 2000);
    QCOMPARE(run.peakInFlight(), 4);

    // The time series: one point per op per second, stages labelled, warm-up marked.
    QVERIFY(!s.series.isEmpty());
    QCOMPARE(s.series.size() % 5, 0);
    QCOMPARE(s.series.first().stage, 0);
    QVERIFY(s.series.first().warmup);
    QCOMPARE(s.series.last().stage, 1);
    QCOMPARE(s.series.last().vus, 4);
    int64_t seriesCount = 0;
    for (const SeriesPoint &pt : s.series)
        seriesCount += pt.count;
    int64_t stageCount = 0;
    for (const StageStats &st : s.stages)
        for (const OpStats &op : st.ops)
            stageCount += op.count;
    QVERIFY(seriesCount > stageCount); // the series also holds the warm-up slices
    QVERIFY(snapshots.size() >= 10);

    // Cleanup removed every benchmark mount.
    QCOMPARE(mounts(), before);

    // The token is nowhere in the saved session.
    const QByteArray json = QJsonDocument(sessionToJson(s)).toJson();
    QVERIFY(json.contains("stages"));
    QVERIFY(!json.contains(m_bao.rootToken()));
}

void TestBenchmarkRun::stopMidStage()
{
    const QStringList before = mounts();
    Profile p = baseProfile();
    p.ramp.warmupMs = 500;
    p.ramp.stages = {{4, 10000}};
    p.operations = {opSpec(QStringLiteral("kv2_read"), 50, {{QStringLiteral("keys"), 10}}),
                    opSpec(QStringLiteral("kv2_write"), 50, {{QStringLiteral("keys"), 10}})};
    RunOptions o;
    o.token = m_bao.rootToken();
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    QSignalSpy stageStarted(&run, &BenchmarkRun::stageStarted);
    run.start();
    QVERIFY(stageStarted.wait(20000));
    QTest::qWait(1500);
    QElapsedTimer sinceStop;
    sinceStop.start();
    run.requestStop();
    QVERIFY(finished.wait(15000));
    QVERIFY2(sinceStop.elapsed() < 6000, qPrintable(QString::number(sinceStop.elapsed())));
    QVERIFY(!run.isRunning());
    run.requestStop(); // no-op after finished

    const Session s = Session(finished.at(0).at(0).value<RunRecord>());
    QCOMPARE(s.status, RunStatus::Stopped);
    QVERIFY(s.error.contains(QLatin1String("stopped")));
    QCOMPARE(s.stages.size(), 1);
    const StageStats &st = s.stages.at(0);
    QVERIFY(!st.complete);
    QVERIFY2(st.steadySeconds > 0.7 && st.steadySeconds < 2.5,
             qPrintable(QString::number(st.steadySeconds)));
    for (const OpStats &op : st.ops) {
        QVERIFY(op.count > 0);
        QVERIFY(op.errors.isEmpty());
    }
    QCOMPARE(mounts(), before);
}

void TestBenchmarkRun::unreachableAddress()
{
    Profile p = baseProfile();
    p.ramp.stages = {{1, 1000}};
    p.operations = {{QStringLiteral("sys_health"), 100, {}}};
    RunOptions o;
    o.token = m_bao.rootToken();
    o.addressOverride = QStringLiteral("http://127.0.0.1:%1").arg(vw::test::freeLoopbackPort());
    BenchmarkRun run(p, o);
    const Session s = runToEnd(run, 15000);
    QVERIFY(s.finishedAt.isValid());
    QCOMPARE(s.status, RunStatus::SetupFailed);
    QCOMPARE(s.targetAddress, o.addressOverride);
    QVERIFY2(s.error.startsWith(QStringLiteral("cannot reach %1").arg(o.addressOverride)),
             qPrintable(s.error));
    QVERIFY2(s.error.contains(QLatin1String("connection refused")), qPrintable(s.error));
    QCOMPARE(s.server.errorClass, ErrorClass::Connection);
    QVERIFY(s.stages.isEmpty());
    QCOMPARE(run.peakInFlight(), 0);
}

void TestBenchmarkRun::refusedToken()
{
    const QStringList before = mounts();
    Profile p = baseProfile();
    p.ramp.stages = {{1, 1000}};
    p.operations = {opSpec(QStringLiteral("kv2_read"), 100)};
    RunOptions o;
    o.token = QByteArrayLiteral("not-a-valid-token");
    BenchmarkRun run(p, o);
    const Session s = runToEnd(run, 15000);
    QCOMPARE(s.status, RunStatus::SetupFailed);
    QVERIFY2(s.error.startsWith(QLatin1String("token refused: 403")), qPrintable(s.error));
    QVERIFY(s.stages.isEmpty());
    QCOMPARE(mounts(), before);
}

QTEST_GUILESS_MAIN(TestBenchmarkRun)
#include "tst_benchmarkrun.moc"
