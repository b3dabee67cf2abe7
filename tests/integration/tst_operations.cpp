// The built-in operations against a real `bao server -dev` (one per executable): setup,
// 20 requests from nextRequest() sent through VaultClient::send and accepted by classify(),
// cleanup that leaves no mount behind; parameter parsing through OperationRegistry::parse;
// setup with a token lacking permission (fully and partly) that fails clearly and leaves
// nothing behind.
#include "opsrun.h"
#include "ops/operationregistry.h"
#include "ops/sshsign.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>
#include <QtTest>

using namespace vw;

Q_DECLARE_METATYPE(ErrorClass)

namespace {

QJsonObject dataOf(const VaultResponse &r)
{
    return r.json.value(QStringLiteral("data")).toObject();
}

} // namespace

class TestOperations : public QObject {
    Q_OBJECT

private:
    test::BaoServer m_bao;

    TargetSpec target() const { return test::targetOf(m_bao); }
    QStringList mountsWithPrefix(const QString &prefix)
    {
        return test::mountsWithPrefix(m_bao, prefix);
    }

    /// A token with only the given policies (and "default"), made by root.
    QByteArray limitedToken(const QStringList &policies)
    {
        VaultClient root(target(), m_bao.rootToken());
        const VaultResponse r =
            root.post(QStringLiteral("auth/token/create"),
                      {{QStringLiteral("policies"), QJsonArray::fromStringList(policies)},
                       {QStringLiteral("ttl"), QStringLiteral("10m")}});
        return r.json.value(QStringLiteral("auth"))
            .toObject()
            .value(QStringLiteral("client_token"))
            .toString()
            .toLatin1();
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void cleanupTestCase() { m_bao.stop(); }

    void registryListsBuiltins()
    {
        const OperationRegistry &reg = OperationRegistry::instance();
        // the four first types, in registration order; a new type is added after them
        QCOMPARE(reg.names().mid(0, 4),
                 (QStringList{QStringLiteral("sys_health"), QStringLiteral("kv2_read"),
                              QStringLiteral("kv2_write"), QStringLiteral("ssh_sign")}));
        const QStringList names = reg.names();
        QCOMPARE(QSet<QString>(names.cbegin(), names.cend()).size(), names.size()); // unique
        for (const QString &n : reg.names()) {
            const OperationType *t = reg.find(n);
            QVERIFY(t);
            QVERIFY(!t->description.isEmpty());
            QVERIFY(t->create);
            QVERIFY(reg.parse(n, {}).ok()); // defaults are valid
            QCOMPARE(test::makeOp(n)->typeName(), n);
        }
        QCOMPARE(reg.find(QStringLiteral("ssh_sign"))->paramNames(),
                 (QStringList{QStringLiteral("ca_key_type"), QStringLiteral("client_key_type"),
                              QStringLiteral("ttl")}));
        QCOMPARE(reg.find(QStringLiteral("kv2_read"))->paramNames(),
                 (QStringList{QStringLiteral("keys"), QStringLiteral("payload_bytes")}));
        QVERIFY(reg.find(QStringLiteral("sys_health"))->params.isEmpty());
    }

    void runRequests_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QByteArray>("certPrefix"); // ssh_sign: by the CLIENT key type
        const QByteArray ed = "ssh-ed25519-cert-v01@openssh.com ";
        const QByteArray rsa = "ssh-rsa-cert-v01@openssh.com ";
        QTest::newRow("sys_health") << "sys_health" << QVariantMap() << QByteArray();
        QTest::newRow("kv2_read") << "kv2_read" << QVariantMap{{"keys", 10}, {"payload_bytes", 64}}
                                  << QByteArray();
        QTest::newRow("kv2_write")
            << "kv2_write" << QVariantMap{{"keys", 5}, {"payload_bytes", 3000}} << QByteArray();
        QTest::newRow("ssh ed25519 CA, ed25519 client")
            << "ssh_sign" << QVariantMap{{"ttl", "2m"}} << ed;
        QTest::newRow("ssh rsa CA, rsa client")
            << "ssh_sign"
            << QVariantMap{{"ca_key_type", "rsa-2048"}, {"client_key_type", "rsa-2048"}} << rsa;
        QTest::newRow("ssh rsa CA, ed25519 client")
            << "ssh_sign" << QVariantMap{{"ca_key_type", "rsa-2048"}} << ed;
        QTest::newRow("ssh ed25519 CA, rsa client")
            << "ssh_sign" << QVariantMap{{"client_key_type", "rsa-2048"}} << rsa;
        // vault-benchmark's default CA (an imported `ca { key_type = "rsa" }`)
        QTest::newRow("ssh rsa-4096 CA, ed25519 client")
            << "ssh_sign" << QVariantMap{{"ca_key_type", "rsa-4096"}} << ed;
    }

