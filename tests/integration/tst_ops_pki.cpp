// The PKI operations (pki_issue, pki_sign, pki_revoke, pki_crl_read) against a real
// `bao server -dev`: each in a run of 2 short stages (requests in every stage, no errors,
// no mount of the run left); pki_revoke revokes certificates the server then lists as revoked,
// its issue requests are counted in pki_issue's row, and its requests pass with a token
// holding only the operations' aclRules(); setup and param errors are clear; locally made CSRs
// verify; the shipped study profile parses.
#include "opsrun.h"
#include "engine/benchmarkrun.h"
#include "ops/operationregistry.h"
#include "ops/pkicsr.h"
#include "ops/pkiissue.h"
#include "ops/pkirevoke.h"
#include "profile/profileparser.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QtTest>

#include <openssl/bio.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

using namespace vw;

class TestOpsPki : public QObject {
    Q_OBJECT

private:
    test::BaoServer m_bao;

    TargetSpec target() const { return test::targetOf(m_bao); }
    QStringList mounts() { return test::mountPaths(m_bao); }
    QStringList mountsWithPrefix(const QString &prefix)
    {
        return test::mountsWithPrefix(m_bao, prefix);
    }

    /// Serials listed under <mount>/certs/revoked.
    QStringList revokedSerials(const QString &mount)
    {
        VaultClient root(target(), m_bao.rootToken());
        const VaultResponse r = root.request("LIST", mount + QStringLiteral("/certs/revoked"));
        QStringList out;
        for (const QJsonValue &v : r.json.value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("keys"))
                                       .toArray())
            out << v.toString();
        return out;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void cleanupTestCase() { m_bao.stop(); }

    void runOfTwoStages_data()
    {
        // each op: {type, weight, params}
        QTest::addColumn<QVariantList>("opList");
        QTest::addColumn<bool>("revokes");
        const auto op = [](const QString &type, int weight, const QVariantMap &params = {}) {
            return QVariantMap{{"type", type}, {"weight", weight}, {"params", params}};
        };
        QTest::newRow("pki_issue ec-256 root")
            << QVariantList{op("pki_issue", 100, {{"key_type", "ec-256"}, {"ca", "root"}})}
            << false;
        QTest::newRow("pki_issue ed25519 intermediate no_store")
            << QVariantList{op("pki_issue", 100, {{"key_type", "ed25519"}, {"no_store", true}})}
            << false;
        QTest::newRow("pki_sign rsa-2048 intermediate")
            << QVariantList{op("pki_sign", 100, {{"key_type", "rsa-2048"}, {"ttl", "1m"}})}
            << false;
        // the sizes of vault-benchmark's docs/examples/pki (import-hcl maps key_bits to them)
        QTest::newRow("pki_issue ec-384 + pki_sign ec-521 root")
            << QVariantList{op("pki_issue", 50, {{"key_type", "ec-384"}, {"ca", "root"}}),
                            op("pki_sign", 50, {{"key_type", "ec-521"}, {"ca", "root"}})}
            << false;
        QTest::newRow("pki_crl_read root")
            << QVariantList{op("pki_crl_read", 100, {{"ca", "root"}, {"revoked_certs", 3}})}
            << false;
        QTest::newRow("pki_issue + pki_revoke")
            << QVariantList{op("pki_issue", 1, {{"key_type", "ec-256"}}), op("pki_revoke", 100)}
            << true;
    }

