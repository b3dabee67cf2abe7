// Session files: lossless round trip, atomic writes, clear errors for files that are not
// sessions of this version.
#include "session/sessionfilename.h"
#include "session/sessionindex.h"
#include "session/sessionio.h"
#include "stats/replicates.h"
#include "manystagesession.h"
#include "syntheticstages.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace vw;

namespace {

OpStats makeOp(const QString &name, int64_t okCount, int64_t baseUs, int timeouts, int http503)
{
    OpStats o;
    o.op = name;
    // A spread of latencies over several decades so that many buckets are in use.
    for (int64_t i = 0; i < okCount; ++i)
        o.recordOk(baseUs + (i * 37) % 5000 + (i % 97 == 0 ? 250000 : 0));
    for (int i = 0; i < timeouts; ++i)
        o.recordError(QStringLiteral("timeout"));
    for (int i = 0; i < http503; ++i)
        o.recordError(QStringLiteral("http_503"));
    return o;
}

Session makeSession()
{
    Session s;
    s.id = QStringLiteral("7f3a2c91");
    s.label = QStringLiteral("nightly, node-2 \"eu\"");
    s.profileName = QStringLiteral("quickstart");
    s.profileYaml = QByteArray("name: quickstart\n# caf\xc3\xa9\nramp:\n  warmup: 1s\n");
    s.ops = {QStringLiteral("kv2_read"), QStringLiteral("kv2_write")};
    s.transport = QStringLiteral("qnam");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.server.reachable = true;
    s.server.initialized = true;
    s.server.sealed = false;
    s.server.standby = true;
    s.server.version = QStringLiteral("2.7.2");
    s.server.clusterName = QStringLiteral("vault-cluster-1");
    s.server.product = QStringLiteral("openbao");
    s.server.errorClass = ErrorClass::Timeout;
    s.server.errorText = QStringLiteral("slow sys/health");
    s.client.hostname = QStringLiteral("loadgen-1");
    s.client.os = QStringLiteral("Debian GNU/Linux 12");
    s.client.kernel = QStringLiteral("linux 6.1.0");
    s.client.cpuModel = QStringLiteral("AMD EPYC 7B13");
    s.client.logicalCores = 2;
    s.client.memoryBytes = 8LL * 1024 * 1024 * 1024 + 12345;
    s.client.appVersion = QStringLiteral("0.1.0");
    s.client.qtVersion = QStringLiteral("6.4.2");
    s.client.workerNice = 5;
    s.startedAt = QDateTime(QDate(2024, 5, 17), QTime(9, 30, 12, 345), Qt::UTC);
    s.finishedAt = s.startedAt.addMSecs(21789);
    s.status = RunStatus::Stopped;
    s.error = QStringLiteral("stopped by the user");
    s.cleanupError = QStringLiteral("disable mount vwb-1-kv: 403 permission denied");
    for (int i = 0; i < 2; ++i) {
        StageStats st;
        st.index = i;
        st.vus = i == 0 ? 1 : 16;
        st.durationMs = 10000;
        st.warmupMs = 1000;
        st.startMs = i * 10000;
        st.steadySeconds = i == 0 ? 9.0 : 4.271;
        st.maxInFlight = st.vus;
        st.meanInFlight = i == 0 ? 0.998 : 15.731;
        st.complete = i == 0;
        st.ops = {makeOp(QStringLiteral("kv2_read"), 4000 + i * 1000, 300 + i * 200, i, 0),
                  makeOp(QStringLiteral("kv2_write"), 1000 + i * 300, 900, 0, 2 * i)};
        s.stages.append(st);
    }
    for (int t = 1; t <= 3; ++t) {
        SeriesPoint p;
        p.tS = t;
        p.stage = t > 2 ? 1 : 0;
        p.vus = t > 2 ? 16 : 1;
        p.op = t % 2 ? QStringLiteral("kv2_read") : QStringLiteral("kv2_write");
        p.count = 400 + t;
        p.ok = 399 + t;
        p.errors = 1;
        p.errorClasses = {{t == 2 ? QStringLiteral("connection") : QStringLiteral("http_503"), 1}};
        p.p50Ms = 0.481 * t;
        p.p99Ms = 1.0 / 3.0 * t; // not a short decimal: the JSON must keep all digits
        p.inFlight = t;
        p.warmup = t == 1;
        s.series.append(p);
    }
    return s;
}

void compareSessions(const Session &a, const Session &b)
{
    QCOMPARE(b.id, a.id);
    QCOMPARE(b.label, a.label);
    QCOMPARE(b.profileName, a.profileName);
    QCOMPARE(b.profileYaml, a.profileYaml);
    QCOMPARE(b.ops, a.ops);
    QCOMPARE(b.loadModel().name(), a.loadModel().name());
    QVERIFY(b.plan.sameSettings(a.plan)); // the run plan round-trips (schema 2)
    QCOMPARE(b.transport, a.transport);
    QCOMPARE(b.targetAddress, a.targetAddress);
    QCOMPARE(b.server.reachable, a.server.reachable);
    QCOMPARE(b.server.initialized, a.server.initialized);
    QCOMPARE(b.server.sealed, a.server.sealed);
    QCOMPARE(b.server.standby, a.server.standby);
    QCOMPARE(b.server.version, a.server.version);
    QCOMPARE(b.server.clusterName, a.server.clusterName);
    QCOMPARE(b.server.product, a.server.product);
    QCOMPARE(b.server.errorText, a.server.errorText);
    QCOMPARE(b.server.errorClass, a.server.errorClass);
    QCOMPARE(b.client.hostname, a.client.hostname);
    QCOMPARE(b.client.os, a.client.os);
    QCOMPARE(b.client.kernel, a.client.kernel);
    QCOMPARE(b.client.cpuModel, a.client.cpuModel);
    QCOMPARE(b.client.logicalCores, a.client.logicalCores);
    QCOMPARE(b.client.memoryBytes, a.client.memoryBytes);
    QCOMPARE(b.client.appVersion, a.client.appVersion);
    QCOMPARE(b.client.qtVersion, a.client.qtVersion);
    QCOMPARE(b.client.workerNice, 5);
    QCOMPARE(b.startedAt, a.startedAt);
    QCOMPARE(b.startedAt.time().msec(), a.startedAt.time().msec());
    QCOMPARE(b.finishedAt, a.finishedAt);
    QCOMPARE(b.status, a.status);
    QCOMPARE(b.error, a.error);
    QCOMPARE(b.cleanupError, a.cleanupError);
    QCOMPARE(b.stages.size(), a.stages.size());
    for (int i = 0; i < a.stages.size(); ++i) {
        const StageStats &x = a.stages[i], &y = b.stages[i];
        QCOMPARE(y.index, x.index);
        QCOMPARE(y.vus, x.vus);
        QCOMPARE(y.durationMs, x.durationMs);
        QCOMPARE(y.warmupMs, x.warmupMs);
        QCOMPARE(y.startMs, x.startMs);
        QCOMPARE(y.steadySeconds, x.steadySeconds);
        QCOMPARE(y.maxInFlight, x.maxInFlight);
        QCOMPARE(y.meanInFlight, x.meanInFlight);
        QCOMPARE(y.complete, x.complete);
        QCOMPARE(y.ops.size(), x.ops.size());
        for (int j = 0; j < x.ops.size(); ++j) {
            const OpStats &p = x.ops[j], &q = y.ops[j];
            QCOMPARE(q.op, p.op);
            QCOMPARE(q.count, p.count);
            QCOMPARE(q.ok, p.ok);
            QCOMPARE(q.errors, p.errors);
            QVERIFY(q.latency == p.latency);
            QCOMPARE(q.latency.count(), p.latency.count());
            QCOMPARE(q.latency.maxUs(), p.latency.maxUs());
            QCOMPARE(q.latency.minUs(), p.latency.minUs());
            QCOMPARE(q.latency.meanUs(), p.latency.meanUs());
            for (double pct : {50.0, 90.0, 95.0, 99.0, 99.9, 100.0})
                QCOMPARE(q.latency.valueAtPercentileUs(pct), p.latency.valueAtPercentileUs(pct));
        }
    }
    QCOMPARE(b.series.size(), a.series.size());
    for (int i = 0; i < a.series.size(); ++i) {
        const SeriesPoint &p = a.series[i], &q = b.series[i];
        QCOMPARE(q.tS, p.tS);
        QCOMPARE(q.stage, p.stage);
        QCOMPARE(q.vus, p.vus);
        QCOMPARE(q.op, p.op);
        QCOMPARE(q.count, p.count);
        QCOMPARE(q.ok, p.ok);
        QCOMPARE(q.errors, p.errors);
        QCOMPARE(q.errorClasses, p.errorClasses);
        QCOMPARE(q.errorClassesKnown, p.errorClassesKnown);
        QCOMPARE(q.p50Ms, p.p50Ms);
        QCOMPARE(q.p99Ms, p.p99Ms);
        QCOMPARE(q.inFlight, p.inFlight);
        QCOMPARE(q.warmup, p.warmup);
    }
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

} // namespace

class TestSessionIo : public QObject {
    Q_OBJECT
private slots:
    void roundTripThroughFile()
    {
        const Session s = makeSession();
        // The fixture must exercise the histograms: many buckets, errors, a partial stage.
        QVERIFY(s.stages[1].ops[0].latency.count() == 5000);
        QVERIFY(s.stages[1].ops[0].latency.valueAtPercentileUs(99.9)
                > s.stages[1].ops[0].latency.valueAtPercentileUs(50) * 10);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        QString error;
        QVERIFY2(writeSession(s, path, &error), qPrintable(error));
        const std::optional<Session> back = readSession(path, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        compareSessions(s, *back);
    }

    void roundTripJsonObject_data()
    {
        QTest::addColumn<int>("status");
        QTest::addRow("completed") << int(RunStatus::Completed);
        QTest::addRow("stopped") << int(RunStatus::Stopped);
        QTest::addRow("failed") << int(RunStatus::Failed);
        QTest::addRow("setup_failed") << int(RunStatus::SetupFailed);
    }
    void roundTripJsonObject()
    {
        QFETCH(int, status);
        Session s = makeSession();
        s.status = RunStatus(status);
        const QJsonObject o = sessionToJson(s);
        QCOMPARE(o.value(QStringLiteral("kind")).toString(),
                 QStringLiteral("vault-workbench-session"));
        QCOMPARE(o.value(QStringLiteral("schema")).toInt(), Session::kSchemaVersion);
        QCOMPARE(o.value(QStringLiteral("status")).toString(), runStatusKey(s.status));
        QString error;
        const std::optional<Session> back = sessionFromJson(o, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        compareSessions(s, *back);
    }

    // The run prefix and what setup created (issue 9): written, read back, optional on read.
    void runPrefixAndResources()
    {
        Session s = makeSession();
        s.runPrefix = QStringLiteral("vwb-7f3a2c");
        s.resources = {{ResourceKind::Mount, QStringLiteral("vwb-7f3a2c-ssh-0")},
                       {ResourceKind::Role, QStringLiteral("vwb-7f3a2c-ssh-0/roles/bench")},
                       {ResourceKind::Policy, QStringLiteral("vwb-7f3a2c-read")}};
        s.leftovers = {{ResourceKind::Mount, QStringLiteral("vwb-7f3a2c-ssh-0")}};
        QJsonObject o = sessionToJson(s);
        QCOMPARE(o.value(QStringLiteral("run_prefix")).toString(), s.runPrefix);
        QCOMPARE(o.value(QStringLiteral("resources"))
                     .toArray()
                     .at(1)
                     .toObject()
                     .value(QStringLiteral("kind"))
                     .toString(),
                 QStringLiteral("role"));
        QString error;
        std::optional<Session> back = sessionFromJson(o, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->runPrefix, s.runPrefix);
        QCOMPARE(back->resources, s.resources);
        QCOMPARE(back->leftovers, s.leftovers);

        // absent (a file written before these fields): empty, still schema 2
        o.remove(QStringLiteral("run_prefix"));
        o.remove(QStringLiteral("resources"));
        o.remove(QStringLiteral("leftovers"));
        back = sessionFromJson(o, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->runPrefix.isEmpty());
        QVERIFY(back->resources.isEmpty() && back->leftovers.isEmpty());

        // an entry of an unknown kind is an error naming the field
        o.insert(QStringLiteral("resources"),
                 QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("token")},
                                        {QStringLiteral("path"), QStringLiteral("x")}}});
        QVERIFY(!sessionFromJson(o, &error));
        QVERIFY2(error.startsWith(QStringLiteral("resources[0]")), qPrintable(error));
    }

