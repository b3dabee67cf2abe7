// The auth operation types and per-VU credentials against a real `bao server -dev`:
// each auth type in a run of 2 short stages (requests counted, no errors, nothing left: auth
// methods, policies and token accessors back to where they were); a profile with
// `auth: { method: approle, per: vu }` running kv2_read: the server's token accessor count
// grows by the VU count during the run and is back after it; a VU token is refused (403)
// outside its policy; a profile policy that does not cover the requests makes them all 403
// (so they do carry the VU tokens); bad `auth:` blocks are errors with line and column.
#include "opsrun.h"
#include "engine/benchmarkrun.h"
#include "engine/vucredentials.h"
#include "profile/profileparser.h"
#include "session/session.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QtTest>

using namespace vw;

class TestOpsAuth : public QObject {
    Q_OBJECT

private:
    test::BaoServer m_bao;

    TargetSpec target() const { return test::targetOf(m_bao); }

    /// Keys of a LIST (or GET of a map) answer's data, -1 when it failed.
    int listCount(const QByteArray &method, const QString &path)
    {
        QJsonObject reply;
        const int status = m_bao.api(method, path, {}, &reply);
        if (status != 200)
            return -1;
        const QJsonValue data = reply.value(QStringLiteral("data"));
        if (method == "LIST")
            return int(data.toObject().value(QStringLiteral("keys")).toArray().size());
        return int(data.toObject().size());
    }
    int accessors() { return listCount("LIST", QStringLiteral("auth/token/accessors")); }
    int authMethods() { return listCount("GET", QStringLiteral("sys/auth")); }
    int policies() { return listCount("LIST", QStringLiteral("sys/policies/acl")); }

    /// The server's state this test compares before and after a run.
    struct Footprint {
        int auth = 0, policies = 0, accessors = 0;
    };
    Footprint footprint() { return {authMethods(), policies(), accessors()}; }

    QByteArray yamlFor(const QString &body) const
    {
        return QStringLiteral("name: auth-test\ntarget: { address: %1 }\n%2")
            .arg(m_bao.address(), body)
            .toUtf8();
    }