    void runOfTwoStages()
    {
        QFETCH(QVariantList, opList);
        QFETCH(bool, revokes);
        QList<OperationSpec> ops;
        for (const QVariant &v : opList) {
            const QVariantMap m = v.toMap();
            ops << test::opSpec(m.value("type").toString(), m.value("params").toMap(),
                                m.value("weight").toInt());
        }
        const QStringList before = mounts();
        QVERIFY(!before.isEmpty());

        BenchmarkRun run(
            test::opsProfile(m_bao, QStringLiteral("pki-test"), ops, {{1, 1500}, {2, 1500}}, 300),
            test::rootOptions(m_bao));
        QList<RunPhase> phases;
        connect(&run, &BenchmarkRun::phaseChanged, this,
                [&](RunPhase ph, const QString &) { phases.append(ph); });
        bool finished = false;
        connect(&run, &BenchmarkRun::finished, this, [&] { finished = true; });
        RunRecord s;
        QString error;
        QStringList revoked;
        QString issuing;
        const bool ended = test::runToEnd(run, 60000, &s, &error, [&] {
            if (!revokes
                || !QTest::qWaitFor([&] { return phases.contains(RunPhase::Running); }, 30000))
                return;
            // While measuring: the server lists certificates of the run as revoked.
            for (const QString &m : mounts())
                if (!before.contains(m) && m.endsWith(QLatin1String("-int/")))
                    issuing = m.chopped(1);
            if (!issuing.isEmpty()) // what it saw is checked below, after the run
                (void)QTest::qWaitFor(
                    [&] { return !(revoked = revokedSerials(issuing)).isEmpty() || finished; },
                    10000);
        });
        QVERIFY2(ended, qPrintable(error));
        if (revokes)
            QVERIFY2(!issuing.isEmpty(), "no intermediate mount made by the run");
        const QString served = test::checkEveryOpServed(s, 2, ops.size());
        QVERIFY2(served.isEmpty(), qPrintable(served));
        for (int i = 0; i < s.stages.size(); ++i) {
            const StageStats &st = s.stages.at(i);
            if (revokes) {
                // pki_revoke's issue requests are counted as pki_issue (weight 1 of 101):
                // the two rows are about equal, the revoke row never larger than issue's.
                const int64_t issued = st.ops.at(0).count;
                const int64_t revokedHere = st.ops.at(1).count;
                QVERIFY2(
                    revokedHere <= issued + 2 && issued <= 3 * revokedHere + 4,
                    qPrintable(QStringLiteral("issue %1, revoke %2").arg(issued).arg(revokedHere)));
            }
        }
        if (revokes) {
            QVERIFY2(!revoked.isEmpty(), "the server listed no revoked certificate during the run");
        }
        const QString left = test::checkNothingLeft(m_bao, s, before);
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // Driven by hand, as the worker does: issue requests counted as pki_issue, revocations of
    // exactly the serials this VU got, all sent with a token holding only the aclRules().
    void revokeQueueAndLeastPrivilege()
    {
        VaultClient root(target(), m_bao.rootToken());
        const QString prefix = test::uniquePrefix();
        std::unique_ptr<Operation> issue =
            test::makeOp(QStringLiteral("pki_issue"), {{"key_type", "ec-256"}, {"ca", "root"}});
        std::unique_ptr<Operation> revoke = test::makeOp(QStringLiteral("pki_revoke"));
        QVERIFY(issue && revoke);
        const QVector<const Operation *> all{issue.get(), revoke.get()};
        QString error;
        QVERIFY2(issue->setup(root, {prefix, 0, all}, &error), qPrintable(error));
        QVERIFY2(revoke->setup(root, {prefix, 1, all}, &error), qPrintable(error));
        QVERIFY(revoke->resources().isEmpty());
        const QString mount = prefix + QStringLiteral("-pki-0");

        // A token with the union of the two operations' rules and nothing else.
        const QString rules = issue->aclRules() + revoke->aclRules();
        QVERIFY2(rules.contains(mount + QStringLiteral("/revoke")), qPrintable(rules));
        QVERIFY(root.post(QStringLiteral("sys/policies/acl/") + prefix,
                          {{QStringLiteral("policy"), rules}})
                    .ok());
        const VaultResponse t = root.post(QStringLiteral("auth/token/create"),
                                          {{QStringLiteral("policies"), QJsonArray{prefix}},
                                           {QStringLiteral("ttl"), "10m"},
                                           {QStringLiteral("no_default_policy"), true}});
        const QByteArray token = t.json.value(QStringLiteral("auth"))
                                     .toObject()
                                     .value(QStringLiteral("client_token"))
                                     .toString()
                                     .toLatin1();
        QVERIFY(!token.isEmpty());
        VaultClient limited(target(), token);

        VuState vu;
        vu.rng.seed(7);
        std::unique_ptr<OpVuState> state = revoke->newVuState();
        QVERIFY(state);
        vu.opState = state.get();
        QStringList issuedSerials;
        QStringList revokedSerialsSent;
        for (int i = 0; i < 10; ++i) {
            vu.countAs = -1;
            const HttpRequest req = revoke->nextRequest(vu);
            const VaultResponse r = limited.send(req);
            const HttpResult result = test::toResult(r);
            const ErrorClass c = revoke->classify(result);
            QVERIFY2(c == ErrorClass::None,
                     qPrintable(QString::fromLatin1(req.path) + ": " + r.describe()));
            revoke->onResponse(vu, result, c);
            if (i % 2 == 0) { // empty queue: an issue request, counted under pki_issue
                QCOMPARE(req.path, "/v1/" + mount.toUtf8() + "/issue/bench");
                QCOMPARE(vu.countAs, 0);
                issuedSerials << r.json.value(QStringLiteral("data"))
                                     .toObject()
                                     .value(QStringLiteral("serial_number"))
                                     .toString();
            } else {
                QCOMPARE(req.path, "/v1/" + mount.toUtf8() + "/revoke");
                QCOMPARE(vu.countAs, -1);
                revokedSerialsSent << QString::fromLatin1(req.body).section('"', 3, 3);
                QVERIFY(r.json.value(QStringLiteral("data"))
                            .toObject()
                            .value(QStringLiteral("revocation_time"))
                            .toInteger()
                        > 0);
            }
        }
        QCOMPARE(revokedSerialsSent, issuedSerials); // each VU revokes what it issued, in order
        for (const QString &serial : issuedSerials) {
            const VaultResponse cert = root.get(mount + QStringLiteral("/cert/") + serial);
            QVERIFY2(cert.json.value(QStringLiteral("data"))
                             .toObject()
                             .value(QStringLiteral("revocation_time"))
                             .toInteger()
                         > 0,
                     qPrintable(serial));
        }
        QCOMPARE(revokedSerials(mount).size(), issuedSerials.size());
        // Outside the rules: 403.
        QCOMPARE(limited.request("LIST", mount + QStringLiteral("/certs/revoked")).status, 403);
        QCOMPARE(limited.post(mount + QStringLiteral("/sign/bench"), {{"csr", "x"}}).status, 403);
        // A failed issue queues nothing: the next request is an issue again.
        HttpResult failed;
        failed.status = 500;
        revoke->nextRequest(vu); // an issue (the queue is empty)
        revoke->onResponse(vu, failed, ErrorClass::HttpStatus);
        vu.countAs = -1;
        QCOMPARE(revoke->nextRequest(vu).path, "/v1/" + mount.toUtf8() + "/issue/bench");

        root.request("DELETE", QStringLiteral("sys/policies/acl/") + prefix);
        QVERIFY2(revoke->cleanup(root, &error), qPrintable(error));
        QVERIFY2(issue->cleanup(root, &error), qPrintable(error));
        QVERIFY(mountsWithPrefix(prefix).isEmpty());
    }

    void revokeSetupErrors()
    {
        VaultClient root(target(), m_bao.rootToken());
        std::unique_ptr<Operation> revoke = test::makeOp(QStringLiteral("pki_revoke"));
        QString error;
        QVERIFY(!revoke->setup(root, {test::uniquePrefix(), 0, {revoke.get()}}, &error));
        QVERIFY2(error.contains(QLatin1String("pki_issue"))
                     && error.contains(QLatin1String("before")),
                 qPrintable(error));

        std::unique_ptr<Operation> unstored =
            test::makeOp(QStringLiteral("pki_issue"), {{"no_store", true}});
        std::unique_ptr<Operation> kv = test::makeOp(QStringLiteral("kv2_read"));
        error.clear();
        QVERIFY(!revoke->setup(
            root, {test::uniquePrefix(), 2, {unstored.get(), kv.get(), revoke.get()}}, &error));
        QVERIFY2(error.contains(QLatin1String("no_store: true"))
                     && error.contains(QLatin1String("operation 1")),
                 qPrintable(error));
        // a pki_issue after it does not count
        std::unique_ptr<Operation> later = test::makeOp(QStringLiteral("pki_issue"));
        error.clear();
        QVERIFY(
            !revoke->setup(root, {test::uniquePrefix(), 0, {revoke.get(), later.get()}}, &error));
    }

    void invalidParamsRejected_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("key type")
            << "pki_issue" << QVariantMap{{"key_type", "rsa-1024"}} << "key_type"
            << "rsa-2048, ec-256, ed25519, rsa-3072, rsa-4096, ec-384, ec-521";
        QTest::newRow("sign key type")
            << "pki_sign" << QVariantMap{{"key_type", "ec-224"}} << "key_type"
            << "rsa-2048, ec-256, ed25519, rsa-3072, rsa-4096, ec-384, ec-521";
        QTest::newRow("ttl too long") << "pki_issue" << QVariantMap{{"ttl", "800h"}} << "ttl"
                                      << "1s to";
        QTest::newRow("ttl sub-second") << "pki_sign" << QVariantMap{{"ttl", "1500ms"}} << "ttl"
                                        << "whole seconds";
        QTest::newRow("no_store text")
            << "pki_issue" << QVariantMap{{"no_store", "yes"}} << "no_store"
            << "true or false";
        QTest::newRow("ca") << "pki_issue" << QVariantMap{{"ca", "sub"}} << "ca"
                            << "root, intermediate";
        QTest::newRow("crl revoked_certs")
            << "pki_crl_read" << QVariantMap{{"revoked_certs", 5000}} << "revoked_certs"
            << "0 to 1000";
        QTest::newRow("revoke takes none")
            << "pki_revoke" << QVariantMap{{"serials", 3}} << "serials"
            << "none";
    }