    // Leases per stage (docs/session-format.md "leases"): written only for stages that have
    // them, read back, absent in older files; replicates pool them by op.
    void leasesPerStage()
    {
        Session s = makeSession();
        s.stages[1].leases = {OpLeases{QStringLiteral("kv2_read"), 412, 406}};
        QJsonObject o = sessionToJson(s);
        const QJsonArray stages = o.value(QStringLiteral("stages")).toArray();
        QVERIFY(!stages.at(0).toObject().contains(QStringLiteral("leases")));
        QString error;
        std::optional<Session> back = sessionFromJson(o, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->stages.at(0).leases.isEmpty());
        QCOMPARE(back->stages.at(1).leases.size(), 1);
        QCOMPARE(back->stages.at(1).leases.first().op, QStringLiteral("kv2_read"));
        QCOMPARE(back->stages.at(1).leases.first().created, int64_t(412));
        QCOMPARE(back->stages.at(1).leases.first().revoked, int64_t(406));
        QCOMPARE(back->stages.at(1).findLeases(QStringLiteral("kv2_read"))->created, int64_t(412));
        QVERIFY(!back->stages.at(1).findLeases(QStringLiteral("kv2_write")));

        StageStats other = s.stages[1];
        other.leases = {OpLeases{QStringLiteral("kv2_read"), 10, 4},
                        OpLeases{QStringLiteral("kv2_write"), 3, 0}};
        const StageStats pooled = poolStage({s.stages[1], other});
        QCOMPARE(pooled.leases.size(), 2);
        QCOMPARE(pooled.findLeases(QStringLiteral("kv2_read"))->created, int64_t(422));
        QCOMPARE(pooled.findLeases(QStringLiteral("kv2_read"))->revoked, int64_t(410));
        QCOMPARE(pooled.findLeases(QStringLiteral("kv2_write"))->created, int64_t(3));

        // an entry without its op is an error naming the field
        QJsonArray bad = stages;
        QJsonObject st1 = bad.at(1).toObject();
        st1.insert(QStringLiteral("leases"),
                   QJsonArray{QJsonObject{{QStringLiteral("created"), 1}}});
        bad[1] = st1;
        o.insert(QStringLiteral("stages"), bad);
        QVERIFY(!sessionFromJson(o, &error));
        QVERIFY2(error.contains(QStringLiteral("leases")), qPrintable(error));
    }

