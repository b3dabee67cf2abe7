// cert_login against a real `bao server -dev` with an extra TLS listener on loopback (server
// certificate from tests/support/tlstestca.h; the listener requests, but does not require,
// client certificates, as cert auth needs): a run of 2 short stages over https with the
// target's client certificate (target.client_cert / client_key) counts logins, has no
// errors and leaves nothing (sys/auth without the run's mount, token accessors back to where
// they were); on an http target, or without a client certificate, setup fails with a clear
// error and nothing is left.
#include "opsrun.h"
#include "engine/benchmarkrun.h"
#include "profile/profileparser.h"
#include "session/session.h"
#include "tlstestca.h"

#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace vw;
using vw::test::TlsTestCa;

namespace {

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace

class TestOpsCertLogin : public QObject {
    Q_OBJECT

private:
    TlsTestCa m_ca;
    QTemporaryDir m_dir;
    test::BaoServer m_bao;
    QString m_httpsAddress;

    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    /// Paths of sys/auth (e.g. "token/", "vwb-1a2b3c-cert-0/"), empty when it failed.
    QStringList authMounts()
    {
        QJsonObject reply;
        if (m_bao.api("GET", QStringLiteral("sys/auth"), {}, &reply) != 200)
            return {};
        return reply.value(QStringLiteral("data")).toObject().keys();
    }
    int accessors()
    {
        QJsonObject reply;
        if (m_bao.api("LIST", QStringLiteral("auth/token/accessors"), {}, &reply) != 200)
            return -1;
        return int(reply.value(QStringLiteral("data"))
                       .toObject()
                       .value(QStringLiteral("keys"))
                       .toArray()
                       .size());
    }

    /// Runs a profile of 2 short stages of `op` against `targetYaml` with the root token.
    Session run(const QString &targetYaml, const QString &op)
    {
        const QByteArray yaml =
            QStringLiteral(
                "name: cert-login-test\ntarget: %1\n"
                "ramp: { stages: [ { vus: 1, duration: 1s }, { vus: 2, duration: 1s } ] }\n"
                "operations:\n  - %2\n")
                .arg(targetYaml, op)
                .toUtf8();
        return Session(test::runProfileYaml(m_bao, yaml, 60000));
    }

    QString httpsTarget(bool withClientCert) const
    {
        QString t = QStringLiteral("{ address: \"%1\", ca_file: \"%2\", request_timeout: 15s")
                        .arg(m_httpsAddress, path("ca.pem"));
        if (withClientCert)
            t += QStringLiteral(", client_cert: \"%1\", client_key: \"%2\"")
                     .arg(path("client.pem"), path("client.key"));
        return t + QStringLiteral(" }");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_ca.isValid() && m_dir.isValid());
        const TlsTestCa::Issued leaf = m_ca.issue(QStringLiteral("127.0.0.1"), true);
        const TlsTestCa::Issued client = m_ca.issue(QStringLiteral("vw-cert-login"), false);
        QVERIFY(!leaf.keyPem.isEmpty() && !client.keyPem.isEmpty());
        QVERIFY(writeFile(path("ca.pem"), m_ca.caCertificatePem()));
        QVERIFY(writeFile(path("server.pem"), leaf.certificatePem + m_ca.caCertificatePem()));
        QVERIFY(writeFile(path("server.key"), leaf.keyPem));
        QVERIFY(writeFile(path("client.pem"), client.certificatePem));
        QVERIFY(writeFile(path("client.key"), client.keyPem));
        const int tlsPort = test::freeLoopbackPort();
        // No tls_require_and_verify_client_cert: the listener requests a client certificate
        // and hands it to cert auth, which decides.
        QVERIFY(writeFile(path("tls.hcl"), QStringLiteral("listener \"tcp\" {\n"
                                                          "  address = \"127.0.0.1:%1\"\n"
                                                          "  tls_cert_file = \"%2\"\n"
                                                          "  tls_key_file = \"%3\"\n"
                                                          "}\n")
                                               .arg(tlsPort)
                                               .arg(path("server.pem"), path("server.key"))
                                               .toUtf8()));
        m_bao.setExtraConfigFile(path("tls.hcl"));
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
        m_httpsAddress = QStringLiteral("https://127.0.0.1:%1").arg(tlsPort);
    }

    void cleanupTestCase() { m_bao.stop(); }

    void twoStagesOverMutualTls_data()
    {
        QTest::addColumn<QString>("op");
        QTest::newRow("service") << "{ type: cert_login, params: { ttl: 1m } }";
        QTest::newRow("batch") << "{ type: cert_login, params: { type: batch } }";
    }

    void twoStagesOverMutualTls()
    {
        QFETCH(QString, op);
        const QStringList mountsBefore = authMounts();
        const int accessorsBefore = accessors();
        QVERIFY(!mountsBefore.isEmpty() && accessorsBefore > 0);
        const Session s = run(httpsTarget(true), op);
        QVERIFY2(runStatusKey(s.status) == QStringLiteral("completed"), qPrintable(s.error));
        QCOMPARE(s.stages.size(), 2);
        for (const StageStats &st : s.stages) {
            QCOMPARE(st.ops.size(), 1);
            QVERIFY2(st.ops[0].count > 0, qPrintable(st.ops[0].op));
            QCOMPARE(st.ops[0].errorCount(), 0);
        }
        QVERIFY2(s.cleanupError.isEmpty(), qPrintable(s.cleanupError));
        QVERIFY(s.leftovers.isEmpty());
        const QString runMount = s.runPrefix + QStringLiteral("-cert-0/");
        bool madeIt = false;
        for (const WorkbenchResource &r : s.resources)
            madeIt = madeIt || r.path.contains(s.runPrefix + QStringLiteral("-cert-0"));
        QVERIFY2(madeIt, "the run's resources name its cert auth mount");
        const QStringList mountsAfter = authMounts();
        QVERIFY(!mountsAfter.contains(runMount));
        QCOMPARE(mountsAfter, mountsBefore);
        QTRY_COMPARE_WITH_TIMEOUT(accessors(), accessorsBefore, 8000);
    }

    void setupErrorWithoutMutualTls_data()
    {
        QTest::addColumn<bool>("https");
        QTest::newRow("http target") << false;
        QTest::newRow("https target without client_cert") << true;
    }

    void setupErrorWithoutMutualTls()
    {
        QFETCH(bool, https);
        const QStringList mountsBefore = authMounts();
        const QString target =
            https ? httpsTarget(false) : QStringLiteral("{ address: \"%1\" }").arg(m_bao.address());
        const Session s = run(target, QStringLiteral("{ type: cert_login }"));
        QVERIFY(s.status != RunStatus::Completed);
        QVERIFY2(s.error.contains(QStringLiteral(
                     "cert_login needs an https target with target.client_cert (mutual TLS)")),
                 qPrintable(s.error));
        QVERIFY(s.leftovers.isEmpty());
        QCOMPARE(authMounts(), mountsBefore);
    }
};

QTEST_MAIN(TestOpsCertLogin)
#include "tst_ops_certlogin.moc"
