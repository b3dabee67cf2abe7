// The Transit operations (transit_sign, transit_verify, transit_encrypt, transit_decrypt,
// transit_hmac) against a real `bao server -dev`: runs of two short stages through the engine
// for each type with several key types and batch sizes (every op counted, no errors, nothing
// left on the server); param errors that name the problem; per-item batch failures counted
// as errors; the ACL rules of aclRules() enough for the requests and no more.
#include "opstestcase.h"
#include "engine/benchmarkrun.h"
#include "ops/operationregistry.h"
#include "session/session.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

namespace {

/// The messages of parsing `raw` for `type`, joined by "; " (empty when it parsed).
QString parseErrors(const QString &type, const QVariantMap &raw)
{
    const ParamParseResult parsed = OperationRegistry::instance().parse(type, raw);
    QStringList out;
    for (const ParamError &e : parsed.errors)
        out << e.param + QStringLiteral(": ") + e.message;
    return out.join(QStringLiteral("; "));
}

} // namespace

Q_DECLARE_METATYPE(QList<OperationSpec>)

class TestOpsTransit : public test::OpsTestCase { // its bao server, target(), mounts()
    Q_OBJECT

private slots:
    void registered()
    {
        const OperationRegistry &reg = OperationRegistry::instance();
        for (const QString &n :
             {QStringLiteral("transit_sign"), QStringLiteral("transit_verify"),
              QStringLiteral("transit_encrypt"), QStringLiteral("transit_decrypt"),
              QStringLiteral("transit_hmac")}) {
            const OperationType *t = reg.find(n);
            QVERIFY2(t, qPrintable(n));
            QVERIFY(t->paramNames().contains(QStringLiteral("key_type")));
            QVERIFY(t->paramNames().contains(QStringLiteral("payload_bytes")));
            QVERIFY(t->paramNames().contains(QStringLiteral("batch_size")));
            QCOMPARE(test::makeOp(n, {})->typeName(), n);
        }
        QCOMPARE(
            reg.find(QStringLiteral("transit_sign"))->paramNames(),
            (QStringList{QStringLiteral("key_type"), QStringLiteral("payload_bytes"),
                         QStringLiteral("hash_algorithm"), QStringLiteral("signature_algorithm"),
                         QStringLiteral("batch_size")}));
    }

    void paramErrors()
    {
        // signature_algorithm is for RSA keys only
        QString e = parseErrors(QStringLiteral("transit_sign"),
                                {{"key_type", "ecdsa-p256"}, {"signature_algorithm", "pss"}});
        QVERIFY2(e.startsWith(QLatin1String("signature_algorithm: ")), qPrintable(e));
        QVERIFY2(e.contains(QLatin1String("RSA keys only"))
                     && e.contains(QLatin1String("ecdsa-p256")),
                 qPrintable(e));
        QVERIFY(parseErrors(QStringLiteral("transit_verify"),
                            {{"key_type", "rsa-3072"}, {"signature_algorithm", "pkcs1v15"}})
                    .isEmpty());
        // an unknown key type names the accepted ones
        e = parseErrors(QStringLiteral("transit_sign"), {{"key_type", "rsa-1024"}});
        QVERIFY2(e.startsWith(QLatin1String("key_type: must be one of rsa-2048, ")), qPrintable(e));
        QVERIFY2(e.contains(QLatin1String("\"rsa-1024\"")), qPrintable(e));
        // a signing key is not an encryption key
        e = parseErrors(QStringLiteral("transit_encrypt"), {{"key_type", "ed25519"}});
        QVERIFY2(e.startsWith(QLatin1String("key_type: must be one of aes256-gcm96")),
                 qPrintable(e));
        // RSA-OAEP's plaintext bound (2048 bits: 190 bytes)
        QVERIFY(parseErrors(QStringLiteral("transit_encrypt"),
                            {{"key_type", "rsa-2048"}, {"payload_bytes", 190}})
                    .isEmpty());
        e = parseErrors(QStringLiteral("transit_decrypt"),
                        {{"key_type", "rsa-2048"}, {"payload_bytes", 191}});
        QVERIFY2(e.startsWith(QLatin1String("payload_bytes: ")) && e.contains(QLatin1String("190")),
                 qPrintable(e));
        // one request body stays under the servers' 32 MiB limit
        e = parseErrors(QStringLiteral("transit_hmac"),
                        {{"payload_bytes", 1024 * 1024}, {"batch_size", 30}});
        QVERIFY2(e.startsWith(QLatin1String("batch_size: ")) && e.contains(QLatin1String("MiB")),
                 qPrintable(e));
        e = parseErrors(QStringLiteral("transit_sign"), {{"batch_size", 0}});
        QVERIFY2(e.contains(QLatin1String("1 to 200")), qPrintable(e));
        e = parseErrors(QStringLiteral("transit_encrypt"), {{"hash_algorithm", "sha2-256"}});
        QVERIFY2(e.contains(QLatin1String("unknown parameter")), qPrintable(e));
    }

