// db_redis_creds and db_redis_static_read against a real Redis and a real `bao server -dev`,
// both started by `vault-workbench target up dev --with redis` (the product's own local
// target, docs/local-targets.md "Services"): the service's admin password is in 0600 files
// and in no command line nor `target env`; each type runs two short stages (count > 0, no
// errors) after which nothing is left in Vault (mounts, policies, leases) nor in Redis (ACL
// USERS is the seed again), with the leases revoked per request or a few kept for cleanup;
// a dynamic user's password logs in and its revoked lease deletes it; a static role's
// password logs in; `target down` stops the server by PID. Skipped when redis-server is
// absent.
#include "apprun.h"
#include "killedrun.h"
#include "engine/benchmarkrun.h"
#include "localtarget/redis.h"
#include "localtargetrun.h"
#include "opsrun.h"
#include "profile/profileparser.h"
#include "serviceleftovers.h"
#include "vault/localtargetstate.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace vw;

class TestOpsRedis : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_stateDir;
    QString m_home;
    test::StopTargetOnExit m_guard;
    QString m_address; ///< the dev server
    QByteArray m_token;
    RedisConnection m_db;
    QStringList m_seedUsers; ///< ACL USERS before any run

    TargetSpec target() const
    {
        TargetSpec t;
        t.address = m_address;
        t.requestTimeoutMs = 15000;
        return t;
    }

    /// ACL USERS, sorted.
    QStringList users()
    {
        RedisClient redis;
        QString error;
        if (!redis.connect(m_db, &error)) {
            qWarning("%s", qPrintable(error));
            return {QStringLiteral("error")};
        }
        const auto names = redis.aclUsers(&error);
        return names ? *names : QStringList{QStringLiteral("error: ") + error};
    }

    /// true when `user` logs in with `password` (AUTH) and may read a key of its pattern
    /// (GET vwb:probe: the roles allow +@read on ~vwb:*, not PING).
    bool logsIn(const QString &user, const QByteArray &password)
    {
        RedisConnection as = m_db;
        as.user = user;
        as.password = password;
        RedisClient redis;
        QString error;
        return redis.connect(as, &error) && redis.command({"GET", "vwb:probe"}).ok;
    }

    QStringList vaultLeftovers() const { return test::vaultLeftovers(target(), m_token); }

    Profile profile(const QString &name, const OperationSpec &op) const
    {
        Profile p;
        p.name = name;
        p.sourceYaml = QStringLiteral("name: %1\n").arg(name).toUtf8();
        p.target.address = m_address;
        p.target.requestTimeoutMs = 10000;
        p.ramp.warmupMs = 200;
        p.ramp.stages = {{1, 1200}, {2, 1200}};
        p.operations = {op};
        return p;
    }

