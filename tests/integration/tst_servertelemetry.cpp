// Server telemetry end to end (docs/measurement.md, "Server telemetry"): a kv2_read ramp
// against a real `bao server -dev` with telemetry on stores the server's memory and CPU per
// stage, plausible against the kernel's own numbers for the same process; a server without the
// Prometheus form and a token that cannot read sys/metrics are notes, not failures.
#include "baoserver.h"
#include "engine/benchmarkrun.h"
#include "ops/operationregistry.h"
#include "session/sessionio.h"
#include "util/procstat.h"
#include "vault/prometheustext.h"
#include "vault/servermetrics.h"
#include "vault/vaultclient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <QThread>

using namespace vw;

namespace {

OperationSpec kvRead()
{
    const ParamParseResult parsed = OperationRegistry::instance().parse(
        QStringLiteral("kv2_read"), {{QStringLiteral("keys"), 20}});
    if (!parsed.ok())
        qFatal("bad kv2_read params in the test");
    return {QStringLiteral("kv2_read"), 100, *parsed.params};
}

Profile rampProfile(const QString &address)
{
    Profile p;
    p.name = QStringLiteral("telemetry-test");
    p.sourceYaml = "name: telemetry-test\n";
    p.target.address = address;
    p.target.requestTimeoutMs = 10000;
    p.ramp.warmupMs = 500;
    p.ramp.stages = {{1, 3500}, {4, 3500}};
    p.operations = {kvRead()};
    return p;
}

Session runToEnd(const Profile &p, const RunOptions &o)
{
    BenchmarkRun run(p, o);
    QSignalSpy finished(&run, &BenchmarkRun::finished);
    run.start();
    if (!finished.wait(60000) || finished.isEmpty())
        return {};
    return Session(finished.at(0).at(0).value<RunRecord>());
}

/// An HCL file in `dir` for BaoServer::setExtraConfigFile().
QString writeConfig(const QTemporaryDir &dir, const QByteArray &hcl)
{
    const QString path = dir.filePath(QStringLiteral("extra.hcl"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(hcl) != hcl.size())
        qFatal("cannot write the test's config file");
    return path;
}

QString mib(double bytes)
{
    return QString::number(bytes / 1048576.0, 'f', 1);
}

} // namespace

class TestServerTelemetry : public QObject {
    Q_OBJECT
private slots:
    void memoryAndCpuPerStage();
    void rssMatchesProcAtTheSameMoment();
    void jsonOnlyServerIsANote();
    void tokenWithoutMetricsReadIsANote();
};

void TestServerTelemetry::memoryAndCpuPerStage()
{
    vw::test::BaoServer bao;
    bao.enableTelemetry();
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    const qint64 pid = bao.processId();
    QVERIFY(pid > 0);
    QVERIFY2(procRssBytes(pid) > 0, "the test's bao process has no /proc entry");
    QCOMPARE(serverProcessProblem(pid), QString()); // what `run --server-pid` accepts

    RunOptions o;
    o.token = bao.rootToken();
    o.serverPid = pid;
    const Session s = runToEnd(rampProfile(bao.address()), o);
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    const ServerTelemetry &t = s.serverTelemetry;
    QCOMPARE(t.source, QStringLiteral("prometheus"));
    QCOMPARE(t.serverPid, pid);
    QVERIFY2(t.notes.isEmpty(), qPrintable(t.notes.join(QLatin1Char('\n'))));
    QVERIFY(t.samples.size() >= 5); // ~8 s of stages, read once a second and at each change
    QCOMPARE(t.stages.size(), 2);
    const int cores = QThread::idealThreadCount();
    for (const ServerStageStats &st : t.stages) {
        QVERIFY2(st.samples >= 2, qPrintable(QString::number(st.samples)));
        // Memory: a Go server of tens of MB, far below the machine's memory.
        QVERIFY(st.rssMeanBytes > 10e6 && st.rssMeanBytes < 4e9);
        QVERIFY(st.heapInUseMeanBytes > 1e6 && st.heapInUseMeanBytes < st.rssMeanBytes);
        QVERIFY(st.procRssMeanBytes > 10e6);
        // CPU: under load the server is busy, but never more than every core of the machine.
        QVERIFY2(st.coresBusyMean > 0.01 && st.coresBusyMean <= cores * 1.1,
                 qPrintable(QString::number(st.coresBusyMean)));
        QVERIFY(st.procCoresBusyMean > 0.01 && st.procCoresBusyMean <= cores * 1.1);
        // The server's own request time, below the client's (which adds the network + client).
        const OpStats &op = s.stages.at(st.stage).ops.first();
        QVERIFY(st.handleRequestMs > 0);
        QVERIFY2(st.handleRequestMs < op.latency.meanUs() / 1000.0 * 1.05,
                 qPrintable(QStringLiteral("server %1 ms, client %2 ms")
                                .arg(st.handleRequestMs)
                                .arg(op.latency.meanUs() / 1000.0)));
        QVERIFY(st.goroutinesMean > 10);
        QVERIFY(st.openFdsMax > 3);
        qInfo("stage %d (%d VUs): server RSS %s MiB (/proc %s MiB), heap %s MiB, %.2f cores busy "
              "(/proc %.2f), handle_request %.3f ms vs client mean %.3f ms, %d samples",
              st.stage + 1, s.stages.at(st.stage).vus, qPrintable(mib(st.rssMeanBytes)),
              qPrintable(mib(st.procRssMeanBytes)), qPrintable(mib(st.heapInUseMeanBytes)),
              st.coresBusyMean, st.procCoresBusyMean, st.handleRequestMs,
              op.latency.meanUs() / 1000.0, st.samples);
    }
    // Each sample's two RSS figures were read a few ms apart: within 20 % of each other.
    for (const ServerSample &x : t.samples) {
        QVERIFY(serverKnown(x.rssBytes) && serverKnown(x.procRssBytes));
        QVERIFY2(std::abs(x.rssBytes - x.procRssBytes) <= 0.2 * x.procRssBytes,
                 qPrintable(QStringLiteral("%1 vs %2").arg(x.rssBytes).arg(x.procRssBytes)));
    }

    // The session file keeps it; read back it is the same.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("s.json"));
    QVERIFY2(writeSession(s, path, &error), qPrintable(error));
    const std::optional<Session> back = readSession(path, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->serverTelemetry.samples.size(), t.samples.size());
    QCOMPARE(back->serverTelemetry.stages.size(), 2);
    QCOMPARE(back->serverTelemetry.stages.at(1).rssMeanBytes, t.stages.at(1).rssMeanBytes);
    QCOMPARE(back->serverTelemetry.source, t.source);
}

void TestServerTelemetry::rssMatchesProcAtTheSameMoment()
{
    // The acceptance check of issue 11 on its own: process_resident_memory_bytes from
    // sys/metrics and VmRSS of /proc/<pid>/status, read back to back, within 20 %.
    vw::test::BaoServer bao;
    bao.enableTelemetry();
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    TargetSpec target;
    target.address = bao.address();
    VaultClient client(target, bao.rootToken());
    HttpRequest r;
    r.method = "GET";
    r.path = "/v1/sys/metrics?format=prometheus";
    r.rootNamespace = true;
    const VaultResponse answer = client.send(r);
    const qint64 vmRss = procRssBytes(bao.processId());
    QVERIFY2(answer.ok(), qPrintable(answer.describe()));
    PromText text;
    QVERIFY2(parsePrometheusText(answer.body, &text, &error), qPrintable(error));
    const ServerReading reading = serverReadingFromPrometheus(text);
    QVERIFY(vmRss > 0);
    QVERIFY(reading.rssBytes > 0);
    qInfo("sys/metrics RSS %s MiB, /proc VmRSS %s MiB", qPrintable(mib(reading.rssBytes)),
          qPrintable(mib(double(vmRss))));
    QVERIFY(std::abs(reading.rssBytes - double(vmRss)) <= 0.2 * double(vmRss));
}

void TestServerTelemetry::jsonOnlyServerIsANote()
{
    // The dev server turns the Prometheus form on by itself; retention 0 turns it off, so that
    // sys/metrics answers JSON only (?format=prometheus: 400 "prometheus is not enabled").
    QTemporaryDir dir;
    vw::test::BaoServer bao;
    bao.setExtraConfigFile(
        writeConfig(dir, "telemetry {\n  prometheus_retention_time = \"0s\"\n}\n"));
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    // The server publishes its runtime gauges (alloc_bytes, goroutines) a moment after it
    // starts; on a busy machine the run could end before the first. Wait for them (the
    // server's readiness, not the workbench's behaviour, which reports a missing gauge as
    // unknown).
    QVERIFY(QTest::qWaitFor(
        [&] {
            QJsonObject reply;
            bao.api("GET", QStringLiteral("sys/metrics"), {}, &reply);
            const QJsonArray gauges = reply.value(QStringLiteral("Gauges")).toArray();
            return std::any_of(gauges.begin(), gauges.end(), [](const QJsonValue &g) {
                return g.toObject()
                    .value(QStringLiteral("Name"))
                    .toString()
                    .endsWith(QLatin1String("runtime.alloc_bytes"));
            });
        },
        15000));
    RunOptions o;
    o.token = bao.rootToken();
    Profile p = rampProfile(bao.address());
    p.ramp.stages = {{2, 2500}};
    const Session s = runToEnd(p, o);
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    const ServerTelemetry &t = s.serverTelemetry;
    QCOMPARE(t.source, QStringLiteral("json"));
    QVERIFY2(t.notes.join(QLatin1Char(' ')).contains(QLatin1String("no Prometheus form")),
             qPrintable(t.notes.join(QLatin1Char('\n'))));
    QCOMPARE(t.stages.size(), 1);
    const ServerStageStats &st = t.stages.first();
    QVERIFY(st.samples >= 1);
    QVERIFY(!serverKnown(st.rssMeanBytes)); // the JSON form has no process RSS
    QVERIFY(st.heapInUseMeanBytes > 1e6); // vault.runtime.alloc_bytes
    QVERIFY(st.goroutinesMean > 10);
}

void TestServerTelemetry::tokenWithoutMetricsReadIsANote()
{
    // The dev listener serves sys/metrics without a token (dev mode); a second listener from
    // a config file keeps the default (metrics need a token that may read them). The run goes
    // through that one.
    QTemporaryDir dir;
    const int port = vw::test::freeLoopbackPort();
    vw::test::BaoServer bao;
    bao.enableTelemetry();
    bao.setExtraConfigFile(writeConfig(
        dir, QStringLiteral(
                 "listener \"tcp\" {\n  address = \"127.0.0.1:%1\"\n  tls_disable = true\n}\n")
                 .arg(port)
                 .toUtf8()));
    QString error;
    QVERIFY2(bao.start(&error), qPrintable(error));
    // Everything a kv2_read run needs, but sys/metrics denied.
    const QByteArray policy =
        QJsonDocument(
            QJsonObject{
                {QStringLiteral("policy"),
                 QStringLiteral("path \"*\" { capabilities = [\"create\", \"read\", \"update\", "
                                "\"delete\", \"list\", \"sudo\"] }\n"
                                "path \"sys/metrics\" { capabilities = [\"deny\"] }\n")}})
            .toJson();
    QCOMPARE(bao.api("PUT", QStringLiteral("sys/policies/acl/no-metrics"), policy), 204);
    const QByteArray token = bao.createToken(
        QJsonObject{{QStringLiteral("policies"), QJsonArray{QStringLiteral("no-metrics")}},
                    {QStringLiteral("ttl"), QStringLiteral("1h")}},
        &error);
    QVERIFY2(!token.isEmpty(), qPrintable(error));
    RunOptions o;
    o.token = token;
    Profile p = rampProfile(QStringLiteral("http://127.0.0.1:%1").arg(port));
    p.ramp.stages = {{2, 2000}};
    const Session s = runToEnd(p, o);
    QVERIFY2(s.status == RunStatus::Completed, qPrintable(s.error));
    QVERIFY2(s.cleanupError.isEmpty(), qPrintable(s.cleanupError));
    const ServerTelemetry &t = s.serverTelemetry;
    QVERIFY(t.source.isEmpty());
    QVERIFY(!t.collected());
    QVERIFY2(t.notes.join(QLatin1Char(' ')).contains(QLatin1String("cannot read sys/metrics")),
             qPrintable(t.notes.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestServerTelemetry)
#include "tst_servertelemetry.moc"