    void credentialsRoundTrip()
    {
        Session s = makeSession();
        QVERIFY(sessionToJson(s).value(QStringLiteral("credentials")).isNull()); // no auth: block
        s.auth.method = QStringLiteral("userpass");
        s.auth.per = QStringLiteral("run");
        s.auth.logins = 1;
        s.auth.loginMeanMs = 120.5;
        s.auth.loginP50Ms = 120.5;
        s.auth.loginP99Ms = 120.5;
        s.auth.loginMaxMs = 120.5;
        s.auth.renewals = 2;
        s.auth.renewError = QStringLiteral("renew a per-VU token: 403: permission denied");
        QString error;
        const std::optional<Session> back = sessionFromJson(sessionToJson(s), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->auth.method, s.auth.method);
        QCOMPARE(back->auth.per, s.auth.per);
        QCOMPARE(back->auth.logins, 1);
        QCOMPARE(back->auth.loginMaxMs, 120.5);
        QCOMPARE(back->auth.renewals, 2);
        QCOMPARE(back->auth.renewError, s.auth.renewError);
    }

    void runStatusKeys()
    {
        for (RunStatus st : {RunStatus::Completed, RunStatus::Stopped, RunStatus::Failed,
                             RunStatus::SetupFailed}) {
            RunStatus back = RunStatus::Completed;
            QVERIFY(runStatusFromKey(runStatusKey(st), &back));
            QCOMPARE(back, st);
        }
        QCOMPARE(runStatusKey(RunStatus::SetupFailed), QStringLiteral("setup_failed"));
        RunStatus unchanged = RunStatus::Failed;
        QVERIFY(!runStatusFromKey(QStringLiteral("done"), &unchanged));
        QCOMPARE(unchanged, RunStatus::Failed);
    }

