// Faults of the server during a run, through the headless CLI (`vault-workbench run`) against
// a real `bao server -dev` of each test's own: a frozen server (SIGSTOP), a sealed server and
// a revoked token. Each run must end as `failed` (status in the saved session, exit code 1)
// with a reason naming the fault, keep stderr bounded, and leave nothing on a server that can
// still be used (docs/measurement.md, "Failed runs"; the abort rule: core/engine/abortwatch.h).
// And, on the loopback stub (about the client only), how the rule meets request_timeout when
// the server stops answering.
#include "apprun.h"
#include "baoserver.h"
#include "delayserver.h"
#include "vaultstub.h"
#include "engine/benchmarkrun.h"
#include "stats/opstats.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <functional>

using namespace vw;

namespace {

constexpr qint64 kMaxStderrBytes = 20 * 1024;

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// A 2-stage kv2_read run with the abort rule at 2 s: stage 1 of 2 s, stage 2 planned at 8 s
/// (the fault, injected when stage 2 starts, must end it long before).
QByteArray profileFor(const QString &address)
{
    return QStringLiteral("name: fault\n"
                          "target: { address: %1 }\n"
                          "ramp:\n"
                          "  warmup: 1s\n"
                          "  stages:\n"
                          "    - { vus: 4, duration: 2s }\n"
                          "    - { vus: 4, duration: 8s }\n"
                          "operations:\n"
                          "  - type: kv2_read\n"
                          "    params: { keys: 10 }\n"
                          "abort: { error_ratio: 0.99, for: 2s }\n")
        .arg(address)
        .toUtf8();
}

struct Outcome {
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    QByteArray out;
    QByteArray err;
    QJsonObject session;
    qint64 tookMs = 0;
};

/// The mounts of `server` made by a workbench run (described `vault-workbench run <prefix>`).
QStringList workbenchMounts(const test::BaoServer &server, int *status)
{
    QJsonObject reply;
    *status = server.api("GET", QStringLiteral("sys/mounts"), {}, &reply);
    const QJsonObject mounts = reply.contains(QStringLiteral("data"))
                                   ? reply.value(QStringLiteral("data")).toObject()
                                   : reply;
    QStringList found;
    for (auto it = mounts.begin(); it != mounts.end(); ++it)
        if (it.value()
                .toObject()
                .value(QStringLiteral("description"))
                .toString()
                .startsWith(QStringLiteral("vault-workbench run")))
            found << it.key();
    return found;
}

} // namespace

class TestFaults : public QObject {
    Q_OBJECT

    QTemporaryDir m_home; // HOME of the app: no ~/.vault-token of the machine's user

