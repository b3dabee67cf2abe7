// The target's TLS and namespace settings reach every client of the workbench (issue 9,
// item 4): mutual TLS (client_cert/client_key) and a CA folder (ca_path) on the control
// plane (VaultClient) and both load transports, against a TLS stub that requires a client
// certificate; sys_health without X-Vault-Namespace on both transports.
#include "delayserver.h"
#include "http/transport.h"
#include "tlstestca.h"
#include "vault/vaultclient.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace vw;
using vw::test::DelayServer;
using vw::test::TlsTestCa;

namespace {

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

HttpResult roundTrip(Transport &t, const HttpRequest &request)
{
    HttpResult out;
    bool done = false;
    QEventLoop loop;
    t.send(request, [&](HttpResult &&r) {
        out = std::move(r);
        done = true;
        loop.quit();
    });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    loop.exec();
    if (!done)
        out.errorText = QStringLiteral("test: no completion within 5 s");
    return out;
}

TransportConfig transportConfig(const TargetSpec &t)
{
    TransportConfig c;
    c.baseUrl = QUrl(t.address);
    c.token = QByteArrayLiteral("tls-test-token");
    c.vaultNamespace = t.vaultNamespace.toUtf8();
    c.caFile = t.caFile;
    c.caPath = t.caPath;
    c.clientCertFile = t.clientCert;
    c.clientKeyFile = t.clientKey;
    c.tlsSkipVerify = t.tlsSkipVerify;
    c.requestTimeoutMs = 5000;
    return c;
}

} // namespace

class TestTargetTls : public QObject {
    Q_OBJECT

    TlsTestCa m_ca;
    QTemporaryDir m_dir;
    std::unique_ptr<DelayServer> m_server;
    TargetSpec m_target; ///< the stub, its CA in a folder (ca_path), the client identity

private slots:
    void initTestCase()
    {
        QVERIFY(m_ca.isValid() && m_dir.isValid());
        const TlsTestCa::Issued leaf = m_ca.issue(QStringLiteral("127.0.0.1"), true);
        const TlsTestCa::Issued client = m_ca.issue(QStringLiteral("vw-client"), false);
        QVERIFY(!client.certificate.isNull() && !client.key.isNull());
        m_server = std::make_unique<DelayServer>(0);
        m_server->setTls({leaf.certificate, m_ca.caCertificate()}, leaf.key,
                         {m_ca.caCertificate()});
        QString error;
        QVERIFY2(m_server->start(&error), qPrintable(error));

        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("cas")));
        QVERIFY(
            writeFile(m_dir.filePath(QStringLiteral("cas/test-ca.pem")), m_ca.caCertificatePem()));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("client.pem")), client.certificatePem));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("client.key")), client.keyPem));
        m_target.address = m_server->address();
        m_target.caPath = m_dir.filePath(QStringLiteral("cas"));
        m_target.clientCert = m_dir.filePath(QStringLiteral("client.pem"));
        m_target.clientKey = m_dir.filePath(QStringLiteral("client.key"));
        m_target.requestTimeoutMs = 5000;
    }

    void controlPlaneMutualTls()
    {
        const qint64 before = m_server->requestCount();
        TargetSpec anonymous = m_target;
        anonymous.clientCert.clear();
        anonymous.clientKey.clear();
        VaultClient refused(anonymous, QByteArrayLiteral("tls-test-token"));
        const VaultResponse no = refused.get(QStringLiteral("sys/health"));
        QCOMPARE(no.status, 0);
        QCOMPARE(m_server->requestCount(), before); // the handshake failed: nothing arrived

        VaultClient client(m_target, QByteArrayLiteral("tls-test-token"));
        const VaultResponse yes = client.get(QStringLiteral("sys/health"));
        QVERIFY2(yes.status == 200, qPrintable(yes.describe()));
        QCOMPARE(m_server->requestCount(), before + 1);
    }

    void transportsMutualTls_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("direct") << QStringLiteral("direct");
        QTest::newRow("qnam") << QStringLiteral("qnam");
    }
    void transportsMutualTls()
    {
        QFETCH(QString, kind);
        QString error;
        TargetSpec anonymous = m_target;
        anonymous.clientCert.clear();
        anonymous.clientKey.clear();
        const qint64 before = m_server->requestCount();
        auto refused = createTransport(kind, transportConfig(anonymous), &error);
        QVERIFY2(refused, qPrintable(error));
        const HttpResult no = roundTrip(*refused, {"GET", "/v1/sys/health", {}});
        QCOMPARE(no.status, 0);
        QVERIFY2(no.transportError == ErrorClass::Tls
                     || no.transportError == ErrorClass::Connection,
                 qPrintable(no.errorText));
        QCOMPARE(m_server->requestCount(), before);

        auto mutual = createTransport(kind, transportConfig(m_target), &error);
        QVERIFY2(mutual, qPrintable(error));
        const HttpResult yes = roundTrip(*mutual, {"GET", "/v1/sys/health", {}});
        QVERIFY2(yes.status == 200, qPrintable(yes.errorText));
        QCOMPARE(m_server->requestCount(), before + 1);
    }

    void caPathWithoutCertificatesIsAnError()
    {
        QTemporaryDir empty;
        TargetSpec t = m_target;
        t.caPath = empty.path();
        QString error;
        QVERIFY(!createTransport(QStringLiteral("direct"), transportConfig(t), &error));
        QVERIFY2(error.contains(QStringLiteral("no PEM certificate in CA folder")),
                 qPrintable(error));
        VaultClient client(t, QByteArray());
        const VaultResponse r = client.get(QStringLiteral("sys/health"));
        QCOMPARE(r.errorClass, ErrorClass::Tls);
        QVERIFY2(r.errorText.contains(QStringLiteral("CA folder")), qPrintable(r.errorText));
    }

    // sys_health is sent without X-Vault-Namespace by both transports; other requests carry it.
    void rootNamespaceRequests_data() { transportsMutualTls_data(); }
    void rootNamespaceRequests()
    {
        QFETCH(QString, kind);
        TargetSpec t = m_target;
        t.vaultNamespace = QStringLiteral("team-a");
        QString error;
        auto transport = createTransport(kind, transportConfig(t), &error);
        QVERIFY2(transport, qPrintable(error));
        HttpRequest scoped{"GET", "/v1/secret/data/k1", {}};
        QCOMPARE(roundTrip(*transport, scoped).status, 200);
        QVERIFY2(m_server->lastRequestHead().toLower().contains("x-vault-namespace: team-a"),
                 m_server->lastRequestHead().constData());
        HttpRequest health{"GET", "/v1/sys/health", {}};
        health.rootNamespace = true;
        QCOMPARE(roundTrip(*transport, health).status, 200);
        QVERIFY2(!m_server->lastRequestHead().toLower().contains("x-vault-namespace"),
                 m_server->lastRequestHead().constData());
        QVERIFY(m_server->lastRequestHead().toLower().contains("x-vault-token"));
    }

    void cleanupTestCase() { m_server.reset(); }
};

QTEST_GUILESS_MAIN(TestTargetTls)
#include "tst_targettls.moc"
