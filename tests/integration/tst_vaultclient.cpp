// VaultClient against a real `bao server -dev` (one per executable): server facts, error
// classes (refused, timeout, TLS, non-JSON, HTTP status with the server's message), mounts,
// custom verbs, the namespace header, and a sealed server (last test: it seals the server).
// Two tiny loopback servers stand in only where the test is about the client itself
// (a server that never answers, one that answers HTML).
#include "baoserver.h"
#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QtTest>

using namespace vw;

namespace {

QStringList g_messages; // everything logged through Qt while the tests run
QtMessageHandler g_previousHandler = nullptr;

void captureMessages(QtMsgType type, const QMessageLogContext &ctx, const QString &msg)
{
    g_messages << msg;
    if (g_previousHandler)
        g_previousHandler(type, ctx, msg);
}

QString uniqueName(const char *what)
{
    return QStringLiteral("vwt-%1-%2")
        .arg(QLatin1String(what))
        .arg(QRandomGenerator::global()->generate() % 0xffffff, 6, 16, QLatin1Char('0'));
}

} // namespace

class TestVaultClient : public QObject {
    Q_OBJECT

private:
    test::BaoServer m_bao;

    TargetSpec target(const QString &address = QString(), qint64 timeoutMs = 10000) const
    {
        TargetSpec t;
        t.address = address.isEmpty() ? m_bao.address() : address;
        t.requestTimeoutMs = timeoutMs;
        return t;
    }

    /// KV v2 write, retried while a new mount is still upgrading.
    static VaultResponse kvWrite(VaultClient &c, const QString &path, const QJsonObject &data)
    {
        VaultResponse r;
        for (int i = 0; i < 100; ++i) {
            r = c.post(path, QJsonObject{{QStringLiteral("data"), data}});
            if (!(r.status == 400 && r.errorText.contains(QLatin1String("Upgrading"))))
                break;
            QThread::msleep(50);
        }
        return r;
    }

private slots:
    void initTestCase()
    {
        g_previousHandler = qInstallMessageHandler(captureMessages);
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }

    void cleanupTestCase()
    {
        qInstallMessageHandler(g_previousHandler);
        // The client must never print the token, whatever happened above.
        for (const QString &m : std::as_const(g_messages))
            QVERIFY2(!m.contains(QString::fromLatin1(m_bao.rootToken())), "token was logged");
        m_bao.stop();
    }

    void serverInfoOnDevServer()
    {
        VaultClient c(target(), m_bao.rootToken());
        const ServerInfo info = c.serverInfo();
        QVERIFY2(info.reachable, qPrintable(info.errorText));
        QVERIFY(info.initialized);
        QVERIFY(!info.sealed);
        QVERIFY(!info.standby);
        QVERIFY(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+"))
                    .match(info.version)
                    .hasMatch());
        QVERIFY(info.clusterName.startsWith(QLatin1String("vault-cluster-")));
        QCOMPARE(info.product, QStringLiteral("openbao")); // via +builtin.bao in sys/mounts
        QCOMPARE(info.errorClass, ErrorClass::None);

        VaultClient anonymous(target(), QByteArray()); // guess from the version alone
        const ServerInfo anon = anonymous.serverInfo();
        QVERIFY(anon.reachable);
        QCOMPARE(anon.version, info.version);
        QCOMPARE(anon.product, QStringLiteral("openbao"));
    }

    void unreachableAddressIsConnectionError()
    {
        const int port = test::freeLoopbackPort();
        QVERIFY(port > 0);
        VaultClient c(target(QStringLiteral("http://127.0.0.1:%1").arg(port)), "t");
        const ServerInfo info = c.serverInfo();
        QVERIFY(!info.reachable);
        QCOMPARE(info.errorClass, ErrorClass::Connection);
        QVERIFY2(info.errorText.contains(QLatin1String("refused")), qPrintable(info.errorText));

        const VaultResponse r = c.get(QStringLiteral("sys/mounts"));
        QCOMPARE(r.status, 0);
        QCOMPARE(r.errorClass, ErrorClass::Connection);
        QVERIFY(!r.ok());
        QCOMPARE(r.describe(), QStringLiteral("connection refused"));
        QString error;
        QVERIFY(c.mountPaths(&error).isEmpty());
        QVERIFY(error.contains(QLatin1String("connection refused")));
    }