    /// Runs `yaml` to its end with the root token as the run's token; `onStage` (test
    /// thread) is called when each stage starts.
    Session run(const QByteArray &yaml, const std::function<void(int)> &onStage = {})
    {
        return Session(test::runProfileYaml(m_bao, yaml, 60000, [&](BenchmarkRun &r) {
            if (onStage)
                connect(&r, &BenchmarkRun::stageStarted, this,
                        [onStage](int index, int) { onStage(index); });
        }));
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void cleanupTestCase() { m_bao.stop(); }

    void eachAuthTypeRuns_data()
    {
        QTest::addColumn<QString>("op");
        QTest::newRow("approle_login service") << "{ type: approle_login, params: { ttl: 1m } }";
        QTest::newRow("approle_login batch") << "{ type: approle_login, params: { type: batch } }";
        QTest::newRow("userpass_login") << "{ type: userpass_login }";
        QTest::newRow("token_create service") << "{ type: token_create }";
        QTest::newRow("token_create batch") << "{ type: token_create, params: { type: batch } }";
        QTest::newRow("token_create orphan")
            << "{ type: token_create, params: { type: orphan, ttl: 2s } }";
        QTest::newRow("token_lookup_self") << "{ type: token_lookup_self }";
        QTest::newRow("token_renew_self") << "{ type: token_renew_self, params: { ttl: 1m } }";
    }

    void eachAuthTypeRuns()
    {
        QFETCH(QString, op);
        const Footprint before = footprint();
        QVERIFY(before.auth > 0 && before.policies > 0 && before.accessors > 0);
        const Session s = run(
            yamlFor(QStringLiteral(
                        "ramp: { stages: [ { vus: 1, duration: 1s }, { vus: 2, duration: 1s } ] }\n"
                        "operations:\n  - %1\n")
                        .arg(op)));
        QCOMPARE(runStatusKey(s.status), QStringLiteral("completed"));
        QCOMPARE(s.stages.size(), 2);
        for (const StageStats &st : s.stages) {
            QCOMPARE(st.ops.size(), 1);
            QVERIFY2(st.ops[0].count > 0, qPrintable(st.ops[0].op));
            QCOMPARE(st.ops[0].errorCount(), 0);
        }
        QVERIFY2(s.cleanupError.isEmpty(), qPrintable(s.cleanupError));
        QVERIFY(s.leftovers.isEmpty());
        QVERIFY(!s.resources.isEmpty()); // it made an auth method
        QCOMPARE(authMethods(), before.auth);
        QCOMPARE(policies(), before.policies);
        // Orphans are not revoked: they expire after their 2 s ttl.
        QTRY_COMPARE_WITH_TIMEOUT(accessors(), before.accessors, 8000);
    }

    void perVuTokensGrowAccessorsByVuCount()
    {
        constexpr int kVus = 4;
        const Footprint before = footprint();
        QList<int> during;
        const Session s = run(
            yamlFor(QStringLiteral("auth: { method: approle, per: vu }\n"
                                   "ramp: { stages: [ { vus: 2, duration: 1500ms }, "
                                   "{ vus: %1, duration: 1500ms } ] }\n"
                                   "operations:\n  - { type: kv2_read, params: { keys: 10 } }\n")
                        .arg(kVus)),
            [&](int) { during.append(accessors()); });
        QCOMPARE(runStatusKey(s.status), QStringLiteral("completed"));
        QCOMPARE(during.size(), 2);
        for (int n : during) // every VU logged in before the measured window
            QCOMPARE(n, before.accessors + kVus);
        QCOMPARE(s.auth.method, QStringLiteral("approle"));
        QCOMPARE(s.auth.per, QStringLiteral("vu"));
        QCOMPARE(s.auth.logins, kVus);
        QVERIFY(s.auth.loginMaxMs > 0 && s.auth.loginP50Ms <= s.auth.loginMaxMs);
        for (const StageStats &st : s.stages) {
            QVERIFY(st.ops[0].count > 0);
            QCOMPARE(st.ops[0].errorCount(), 0); // the least-privilege policy suffices
        }
        QVERIFY2(s.cleanupError.isEmpty(), qPrintable(s.cleanupError));
        QCOMPARE(authMethods(), before.auth);
        QCOMPARE(policies(), before.policies);
        QCOMPARE(accessors(), before.accessors);
    }

    void requestsCarryTheVuTokens()
    {
        // A policy that does not cover the run's mount: every request is refused.
        const Session s = run(yamlFor(QStringLiteral(
            "auth:\n  method: userpass\n  per: run\n  policy: |\n"
            "    path \"secret/data/*\" {\n      capabilities = [\"read\"]\n    }\n"
            "ramp: { stages: [ { vus: 1, duration: 1s }, { vus: 2, duration: 1s } ] }\n"
            "operations:\n  - { type: kv2_read, params: { keys: 5 } }\n")));
        // a token refused on every request of the last stage: the run failed, saying why
        // (core/engine/abortwatch.h, checkLastStage)
        QCOMPARE(runStatusKey(s.status), QStringLiteral("failed"));
        QVERIFY2(s.error.contains(QStringLiteral("refused every request")), qPrintable(s.error));
        QVERIFY2(s.error.contains(QStringLiteral("permission denied")), qPrintable(s.error));
        QCOMPARE(s.auth.logins, 1);
        for (const StageStats &st : s.stages) {
            QVERIFY(st.ops[0].count > 0);
            QCOMPARE(st.ops[0].ok, 0);
            QCOMPARE(st.ops[0].errors.value(QStringLiteral("http_403")), st.ops[0].count);
        }
    }

    void vuTokenRefusedOutsideItsPolicy_data()
    {
        QTest::addColumn<QString>("method");
        QTest::newRow("approle") << "approle";
        QTest::newRow("userpass") << "userpass";
        QTest::newRow("token") << "token";
    }

    void vuTokenRefusedOutsideItsPolicy()
    {
        QFETCH(QString, method);
        const Footprint before = footprint();
        const QString prefix = test::uniquePrefix();
        VaultClient root(target(), m_bao.rootToken());
        QString error;
        // Two KV v2 mounts made by the test: the policy covers "<prefix>-in" only.
        for (const char *m : {"in", "out"})
            QVERIFY2(root.enableMount(prefix + QLatin1Char('-') + QLatin1String(m),
                                      QStringLiteral("kv-v2"), {}, &error),
                     qPrintable(error));
        const QJsonObject secret{{QStringLiteral("data"), QJsonObject{{"v", "1"}}}};
        QTRY_VERIFY_WITH_TIMEOUT(
            root.post(prefix + QStringLiteral("-in/data/k"), secret).ok()
                && root.post(prefix + QStringLiteral("-out/data/k"), secret).ok(),
            10000);
        AuthSpec spec;
        spec.method = method;
        spec.perVu = true;
        VuCredentials creds(spec, target());
        AuthUse use;
        const QString rules =
            QStringLiteral("path \"%1-in/data/*\" {\n  capabilities = [\"read\"]\n}\n").arg(prefix);
        QVERIFY2(creds.setup(root, prefix, rules, 3, &use, &error), qPrintable(error));
        QCOMPARE(use.logins, 3);
        const QVector<QByteArray> tokens = creds.tokensByVu(3);
        QCOMPARE(tokens.size(), 3);
        QVERIFY(tokens[0] != tokens[1] && tokens[1] != tokens[2]); // a token per VU
        for (const QByteArray &t : tokens) {
            QVERIFY(!t.isEmpty() && t != m_bao.rootToken());
            QCOMPARE(m_bao.api("GET", prefix + QStringLiteral("-in/data/k"), {}, nullptr, t), 200);
            QCOMPARE(m_bao.api("GET", prefix + QStringLiteral("-out/data/k"), {}, nullptr, t), 403);
        }
        QVERIFY2(creds.cleanup(root, &error), qPrintable(error));
        QVERIFY(creds.resources().isEmpty());
        for (const QByteArray &t : tokens) // revoked with the auth method
            QCOMPARE(m_bao.api("GET", QStringLiteral("auth/token/lookup-self"), {}, nullptr, t),
                     403);
        for (const char *m : {"in", "out"})
            QVERIFY(root.disableMount(prefix + QLatin1Char('-') + QLatin1String(m), &error));
        QCOMPARE(authMethods(), before.auth);
        QCOMPARE(policies(), before.policies);
        QCOMPARE(accessors(), before.accessors);
    }

    void badAuthBlocks_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        const QByteArray head = "name: x\nramp: { stages: [ { vus: 1, duration: 1s } ] }\n"
                                "operations: [ { type: kv2_read } ]\n";
        QTest::newRow("unknown method") << head + "auth: { method: ldap }\n"
                                        << 4 << 17 << "auth.method"
                                        << "unknown method \"ldap\"";
        QTest::newRow("no method") << head + "auth:\n  per: vu\n"
                                   << 5 << 3 << "auth.method"
                                   << "required";
        QTest::newRow("bad per") << head + "auth: { method: approle, per: team }\n"
                                 << 4 << 31 << "auth.per"
                                 << "must be vu";
        QTest::newRow("short ttl") << head + "auth: { method: token, ttl: 5s }\n"
                                   << 4 << 29 << "auth.ttl"
                                   << "at least 10s";
        QTest::newRow("policy not HCL") << head + "auth: { method: token, policy: everything }\n"
                                        << 4 << 32 << "auth.policy"
                                        << "\"least\" or HCL";
        QTest::newRow("unknown key") << head + "auth: { method: token, role: x }\n"
                                     << 4 << 24 << "auth.role"
                                     << "unknown";
    }