    /// Runs the profile with `token`; `atStage2` runs when the CLI prints that stage 2 started,
    /// `atCleanup` (optional) when it prints that cleanup started.
    Outcome run(const test::BaoServer &server, const QByteArray &token,
                const std::function<void()> &atStage2, const std::function<void()> &atCleanup)
    {
        Outcome o;
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("fault.yaml"));
        QFile f(profile);
        if (!f.open(QIODevice::WriteOnly) || f.write(profileFor(server.address())) < 0)
            return o;
        f.close();
        const QString out = dir.filePath(QStringLiteral("fault.json"));
        QProcess p;
        QElapsedTimer clock;
        clock.start();
        if (!test::startApp(
                p, test::appRun({QStringLiteral("run"), profile, QStringLiteral("--out"), out},
                                dir.path(), test::appEnvironment(m_home.path(), token))))
            return o;
        bool stage2Done = false, cleanupDone = !atCleanup;
        while (p.state() != QProcess::NotRunning && clock.elapsed() < 60000) {
            p.waitForReadyRead(20);
            o.out += p.readAllStandardOutput();
            o.err += p.readAllStandardError();
            if (!stage2Done && o.out.contains("stage 2:")) {
                stage2Done = true;
                atStage2();
            }
            if (stage2Done && !cleanupDone && o.out.contains("phase: cleaning up")) {
                cleanupDone = true;
                atCleanup();
            }
        }
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        }
        if (!cleanupDone)
            atCleanup(); // never leave the server stopped
        o.out += p.readAllStandardOutput();
        o.err += p.readAllStandardError();
        o.tookMs = clock.elapsed();
        o.exitCode = p.exitCode();
        o.exitStatus = p.exitStatus();
        o.session = QJsonDocument::fromJson(fileBytes(out)).object();
        return o;
    }

    /// `exitCode` 1 (failed), or 4 when cleanup also left something (app/cli.h).
    static void checkFailed(const Outcome &o, const QString &reasonPart, int exitCode = 1)
    {
        const QString err = QString::fromLocal8Bit(o.err.left(3000));
        QCOMPARE(o.exitStatus, QProcess::NormalExit);
        QVERIFY2(o.exitCode == exitCode, qPrintable(QString::number(o.exitCode) + ": " + err));
        QVERIFY2(o.err.size() < kMaxStderrBytes, qPrintable(QString::number(o.err.size())));
        QVERIFY2(o.tookMs < 40000, qPrintable(QString::number(o.tookMs)));
        QCOMPARE(o.session.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        const QString reason = o.session.value(QStringLiteral("error")).toString();
        qInfo().noquote() << "reason:" << reason << "| stderr bytes:" << o.err.size()
                          << "| took ms:" << o.tookMs;
        QVERIFY2(reason.contains(reasonPart), qPrintable(reason));
        QVERIFY2(err.contains(QStringLiteral("run failed: ")), qPrintable(err));
        QVERIFY2(err.contains(reasonPart), qPrintable(err));
    }

private slots:
    void initTestCase() { QVERIFY(m_home.isValid()); }

    // The request_timeout interplay of the abort rule (core/engine/abortwatch.h), on the
    // loopback stub (the test is about the client): the server stops answering 1.5 s in.
    // request_timeout < for: the requests become timeout errors and the error-ratio half
    // ends the run; request_timeout >= for: nothing completes and the no-response half does.
    void aSilentServerEndsTheRun_data()
    {
        QTest::addColumn<qint64>("requestTimeoutMs");
        QTest::addColumn<QString>("reason");
        QTest::newRow("timeout shorter than for")
            << qint64(1000) << QStringLiteral("so far: timeout (");
        QTest::newRow("timeout longer than for")
            << qint64(30000) << QStringLiteral("no response from the server for 2 s");
    }
    void aSilentServerEndsTheRun()
    {
        QFETCH(qint64, requestTimeoutMs);
        QFETCH(QString, reason);
        test::DelayServer server(1);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        Profile p;
        p.name = QStringLiteral("silent");
        p.target.address = server.address();
        p.target.requestTimeoutMs = requestTimeoutMs;
        p.ramp.warmupMs = 0;
        p.ramp.stages = {{2, 3000}, {2, 20000}};
        p.operations = {{QStringLiteral("sys_health"), 1, {}}};
        p.abort.forMs = 2000;
        RunOptions o;
        o.token = QByteArrayLiteral("loopback-test-token"); // the stub accepts any token
        BenchmarkRun run(p, o);
        QSignalSpy finished(&run, &BenchmarkRun::finished);
        QElapsedTimer clock;
        clock.start();
        run.start();
        QTimer::singleShot(1500, &run, [&server] { server.setDelayMs(60000); });
        QVERIFY(finished.wait(30000));
        const RunRecord r = finished.at(0).at(0).value<RunRecord>();
        qInfo().noquote() << "reason:" << r.error << "| took ms:" << clock.elapsed();
        QVERIFY2(r.status == RunStatus::Failed, qPrintable(runStatusKey(r.status) + r.error));
        QVERIFY2(r.error.contains(reason), qPrintable(r.error));
        QVERIFY2(clock.elapsed() < 15000, qPrintable(QString::number(clock.elapsed())));
    }

    // A server that starts failing every request on purpose (500, the Vault-like stub: OpenBao
    // will not do this on demand) as stage 2 starts: the run ends failed naming http_500, and
    // the failing stage has no latency (null, "-"), not 0.
    void allFiveHundredFails()
    {
        test::VaultStub server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        Profile p;
        p.name = QStringLiteral("all-500");
        p.target.address = server.address();
        p.ramp.warmupMs = 500; // the switch (a queued signal) lands in stage 2's warm-up
        p.ramp.stages = {{2, 2000}, {2, 20000}};
        p.operations = {{QStringLiteral("sys_health"), 1, {}}};
        p.abort.forMs = 2000;
        RunOptions o;
        o.token = QByteArrayLiteral("loopback-test-token"); // the stub accepts any token
        BenchmarkRun run(p, o);
        QSignalSpy finished(&run, &BenchmarkRun::finished);
        connect(&run, &BenchmarkRun::stageStarted, &run, [&server](int index, int) {
            if (index == 1)
                server.setFailAll(500);
        });
        QElapsedTimer clock;
        clock.start();
        run.start();
        QVERIFY(finished.wait(30000));
        const RunRecord r = finished.at(0).at(0).value<RunRecord>();
        qInfo().noquote() << "reason:" << r.error << "| took ms:" << clock.elapsed();
        QVERIFY2(r.status == RunStatus::Failed, qPrintable(runStatusKey(r.status) + r.error));
        QVERIFY2(r.error.contains(QLatin1String("http_500")), qPrintable(r.error));
        QVERIFY2(clock.elapsed() < 15000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(r.stages.size(), 2);
        const OpStats &good = r.stages[0].ops.at(0);
        QVERIFY(good.ok > 0);
        // at most the 2 VUs' requests that stage 1 started and the switch answered
        QVERIFY2(good.errorCount() <= 2, qPrintable(QString::number(good.errorCount())));
        const OpStats &bad = r.stages[1].ops.at(0);
        QVERIFY(bad.count > 0);
        QCOMPARE(bad.ok, 0);
        QVERIFY(bad.errors.value(QStringLiteral("http_500")) > 0);
        QCOMPARE(latencyCellMs(bad.latency, 99, 3), QStringLiteral("-"));
    }

    // A frozen server (SIGSTOP) answers nothing and refuses nothing: the abort rule's
    // no-response half ends the run after `for` (2 s; request_timeout is the default 30 s).
    // The server is continued (SIGCONT) when the CLI starts cleanup, so that cleanup can
    // remove the run's mount: the test then asserts that nothing of the run is left.
    void frozenServerFails()
    {
        test::BaoServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const pid_t pid = pid_t(server.processId());
        const Outcome o = run(
            server, server.rootToken(), [pid] { ::kill(pid, SIGSTOP); },
            [pid] { ::kill(pid, SIGCONT); });
        checkFailed(o, QStringLiteral("no response from the server for 2 s"));
        // Stage 2 had no completed request, and says so (session, CLI stage line).
        const QJsonArray stages = o.session.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 2);
        QVERIFY(!stages[0].toObject().contains(QStringLiteral("no_completions")));
        const QJsonObject frozen = stages[1].toObject();
        QCOMPARE(frozen.value(QStringLiteral("no_completions")).toBool(), true);
        QCOMPARE(frozen.value(QStringLiteral("complete")).toBool(), false);
        QVERIFY2(frozen.value(QStringLiteral("mean_in_flight")).toDouble() > 0,
                 qPrintable(QJsonDocument(frozen).toJson()));
        // the maximum is of the same gauge as the mean: never below it
        QVERIFY2(frozen.value(QStringLiteral("max_in_flight")).toInt()
                     >= frozen.value(QStringLiteral("mean_in_flight")).toDouble(),
                 qPrintable(QJsonDocument(frozen).toJson()));
        QVERIFY2(o.out.contains("stage 2: no completed request"), o.out.constData());
        // ... and the guard says the server stalled, not that the client was the bottleneck
        const QJsonObject validity = frozen.value(QStringLiteral("validity")).toObject();
        QCOMPARE(validity.value(QStringLiteral("client_bound")).toBool(), false);
        QVERIFY2(QJsonDocument(validity).toJson().contains("server_stall: no request completed"),
                 QJsonDocument(validity).toJson().constData());
        int status = 0;
        const QStringList left = workbenchMounts(server, &status);
        QCOMPARE(status, 200);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
        QVERIFY2(o.session.value(QStringLiteral("cleanup_error")).toString().isEmpty(),
                 qPrintable(o.session.value(QStringLiteral("cleanup_error")).toString()));
    }

    // Sealed mid-run: every request answers 503 and the reason says "sealed". The operator
    // unseals while cleanup retries: the run still fails (exit 1) and leaves nothing.
    void sealedServerFails()
    {
        test::BaoServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QByteArray key = server.unsealKey();
        QVERIFY(!key.isEmpty());
        bool sealed = false;
        int unsealed = 0;
        // Sealed as stage 2 starts; unsealed once cleanup has started (its calls get 503 and
        // are retried, core/vault/retrypolicy.h), so cleanup removes everything.
        const Outcome o = run(
            server, server.rootToken(), [&] { sealed = server.seal(); },
            [&] {
                QThread::msleep(1000);
                unsealed = server.api(
                    "PUT", QStringLiteral("sys/unseal"),
                    QJsonDocument(QJsonObject{{QStringLiteral("key"), QString::fromLatin1(key)}})
                        .toJson(QJsonDocument::Compact));
            });
        QVERIFY(sealed);
        QCOMPARE(unsealed, 200);
        checkFailed(o, QStringLiteral("sealed"));
        QVERIFY2(o.session.value(QStringLiteral("error"))
                     .toString()
                     .contains(QStringLiteral("http_503")),
                 qPrintable(o.session.value(QStringLiteral("error")).toString()));
        QCOMPARE(o.session.value(QStringLiteral("cleanup_error")).toString(), QString());
        int status = 0;
        const QStringList left = workbenchMounts(server, &status);
        QCOMPARE(status, 200);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
    }

    // The run's token (a child token made for it) is revoked mid-run: every request answers
    // 403 and the reason names permission denied. The server is usable but the run's token
    // is not, so cleanup cannot remove the mount either: the run exits 4 and prints the sweep
    // command, which (with a token that may) removes what is left.
    void revokedTokenFails()
    {
        test::BaoServer server;
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        const QByteArray child = server.createChildToken();
        QVERIFY(!child.isEmpty());
        int revoked = 0;
        const Outcome o = run(server, child,
                              [&] {
                                  revoked =
                                      server.api("POST", QStringLiteral("auth/token/revoke-self"),
                                                 {}, nullptr, child);
                              },
                              {});
        QCOMPARE(revoked, 204);
        checkFailed(o, QStringLiteral("permission denied"), 4); // and cleanup failed: 4
        QVERIFY2(o.session.value(QStringLiteral("error"))
                     .toString()
                     .contains(QStringLiteral("http_403")),
                 qPrintable(o.session.value(QStringLiteral("error")).toString()));
        QVERIFY(!o.err.contains(child));
        int status = 0;
        QStringList left = workbenchMounts(server, &status);
        QCOMPARE(status, 200);
        QVERIFY2(left.size() == 1, qPrintable(left.join(QLatin1Char(' '))));
        QVERIFY(o.err.contains("sweep it with: vault-workbench cleanup "));

        // The sweep the run printed, with a token that may: nothing of the run is left.
        QTemporaryDir dir;
        const QString sessionPath = dir.filePath(QStringLiteral("fault.json"));
        QFile f(sessionPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(o.session).toJson());
        f.close();
        const test::AppResult sweep =
            test::runApp(test::appRun({QStringLiteral("cleanup"), sessionPath}, dir.path(),
                                      test::appEnvironment(m_home.path(), server.rootToken())));
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.err));
        left = workbenchMounts(server, &status);
        QCOMPARE(status, 200);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"