    /// A single answer needs its result ("valid": true for verify).
    void singleAnswersAreChecked()
    {
        std::unique_ptr<Operation> verify = test::makeOp(QStringLiteral("transit_verify"), {});
        std::unique_ptr<Operation> sign = test::makeOp(QStringLiteral("transit_sign"), {});
        QVERIFY(verify && sign);
        HttpResult r;
        r.status = 200;
        r.body = R"({"request_id":"x","data":{"valid": true},"warnings":null})";
        QCOMPARE(verify->classify(r), ErrorClass::None);
        r.body = R"({"data":{"valid":false}})"; // a signature that does not verify
        QCOMPARE(verify->classify(r), ErrorClass::InvalidResponse);
        r.body = R"({"data":{"signature":"valid"}})"; // the text as a value, not the member
        QCOMPARE(verify->classify(r), ErrorClass::InvalidResponse);
        QCOMPARE(sign->classify(r), ErrorClass::None);
        r.body = R"({"data":{"signature":""}})";
        QCOMPARE(sign->classify(r), ErrorClass::InvalidResponse);
        r.body = R"({"data":{"key_version":1}})";
        QCOMPARE(sign->classify(r), ErrorClass::InvalidResponse);
        r.status = 403;
        r.body = R"({"errors":["permission denied"]})";
        QCOMPARE(sign->classify(r), ErrorClass::HttpStatus);
    }

    /// A batch answer counts as a success only when every item succeeded.
    void batchItemsAreChecked()
    {
        std::unique_ptr<Operation> sign = test::makeOp(
            QStringLiteral("transit_sign"), {{"key_type", "ed25519"}, {"batch_size", 2}});
        QVERIFY(sign);
        HttpResult r;
        r.status = 200;
        r.body = R"({"data":{"batch_results":[{"signature":"vault:v1:AA"},)"
                 R"({"signature":"vault:v1:BB"}]}})";
        QCOMPARE(sign->classify(r), ErrorClass::None);
        r.body = R"({"data":{"batch_results":[{"signature":"vault:v1:AA"},)"
                 R"({"error":"failed to sign"}]}})";
        QCOMPARE(sign->classify(r), ErrorClass::InvalidResponse);
        r.body = R"({"data":{"batch_results":[{"signature":"vault:v1:AA"}]}})"; // one missing
        QCOMPARE(sign->classify(r), ErrorClass::InvalidResponse);
        r.status = 400; // Vault's default answer to a batch with a failed item
        QCOMPARE(sign->classify(r), ErrorClass::HttpStatus);

        // Against the server: a batch verify with one wrong signature is 200 with that
        // item's valid false, and must be an error.
        std::unique_ptr<Operation> verify = test::makeOp(
            QStringLiteral("transit_verify"), {{"key_type", "ecdsa-p256"}, {"batch_size", 3}});
        QVERIFY(verify);
        VaultClient client(target(), m_bao.rootToken());
        const QString prefix = QStringLiteral("vwt-batch");
        QString error;
        QVERIFY2(verify->setup(client, {prefix, 0}, &error), qPrintable(error));
        VuState vu;
        HttpRequest req = verify->nextRequest(vu);
        VaultResponse answer = client.send(req);
        QCOMPARE(verify->classify(test::toResult(answer)), ErrorClass::None);
        QJsonObject body = QJsonDocument::fromJson(req.body).object();
        QJsonArray items = body.value(QStringLiteral("batch_input")).toArray();
        QCOMPARE(items.size(), 3);
        QJsonObject second = items.at(1).toObject();
        // item 1 carries item 0's signature over its own input (or a changed input)
        const QJsonObject first = items.at(0).toObject();
        second.insert(QStringLiteral("signature"), first.value(QStringLiteral("signature")));
        if (second.value(QStringLiteral("input")) == first.value(QStringLiteral("input")))
            second.insert(QStringLiteral("input"), QStringLiteral("AAAA"));
        items.replace(1, second);
        body.insert(QStringLiteral("batch_input"), items);
        req.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        answer = client.send(req);
        QCOMPARE(answer.status, 200);
        QCOMPARE(verify->classify(test::toResult(answer)), ErrorClass::InvalidResponse);
        QVERIFY2(verify->cleanup(client, &error), qPrintable(error));
    }