    void invalidParamsRejected()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        QFETCH(QString, param);
        QFETCH(QString, messagePart);
        const ParamParseResult parsed = OperationRegistry::instance().parse(type, params);
        QVERIFY(!parsed.params);
        QCOMPARE(parsed.errors.size(), 1);
        QCOMPARE(parsed.errors.first().param, param);
        QVERIFY2(parsed.errors.first().message.contains(messagePart),
                 qPrintable(parsed.errors.first().message));
    }

    void csrsVerify_data()
    {
        QTest::addColumn<int>("type");
        QTest::newRow("rsa-2048") << int(PkiKeyType::Rsa2048);
        QTest::newRow("ec-256") << int(PkiKeyType::Ec256);
        QTest::newRow("ed25519") << int(PkiKeyType::Ed25519);
        QTest::newRow("rsa-3072") << int(PkiKeyType::Rsa3072);
        QTest::newRow("ec-384") << int(PkiKeyType::Ec384);
        QTest::newRow("ec-521") << int(PkiKeyType::Ec521);
    }

    void csrsVerify()
    {
        QFETCH(int, type);
        QString error;
        const QByteArray pem = generatePkiCsr(PkiKeyType(type), "sign.bench.local", &error);
        QVERIFY2(pem.startsWith("-----BEGIN CERTIFICATE REQUEST-----"), qPrintable(error));
        BIO *bio = BIO_new_mem_buf(pem.constData(), int(pem.size()));
        X509_REQ *req = PEM_read_bio_X509_REQ(bio, nullptr, nullptr, nullptr);
        BIO_free(bio);
        QVERIFY(req);
        EVP_PKEY *key = X509_REQ_get0_pubkey(req);
        QVERIFY(key);
        QCOMPARE(X509_REQ_verify(req, key), 1);
        char cn[64] = {0};
        X509_NAME_get_text_by_NID(X509_REQ_get_subject_name(req), NID_commonName, cn, sizeof cn);
        QCOMPARE(QByteArray(cn), QByteArray("sign.bench.local"));
        const PkiKeyType t = PkiKeyType(type);
        const char *expected = pkiKeyIsRsa(t) ? "RSA" : pkiKeyBits(t) > 0 ? "EC" : "ED25519";
        QVERIFY(EVP_PKEY_is_a(key, expected));
        if (pkiKeyBits(t) > 0) // P-521 keys have 521 bits
            QCOMPARE(EVP_PKEY_get_bits(key), pkiKeyBits(t));
        X509_REQ_free(req);
    }

    void jsonScan()
    {
        QCOMPARE(jsonStringMember(R"({"data":{"serial_number" : "1a:2b"}})", "serial_number"),
                 QByteArray("1a:2b"));
        QCOMPARE(
            jsonStringMember(R"({"note":"serial_number","serial_number":"ff"})", "serial_number"),
            QByteArray("ff"));
        QVERIFY(jsonStringMember(R"({"serial_number":12})", "serial_number").isEmpty());
        QVERIFY(isPkiSerial("1a:2b-3C"));
        QVERIFY(!isPkiSerial("1a\",\"x"));
        QVERIFY(!isPkiSerial(""));
    }

    void studyProfileParses()
    {
        const ProfileParseResult r = loadProfileFile(
            QStringLiteral(VW_SOURCE_DIR "/profiles/studies/hvd-pki-issue-revoke.yaml"));
        QVERIFY(r.ok());
        QCOMPARE(r.profile->operations.size(), 2);
        QCOMPARE(r.profile->operations.at(0).type, QStringLiteral("pki_issue"));
        QCOMPARE(r.profile->operations.at(1).type, QStringLiteral("pki_revoke"));
        QCOMPARE(r.profile->ramp.stages.first().vus, 1);
        QCOMPARE(r.profile->ramp.stages.last().vus, 200);
    }
};

QTEST_GUILESS_MAIN(TestOpsPki)
#include "tst_ops_pki.moc"