    void writeTwiceReplacesAtomically()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        Session a = makeSession();
        a.label = QStringLiteral("first");
        Session b = makeSession();
        b.label = QStringLiteral("second");
        b.stages.removeLast();
        QString error;
        QVERIFY2(writeSession(a, path, &error), qPrintable(error));
        QVERIFY2(writeSession(b, path, &error), qPrintable(error));
        const std::optional<Session> back = readSession(path, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QCOMPARE(back->label, QStringLiteral("second"));
        QCOMPARE(back->stages.size(), 1);
        // QSaveFile leaves no temporary file next to the session.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("run.json")});
    }

    void writeIntoMissingFolderFails()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no/such/folder/run.json"));
        QString error;
        QVERIFY(!writeSession(makeSession(), path, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    void readErrors()
    {
        QTemporaryDir dir;
        QString error;

        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        QVERIFY(!readSession(missing, &error));
        QVERIFY2(error.contains(missing) && error.contains(QStringLiteral("no such file")),
                 qPrintable(error));

        const QString notJson = dir.filePath(QStringLiteral("profile.yaml"));
        writeBytes(notJson, "name: quickstart\nramp: {}\n");
        error.clear();
        QVERIFY(!readSession(notJson, &error));
        QVERIFY2(error.contains(QStringLiteral("not JSON")), qPrintable(error));

        const QString otherKind = dir.filePath(QStringLiteral("other.json"));
        writeBytes(otherKind, R"({"kind":"k6-summary","schema":1,"stages":[]})");
        error.clear();
        QVERIFY(!readSession(otherKind, &error));
        QVERIFY2(error.contains(QStringLiteral("not a vault-workbench session"))
                     && error.contains(QStringLiteral("k6-summary")),
                 qPrintable(error));

        const QString array = dir.filePath(QStringLiteral("array.json"));
        writeBytes(array, "[1,2,3]");
        error.clear();
        QVERIFY(!readSession(array, &error));
        QVERIFY2(error.contains(QStringLiteral("not a vault-workbench session")),
                 qPrintable(error));

        QJsonObject future = sessionToJson(makeSession());
        future.insert(QStringLiteral("schema"), 99);
        const QString newer = dir.filePath(QStringLiteral("newer.json"));
        writeBytes(newer, QJsonDocument(future).toJson());
        error.clear();
        QVERIFY(!readSession(newer, &error));
        QVERIFY2(error.contains(QStringLiteral("99")) && error.contains(QStringLiteral("newer")),
                 qPrintable(error));

        // A damaged histogram is an error, not a silently wrong percentile.
        QJsonObject damaged = sessionToJson(makeSession());
        QJsonArray stages = damaged.value(QStringLiteral("stages")).toArray();
        QJsonObject st = stages[0].toObject();
        QJsonArray ops = st.value(QStringLiteral("ops")).toArray();
        QJsonObject op = ops[0].toObject();
        op.insert(QStringLiteral("ok"), op.value(QStringLiteral("ok")).toInteger() + 1);
        op.insert(QStringLiteral("count"), op.value(QStringLiteral("count")).toInteger() + 1);
        ops[0] = op;
        st.insert(QStringLiteral("ops"), ops);
        stages[0] = st;
        damaged.insert(QStringLiteral("stages"), stages);
        error.clear();
        QVERIFY(!sessionFromJson(damaged, &error));
        QVERIFY2(error.startsWith(QStringLiteral("stages[0].ops[0]")), qPrintable(error));
    }

    // `report /dev/zero` aborted with bad_alloc and /dev/urandom grew until killed: devices
    // and oversized files are refused before anything is read.
    void devicesAndHugeFilesAreRefused()
    {
        for (const char *device : {"/dev/zero", "/dev/urandom"}) {
            QString error;
            QVERIFY(!readSession(QString::fromLatin1(device), &error));
            QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile big(dir.filePath(QStringLiteral("big.json")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(kMaxSessionBytes + 1)); // sparse: nothing written
        big.close();
        QString error;
        QVERIFY(!readSession(big.fileName(), &error));
        QVERIFY2(error.contains(QStringLiteral("over the 2048 MiB limit")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("VW_MAX_SESSION_MB=2049 or more")),
                 qPrintable(error));
    }

    // Issue 23: the read limit is a setting, named in the refusal with a value that reads the
    // file; a generated session (not a committed one) over a lowered limit.
    void readLimitNamesItsSetting()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QString error;
        QVERIFY2(writeSession(test::manyStageSession(3000), path, &error), qPrintable(error));
        const qint64 size = QFileInfo(path).size();
        QVERIFY(size > 1024 * 1024); // over 1 MiB
        const qint64 mib = (size + 1024 * 1024 - 1) / (1024 * 1024);
        const QByteArray saved = qgetenv(kMaxSessionMbVariable);
        const bool wasSet = qEnvironmentVariableIsSet(kMaxSessionMbVariable);
        const auto restore = qScopeGuard([&] {
            if (wasSet)
                qputenv(kMaxSessionMbVariable, saved);
            else
                qunsetenv(kMaxSessionMbVariable);
        });

        qputenv(kMaxSessionMbVariable, QByteArray::number(mib - 1));
        QCOMPARE(maxSessionBytes(nullptr), (mib - 1) * 1024 * 1024);
        QVERIFY(!readSession(path, &error));
        QVERIFY2(error.contains(QStringLiteral("over the %1 MiB limit").arg(mib - 1)),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("VW_MAX_SESSION_MB=%1 or more").arg(mib)),
                 qPrintable(error));
        QVERIFY(!readSessionSummary(path).error.isEmpty()); // the library keeps the same limit
        QVERIFY(readSessionSummary(path).error.contains(QStringLiteral("VW_MAX_SESSION_MB")));

        qputenv(kMaxSessionMbVariable, QByteArray::number(mib)); // the value it named
        const std::optional<Session> s = readSession(path, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->stages.size(), 3000);
        QVERIFY(readSessionSummary(path).error.isEmpty());

        for (const char *bad : {"abc", "0", "-5", "2G", ""}) {
            qputenv(kMaxSessionMbVariable, bad);
            QCOMPARE(maxSessionBytes(&error), qint64(-1));
            QVERIFY(!readSession(path, &error));
            QVERIFY2(error.contains(QStringLiteral("VW_MAX_SESSION_MB=\"%1\" is not a whole "
                                                   "number of MiB")
                                        .arg(QLatin1String(bad))),
                     qPrintable(error));
        }

        qunsetenv(kMaxSessionMbVariable);
        QCOMPARE(maxSessionBytes(nullptr), kMaxSessionBytes);
        QVERIFY(readSession(path, &error));
    }

    void clientInfoCollect()
    {
        const ClientInfo c = ClientInfo::collect();
        QVERIFY(!c.hostname.isEmpty());
        QVERIFY(c.kernel.startsWith(QStringLiteral("linux")));
        QVERIFY(c.logicalCores >= 1);
        QVERIFY(c.memoryBytes > 64LL * 1024 * 1024);
        QCOMPARE(c.appVersion, QStringLiteral(VW_VERSION));
        QCOMPARE(c.qtVersion, QString::fromLatin1(qVersion()));
    }

    void sessionFileNeverHoldsAToken()
    {
        // The Session struct has no token field; the file holds only what sessionToJson writes.
        const QByteArray json = QJsonDocument(sessionToJson(makeSession())).toJson();
        QVERIFY(!json.contains("token"));
    }

    // The atomic save renames over its target: a device, pipe or socket is refused (as root,
    // `--out /dev/null` would otherwise replace the system's /dev/null).
    // The part of a session file name taken from a profile name or label (CLI and GUI alike).
    void fileNamePartIsSafe()
    {
        const QString fb = QStringLiteral("session");
        QCOMPARE(sessionFileNamePart(QStringLiteral("ssh-sign_ed25519.v2"), fb),
                 QStringLiteral("ssh-sign_ed25519.v2"));
        QCOMPARE(sessionFileNamePart(QStringLiteral("ssh sign / ed25519"), fb),
                 QStringLiteral("ssh_sign_ed25519"));
        QCOMPARE(sessionFileNamePart(QStringLiteral("caf\u00e9\n\tnightly"), fb),
                 QStringLiteral("caf_nightly"));
        QCOMPARE(sessionFileNamePart(QString(), fb), fb);
        QCOMPARE(sessionFileNamePart(QStringLiteral("/"), fb), QStringLiteral("_"));
        // never hidden, "." or "..", never a path
        QCOMPARE(sessionFileNamePart(QStringLiteral(".."), fb), QStringLiteral("session.."));
        QCOMPARE(sessionFileNamePart(QStringLiteral("../etc/passwd"), QStringLiteral("run")),
                 QStringLiteral("run.._etc_passwd"));
    }

    void refusesNonRegularTargets()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QCOMPARE(sessionPathProblem(fifo), QStringLiteral("not a regular file"));
        QString error;
        QVERIFY(!writeSession(Session(), fifo, &error));
        QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
        struct stat st { };
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode)); // still the pipe
        QCOMPARE(sessionPathProblem(dir.path()), QStringLiteral("it is a folder"));
        QCOMPARE(sessionPathProblem(QString()), QStringLiteral("no file name"));
        QCOMPARE(sessionPathProblem(dir.filePath(QStringLiteral("no/such/x.json"))),
                 QStringLiteral("its folder does not exist"));
        QVERIFY(sessionPathProblem(dir.filePath(QStringLiteral("new.json"))).isEmpty());
        QVERIFY(writeSession(Session(), dir.filePath(QStringLiteral("new.json")), &error));
        QVERIFY(sessionPathProblem(dir.filePath(QStringLiteral("new.json"))).isEmpty());
    }

    // Issue 9: a stage where every request failed stores latency null, never 0, and an old
    // file that stored 0 there reads (and writes again) as null.
    void allErrorStageStoresNullLatency()
    {
        Session s = makeSession();
        s.stages = {test::allErrorStage(QStringLiteral("kv2_read"), 0, 4, 812)};
        s.series.clear();
        SeriesPoint p;
        p.tS = 1;
        p.op = QStringLiteral("kv2_read");
        p.count = p.errors = 812;
        s.series = {p};
        const QJsonObject o = sessionToJson(s);
        const QJsonObject stage = o.value(QStringLiteral("stages")).toArray().at(0).toObject();
        QJsonObject op = stage.value(QStringLiteral("ops")).toArray().at(0).toObject();
        const QJsonObject latency = op.value(QStringLiteral("latency_ms")).toObject();
        QCOMPARE(latency.size(), 7);
        for (auto it = latency.constBegin(); it != latency.constEnd(); ++it)
            QVERIFY2(it.value().isNull(), qPrintable(it.key()));
        const QJsonArray row = o.value(QStringLiteral("series"))
                                   .toObject()
                                   .value(QStringLiteral("rows"))
                                   .toArray()
                                   .at(0)
                                   .toArray();
        QVERIFY(row.at(7).isNull()); // p50_ms
        QVERIFY(row.at(8).isNull()); // p99_ms

        // An older writer's zeros: read, the op has no latency, and writes null again.
        QJsonObject zeros;
        for (const char *k : {"mean", "p50", "p90", "p95", "p99", "p999", "max"})
            zeros.insert(QLatin1String(k), 0);
        op.insert(QStringLiteral("latency_ms"), zeros);
        QJsonObject oldStage = stage;
        oldStage.insert(QStringLiteral("ops"), QJsonArray{op});
        QJsonObject old = o;
        old.insert(QStringLiteral("stages"), QJsonArray{oldStage});
        QString error;
        const std::optional<Session> back = sessionFromJson(old, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QCOMPARE(back->stages.first().ops.first().latency.count(), 0);
        const QJsonObject again = sessionToJson(*back)
                                      .value(QStringLiteral("stages"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("ops"))
                                      .toArray()
                                      .at(0)
                                      .toObject();
        QVERIFY(again.value(QStringLiteral("latency_ms"))
                    .toObject()
                    .value(QStringLiteral("p99"))
                    .isNull());
    }

    // The series' error_classes column (docs/session-format.md): each second's errors by
    // class; a session written before it (no such column) reads with the classes unknown,
    // its total errors kept, and is written back with an empty column for those rows.
    void seriesErrorClasses()
    {
        const Session s = makeSession();
        const QJsonObject o = sessionToJson(s);
        const QJsonObject series = o.value(QStringLiteral("series")).toObject();
        const QJsonArray columns = series.value(QStringLiteral("columns")).toArray();
        QCOMPARE(columns.last().toString(), QStringLiteral("error_classes"));
        const QJsonArray row = series.value(QStringLiteral("rows")).toArray().at(1).toArray();
        QCOMPARE(row.at(columns.size() - 1).toObject(),
                 QJsonObject({{QStringLiteral("connection"), 1}}));

        QJsonArray oldColumns = columns;
        oldColumns.removeLast();
        QJsonArray oldRows;
        for (const QJsonValue &r : series.value(QStringLiteral("rows")).toArray()) {
            QJsonArray a = r.toArray();
            a.removeLast();
            oldRows.append(a);
        }
        QJsonObject old = o;
        old.insert(QStringLiteral("series"), QJsonObject{{QStringLiteral("columns"), oldColumns},
                                                         {QStringLiteral("rows"), oldRows}});
        QString error;
        const std::optional<Session> back = sessionFromJson(old, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QCOMPARE(back->series.size(), s.series.size());
        for (const SeriesPoint &p : back->series) {
            QVERIFY(!p.errorClassesKnown);
            QVERIFY(p.errorClasses.isEmpty());
            QCOMPARE(p.errors, qint64(1));
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionIo)
#include "tst_sessionio.moc"
