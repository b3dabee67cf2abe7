// The scrubbed environment of child processes (core/util/childenvironment.h, issue 23
// finding 6) and the X-Vault-Index helpers of the control-plane client
// (core/vault/vaultclient.h, issue 21 item 9).
#include "util/childenvironment.h"
#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QTest>

using namespace vw;

class TestChildEnvironment : public QObject {
    Q_OBJECT

private slots:
    void scrubsEveryVaultAndBaoVariable()
    {
        QProcessEnvironment from;
        from.insert(QStringLiteral("VAULT_TOKEN"), QStringLiteral("s.secret"));
        from.insert(QStringLiteral("BAO_TOKEN"), QStringLiteral("s.secret"));
        from.insert(QStringLiteral("VAULT_ADDR"), QStringLiteral("http://x"));
        from.insert(QStringLiteral("BAO_NAMESPACE"), QStringLiteral("ns"));
        from.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin"));
        from.insert(QStringLiteral("MY_VAULT_TOKEN"), QStringLiteral("kept")); // not a prefix
        from.insert(QStringLiteral("vault_token"), QStringLiteral("kept")); // case matters
        const QProcessEnvironment env = childEnvironment(from);
        QStringList keys = env.keys();
        keys.sort();
        QCOMPARE(keys, (QStringList{QStringLiteral("MY_VAULT_TOKEN"), QStringLiteral("PATH"),
                                    QStringLiteral("vault_token")}));
        QVERIFY(isScrubbedFromChildren(QStringLiteral("VAULT_CACERT")));
        QVERIFY(!isScrubbedFromChildren(QStringLiteral("HOME")));
    }

    void indexValueDecodesOpenBaosHeader()
    {
        // As OpenBao 2.7.2 sends it: base64 of {"cluster":"...","value":"37"}.
        const QByteArray h = QByteArrayLiteral(
            "eyJjbHVzdGVyIjoiMzAxZjI2OTgtYzY0Zi03M2E4LTQ0OTktMTBkZjg1ZmJmNGJlIiwidmFsdWUiOiIzNyJ9");
        QCOMPARE(consistencyIndexValue(h), qint64(37));
        QCOMPARE(consistencyIndexValue(QByteArrayLiteral("opaque")), qint64(-1));
        QCOMPARE(consistencyIndexValue(QByteArray()), qint64(-1));
    }

    void behindIndexIsNotAQuota()
    {
        VaultResponse behind;
        behind.status = 429;
        behind.json = QJsonObject{{QStringLiteral("errors"), QJsonArray{}}};
        QVERIFY(isBehindIndex(behind));
        VaultResponse quota = behind;
        quota.json = QJsonObject{
            {QStringLiteral("errors"), QJsonArray{QStringLiteral("rate limit quota exceeded")}}};
        QVERIFY(!isBehindIndex(quota));
        VaultResponse standbyHealth = behind;
        standbyHealth.status = 200;
        QVERIFY(!isBehindIndex(standbyHealth));
    }
};

QTEST_GUILESS_MAIN(TestChildEnvironment)
#include "tst_childenvironment.moc"