    void runRequests()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        QFETCH(QByteArray, certPrefix);
        const OperationRegistry &reg = OperationRegistry::instance();
        const ParamParseResult parsed = reg.parse(type, params);
        QVERIFY(parsed.ok());
        QString why;
        std::unique_ptr<Operation> op = reg.create(type, *parsed.params, &why);
        QVERIFY2(op, qPrintable(why));
        QCOMPARE(op->typeName(), type);

        VaultClient client(target(), m_bao.rootToken());
        const QString prefix = test::uniquePrefix();
        QString error;
        QVERIFY2(op->setup(client, {prefix, 2}, &error), qPrintable(error));
        const QStringList made = mountsWithPrefix(prefix);
        if (type == QLatin1String("sys_health")) {
            QVERIFY(made.isEmpty());
        } else {
            QCOMPARE(made.size(), 1);
            // tagged, so that what a crashed run left can be found and swept
            const VaultResponse mounts = client.get(QStringLiteral("sys/mounts"));
            const QJsonObject m = (mounts.json.contains(QStringLiteral("data"))
                                       ? mounts.json.value(QStringLiteral("data")).toObject()
                                       : mounts.json)
                                      .value(made.first())
                                      .toObject();
            QCOMPARE(m.value(QStringLiteral("description")).toString(),
                     QStringLiteral("vault-workbench run ") + prefix);
        }