private slots:
    void initTestCase()
    {
        if (findRedisServer().isEmpty())
            QSKIP("redis-server is not installed (Debian: apt-get install redis-server, as "
                  "scripts/lib.sh does; or set VW_REDIS_BIN)");
        QVERIFY(m_tmp.isValid());
        m_stateDir = m_tmp.filePath(QStringLiteral("target"));
        m_home = m_tmp.filePath(QStringLiteral("home"));
        QVERIFY(QDir().mkpath(m_home));
        m_guard.dir = m_stateDir;
        const QProcessEnvironment env = test::localTargetEnvironment(m_home, m_stateDir);
        const test::AppResult up =
            test::runApp({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("dev"),
                          QStringLiteral("--with"), QStringLiteral("redis")},
                         env, m_tmp.path(), 120000);
        QVERIFY2(up.exitCode == 0, qPrintable(up.out + up.err));
        QVERIFY2(up.err.contains(QStringLiteral("redis: accepting")), qPrintable(up.err));
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(m_stateDir, &state, &error), qPrintable(error));
        const LocalTargetNode *dev = state.node(QStringLiteral("dev"));
        const LocalTargetNode *db = state.node(QStringLiteral("redis"));
        QVERIFY(dev && db);
        QVERIFY(db->isService());
        m_address = dev->address;
        m_token = readLocalTargetToken(m_stateDir, &error);
        QVERIFY2(!m_token.isEmpty(), qPrintable(error));
        QVERIFY2(resolveRedisConnection(QStringLiteral("redis"), {}, &m_db, &error, m_stateDir),
                 qPrintable(error));
        // The admin password: in 0600 files (its own and redis.conf's ACL line), never in the
        // server's command line; the default user is off.
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(db->secretFile).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        QCOMPARE(::stat(QFile::encodeName(db->configFile).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        QVERIFY(!logsIn(QStringLiteral("default"), QByteArray()));
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(db->pid));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        const QByteArray cmd = cmdline.readAll();
        QVERIFY(cmd.contains(db->configFile.toUtf8()));
        QVERIFY(!cmd.contains(m_db.password));
        QVERIFY(db->address.startsWith(QLatin1String("redis://127.0.0.1:")));
        // `target status` shows it accepting; `target env` its settings, never the password.
        const test::AppResult status =
            test::runApp({QStringLiteral("target"), QStringLiteral("status")}, env, m_tmp.path());
        QVERIFY2(status.exitCode == 0, qPrintable(status.err));
        QVERIFY2(status.out.contains(QStringLiteral("redis")), qPrintable(status.out));
        QVERIFY2(status.out.contains(QStringLiteral("accepting")), qPrintable(status.out));
        // and its version (INFO server's redis_version, "7.0.15")
        QVERIFY2(status.out.contains(QRegularExpression(
                     QStringLiteral("redis +redis .* accepting .*\\b\\d+\\.\\d+\\.\\d+\\b"))),
                 qPrintable(status.out));
        const test::AppResult envOut =
            test::runApp({QStringLiteral("target"), QStringLiteral("env")}, env, m_tmp.path());
        QVERIFY2(envOut.exitCode == 0, qPrintable(envOut.err));
        QVERIFY2(envOut.out.contains(QStringLiteral("VW_REDIS_PORT=%1").arg(m_db.port)),
                 qPrintable(envOut.out));
        QVERIFY(envOut.out.contains(QStringLiteral("VW_REDIS_PASSWORD_FILE=")));
        QVERIFY(!envOut.out.contains(QString::fromUtf8(m_db.password)));
        // The op finds the service by name (`connection: redis`) through VW_TARGET_DIR.
        qputenv("VW_TARGET_DIR", QFile::encodeName(m_stateDir));
        m_seedUsers = users();
        QVERIFY2(m_seedUsers.contains(QStringLiteral("vwbadmin")),
                 qPrintable(m_seedUsers.join(',')));
        QCOMPARE(vaultLeftovers(), QStringList());
    }

    void cleanupTestCase()
    {
        if (m_stateDir.isEmpty())
            return;
        LocalTargetState state;
        QString error;
        const bool had = readLocalTargetState(m_stateDir, &state, &error);
        const test::AppResult down =
            test::runApp({QStringLiteral("target"), QStringLiteral("down")},
                         test::localTargetEnvironment(m_home, m_stateDir), m_tmp.path());
        QVERIFY2(down.exitCode == 0, qPrintable(down.out + down.err));
        if (had)
            for (const LocalTargetNode &n : state.nodes) {
                QVERIFY2(!isLocalTargetProcess(n.pid, n.configFile), qPrintable(n.name));
                if (n.isService())
                    QVERIFY2(!QFileInfo::exists(n.configFile), qPrintable(n.configFile));
            }
    }

    void runOfTwoStages_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        // Not with the leases kept at full speed: OpenBao's Redis plugin revokes 4 to 5 leases
        // a second, and two stages of 1.2 s make a thousand or more (docs/profile-format.md,
        // "Database secrets"; leasesKeptAreRevokedByPrefix() keeps a few); with revoke at most
        // one lease per VU is left for cleanup.
        QTest::newRow("db_redis_creds revoke") << "db_redis_creds" << QVariantMap{{"revoke", true}};
        QTest::newRow("db_redis_static_read") << "db_redis_static_read" << QVariantMap();
    }

    void runOfTwoStages()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        RunOptions o;
        o.token = m_token;
        BenchmarkRun run(profile(QStringLiteral("ops-redis-test"), test::opSpec(type, params)), o);
        RunRecord s;
        QString error;
        QElapsedTimer t;
        t.start();
        QVERIFY2(test::runToEnd(run, 120000, &s, &error), qPrintable(error));
        qint64 requests = 0;
        for (const StageStats &st : s.stages)
            if (!st.ops.isEmpty())
                requests += st.ops.first().count;
        // The run is 2.6 s of stages; the rest is setup and cleanup (the revocations).
        qInfo("%s %s: %lld requests, run with setup and cleanup %.1f s", qPrintable(type),
              params.isEmpty() ? "" : "revoke", qlonglong(requests), t.elapsed() / 1000.0);
        const QString served = test::checkEveryOpServed(s, 2, 1);
        QVERIFY2(served.isEmpty(), qPrintable(served));
        // The service beside the server (docs/measurement.md "The service beside the
        // server"): its users include the seed, and the local target's process burns CPU.
        QCOMPARE(s.serverTelemetry.service, QStringLiteral("redis"));
        const test::ServiceMaxima most = test::serviceMaxima(s.serverTelemetry);
        const double mostUsers = most.users, cores = most.coresBusy;
        QVERIFY2(mostUsers >= m_seedUsers.size(), qPrintable(s.serverTelemetry.notes.join(';')));
        // Known (a static read leaves Redis idle: 0), and busy when users are made.
        QVERIFY2(cores >= 0, "the service's CPU was not read");
        if (type != QLatin1String("db_redis_static_read"))
            QVERIFY2(cores > 0, "no CPU in the service");
        QCOMPARE(vaultLeftovers(), QStringList());
        QCOMPARE(users(), m_seedUsers);
    }

    // The leases kept (as vault-benchmark's redis_dynamic_secret does), at 10 a second so
    // that the pile stays small: cleanup revokes them all by prefix (each its ACL DELUSER,
    // 4 to 5 a second), bounded by the run's 120 s.
    void leasesKeptAreRevokedByPrefix()
    {
        const QByteArray yaml = QStringLiteral("name: ops-redis-kept\n"
                                               "target: { address: %1 }\n"
                                               "ramp:\n"
                                               "  executor: arrival-rate\n"
                                               "  max_vus: 2\n"
                                               "  warmup: 200ms\n"
                                               "  stages:\n"
                                               "    - { rate: 5, duration: 1200ms }\n"
                                               "    - { rate: 10, duration: 1200ms }\n"
                                               "operations:\n"
                                               "  - type: db_redis_creds\n")
                                    .arg(m_address)
                                    .toUtf8();
        const ProfileParseResult parsed = parseProfile(yaml);
        QVERIFY2(parsed.ok(), yaml.constData());
        RunOptions o;
        o.token = m_token;
        BenchmarkRun run(*parsed.profile, o);
        RunRecord s;
        QString error;
        QElapsedTimer t;
        t.start();
        QVERIFY2(test::runToEnd(run, 120000, &s, &error), qPrintable(error));
        qInfo("db_redis_creds leases kept (5 then 10 a second): run with setup and cleanup "
              "%.1f s",
              t.elapsed() / 1000.0);
        const QString served = test::checkEveryOpServed(s, 2, 1);
        QVERIFY2(served.isEmpty(), qPrintable(served));
        QCOMPARE(vaultLeftovers(), QStringList());
        QCOMPARE(users(), m_seedUsers);
    }

    // A lease read with revoke on: its ACL user exists and logs in with the lease's password;
    // the VU's next request revokes that lease (sync) and the user is gone when the answer
    // comes.
    void revokedLeaseDeletesItsUser()
    {
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("db_redis_creds"), {{"revoke", true}});
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        QVERIFY2(op->setup(client, {test::uniquePrefix(), 0}, &error), qPrintable(error));
        QVERIFY(op->aclRules().contains(QStringLiteral("sys/leases/revoke")));
        VuState vu;
        std::unique_ptr<OpVuState> st = op->newVuState();
        QVERIFY(st);
        vu.opState = st.get();
        const VaultResponse r = client.send(op->nextRequest(vu));
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        const HttpResult result = test::toResult(r);
        QCOMPARE(op->classify(result), ErrorClass::None);
        op->onResponse(vu, result, ErrorClass::None);
        const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
        const QString user = data.value(QStringLiteral("username")).toString();
        const QByteArray password = data.value(QStringLiteral("password")).toString().toUtf8();
        QVERIFY(!user.isEmpty());
        QVERIFY2(users().contains(user), qPrintable(user));
        QVERIFY(logsIn(user, password));
        const HttpRequest revoke = op->nextRequest(vu);
        QCOMPARE(revoke.path, QByteArray("/v1/sys/leases/revoke"));
        const VaultResponse rr = client.send(revoke);
        QVERIFY2(rr.ok(), qPrintable(rr.describe()));
        QCOMPARE(op->classify(test::toResult(rr)), ErrorClass::None);
        QVERIFY2(!users().contains(user), qPrintable(user));
        QVERIFY(!logsIn(user, password));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(users(), m_seedUsers);
        QCOMPARE(vaultLeftovers(), QStringList());
    }

    // The static role's password is the user's: it logs in to Redis (and a wrong one does
    // not); cleanup deletes the user.
    void staticPasswordLogsIn()
    {
        std::unique_ptr<Operation> op = test::makeOp(QStringLiteral("db_redis_static_read"));
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        const QString prefix = test::uniquePrefix();
        QVERIFY2(op->setup(client, {prefix, 2}, &error), qPrintable(error));
        const QString user = prefix + QStringLiteral("-static-2");
        QVERIFY(users().contains(user));
        VuState vu;
        const VaultResponse r = client.send(op->nextRequest(vu));
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        QCOMPARE(op->classify(test::toResult(r)), ErrorClass::None);
        const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
        QCOMPARE(data.value(QStringLiteral("username")).toString(), user);
        const QByteArray password = data.value(QStringLiteral("password")).toString().toUtf8();
        QVERIFY(logsIn(user, password));
        QVERIFY(!logsIn(user, password + "x"));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QVERIFY(!users().contains(user));
        QCOMPARE(vaultLeftovers(), QStringList());
    }

    // SIGKILL mid-stage: no cleanup ran, leases and their Redis ACL users of leases stay; `cleanup --all
    // --yes` (the sweep) revokes the leases (ACL DELUSER) and removes the mount.
    void killedRunIsSweptByCleanupAll()
    {
        QTemporaryDir dir;
        QProcessEnvironment env = test::appEnvironment(m_home, m_token);
        env.insert(QStringLiteral("VW_TARGET_DIR"), m_stateDir);
        const qsizetype seed = m_seedUsers.size();
        QString error;
        QVERIFY2(test::runUntilKilled(
                     m_address, QStringLiteral("db_redis_creds"), QStringLiteral("redis"), env,
                     dir.path(), [&] { return users().size() >= seed + 5; }, &error),
                 qPrintable(error));
        const qsizetype left = users().size() - seed;
        QVERIFY(left >= 5);
        QVERIFY(!vaultLeftovers().isEmpty());
        const test::AppResult sweep = test::sweepAll(m_address, env, dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        qInfo("swept %lld Redis ACL users of leases", qlonglong(left));
        QCOMPARE(vaultLeftovers(), QStringList());
        // Every user with a lease is gone. A creds request in flight at the kill may leave
        // its user without a lease (created, the lease never registered: the client was gone;
        // seen with MariaDB and Redis): nothing in Vault names it, so the sweep cannot find it.
        // At most one per VU.
        // Vault's own names: the Redis plugin's template writes "V_TOKEN_BENCH_..." (upper case,
        // underscores).
        const QString swept =
            test::checkSweptService(m_seedUsers, users(),
                                    QRegularExpression(QStringLiteral("^v[-_]"),
                                                       QRegularExpression::CaseInsensitiveOption));
        QVERIFY2(swept.isEmpty(), qPrintable(swept));
    }
};

QTEST_GUILESS_MAIN(TestOpsRedis)
#include "tst_ops_redis.moc"
