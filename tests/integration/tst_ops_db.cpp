// db_postgres_creds and db_postgres_static_read against a real PostgreSQL and a real
// `bao server -dev`, both started by `vault-workbench target up dev --with postgres` (the
// product's own local target, docs/local-targets.md "Services"): each type in a run of two
// short stages (count > 0, no errors) after which nothing is left in Vault (mounts, policies,
// leases) nor in PostgreSQL (pg_roles is the seed again); a revoked lease drops its role; a
// static role's password logs in; a run killed (SIGKILL) mid-stage leaves leases and roles
// that `cleanup --all --yes` removes. Skipped when PostgreSQL's server binaries are absent.
#include "apprun.h"
#include "killedrun.h"
#include "engine/benchmarkrun.h"
#include "localtarget/localtarget.h"
#include "localtarget/postgres.h"
#include "localtargetrun.h"
#include "opsrun.h"
#include "vault/localtargetstate.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>

using namespace vw;

class TestOpsDb : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_stateDir;
    QString m_home;
    test::StopTargetOnExit m_guard;
    QString m_address; ///< the dev server
    QByteArray m_token;
    PostgresConnection m_pg;
    QStringList m_seedRoles; ///< pg_roles before any run

    TargetSpec target() const
    {
        TargetSpec t;
        t.address = m_address;
        t.requestTimeoutMs = 15000;
        return t;
    }

    QStringList roles()
    {
        PostgresClient pg;
        QString error;
        if (!pg.connect(m_pg, &error)) {
            qWarning("%s", qPrintable(error));
            return {QStringLiteral("error")};
        }
        const auto names =
            pg.column(QStringLiteral("SELECT rolname FROM pg_roles ORDER BY 1"), &error);
        return names ? *names : QStringList{QStringLiteral("error: ") + error};
    }

    /// The workbench's things in Vault: tagged or vwb- mounts, vwb- policies, lease prefixes
    /// starting with vwb-.
    QStringList vaultLeftovers()
    {
        VaultClient c(target(), m_token);
        QStringList out;
        QString error;
        for (const QString &m : c.mountPaths(&error))
            if (m.startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("mount ") + m;
        const VaultResponse p = c.request("LIST", QStringLiteral("sys/policies/acl"));
        for (const QJsonValue &k : p.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            if (k.toString().startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("policy ") + k.toString();
        const VaultResponse l = c.request("LIST", QStringLiteral("sys/leases/lookup/"));
        if (l.status != 404 && !l.ok())
            out << QStringLiteral("error: LIST sys/leases/lookup: ") + l.describe();
        for (const QJsonValue &k : l.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            if (k.toString().startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("leases ") + k.toString();
        return out;
    }

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
        if (findPostgresBinDir().isEmpty())
            QSKIP("PostgreSQL's server binaries (initdb, postgres) are not installed "
                  "(Debian: apt-get install postgresql; or set VW_POSTGRES_BIN_DIR)");
        QVERIFY(m_tmp.isValid());
        m_stateDir = m_tmp.filePath(QStringLiteral("target"));
        m_home = m_tmp.filePath(QStringLiteral("home"));
        QVERIFY(QDir().mkpath(m_home));
        m_guard.dir = m_stateDir;
        const QProcessEnvironment env = test::localTargetEnvironment(m_home, m_stateDir);
        const test::AppResult up =
            test::runApp({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("dev"),
                          QStringLiteral("--with"), QStringLiteral("postgres")},
                         env, m_tmp.path(), 120000);
        QVERIFY2(up.exitCode == 0, qPrintable(up.out + up.err));
        QVERIFY2(up.out.contains(QStringLiteral("postgres")), qPrintable(up.out));
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(m_stateDir, &state, &error), qPrintable(error));
        const LocalTargetNode *dev = state.node(QStringLiteral("dev"));
        const LocalTargetNode *pg = state.node(QStringLiteral("postgres"));
        QVERIFY(dev && pg);
        m_address = dev->address;
        m_token = readLocalTargetToken(m_stateDir, &error);
        QVERIFY2(!m_token.isEmpty(), qPrintable(error));
        QVERIFY2(
            resolvePostgresConnection(QStringLiteral("postgres"), {}, &m_pg, &error, m_stateDir),
            qPrintable(error));
        // The admin password: a 0600 file, never in the server's command line.
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(pg->secretFile).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pg->pid));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        const QByteArray cmd = cmdline.readAll();
        QVERIFY(cmd.contains(pg->configFile.toUtf8()));
        QVERIFY(!cmd.contains(m_pg.password));
        QVERIFY(pg->address.startsWith(QLatin1String("postgresql://127.0.0.1:")));
        // `target env`: libpq's settings and the URL, never the password.
        const test::AppResult envOut =
            test::runApp({QStringLiteral("target"), QStringLiteral("env")}, env, m_tmp.path());
        QVERIFY2(envOut.exitCode == 0, qPrintable(envOut.err));
        QVERIFY2(envOut.out.contains(QStringLiteral("PGPORT=%1").arg(m_pg.port)),
                 qPrintable(envOut.out));
        QVERIFY(envOut.out.contains(QStringLiteral("VW_POSTGRES_URL=")));
        QVERIFY(!envOut.out.contains(QString::fromUtf8(m_pg.password)));
        // The ops find the service by name (`connection: postgres`) through VW_TARGET_DIR.
        qputenv("VW_TARGET_DIR", QFile::encodeName(m_stateDir));
        m_seedRoles = roles();
        QVERIFY(m_seedRoles.contains(QStringLiteral("vwbadmin")));
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
        QTest::newRow("db_postgres_creds") << "db_postgres_creds" << QVariantMap();
        QTest::newRow("db_postgres_creds revoke")
            << "db_postgres_creds" << QVariantMap{{"revoke", true}};
        QTest::newRow("db_postgres_static_read") << "db_postgres_static_read" << QVariantMap();
    }

    void runOfTwoStages()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        RunOptions o;
        o.token = m_token;
        BenchmarkRun run(profile(QStringLiteral("ops-db-test"), test::opSpec(type, params)), o);
        RunRecord s;
        QString error;
        QVERIFY2(test::runToEnd(run, 90000, &s, &error), qPrintable(error));
        for (const StageStats &st : s.stages)
            if (!st.ops.isEmpty())
                qInfo("%s stage %d: %lld requests", qPrintable(type), st.index,
                      qlonglong(st.ops.first().count));
        const QString served = test::checkEveryOpServed(s, 2, 1);
        QVERIFY2(served.isEmpty(), qPrintable(served));
        // Leases per stage (docs/measurement.md "Leases"): by answer time, so per stage they
        // need not match the stage's ok count, but over the run every successful creds read
        // is a lease created and every successful revoke one revoked.
        qint64 ok = 0, created = 0, revoked = 0;
        for (const StageStats &st : s.stages) {
            ok += st.ops.first().ok;
            if (type == QLatin1String("db_postgres_static_read")) {
                QVERIFY2(st.leases.isEmpty(), "a static role's read is no lease");
                continue;
            }
            QCOMPARE(st.leases.size(), 1);
            QCOMPARE(st.leases.first().op, type);
            QVERIFY2(st.leases.first().created > 0, qPrintable(QString::number(st.index)));
            created += st.leases.first().created;
            revoked += st.leases.first().revoked;
        }
        if (type != QLatin1String("db_postgres_static_read")) {
            // The stages' ok counts leave out the warm-up's requests; the series has them all.
            qint64 all = 0;
            for (const SeriesPoint &p : s.series)
                all += p.ok;
            QVERIFY2(created + revoked >= ok, qPrintable(QString::number(created + revoked)));
            QCOMPARE(created + revoked, all);
            QCOMPARE(revoked > 0, params.value(QStringLiteral("revoke")).toBool());
            // The server's own count of the leases it holds, read once a second.
            double most = 0;
            for (const ServerSample &x : s.serverTelemetry.samples)
                if (serverKnown(x.leases))
                    most = std::max(most, x.leases);
            QVERIFY2(s.serverTelemetry.source != QLatin1String("prometheus") || most > 0,
                     "sys/metrics read, but no vault_expire_num_leases above 0");
        }
        // The PostgreSQL beside the server (docs/measurement.md "The service beside the
        // server"): Vault's engine holds connections to it, its roles include the seed, and
        // the local target's postmaster and backends burn CPU.
        QCOMPARE(s.serverTelemetry.service, QStringLiteral("postgres"));
        const test::ServiceMaxima most = test::serviceMaxima(s.serverTelemetry);
        const double connections = most.connections, users = most.users, cores = most.coresBusy;
        QVERIFY2(connections >= 1, qPrintable(s.serverTelemetry.notes.join(QLatin1Char(';'))));
        QVERIFY(users >= m_seedRoles.size());
        // Known (a static read leaves PostgreSQL idle: 0), and busy when roles are created.
        QVERIFY2(cores >= 0, "the postmaster's and its backends' CPU was not read");
        if (type != QLatin1String("db_postgres_static_read"))
            QVERIFY2(cores > 0, "no CPU in the postmaster and its backends");
        QCOMPARE(vaultLeftovers(), QStringList());
        QCOMPARE(roles(), m_seedRoles);
    }

    // A lease read with revoke on: its PostgreSQL role exists; the VU's next request revokes
    // that lease (sync) and the role is gone when the answer comes.
    void revokedLeaseDropsItsRole()
    {
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("db_postgres_creds"), {{"revoke", true}});
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        QVERIFY2(op->setup(client, {test::uniquePrefix(), 0}, &error), qPrintable(error));
        QVERIFY(op->aclRules().contains(QStringLiteral("sys/leases/revoke")));
        VuState vu;
        std::unique_ptr<OpVuState> st = op->newVuState();
        QVERIFY(st);
        vu.opState = st.get();
        const HttpRequest read = op->nextRequest(vu);
        QCOMPARE(read.method, QByteArray("GET"));
        QVERIFY(read.path.endsWith("/creds/bench"));
        const VaultResponse r = client.send(read);
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        const HttpResult result = test::toResult(r);
        QCOMPARE(op->classify(result), ErrorClass::None);
        op->onResponse(vu, result, ErrorClass::None);
        const QString user = r.json.value(QStringLiteral("data"))
                                 .toObject()
                                 .value(QStringLiteral("username"))
                                 .toString();
        QVERIFY(!user.isEmpty());
        QVERIFY2(roles().contains(user), qPrintable(user));
        const HttpRequest revoke = op->nextRequest(vu);
        QCOMPARE(revoke.method, QByteArray("PUT"));
        QCOMPARE(revoke.path, QByteArray("/v1/sys/leases/revoke"));
        QVERIFY(revoke.body.contains(r.json.value(QStringLiteral("lease_id")).toString().toUtf8()));
        const VaultResponse rr = client.send(revoke);
        QVERIFY2(rr.ok(), qPrintable(rr.describe()));
        QCOMPARE(op->classify(test::toResult(rr)), ErrorClass::None);
        QVERIFY2(!roles().contains(user), qPrintable(user));
        QCOMPARE(op->nextRequest(vu).method, QByteArray("GET")); // and again a read
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(roles(), m_seedRoles);
    }

    // The static role's password is the user's: it logs in to PostgreSQL; cleanup drops it.
    void staticPasswordLogsIn()
    {
        std::unique_ptr<Operation> op = test::makeOp(QStringLiteral("db_postgres_static_read"));
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        const QString prefix = test::uniquePrefix();
        QVERIFY2(op->setup(client, {prefix, 2}, &error), qPrintable(error));
        const QString user = prefix + QStringLiteral("-static-2");
        QVERIFY(roles().contains(user));
        VuState vu;
        const VaultResponse r = client.send(op->nextRequest(vu));
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        QCOMPARE(op->classify(test::toResult(r)), ErrorClass::None);
        const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
        QCOMPARE(data.value(QStringLiteral("username")).toString(), user);
        PostgresConnection as = m_pg;
        as.user = user;
        as.password = data.value(QStringLiteral("password")).toString().toUtf8();
        PostgresClient pg;
        QVERIFY2(pg.connect(as, &error), qPrintable(error));
        as.password += "x";
        QVERIFY(!PostgresClient().connect(as, &error));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QVERIFY(!roles().contains(user));
    }

    // SIGKILL mid-stage: no cleanup ran, leases and their PostgreSQL roles stay; `cleanup
    // --all --yes` revokes the leases (DROP ROLE) and removes the mount.
    void killedRunIsSweptByCleanupAll()
    {
        QTemporaryDir dir;
        QProcessEnvironment env = test::appEnvironment(m_home, m_token);
        env.insert(QStringLiteral("VW_TARGET_DIR"), m_stateDir);
        const qsizetype seed = m_seedRoles.size();
        QString error;
        QVERIFY2(test::runUntilKilled(
                     m_address, QStringLiteral("db_postgres_creds"), QStringLiteral("postgres"),
                     env, dir.path(), [&] { return roles().size() >= seed + 5; }, &error),
                 qPrintable(error));
        const qsizetype left = roles().size() - seed;
        QVERIFY(left >= 5);
        QVERIFY(!vaultLeftovers().isEmpty());
        const test::AppResult sweep = test::sweepAll(m_address, env, dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        qInfo("swept %lld PostgreSQL roles of leases", qlonglong(left));
        QCOMPARE(vaultLeftovers(), QStringList());
        // Every role with a lease is dropped; at most one per VU that a request in flight at
        // the kill created without a lease (tests/support/killedrun.h).
        const QString swept = test::checkSweptService(m_seedRoles, roles(),
                                                      QRegularExpression(QStringLiteral("^v-")));
        QVERIFY2(swept.isEmpty(), qPrintable(swept));
    }
};

QTEST_GUILESS_MAIN(TestOpsDb)
#include "tst_ops_db.moc"