        const int keys = params.value(QStringLiteral("keys"), 100).toInt();
        const int payload = params.value(QStringLiteral("payload_bytes"), 100).toInt();
        QSet<QByteArray> paths;
        VuState vu;
        vu.rng.seed(42);
        for (int i = 0; i < 20; ++i, ++vu.iteration) {
            const HttpRequest req = op->nextRequest(vu);
            paths.insert(req.path);
            const VaultResponse r = client.send(req);
            const HttpResult result = test::toResult(r);
            QVERIFY2(op->classify(result) == ErrorClass::None,
                     qPrintable(QStringLiteral("%1 %2: %3")
                                    .arg(QString::fromLatin1(req.method),
                                         QString::fromLatin1(req.path), r.describe())));
            if (type == QLatin1String("sys_health")) {
                QCOMPARE(req.path, QByteArray("/v1/sys/health?standbyok=true&perfstandbyok=true"));
                QVERIFY(r.json.value(QStringLiteral("initialized")).toBool());
            } else if (type == QLatin1String("kv2_read")) {
                QCOMPARE(req.method, QByteArray("GET"));
                QVERIFY(req.path.startsWith("/v1/" + prefix.toUtf8() + "-kv2-2/data/key-"));
                QVERIFY(req.path.mid(req.path.lastIndexOf('-') + 1).toInt() < keys);
                const QString value = dataOf(r)
                                          .value(QStringLiteral("data"))
                                          .toObject()
                                          .value(QStringLiteral("value"))
                                          .toString();
                QCOMPARE(value.size(), payload);
            } else if (type == QLatin1String("kv2_write")) {
                QCOMPARE(req.method, QByteArray("POST"));
                QVERIFY(req.path.startsWith("/v1/" + prefix.toUtf8() + "-kv2-2/data/key-"));
                const QJsonObject sent = QJsonDocument::fromJson(req.body).object();
                QCOMPARE(sent.value(QStringLiteral("data"))
                             .toObject()
                             .value(QStringLiteral("value"))
                             .toString()
                             .size(),
                         payload);
                QVERIFY(dataOf(r).value(QStringLiteral("version")).toInt() >= 1);
            } else {
                QCOMPARE(req.path, "/v1/" + prefix.toUtf8() + "-ssh-2/sign/bench");
                const QByteArray cert =
                    dataOf(r).value(QStringLiteral("signed_key")).toString().toLatin1();
                QVERIFY2(cert.startsWith(certPrefix), cert.left(60).constData());
            }
        }
        if (keys > 1 && type.startsWith(QLatin1String("kv2")))
            QVERIFY2(paths.size() > 1, "requests should spread over the keys");

        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        QVERIFY2(mountsWithPrefix(prefix).isEmpty(),
                 qPrintable(mountsWithPrefix(prefix).join(' ')));
        QVERIFY2(op->cleanup(client, &error), qPrintable(error)); // idempotent
    }

    void invalidParamsRejected_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("keys 0") << "kv2_read" << QVariantMap{{"keys", 0}} << "keys"
                                << "1 to 100000";
        QTest::newRow("keys text") << "kv2_write" << QVariantMap{{"keys", "many"}} << "keys"
                                   << "whole number";
        QTest::newRow("keys quoted number") << "kv2_write" << QVariantMap{{"keys", "50"}} << "keys"
                                            << "whole number";
        QTest::newRow("keys bool") << "kv2_read" << QVariantMap{{"keys", true}} << "keys"
                                   << "whole number";
        QTest::newRow("keys integral double") << "kv2_read" << QVariantMap{{"keys", 20.0}} << "keys"
                                              << "whole number";
        QTest::newRow("payload too big")
            << "kv2_write" << QVariantMap{{"payload_bytes", 1048577}} << "payload_bytes"
            << "1 to 1048576";
        QTest::newRow("payload fraction")
            << "kv2_read" << QVariantMap{{"payload_bytes", 1.5}} << "payload_bytes"
            << "whole number";
        QTest::newRow("unknown kv param")
            << "kv2_read" << QVariantMap{{"colour", "red"}} << "colour"
            << "keys, payload_bytes";
        QTest::newRow("sys_health takes none") << "sys_health" << QVariantMap{{"keys", 1}} << "keys"
                                               << "none";
        QTest::newRow("ca key type")
            << "ssh_sign" << QVariantMap{{"ca_key_type", "dsa"}} << "ca_key_type"
            << "ed25519, rsa-2048";
        QTest::newRow("ca key type rsa-1024")
            << "ssh_sign" << QVariantMap{{"ca_key_type", "rsa-1024"}} << "ca_key_type"
            << "(got \"rsa-1024\")";
        QTest::newRow("client key type")
            << "ssh_sign" << QVariantMap{{"client_key_type", "ecdsa"}} << "client_key_type"
            << "ed25519, rsa-2048";
        QTest::newRow("ttl without unit") << "ssh_sign" << QVariantMap{{"ttl", "5"}} << "ttl"
                                          << "1s to 24h";
        QTest::newRow("ttl too long") << "ssh_sign" << QVariantMap{{"ttl", "48h"}} << "ttl"
                                      << "1s to 24h";
        QTest::newRow("ttl sub-second") << "ssh_sign" << QVariantMap{{"ttl", "1500ms"}} << "ttl"
                                        << "whole seconds";
        QTest::newRow("unknown type") << "kv3_read" << QVariantMap() << ""
                                      << "unknown operation type";
    }

    void invalidParamsRejected()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        QFETCH(QString, param);
        QFETCH(QString, messagePart);
        const ParamParseResult parsed = OperationRegistry::instance().parse(type, params);
        QVERIFY(!parsed.params);
        const QList<ParamError> &errors = parsed.errors;
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().param, param);
        QVERIFY2(errors.first().message.contains(messagePart), qPrintable(errors.first().message));
    }

    void validParamsAccepted_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::newRow("kv bounds")
            << "kv2_read" << QVariantMap{{"keys", 1}, {"payload_bytes", 1048576}};
        QTest::newRow("kv yaml integers")
            << "kv2_write"
            << QVariantMap{{"keys", qlonglong(50)}, {"payload_bytes", qlonglong(10)}};
        QTest::newRow("ssh all") << "ssh_sign"
                                 << QVariantMap{{"ca_key_type", "rsa-2048"},
                                                {"client_key_type", "ed25519"},
                                                {"ttl", "1m30s"}};
    }

    void validParamsAccepted()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        QVERIFY(OperationRegistry::instance().parse(type, params).ok());
    }

    void classifyRules()
    {
        const OperationRegistry &reg = OperationRegistry::instance();
        auto result = [](int status, const QByteArray &body,
                         ErrorClass transport = ErrorClass::None) {
            HttpResult r;
            r.status = status;
            r.body = body;
            r.transportError = transport;
            return r;
        };
        const auto ssh = test::makeOp(QStringLiteral("ssh_sign"));
        QCOMPARE(
            ssh->classify(result(
                200,
                R"({"data":{"serial_number":"1","signed_key":"ssh-ed25519-cert-v01@openssh.com AAAA"}})")),
            ErrorClass::None);
        QCOMPARE(
            ssh->classify(result(200, "{\"data\": {\"signed_key\" :\n \"ssh-rsa-cert AAAA\"}}")),
            ErrorClass::None);
        QCOMPARE(ssh->classify(result(200, R"({"data":{"serial_number":"1"}})")),
                 ErrorClass::InvalidResponse);
        QCOMPARE(ssh->classify(result(200, R"({"data":{"signed_key":""}})")),
                 ErrorClass::InvalidResponse);
        QCOMPARE(ssh->classify(result(200, R"({"data":{"note":"signed_key"}})")),
                 ErrorClass::InvalidResponse);
        QCOMPARE(ssh->classify(result(204, QByteArray())), ErrorClass::HttpStatus);
        QCOMPARE(ssh->classify(result(400, R"({"errors":["unknown role"]})")),
                 ErrorClass::HttpStatus);
        QCOMPARE(ssh->classify(result(0, QByteArray(), ErrorClass::Timeout)), ErrorClass::Timeout);

        const auto health = reg.create(QStringLiteral("sys_health"), OpParams());
        QCOMPARE(health->classify(result(200, "{}")), ErrorClass::None);
        QCOMPARE(health->classify(result(429, "{}")), ErrorClass::HttpStatus); // standby
        QCOMPARE(health->classify(result(503, "{}")), ErrorClass::HttpStatus); // sealed
        QCOMPARE(health->classify(result(0, QByteArray(), ErrorClass::Connection)),
                 ErrorClass::Connection);

        const auto read = test::makeOp(QStringLiteral("kv2_read"));
        // a 200 shorter than payload_bytes (default 100) does not hold the secret
        QCOMPARE(read->classify(result(200, "{}")), ErrorClass::InvalidResponse);
        QCOMPARE(read->classify(result(200, QByteArray(120, 'a'))), ErrorClass::None);
        QCOMPARE(read->classify(result(404, R"({"errors":[]})")), ErrorClass::HttpStatus);
    }

    void setupWithoutPermission_data()
    {
        QTest::addColumn<QString>("type");
        QTest::newRow("kv2_read") << "kv2_read";
        QTest::newRow("kv2_write") << "kv2_write";
        QTest::newRow("ssh_sign") << "ssh_sign";
    }

    void setupWithoutPermission()
    {
        QFETCH(QString, type);
        const QByteArray token = limitedToken({QStringLiteral("default")});
        QVERIFY(!token.isEmpty());
        VaultClient limited(target(), token);
        std::unique_ptr<Operation> op = test::makeOp(type);
        const QString prefix = test::uniquePrefix();
        QString error;
        QVERIFY(!op->setup(limited, {prefix, 0}, &error));
        QVERIFY2(error.contains(QLatin1String("403"))
                     && error.contains(QLatin1String("permission denied"))
                     && error.contains(prefix),
                 qPrintable(error));
        QVERIFY(!error.contains(QString::fromLatin1(token)));
        error.clear();
        QVERIFY2(op->cleanup(limited, &error), qPrintable(error));
        QVERIFY(mountsWithPrefix(prefix).isEmpty());
    }

    void partialSetupIsCleanedUp_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("failedStep");
        QTest::newRow("kv2_read seeding") << "kv2_read"
                                          << "seed";
        QTest::newRow("ssh_sign CA") << "ssh_sign"
                                     << "generate SSH CA";
    }

    // The token may enable and disable mounts but not use them: setup fails after the
    // mount exists, and cleanup (same token) removes it.
    void partialSetupIsCleanedUp()
    {
        QFETCH(QString, type);
        QFETCH(QString, failedStep);
        VaultClient root(target(), m_bao.rootToken());
        const QString policy = QStringLiteral("vwt-mounts-only");
        const VaultResponse p = root.post(
            QStringLiteral("sys/policies/acl/") + policy,
            {{QStringLiteral("policy"),
              QStringLiteral("path \"sys/mounts/*\" { capabilities = [\"create\", \"read\", "
                             "\"update\", \"delete\", \"sudo\"] }\n"
                             "path \"sys/mounts\" { capabilities = [\"read\"] }\n")}});
        QVERIFY2(p.ok(), qPrintable(p.describe()));
        VaultClient limited(target(), limitedToken({policy}));

        std::unique_ptr<Operation> op = test::makeOp(type);
        const QString prefix = test::uniquePrefix();
        QString error;
        QVERIFY(!op->setup(limited, {prefix, 0}, &error));
        QVERIFY2(error.contains(failedStep) && error.contains(QLatin1String("403")),
                 qPrintable(error));
        QCOMPARE(mountsWithPrefix(prefix).size(), 1); // the mount was made before the failure
        error.clear();
        QVERIFY2(op->cleanup(limited, &error), qPrintable(error));
        QVERIFY(mountsWithPrefix(prefix).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOperations)
#include "tst_operations.moc"