    void silentServerIsTimeout()
    {
        QTcpServer silent; // accepts (kernel backlog) and never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        VaultClient c(target(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()), 300),
                      "t");
        QElapsedTimer t;
        t.start();
        const VaultResponse r = c.get(QStringLiteral("sys/health"));
        QCOMPARE(r.status, 0);
        QCOMPARE(r.errorClass, ErrorClass::Timeout);
        QVERIFY2(r.describe().contains(QLatin1String("300 ms")), qPrintable(r.describe()));
        QVERIFY2(t.elapsed() >= 250 && t.elapsed() < 5000,
                 qPrintable(QString::number(t.elapsed())));
    }

    void nonJsonBodyIsInvalidResponse()
    {
        QTcpServer html;
        QVERIFY(html.listen(QHostAddress::LocalHost, 0));
        connect(&html, &QTcpServer::newConnection, &html, [&html] {
            while (QTcpSocket *s = html.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [s] {
                    s->readAll();
                    const QByteArray body = "<html><body>not vault</body></html>";
                    s->write("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: "
                             + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                    s->disconnectFromHost();
                });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
        VaultClient c(target(QStringLiteral("http://127.0.0.1:%1").arg(html.serverPort())), "t");
        const VaultResponse r = c.get(QStringLiteral("sys/mounts"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.errorClass, ErrorClass::InvalidResponse);
        QVERIFY(r.body.contains("not vault"));
        QVERIFY(r.describe().contains(QLatin1String("invalid response")));
        const ServerInfo info = c.serverInfo();
        QVERIFY(!info.reachable);
        QCOMPARE(info.errorClass, ErrorClass::InvalidResponse);
    }

    void tlsFailures()
    {
        // https to a plain-HTTP listener: the handshake fails.
        VaultClient c(target(QStringLiteral("https://127.0.0.1:%1").arg(m_bao.port())), "t");
        const VaultResponse r = c.get(QStringLiteral("sys/health"));
        QCOMPARE(r.status, 0);
        QCOMPARE(r.errorClass, ErrorClass::Tls);

        TargetSpec badCa = target(QStringLiteral("https://127.0.0.1:%1").arg(m_bao.port()));
        badCa.caFile = QStringLiteral("/nonexistent/ca.pem");
        VaultClient c2(badCa, "t");
        const VaultResponse r2 = c2.get(QStringLiteral("sys/health"));
        QCOMPARE(r2.errorClass, ErrorClass::Tls);
        QVERIFY(r2.errorText.contains(QLatin1String("/nonexistent/ca.pem")));
    }

    void badTokenIs403WithServerMessage()
    {
        const QByteArray bad = "vwtest-not-a-token";
        VaultClient c(target(), bad);
        const VaultResponse r = c.get(QStringLiteral("sys/mounts"));
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorClass, ErrorClass::HttpStatus);
        QCOMPARE(r.errorText, QStringLiteral("permission denied"));
        QCOMPARE(r.describe(), QStringLiteral("403: permission denied"));
        QVERIFY(!r.describe().contains(QString::fromLatin1(bad)));
        QString error;
        QVERIFY(c.mountPaths(&error).isEmpty());
        QVERIFY(error.contains(QLatin1String("403: permission denied")));
        QVERIFY(!c.enableMount(uniqueName("deny"), QStringLiteral("kv-v2"), {}, &error));
        QVERIFY(error.contains(QLatin1String("403")));
    }

    void unknownPathCarriesServerErrors()
    {
        VaultClient c(target(), m_bao.rootToken());
        const VaultResponse r = c.get(QStringLiteral("vwt-no-such-mount/foo"));
        QCOMPARE(r.errorClass, ErrorClass::HttpStatus);
        QVERIFY(r.status == 404 || r.status == 405);
        QVERIFY2(r.errorText.contains(QLatin1String("no handler for route")),
                 qPrintable(r.errorText));
    }

    void mountsListVerbAndSend()
    {
        VaultClient c(target(), m_bao.rootToken());
        const QString mount = uniqueName("kv");
        QString error;
        QVERIFY2(c.enableMount(mount, QStringLiteral("kv-v2"), {}, &error), qPrintable(error));
        QStringList paths = c.mountPaths(&error);
        QVERIFY2(paths.contains(mount + QLatin1Char('/')),
                 qPrintable(paths.join(QLatin1Char(' '))));
        QVERIFY(paths.contains(QStringLiteral("sys/")));

        // A second enable of the same path is refused with the server's reason.
        QVERIFY(!c.enableMount(mount, QStringLiteral("kv-v2"), {}, &error));
        QVERIFY2(error.contains(mount) && error.contains(QLatin1String("already in use")),
                 qPrintable(error));

        VaultResponse w = kvWrite(c, mount + QStringLiteral("/data/k1"),
                                  {{QStringLiteral("v"), QStringLiteral("hello")}});
        QVERIFY2(w.ok(), qPrintable(w.describe()));
        QVERIFY(
            w.json.value(QStringLiteral("data")).toObject().value(QStringLiteral("version")).toInt()
            >= 1);

        // LIST is a custom verb.
        const VaultResponse l = c.request("LIST", mount + QStringLiteral("/metadata/"));
        QVERIFY2(l.ok(), qPrintable(l.describe()));
        QCOMPARE(
            l.json.value(QStringLiteral("data")).toObject().value(QStringLiteral("keys")).toArray(),
            QJsonArray{QStringLiteral("k1")});

        // send(): an absolute path as operations build it.
        const VaultResponse s = c.send({"GET", "/v1/" + mount.toUtf8() + "/data/k1", QByteArray()});
        QVERIFY2(s.ok(), qPrintable(s.describe()));
        QCOMPARE(s.json.value(QStringLiteral("data"))
                     .toObject()
                     .value(QStringLiteral("data"))
                     .toObject()
                     .value(QStringLiteral("v"))
                     .toString(),
                 QStringLiteral("hello"));
        const VaultResponse sp = c.send(
            {"POST", "/v1/" + mount.toUtf8() + "/data/k2", QByteArray("{\"data\":{\"v\":\"x\"}}")});
        QVERIFY2(sp.ok(), qPrintable(sp.describe()));

        QVERIFY2(c.disableMount(mount, &error), qPrintable(error));
        QVERIFY(!c.mountPaths(&error).contains(mount + QLatin1Char('/')));
        QVERIFY2(c.disableMount(mount, &error), qPrintable(error)); // already gone: still fine
    }

    void namespaceHeaderScopesRequests()
    {
        VaultClient root(target(), m_bao.rootToken());
        const QString ns = uniqueName("ns");
        const VaultResponse created = root.post(QStringLiteral("sys/namespaces/") + ns, {});
        QVERIFY2(created.ok(), qPrintable(created.describe()));

        TargetSpec scoped = target();
        scoped.vaultNamespace = ns;
        VaultClient inNs(scoped, m_bao.rootToken());
        const QString mount = uniqueName("nskv");
        QString error;
        QVERIFY2(inNs.enableMount(mount, QStringLiteral("kv-v2"), {}, &error), qPrintable(error));
        QVERIFY(inNs.mountPaths(&error).contains(mount + QLatin1Char('/')));
        QVERIFY(!root.mountPaths(&error).contains(mount + QLatin1Char('/')));
        QVERIFY2(inNs.disableMount(mount, &error), qPrintable(error));
        QVERIFY(root.del(QStringLiteral("sys/namespaces/") + ns).ok());
    }

    // Must stay last: it seals the shared server.
    void sealedServerReportsSealed()
    {
        VaultClient c(target(), m_bao.rootToken());
        const VaultResponse seal = c.post(QStringLiteral("sys/seal"), {});
        QVERIFY2(seal.ok(), qPrintable(seal.describe()));
        const ServerInfo info = c.serverInfo();
        QVERIFY2(info.reachable, qPrintable(info.errorText));
        QVERIFY(info.sealed);
        QVERIFY(info.initialized);
        QVERIFY(!info.version.isEmpty());
        const VaultResponse r = c.get(QStringLiteral("sys/mounts"));
        QCOMPARE(r.status, 503);
        QCOMPARE(r.errorClass, ErrorClass::HttpStatus);
        QVERIFY2(r.errorText.contains(QLatin1String("sealed")), qPrintable(r.errorText));
    }
};

QTEST_GUILESS_MAIN(TestVaultClient)
#include "tst_vaultclient.moc"