    void badAuthBlocks()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const ProfileParseResult r = parseProfile(yaml);
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), 1);
        const ProfileError &e = r.errors.first();
        QVERIFY2(e.message.contains(message), qPrintable(e.toString()));
        QCOMPARE(e.field, field);
        QCOMPARE(e.line, line);
        QCOMPARE(e.column, column);
    }

    void goodAuthBlock()
    {
        const ProfileParseResult r = parseProfile(
            "name: x\nramp: { stages: [ { vus: 1, duration: 1s } ] }\n"
            "operations: [ { type: kv2_read } ]\nauth: { method: userpass, per: run, ttl: 90s }\n");
        QVERIFY(r.ok());
        QCOMPARE(r.profile->auth.method, QStringLiteral("userpass"));
        QVERIFY(!r.profile->auth.perVu);
        QCOMPARE(r.profile->auth.ttlMs, qint64(90000));
        QVERIFY(r.profile->auth.leastPrivilege());
        QVERIFY(!parseProfile("name: x\nramp: { stages: [ { vus: 1, duration: 1s } ] }\n"
                              "operations: [ { type: kv2_read } ]\n")
                     .profile->auth.enabled());
    }
};

QTEST_GUILESS_MAIN(TestOpsAuth)
#include "tst_ops_auth.moc"
