// OpenLDAP's slapd as a local target's service (`vault-workbench target up dev --with slapd
// --ldap-users 20`, docs/local-targets.md "Services") and ldap_login, ldap_dynamic_creds and
// ldap_static_read against it with a real `bao server -dev`: the directory is seeded (base, ou=users with 20 users, ou=groups), its
// passwords are in 0600 files and never in argv or `target env`; the admin and each user bind
// with libldap, a wrong password is refused (49); `target status` shows it answering and
// `target down` stops it by PID and removes its files. ldap_login: two short stages (count >
// 0, no errors), after which nothing is left in Vault and the directory holds the seed only;
// a wrong password is a 400 (HttpStatus). OpenBao 2.7 ships no ldap auth method
// (openbao/openbao#3882): there, ldap_login's setup must fail with that explanation and leave
// nothing behind, and the run tests are skipped with that message. $VW_BAO_LDAP_BIN (OpenBao
// 2.6's bao, which scripts/lib.sh installs apart and scripts/test.sh exports) runs them. ldap_dynamic_creds: a
// revoked lease deletes its entry (which bound with Vault's password before); ldap_static_read:
// the password read binds as the account. Skipped entirely when slapd is absent.
#include "apprun.h"
#include "killedrun.h"
#include "engine/benchmarkrun.h"
#include "localtarget/localtarget.h"
#include "localtarget/slapd.h"
#include "localtargetrun.h"
#include "ops/ldaplogin.h"
#include "opsrun.h"
#include "vault/localtargetstate.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace vw;

namespace {

constexpr int kUsers = 20;

} // namespace

