// The KV operation types against a real `bao server -dev`: each in a run of two short stages
// (count > 0, no errors, no mount of the run left); reads of 1 MiB secrets answer ~1 MiB
// bodies (read sizes are honoured, unlike vault-benchmark's `kvsize`), and a short answer is
// an InvalidResponse, never a fast success; a 1 MiB write fits the server's request limits.
#include "opstestcase.h"
#include "engine/benchmarkrun.h"
#include "ops/kv2common.h"
#include "ops/operationregistry.h"
#include "session/session.h"
#include "vault/vaultclient.h"

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

namespace {

constexpr int kMiB = 1024 * 1024;

} // namespace

class TestOpsKv : public test::OpsTestCase { // its bao server, target(), mounts()
    Q_OBJECT

private slots:
    void runOfTwoStages_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QVariantMap>("params");
        QTest::newRow("kv1_read") << "kv1_read"
                                  << QVariantMap{{"keys", 20}, {"payload_bytes", 1024}};
        QTest::newRow("kv1_write")
            << "kv1_write" << QVariantMap{{"keys", 20}, {"payload_bytes", 1024}};
        QTest::newRow("kv2_list") << "kv2_list" << QVariantMap{{"keys", 50}};
        QTest::newRow("kv2_metadata_read")
            << "kv2_metadata_read" << QVariantMap{{"keys", 10}, {"versions", 3}};
        QTest::newRow("kv2_read 1 MiB")
            << "kv2_read" << QVariantMap{{"keys", 3}, {"payload_bytes", kMiB}};
        QTest::newRow("kv2_write 1 MiB")
            << "kv2_write" << QVariantMap{{"keys", 3}, {"payload_bytes", kMiB}};
        QTest::newRow("kv1_read 1 MiB")
            << "kv1_read" << QVariantMap{{"keys", 3}, {"payload_bytes", kMiB}};
    }

    void runOfTwoStages()
    {
        QFETCH(QString, type);
        QFETCH(QVariantMap, params);
        const QString problem =
            twoStageRunProblem(QStringLiteral("ops-kv-test"), test::opSpec(type, params));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // A 1 MiB secret is read back whole: the body the op's request gets is ~1 MiB, and the
    // op's classify() accepts it; the same answer cut short is an InvalidResponse.
    void readOfOneMebibyteAnswersOneMebibyte_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("valueField"); // where the value sits in the answer
        QTest::newRow("kv2_read") << "kv2_read"
                                  << "data.data.value";
        QTest::newRow("kv1_read") << "kv1_read"
                                  << "data.value";
    }

    void readOfOneMebibyteAnswersOneMebibyte()
    {
        QFETCH(QString, type);
        QFETCH(QString, valueField);
        std::unique_ptr<Operation> op = test::makeOp(type, {{"keys", 2}, {"payload_bytes", kMiB}});
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        const QString prefix = test::uniquePrefix();
        QString error;
        QVERIFY2(op->setup(client, {prefix, 0}, &error), qPrintable(error));
        VuState vu;
        vu.rng.seed(7);
        for (int i = 0; i < 3; ++i) {
            const HttpRequest req = op->nextRequest(vu);
            const VaultResponse r = client.send(req);
            QCOMPARE(r.status, 200);
            // ~1 MiB: the value plus a JSON envelope of at most a few hundred bytes.
            QVERIFY2(r.body.size() >= kMiB && r.body.size() < kMiB + 4096,
                     qPrintable(QString::number(r.body.size())));
            QJsonObject at = r.json;
            const QStringList parts = valueField.split(QLatin1Char('.'));
            for (int k = 0; k + 1 < parts.size(); ++k)
                at = at.value(parts.at(k)).toObject();
            QCOMPARE(at.value(parts.last()).toString().size(), kMiB);
            const HttpResult whole = test::toResult(r);
            QCOMPARE(op->classify(whole), ErrorClass::None);
            HttpResult cut = whole;
            cut.body.truncate(kMiB / 2);
            QCOMPARE(op->classify(cut), ErrorClass::InvalidResponse);
        }
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        for (const QString &m : mounts())
            QVERIFY2(!m.startsWith(prefix), qPrintable(m));
    }

    // The request size: a 1 MiB value is a body of 1 MiB + 21 bytes, accepted (the server's
    // max_request_size is 32 MiB; OpenBao has no single-string limit).
    void writeOfOneMebibyteFits()
    {
        std::unique_ptr<Operation> op =
            test::makeOp(QStringLiteral("kv2_write"), {{"keys", 1}, {"payload_bytes", kMiB}});
        QVERIFY(op);
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        QVERIFY2(op->setup(client, {QStringLiteral("vwtwrite1m"), 0}, &error), qPrintable(error));
        VuState vu;
        const HttpRequest req = op->nextRequest(vu);
        QCOMPARE(req.body.size(), qsizetype(kMiB + 21)); // {"data":{"value":"..."}}
        const VaultResponse r = client.send(req);
        QVERIFY2(r.ok(), qPrintable(r.describe()));
        QCOMPARE(op->classify(test::toResult(r)), ErrorClass::None);
        QVERIFY2(op->cleanup(client, &error), qPrintable(error));
    }

    void aclRulesNameTheMount()
    {
        VaultClient client(target(), m_bao.rootToken());
        QString error;
        for (const QString &type :
             {QStringLiteral("kv1_read"), QStringLiteral("kv1_write"), QStringLiteral("kv2_list"),
              QStringLiteral("kv2_metadata_read")}) {
            std::unique_ptr<Operation> op = test::makeOp(type, {{"keys", 1}});
            QVERIFY(op);
            QVERIFY2(op->setup(client, {QStringLiteral("vwtacl"), 1}, &error), qPrintable(error));
            const QString rules = op->aclRules();
            QVERIFY2(rules.contains(QLatin1String("path \"vwtacl-kv")), qPrintable(rules));
            QVERIFY2(rules.contains(QLatin1String("capabilities")), qPrintable(rules));
            QVERIFY2(op->cleanup(client, &error), qPrintable(error));
        }
    }
};

QTEST_GUILESS_MAIN(TestOpsKv)
#include "tst_ops_kv.moc"
