// ssh_issue, totp_generate, totp_validate, sys_seal_status and sys_leader against a real
// `bao server -dev`: each in a run of two short stages (count > 0, no errors, no mount of
// the run left); ssh_issue answers a certificate of the asked key type with its private key;
// the VU's TOTP code (RFC 6238 with OpenSSL HMAC) is the RFC's and the server's, and the
// server's reuse rule that totp_validate is designed around (400 "code already used").
#include "opstestcase.h"
#include "engine/benchmarkrun.h"
#include "ops/operationregistry.h"
#include "ops/totpcommon.h"
#include "session/session.h"
#include "vault/vaultclient.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

class TestOpsMisc : public test::OpsTestCase { // its bao server, target(), mounts()
    Q_OBJECT

private slots:
    void runOfTwoStages_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::newRow("ssh_issue ed25519") << "ssh_issue" << QVariantMap{{"key_type", "ed25519"}};
        QTest::newRow("ssh_issue ecdsa-p256, rsa CA")
            << "ssh_issue" << QVariantMap{{"key_type", "ecdsa-p256"}, {"ca_key_type", "rsa-2048"}};
        QTest::newRow("ssh_issue rsa-2048") << "ssh_issue" << QVariantMap{{"key_type", "rsa-2048"}};
        QTest::newRow("totp_generate") << "totp_generate" << QVariantMap();
        QTest::newRow("totp_generate sha256 8")
            << "totp_generate" << QVariantMap{{"algorithm", "SHA256"}, {"digits", 8}};
        // keys above the validations per second two VUs reach on loopback: a key takes one
        // validation a second (totpvalidate.h). On a quiet machine two VUs did 8,217/s, past
        // the 8,000 keys this once had, and got 159 "code already used": 20,000 keys.
        QTest::newRow("totp_validate") << "totp_validate" << QVariantMap{{"keys", 20000}};
        QTest::newRow("sys_seal_status") << "sys_seal_status" << QVariantMap();
        QTest::newRow("sys_leader") << "sys_leader" << QVariantMap();
    }

    void runOfTwoStages()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        RunRecord s;
        const QString problem =
            twoStageRunProblem(QStringLiteral("ops-misc-test"), test::opSpec(type, params), &s);
        for (const StageStats &st : s.stages)
            qInfo("%s stage %d: %lld requests", qPrintable(type), st.index,
                  qlonglong(st.ops.first().count));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void sshIssueAnswersTheKeyType_data()
    {
        QTest::addColumn<QString>("keyType");
        QTest::addColumn<QByteArray>("certPrefix");
        QTest::addColumn<QString>("privateKeyType");
        QTest::newRow("ed25519") << "ed25519" << QByteArray("ssh-ed25519-cert-v01@openssh.com ")
                                 << "ed25519";
        QTest::newRow("ecdsa-p384")
            << "ecdsa-p384" << QByteArray("ecdsa-sha2-nistp384-cert-v01@openssh.com ") << "ec";
        QTest::newRow("rsa-2048") << "rsa-2048" << QByteArray("ssh-rsa-cert-v01@openssh.com ")
                                  << "rsa";
    }

    void sshIssueAnswersTheKeyType()
    {
        QFETCH(QString, keyType);
        QFETCH(QByteArray, certPrefix);
        QFETCH(QString, privateKeyType);
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("ssh_issue"), {{"key_type", keyType}});
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        QVERIFY2(op->setup(client, {QStringLiteral("vwtissue"), 3}, &error), qPrintable(error));
        VuState vu;
        const HttpRequest req = op->nextRequest(vu);
        QCOMPARE(req.path, QByteArray("/v1/vwtissue-ssh-3/issue/bench"));
        const VaultResponse r = client.send(req);
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        QCOMPARE(op->classify(test::toResult(r)), ErrorClass::None);
        const QJsonObject data = r.json.value(QStringLiteral("data")).toObject();
        const QByteArray cert = data.value(QStringLiteral("signed_key")).toString().toLatin1();
        QVERIFY2(cert.startsWith(certPrefix), cert.left(60).constData());
        QCOMPARE(data.value(QStringLiteral("private_key_type")).toString(), privateKeyType);
        QVERIFY(data.value(QStringLiteral("private_key"))
                    .toString()
                    .contains(QLatin1String("PRIVATE KEY")));
        HttpResult noCert = test::toResult(r);
        noCert.body = "{\"data\":{}}";
        QCOMPARE(op->classify(noCert), ErrorClass::InvalidResponse);
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QVERIFY(!mounts().contains(QStringLiteral("vwtissue-ssh-3/")));
    }

    // RFC 6238 Appendix B (8 digits, period 30) and RFC 4648 base32 vectors.
    void totpCodeIsRfc6238()
    {
        const QByteArray sha1 = "12345678901234567890";
        const QByteArray sha256 = "12345678901234567890123456789012";
        const QByteArray sha512 =
            "1234567890123456789012345678901234567890123456789012345678901234";
        QCOMPARE(totpCode(sha1, 59, 30, QStringLiteral("SHA1"), 8), QByteArray("94287082"));
        QCOMPARE(totpCode(sha256, 59, 30, QStringLiteral("SHA256"), 8), QByteArray("46119246"));
        QCOMPARE(totpCode(sha512, 59, 30, QStringLiteral("SHA512"), 8), QByteArray("90693936"));
        QCOMPARE(totpCode(sha1, 1111111109, 30, QStringLiteral("SHA1"), 8), QByteArray("07081804"));
        QCOMPARE(totpCode(sha256, 2000000000, 30, QStringLiteral("SHA256"), 8),
                 QByteArray("90698825"));
        QCOMPARE(totpCode(sha512, 20000000000, 30, QStringLiteral("SHA512"), 8),
                 QByteArray("47863826"));
        QCOMPARE(totpCode(sha1, 59, 30, QStringLiteral("SHA1"), 6), QByteArray("287082"));
        QVERIFY(totpCode(sha1, 59, 30, QStringLiteral("MD5"), 6).isEmpty());
        QCOMPARE(base32Encode("f"), QByteArray("MY======"));
        QCOMPARE(base32Encode("foob"), QByteArray("MZXW6YQ="));
        QCOMPARE(base32Encode("foobar"), QByteArray("MZXW6YTBOI======"));
    }

    // The server computes the same code as the VU for a key of a known secret, accepts it
    // once and refuses the same code again ("code already used"), valid or not: the rule
    // totp_validate's round of keys is built around (core/ops/totpvalidate.h).
    void totpServerAgreesAndRefusesReuse()
    {
        VaultClient client(target(), m_bao.rootToken());
        const QString mount = QStringLiteral("vwttotp");
        QVERIFY(client.post(QStringLiteral("sys/mounts/") + mount, {{"type", "totp"}}).ok());
        const QByteArray secret = "an-example-secret-20";
        const VaultResponse made = client.post(mount + QStringLiteral("/keys/k"),
                                               {{"key", QString::fromLatin1(base32Encode(secret))},
                                                {"issuer", "t"},
                                                {"account_name", "t"},
                                                {"period", 1},
                                                {"skew", 1}});
        QVERIFY2(made.ok(), qPrintable(made.describe()));
        bool agreed = false;
        for (int attempt = 0; attempt < 5 && !agreed; ++attempt) {
            const qint64 t0 = QDateTime::currentSecsSinceEpoch();
            const VaultResponse r = client.get(mount + QStringLiteral("/code/k"));
            const qint64 t1 = QDateTime::currentSecsSinceEpoch();
            if (t0 != t1)
                continue; // crossed a second: the codes may differ
            QCOMPARE(r.json.value(QStringLiteral("data"))
                         .toObject()
                         .value(QStringLiteral("code"))
                         .toString()
                         .toLatin1(),
                     totpCode(secret, t0, 1, QStringLiteral("SHA1"), 6));
            agreed = true;
        }
        QVERIFY(agreed);
        const QByteArray code =
            totpCode(secret, QDateTime::currentSecsSinceEpoch(), 1, QStringLiteral("SHA1"), 6);
        const QJsonObject body{{QStringLiteral("code"), QString::fromLatin1(code)}};
        const VaultResponse first = client.post(mount + QStringLiteral("/code/k"), body);
        QCOMPARE(first.status, 200);
        QVERIFY(first.json.value(QStringLiteral("data"))
                    .toObject()
                    .value(QStringLiteral("valid"))
                    .toBool());
        const VaultResponse again = client.post(mount + QStringLiteral("/code/k"), body);
        QCOMPARE(again.status, 400);
        QVERIFY2(again.errorText.contains(QLatin1String("already used")),
                 qPrintable(again.describe()));
        QVERIFY(client.request("DELETE", QStringLiteral("sys/mounts/") + mount, {}).ok());
    }

    void totpValidateRequestsGoRoundTheKeys()
    {
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("totp_validate"), {{"keys", 3}});
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        QVERIFY2(op->setup(client, {QStringLiteral("vwtvalid"), 0}, &error), qPrintable(error));
        VuState vu;
        QList<QByteArray> paths;
        for (int i = 0; i < 3; ++i) {
            const HttpRequest req = op->nextRequest(vu);
            paths << req.path;
            const VaultResponse r = client.send(req);
            QVERIFY2(op->classify(test::toResult(r)) == ErrorClass::None, qPrintable(r.describe()));
        }
        QCOMPARE(paths, (QList<QByteArray>{"/v1/vwtvalid-totp-0/code/key-0",
                                           "/v1/vwtvalid-totp-0/code/key-1",
                                           "/v1/vwtvalid-totp-0/code/key-2"}));
        HttpResult invalid;
        invalid.status = 200;
        invalid.body = "{\"data\":{\"valid\":false}}";
        QCOMPARE(op->classify(invalid), ErrorClass::InvalidResponse);
        QVERIFY(op->aclRules().contains(QLatin1String("vwtvalid-totp-0/code/*")));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QVERIFY(!mounts().contains(QStringLiteral("vwtvalid-totp-0/")));
    }

    void digitsSevenRefused()
    {
        const ParamParseResult r =
            OperationRegistry::instance().parse(QStringLiteral("totp_validate"), {{"digits", 7}});
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.first().param, QStringLiteral("digits"));
    }
};

QTEST_GUILESS_MAIN(TestOpsMisc)
#include "tst_ops_misc.moc"