class TestOpsLdap : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_stateDir;
    QString m_home;
    test::StopTargetOnExit m_guard;
    QString m_address; ///< the dev server
    QByteArray m_token;
    LdapConnection m_ldap;
    QStringList m_seed; ///< every DN of the directory after `target up`
    /// the server's plugin catalog has the ldap auth method and the ldap secrets engine
    bool m_hasLdapAuth = false;
    QString m_noLdapAuth; ///< why not (the server's answer)

    TargetSpec target() const
    {
        TargetSpec t;
        t.address = m_address;
        t.requestTimeoutMs = 15000;
        return t;
    }

    QStringList entries()
    {
        LdapClient c;
        QString error;
        if (!c.open(m_ldap.url, &error) || c.bind(m_ldap.bindDn, m_ldap.password, &error) != 0)
            return {QStringLiteral("error: ") + error};
        const auto dns = c.searchDns(m_ldap.baseDn, QStringLiteral("(objectClass=*)"), &error);
        if (!dns)
            return {QStringLiteral("error: ") + error};
        QStringList out = *dns;
        out.sort();
        return out;
    }

    /// The workbench's things in Vault: vwb- mounts and auth methods, vwb- policies, lease
    /// prefixes starting with vwb-.
    QStringList vaultLeftovers()
    {
        VaultClient c(target(), m_token);
        QStringList out;
        QString error;
        for (const QString &m : c.mountPaths(&error))
            if (m.startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("mount ") + m;
        const VaultResponse a = c.get(QStringLiteral("sys/auth"));
        const QJsonObject auths = a.json.value(QStringLiteral("data")).toObject().isEmpty()
                                      ? a.json
                                      : a.json.value(QStringLiteral("data")).toObject();
        for (auto it = auths.constBegin(); it != auths.constEnd(); ++it)
            if (it.key().startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("auth ") + it.key();
        const VaultResponse p = c.request("LIST", QStringLiteral("sys/policies/acl"));
        for (const QJsonValue &k : p.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            if (k.toString().startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("policy ") + k.toString();
        const VaultResponse l = c.request("LIST", QStringLiteral("sys/leases/lookup/"));
        for (const QJsonValue &k : l.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            if (k.toString().startsWith(QLatin1String("vwb-")))
                out << QStringLiteral("leases ") + k.toString();
        return out;
    }

private slots:
    void initTestCase()
    {
        if (findSlapdBinDir().isEmpty())
            QSKIP("slapd and slapadd are not installed (Debian: apt-get install slapd; "
                  "scripts/lib.sh installs it; or set VW_SLAPD_BIN_DIR)");
        QVERIFY(m_tmp.isValid());
        m_stateDir = m_tmp.filePath(QStringLiteral("target"));
        m_home = m_tmp.filePath(QStringLiteral("home"));
        QVERIFY(QDir().mkpath(m_home));
        m_guard.dir = m_stateDir;
        QProcessEnvironment env = test::localTargetEnvironment(m_home, m_stateDir);
        // OpenBao 2.6's bao for the target when scripts/lib.sh installed it (2.7 has no ldap
        // plugins): $VW_BAO_LDAP_BIN, else the suite's bao.
        const QString ldapBao = qEnvironmentVariable("VW_BAO_LDAP_BIN");
        if (!ldapBao.isEmpty() && QFileInfo(ldapBao).isExecutable())
            env.insert(QStringLiteral("VW_BAO_BIN"), ldapBao);
        qInfo("bao: %s", qPrintable(env.value(QStringLiteral("VW_BAO_BIN"))));
        QElapsedTimer t;
        t.start();
        const test::AppResult up =
            test::runApp({QStringLiteral("target"), QStringLiteral("up"), QStringLiteral("dev"),
                          QStringLiteral("--with"), QStringLiteral("slapd"),
                          QStringLiteral("--ldap-users"), QString::number(kUsers)},
                         env, m_tmp.path(), 120000);
        QVERIFY2(up.exitCode == 0, qPrintable(up.out + up.err));
        qInfo("target up dev --with slapd: %lld ms", qlonglong(t.elapsed()));
        QVERIFY2(up.err.contains(QStringLiteral("slapd: %1 users seeded").arg(kUsers)),
                 qPrintable(up.err));
        LocalTargetState state;
        QString error;
        QVERIFY2(readLocalTargetState(m_stateDir, &state, &error), qPrintable(error));
        const LocalTargetNode *dev = state.node(QStringLiteral("dev"));
        const LocalTargetNode *ldap = state.node(QStringLiteral("slapd"));
        QVERIFY(dev && ldap);
        QVERIFY(ldap->isService());
        QVERIFY(!ldap->isBao());
        m_address = dev->address;
        m_token = readLocalTargetToken(m_stateDir, &error);
        QVERIFY2(!m_token.isEmpty(), qPrintable(error));
        QVERIFY2(
            resolveLdapConnection(QStringLiteral("slapd"), {}, {}, {}, &m_ldap, &error, m_stateDir),
            qPrintable(error));
        QCOMPARE(m_ldap.users.size(), kUsers);
        QCOMPARE(m_ldap.baseDn, QStringLiteral("dc=vwb,dc=test"));
        // The passwords: 0600 files; never in the server's command line nor in its config.
        const QString svcDir = QFileInfo(ldap->secretFile).absolutePath();
        for (const QString &f :
             {ldap->secretFile, svcDir + QStringLiteral("/users-passwords"), ldap->configFile}) {
            struct stat st;
            QCOMPARE(::stat(QFile::encodeName(f).constData(), &st), 0);
            QCOMPARE(int(st.st_mode & 0777), 0600);
        }
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(ldap->pid));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        const QByteArray cmd = cmdline.readAll();
        QVERIFY(cmd.contains(ldap->configFile.toUtf8()));
        QVERIFY(cmd.contains("ldap://127.0.0.1:"));
        QVERIFY(!cmd.contains(m_ldap.password));
        QFile conf(ldap->configFile);
        QVERIFY(conf.open(QIODevice::ReadOnly));
        const QByteArray confText = conf.readAll();
        QVERIFY(confText.contains("rootpw {SSHA}"));
        QVERIFY(!confText.contains(m_ldap.password));
        QVERIFY(ldap->address.startsWith(QLatin1String("ldap://127.0.0.1:")));
        // `target env`: ldap-utils' settings and the password file, never a password.
        const test::AppResult envOut =
            test::runApp({QStringLiteral("target"), QStringLiteral("env")}, env, m_tmp.path());
        QVERIFY2(envOut.exitCode == 0, qPrintable(envOut.err));
        QVERIFY2(envOut.out.contains(QStringLiteral("LDAPURI=%1").arg(m_ldap.url)),
                 qPrintable(envOut.out));
        QVERIFY(envOut.out.contains(QStringLiteral("VW_LDAP_PASSWORD_FILE=")));
        QVERIFY(envOut.out.contains(QStringLiteral("LDAPBINDDN=cn=admin,dc=vwb,dc=test")));
        QVERIFY(!envOut.out.contains(QString::fromUtf8(m_ldap.password)));
        for (const auto &u : std::as_const(m_ldap.users))
            QVERIFY(!envOut.out.contains(QString::fromUtf8(u.second)));
        // `target status`: answering
        const test::AppResult status =
            test::runApp({QStringLiteral("target"), QStringLiteral("status")}, env, m_tmp.path());
        QVERIFY2(status.exitCode == 0, qPrintable(status.out + status.err));
        QVERIFY2(status.out.contains(QRegularExpression(QStringLiteral("slapd +slapd +ldap://127"
                                                                       "\\S+ +\\d+ +accepting"))),
                 qPrintable(status.out));
        // and its version, cn=Monitor's monitoredInfo ("OpenLDAP: slapd 2.5.13+dfsg-5 ...")
        QVERIFY2(status.out.contains(QRegularExpression(
                     QStringLiteral("slapd +slapd .* accepting .*\\b2\\.\\d+\\.\\d+"))),
                 qPrintable(status.out));
        QCOMPARE(slapdVersionFromMonitoredInfo(
                     QStringLiteral("OpenLDAP: slapd 2.5.13+dfsg-5 (Feb  8 2023 01:56:12) $")),
                 QStringLiteral("2.5.13+dfsg-5"));
        QCOMPARE(slapdVersionFromMonitoredInfo(QStringLiteral("389 Project")), QString());
        // The ops find the service by name (`connection: slapd`) through VW_TARGET_DIR.
        qputenv("VW_TARGET_DIR", QFile::encodeName(m_stateDir));
        m_seed = entries();
        QCOMPARE(vaultLeftovers(), QStringList());
        // Does this server have the ldap auth method? (OpenBao 2.7: no, openbao/openbao#3882)
        VaultClient c(target(), m_token);
        const QString probe = test::uniquePrefix() + QStringLiteral("-probe");
        const VaultResponse r =
            c.post(QStringLiteral("sys/auth/") + probe, QJsonObject{{"type", "ldap"}});
        const VaultResponse m =
            c.post(QStringLiteral("sys/mounts/") + probe, QJsonObject{{"type", "ldap"}});
        if (r.ok())
            QVERIFY(c.request("DELETE", QStringLiteral("sys/auth/") + probe).ok());
        if (m.ok())
            QVERIFY(c.request("DELETE", QStringLiteral("sys/mounts/") + probe).ok());
        // OpenBao ships both or neither (2.6: both; 2.7: neither)
        QCOMPARE(m.ok(), r.ok());
        m_hasLdapAuth = r.ok();
        if (!m_hasLdapAuth)
            m_noLdapAuth = r.describe();
    }

    void cleanupTestCase()
    {
        if (m_stateDir.isEmpty())
            return;
        LocalTargetState state;
        QString error;
        const bool had = readLocalTargetState(m_stateDir, &state, &error);
        QElapsedTimer t;
        t.start();
        const test::AppResult down =
            test::runApp({QStringLiteral("target"), QStringLiteral("down")},
                         test::localTargetEnvironment(m_home, m_stateDir), m_tmp.path());
        QVERIFY2(down.exitCode == 0, qPrintable(down.out + down.err));
        qInfo("target down: %lld ms", qlonglong(t.elapsed()));
        QVERIFY2(down.err.contains(QStringLiteral("slapd (pid")), qPrintable(down.err));
        if (had)
            for (const LocalTargetNode &n : state.nodes) {
                QVERIFY2(!isLocalTargetProcess(n.pid, n.configFile), qPrintable(n.name));
                if (n.isService())
                    QVERIFY2(!QFileInfo::exists(n.configFile), qPrintable(n.configFile));
            }
    }

    // The seed: base, ou=users with kUsers users, ou=groups with group bench of all of them.
    void directoryIsSeeded()
    {
        QCOMPARE(m_seed.size(), 3 + kUsers + 1 + 2 + kLdapServiceAccounts);
        QVERIFY(m_seed.contains(QStringLiteral("ou=dynamic,dc=vwb,dc=test")));
        QVERIFY(m_seed.contains(QStringLiteral("uid=svc7,ou=services,dc=vwb,dc=test")));
        QVERIFY(m_seed.contains(QStringLiteral("dc=vwb,dc=test")));
        QVERIFY(m_seed.contains(QStringLiteral("ou=users,dc=vwb,dc=test")));
        QVERIFY(m_seed.contains(QStringLiteral("cn=bench,ou=groups,dc=vwb,dc=test")));
        LdapClient c;
        QString error;
        QVERIFY2(c.open(m_ldap.url, &error), qPrintable(error));
        QCOMPARE(c.bind(m_ldap.bindDn, m_ldap.password, &error), 0);
        const auto members = c.searchDns(
            m_ldap.groupsDn(), QStringLiteral("(memberUid=user%1)").arg(kUsers - 1), &error);
        QVERIFY2(members, qPrintable(error));
        QCOMPARE(*members, QStringList{QStringLiteral("cn=bench,ou=groups,dc=vwb,dc=test")});
    }

    // Each user binds with its password; a wrong one is LDAP_INVALID_CREDENTIALS (49), and so
    // is the admin's with a wrong password.
    void usersBindWithTheirPasswords()
    {
        for (const auto &u : std::as_const(m_ldap.users)) {
            LdapClient c;
            QString error;
            QVERIFY2(c.open(m_ldap.url, &error), qPrintable(error));
            const QString dn = QStringLiteral("uid=%1,%2").arg(u.first, m_ldap.usersDn());
            QVERIFY2(c.bind(dn, u.second, &error) == 0, qPrintable(error));
            QCOMPARE(c.bind(dn, u.second + "x", &error), 49);
        }
        LdapClient c;
        QString error;
        QVERIFY2(c.open(m_ldap.url, &error), qPrintable(error));
        QCOMPARE(c.bind(m_ldap.bindDn, m_ldap.password + "x", &error), 49);
    }

    // A connection that is neither the service nor a usable URL is refused at resolve time.
    void connectionErrors()
    {
        LdapConnection c;
        QString error;
        QVERIFY(!resolveLdapConnection(QStringLiteral("ldap://127.0.0.1:1/dc=x"), {}, {}, {}, &c,
                                       &error));
        QVERIFY2(error.contains(QStringLiteral("bind_dn")), qPrintable(error));
        std::unique_ptr<Operation> op = test::makeOp(
            QStringLiteral("ldap_login"),
            {{"connection", m_ldap.url + QStringLiteral("/") + m_ldap.baseDn},
             {"bind_dn", m_ldap.bindDn},
             {"password_file", m_tmp.filePath(QStringLiteral("target/slapd/admin-password"))}});
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QVERIFY(!op->setup(client, {test::uniquePrefix(), 0}, &error));
        QVERIFY2(error.contains(QStringLiteral("needs users_file")), qPrintable(error));
        QVERIFY(!resolveLdapConnection(QStringLiteral("redis"), {}, {}, {}, &c, &error));
        QVERIFY2(error.contains(QStringLiteral("neither")), qPrintable(error));
    }

    // Where the server has no ldap plugins: setup says why and leaves nothing.
    void setupWithoutLdapAuthSaysWhy_data()
    {
        QTest::addColumn<QString>("type");
        for (const char *t : {"ldap_login", "ldap_dynamic_creds", "ldap_static_read"})
            QTest::newRow(t) << QString::fromLatin1(t);
    }

    void setupWithoutLdapAuthSaysWhy()
    {
        QFETCH(QString, type);
        if (m_hasLdapAuth)
            QSKIP("this server has the ldap plugins");
        std::unique_ptr<Operation> op = test::makeOp(type);
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        QVERIFY(!op->setup(client, {test::uniquePrefix(), 0}, &error));
        QVERIFY2(error.contains(QStringLiteral("openbao-plugins")), qPrintable(error));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(vaultLeftovers(), QStringList());
        QCOMPARE(entries(), m_seed);
    }

    void runOfTwoStages_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::newRow("ldap_login") << "ldap_login" << QVariantMap();
        QTest::newRow("ldap_dynamic_creds") << "ldap_dynamic_creds" << QVariantMap();
        QTest::newRow("ldap_dynamic_creds revoke")
            << "ldap_dynamic_creds" << QVariantMap{{"revoke", true}};
        QTest::newRow("ldap_static_read") << "ldap_static_read" << QVariantMap();
    }

    void runOfTwoStages()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        if (!m_hasLdapAuth)
            QSKIP(qPrintable(QStringLiteral("the server has no ldap plugins (OpenBao 2.7 moved "
                                            "them to openbao-plugins, openbao/openbao#3882; "
                                            "VW_BAO_LDAP_BIN=<OpenBao 2.6's bao> runs this): %1")
                                 .arg(m_noLdapAuth)));
        Profile p;
        p.name = QStringLiteral("ops-ldap-test");
        p.sourceYaml = "name: ops-ldap-test\n";
        p.target.address = m_address;
        p.target.requestTimeoutMs = 10000;
        p.ramp.warmupMs = 200;
        p.ramp.stages = {{1, 1200}, {2, 1200}};
        p.operations = {test::opSpec(type, params)};
        RunOptions o;
        o.token = m_token;
        BenchmarkRun run(p, o);
        RunRecord s;
        QString error;
        QVERIFY2(test::runToEnd(run, 90000, &s, &error), qPrintable(error));
        for (const StageStats &st : s.stages)
            if (!st.ops.isEmpty())
                qInfo("%s stage %d: %lld requests", qPrintable(type), st.index,
                      qlonglong(st.ops.first().count));
        const QString served = test::checkEveryOpServed(s, 2, 1);
        QVERIFY2(served.isEmpty(), qPrintable(served));
        // slapd beside the server, from cn=Monitor (docs/measurement.md "The service beside
        // the server"): its users are the seed's inetOrgPersons (users and service accounts)
        // plus the dynamic ones; the logins and dynamic credentials are LDAP operations on
        // connections Vault opens, and slapd's own process burns CPU for them. A static read
        // is a storage read of Vault's: nothing asks slapd during the run.
        QCOMPARE(s.serverTelemetry.service, QStringLiteral("slapd"));
        const test::ServiceMaxima most = test::serviceMaxima(s.serverTelemetry);
        const double mostUsers = most.users, connections = most.connections, cores = most.coresBusy,
                     ops = most.opsPerSecond;
        qInfo("%s slapd: at most %.0f users, %.0f connections, %.2f cores busy, %.0f ops/s",
              qPrintable(type), mostUsers, connections, cores, ops);
        const QString notes = s.serverTelemetry.notes.join(QLatin1Char(';'));
        QVERIFY2(mostUsers >= kUsers + kLdapServiceAccounts, qPrintable(notes));
        QVERIFY2(connections >= 0, qPrintable(notes));
        QVERIFY2(ops >= 0, qPrintable(notes));
        if (type != QLatin1String("ldap_static_read")) {
            QVERIFY2(connections > 0, "no connection of Vault's seen on slapd during the run");
            QVERIFY2(ops > 0, "no LDAP operation counted during the run");
        }
        if (type == QLatin1String("ldap_dynamic_creds")) {
            QVERIFY2(cores > 0, "slapd's CPU was not read");
            if (!params.contains(QStringLiteral("revoke")))
                QVERIFY2(mostUsers > kUsers + kLdapServiceAccounts,
                         "the dynamic users were not counted");
        }
        QCOMPARE(vaultLeftovers(), QStringList());
        // the directory is the seed again: every dynamic entry deleted by its revocation (a
        // static role's rotated password is not an entry)
        QCOMPARE(entries(), m_seed);
    }

    // A lease read with revoke on: its entry is in ou=dynamic and binds with the password
    // Vault gave; the VU's next request revokes the lease (sync) and the entry is gone.
    void revokedLeaseDeletesItsEntry()
    {
        if (!m_hasLdapAuth)
            QSKIP(
                qPrintable(QStringLiteral("the server has no ldap plugins: %1").arg(m_noLdapAuth)));
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("ldap_dynamic_creds"), {{"revoke", true}});
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
        QCOMPARE(op->leaseCounts()->created, 1);
        const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
        const QString user = data.value(QStringLiteral("username")).toString();
        const QString dn = QStringLiteral("uid=%1,%2").arg(user, m_ldap.dynamicDn());
        QVERIFY2(entries().contains(dn), qPrintable(dn));
        {
            LdapClient c;
            QVERIFY2(c.open(m_ldap.url, &error), qPrintable(error));
            QVERIFY2(c.bind(dn, data.value(QStringLiteral("password")).toString().toUtf8(), &error)
                         == 0,
                     qPrintable(error));
        }
        const HttpRequest revoke = op->nextRequest(vu);
        QCOMPARE(revoke.path, QByteArray("/v1/sys/leases/revoke"));
        const VaultResponse rr = client.send(revoke);
        QVERIFY2(rr.ok(), qPrintable(rr.describe()));
        op->onResponse(vu, test::toResult(rr), op->classify(test::toResult(rr)));
        QCOMPARE(op->leaseCounts()->revoked, 1);
        QVERIFY2(!entries().contains(dn), qPrintable(dn));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(entries(), m_seed);
        QCOMPARE(vaultLeftovers(), QStringList());
    }

    // The static role's password is the account's: it binds; cleanup leaves the account.
    void staticPasswordBinds()
    {
        if (!m_hasLdapAuth)
            QSKIP(
                qPrintable(QStringLiteral("the server has no ldap plugins: %1").arg(m_noLdapAuth)));
        std::unique_ptr<Operation> op = test::makeOp(QStringLiteral("ldap_static_read"));
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        QVERIFY2(op->setup(client, {test::uniquePrefix(), 3}, &error), qPrintable(error));
        VuState vu;
        const VaultResponse r = client.send(op->nextRequest(vu));
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        QCOMPARE(op->classify(test::toResult(r)), ErrorClass::None);
        const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
        const QString dn = QStringLiteral("uid=svc3,%1").arg(m_ldap.servicesDn());
        QCOMPARE(data.value(QStringLiteral("dn")).toString(), dn);
        LdapClient c;
        QVERIFY2(c.open(m_ldap.url, &error), qPrintable(error));
        const QByteArray pw = data.value(QStringLiteral("password")).toString().toUtf8();
        QVERIFY2(c.bind(dn, pw, &error) == 0, qPrintable(error));
        QCOMPARE(c.bind(dn, pw + "x", &error), 49);
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(entries(), m_seed);
        QCOMPARE(vaultLeftovers(), QStringList());
    }

    // VUs log in as their own users; a wrong password is a 400, an HttpStatus error.
    void eachVuItsUserAndWrongPasswordIs400()
    {
        if (!m_hasLdapAuth)
            QSKIP(qPrintable(
                QStringLiteral("the server has no ldap auth method: %1").arg(m_noLdapAuth)));
        std::unique_ptr<Operation> op = test::makeOp(QStringLiteral("ldap_login"));
        QVERIFY(op);
        VaultClient client(target(), m_token);
        QString error;
        QVERIFY2(op->setup(client, {test::uniquePrefix(), 0}, &error), qPrintable(error));
        VuState v0, v1, vN;
        v1.vu = 1;
        vN.vu = kUsers;
        const HttpRequest r0 = op->nextRequest(v0);
        QVERIFY(r0.path.endsWith("/login/user0"));
        QVERIFY(op->nextRequest(v1).path.endsWith("/login/user1"));
        QCOMPARE(op->nextRequest(vN).path, r0.path);
        const VaultResponse ok = client.send(r0);
        QVERIFY2(ok.ok(), qPrintable(ok.describe()));
        QCOMPARE(op->classify(test::toResult(ok)), ErrorClass::None);
        HttpRequest wrong = r0;
        wrong.body = "{\"password\":\"wrong\"}";
        const VaultResponse bad = client.send(wrong);
        QCOMPARE(bad.status, 400);
        QCOMPARE(op->classify(test::toResult(bad)), ErrorClass::HttpStatus);
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QCOMPARE(vaultLeftovers(), QStringList());
    }

    // SIGKILL mid-stage: no cleanup ran, leases and their ou=dynamic entries of leases stay; `cleanup --all
    // --yes` (the sweep) revokes the leases (their deletion LDIF) and removes the mount.
    void killedRunIsSweptByCleanupAll()
    {
        if (!m_hasLdapAuth)
            QSKIP("the server has no ldap plugins (VW_BAO_LDAP_BIN=<OpenBao 2.6's bao> runs this)");
        QTemporaryDir dir;
        QProcessEnvironment env = test::appEnvironment(m_home, m_token);
        env.insert(QStringLiteral("VW_TARGET_DIR"), m_stateDir);
        const qsizetype seed = m_seed.size();
        QString error;
        QVERIFY2(test::runUntilKilled(
                     m_address, QStringLiteral("ldap_dynamic_creds"), QStringLiteral("slapd"), env,
                     dir.path(), [&] { return entries().size() >= seed + 5; }, &error),
                 qPrintable(error));
        const qsizetype left = entries().size() - seed;
        QVERIFY(left >= 5);
        QVERIFY(!vaultLeftovers().isEmpty());
        const test::AppResult sweep = test::sweepAll(m_address, env, dir.path());
        QVERIFY2(sweep.exitCode == 0, qPrintable(sweep.out + sweep.err));
        qInfo("swept %lld ou=dynamic entries of leases", qlonglong(left));
        QCOMPARE(vaultLeftovers(), QStringList());
        // Every entry with a lease is gone. A creds request in flight at the kill may leave
        // its entry without a lease (created, the lease never registered: the client was gone;
        // seen with MariaDB and Redis): nothing in Vault names it, so the sweep cannot find it.
        // At most one per VU.
        const QString swept =
            test::checkSweptService(m_seed, entries(), QRegularExpression(QStringLiteral("^uid=")));
        QVERIFY2(swept.isEmpty(), qPrintable(swept));
    }
};

QTEST_GUILESS_MAIN(TestOpsLdap)
#include "tst_ops_ldap.moc"