    /// aclRules() lets a token holding only them send the requests, and nothing else.
    void aclRulesAreLeastPrivilege_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::newRow("sign") << "transit_sign" << QVariantMap{{"key_type", "ecdsa-p256"}};
        QTest::newRow("verify") << "transit_verify" << QVariantMap{{"key_type", "ed25519"}};
        QTest::newRow("encrypt") << "transit_encrypt" << QVariantMap{};
        QTest::newRow("decrypt") << "transit_decrypt" << QVariantMap{{"batch_size", 2}};
        QTest::newRow("hmac") << "transit_hmac" << QVariantMap{};
    }

    void aclRulesAreLeastPrivilege()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        std::unique_ptr<Operation> op = test::makeOp(type, params);
        QVERIFY(op);
        VaultClient root(target(), m_bao.rootToken());
        const QString prefix =
            QStringLiteral("vwt-acl-") + QString::fromLatin1(QTest::currentDataTag());
        QString error;
        QVERIFY2(op->setup(root, {prefix, 1}, &error), qPrintable(error));
        const QString rules = op->aclRules();
        QVERIFY(rules.contains(prefix + QStringLiteral("-transit-1/")));
        const QString policy = prefix + QStringLiteral("-policy");
        QCOMPARE(m_bao.api("PUT", QStringLiteral("sys/policies/acl/") + policy,
                           QJsonDocument(QJsonObject{{QStringLiteral("policy"), rules}}).toJson()),
                 204);
        const QByteArray token =
            m_bao.createToken({{QStringLiteral("policies"), QJsonArray{policy}},
                               {QStringLiteral("no_default_policy"), true},
                               {QStringLiteral("ttl"), QStringLiteral("5m")}},
                              &error);
        QVERIFY2(!token.isEmpty(), qPrintable(error));

        VaultClient limited(target(), token);
        VuState vu;
        vu.rng.seed(7);
        for (int i = 0; i < 3; ++i) {
            const VaultResponse r = limited.send(op->nextRequest(vu));
            QVERIFY2(op->classify(test::toResult(r)) == ErrorClass::None, qPrintable(r.describe()));
        }
        // the key itself, another action and another key are out of reach
        const QString mount = prefix + QStringLiteral("-transit-1");
        QCOMPARE(limited.get(mount + QStringLiteral("/keys/bench")).status, 403);
        QCOMPARE(limited.post(mount + QStringLiteral("/rotate/bench"), {}).status, 403);
        QCOMPARE(limited.post(mount + QStringLiteral("/keys/other"), {}).status, 403);

        QCOMPARE(m_bao.api("DELETE", QStringLiteral("sys/policies/acl/") + policy), 204);
        QVERIFY2(op->cleanup(root, &error), qPrintable(error));
        QVERIFY(op->resources().isEmpty());
    }

    /// Each type through the engine: two short stages, every op counted with no error,
    /// one tagged mount per op while running, none of the run's left after it.
    void runTwoStages_data()
    {
        QTest::addColumn<QList<OperationSpec>>("ops");
        const QString sign = QStringLiteral("transit_sign");
        const QString verify = QStringLiteral("transit_verify");
        const QString encrypt = QStringLiteral("transit_encrypt");
        const QString decrypt = QStringLiteral("transit_decrypt");
        const QString hmac = QStringLiteral("transit_hmac");
        QTest::newRow("sign rsa-2048 vs ecdsa-p256, 30 KiB") << QList<OperationSpec>{
            test::opSpec(sign, {{"key_type", "rsa-2048"}, {"payload_bytes", 30720}}),
            test::opSpec(sign, {{"key_type", "ecdsa-p256"}, {"payload_bytes", 30720}})};
        QTest::newRow("sign batches") << QList<OperationSpec>{
            test::opSpec(sign, {{"key_type", "rsa-2048"},
                                {"signature_algorithm", "pkcs1v15"},
                                {"hash_algorithm", "sha2-512"},
                                {"batch_size", 5}}),
            test::opSpec(sign, {{"key_type", "ed25519"}, {"batch_size", 3}})};
        QTest::newRow("verify") << QList<OperationSpec>{
            test::opSpec(verify, {{"key_type", "rsa-2048"}, {"signature_algorithm", "pss"}}),
            test::opSpec(verify, {{"key_type", "ecdsa-p256"}, {"batch_size", 4}})};
        QTest::newRow("encrypt") << QList<OperationSpec>{
            test::opSpec(encrypt, {{"payload_bytes", 1024}}),
            test::opSpec(encrypt, {{"key_type", "chacha20-poly1305"}, {"batch_size", 8}}),
            test::opSpec(encrypt, {{"key_type", "rsa-2048"}, {"payload_bytes", 190}})};
        QTest::newRow("decrypt") << QList<OperationSpec>{
            test::opSpec(decrypt, {}),
            test::opSpec(decrypt, {{"key_type", "rsa-2048"}, {"batch_size", 3}}),
            test::opSpec(decrypt, {{"key_type", "aes128-gcm96"}, {"batch_size", 4}})};
        QTest::newRow("hmac") << QList<OperationSpec>{
            test::opSpec(hmac, {}), test::opSpec(hmac, {{"key_type", "ecdsa-p256"},
                                                        {"hash_algorithm", "sha3-256"},
                                                        {"batch_size", 6}})};
    }

    void runTwoStages()
    {
        QFETCH(QList<OperationSpec>, ops);
        const QStringList before = mounts();
        QVERIFY(!before.isEmpty());

        BenchmarkRun run(test::opsProfile(m_bao, QStringLiteral("transit-test"), ops,
                                          {{1, 1200}, {3, 1200}}, 300),
                         test::rootOptions(m_bao));
        QList<RunPhase> phases;
        QStringList created;
        connect(&run, &BenchmarkRun::phaseChanged, this, [&](RunPhase ph, const QString &) {
            phases.append(ph);
            if (ph == RunPhase::Running)
                for (const QString &m : mounts())
                    if (!before.contains(m))
                        created << m;
        });
        RunRecord s;
        QString error;
        QVERIFY2(test::runToEnd(run, 30000, &s, &error), qPrintable(error));
        const QString served = test::checkEveryOpServed(s, 2, ops.size());
        QVERIFY2(served.isEmpty(), qPrintable(served));
        QVERIFY(phases.contains(RunPhase::Running));

        // one transit mount per op, named by the run prefix
        QCOMPARE(created.size(), ops.size());
        const QString runPrefix = s.runPrefix;
        for (const QString &m : created)
            QVERIFY2(m.startsWith(runPrefix + QStringLiteral("-transit-")), qPrintable(m));

        for (const StageStats &st : s.stages)
            for (const OpStats &op : st.ops) {
                QVERIFY2(op.op.startsWith(QLatin1String("transit_")), qPrintable(op.op));
                QCOMPARE(op.ok, op.count);
            }

        // nothing of the run is left on the server
        const QString left = test::checkNothingLeft(m_bao, s, before);
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }
};

QTEST_GUILESS_MAIN(TestOpsTransit)
#include "tst_ops_transit.moc"
