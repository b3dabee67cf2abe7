// The control plane's two channels (core/vault/controlchannel.h): "direct" (the default, the
// load path's lean client) and "qnam" (QNetworkAccessManager, kept for comparison) send the
// same headers and read the same answer; the direct one keeps one connection for many
// requests; both report refused and silent servers alike. A tiny loopback server stands in
// for Vault: the test is about the client (tst_vaultclient runs VaultClient, on the direct
// channel, against a real `bao server -dev`).
#include "baoserver.h"
#include "vault/controlchannel.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>

using namespace vw;

namespace {

/// Answers every request on a connection with `answer`, keeping the connection open, and
/// records each request's head and body.
class RecordingServer {
public:
    explicit RecordingServer(QByteArray answer)
        : m_answer(std::move(answer))
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                ++connections;
                auto *buffer = new QByteArray;
                QObject::connect(s, &QTcpSocket::readyRead, s, [this, s, buffer] {
                    buffer->append(s->readAll());
                    for (;;) {
                        const qsizetype end = buffer->indexOf("\r\n\r\n");
                        if (end < 0)
                            return;
                        const QByteArray head = buffer->left(end + 2);
                        qsizetype length = 0;
                        for (const QByteArray &line : head.split('\n'))
                            if (line.toLower().startsWith("content-length:"))
                                length = line.mid(15).trimmed().toLongLong();
                        if (buffer->size() < end + 4 + length)
                            return;
                        heads << head;
                        bodies << buffer->mid(end + 4, length);
                        buffer->remove(0, end + 4 + length);
                        s->write(m_answer);
                    }
                });
                QObject::connect(s, &QTcpSocket::disconnected, s, [s, buffer] {
                    delete buffer;
                    s->deleteLater();
                });
            }
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QString address() const
    {
        return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort());
    }

    QList<QByteArray> heads;
    QList<QByteArray> bodies;
    int connections = 0;

private:
    QTcpServer m_server;
    QByteArray m_answer;
};

bool hasLine(const QByteArray &head, const QByteArray &line)
{
    for (const QByteArray &l : head.split('\n'))
        if (l.trimmed().toLower() == line.toLower())
            return true;
    return false;
}

} // namespace

class TestControlChannel : public QObject {
    Q_OBJECT
private slots:
    void bothSendTheSameHeadersAndReadTheSameAnswer();
    void directKeepsOneConnection();
    void refusedAndSilentServers();
};

void TestControlChannel::bothSendTheSameHeadersAndReadTheSameAnswer()
{
    RecordingServer server("HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
                           "Retry-After: 2\r\nX-Vault-Index: djE6YWJj\r\nContent-Length: 13\r\n\r\n"
                           "{\"errors\":[]}");
    QVERIFY(server.listen());
    TargetSpec target;
    target.address = server.address();
    target.vaultNamespace = QStringLiteral("team-a");
    target.requestTimeoutMs = 5000;
    ControlRequest q;
    q.method = "POST";
    q.absolutePath = "/v1/secret/data/key-1";
    q.body = R"({"data":{"v":"x"}})";
    q.token = "t0ken";
    q.index = "djE6b2xk";
    q.inconsistent = "fail";
    QList<ControlAnswer> answers;
    for (const QString &kind : {QStringLiteral("direct"), QStringLiteral("qnam")}) {
        std::unique_ptr<ControlChannel> channel = makeControlChannel(kind, target);
        answers << channel->exchange(q);
        const QByteArray head = server.heads.last();
        QVERIFY2(head.startsWith("POST /v1/secret/data/key-1 HTTP/1.1\r\n"), head.constData());
        for (const QByteArray &line :
             {QByteArray("X-Vault-Token: t0ken"), QByteArray("X-Vault-Namespace: team-a"),
              QByteArray("X-Vault-Request: true"), QByteArray("X-Vault-Index: djE6b2xk"),
              QByteArray("X-Vault-Inconsistent: fail"),
              QByteArray("Content-Type: application/json")})
            QVERIFY2(hasLine(head, line), qPrintable(kind + ": no " + line + " in " + head));
        QCOMPARE(server.bodies.last(), q.body);
    }
    for (const ControlAnswer &a : answers) {
        QCOMPARE(a.status, 429);
        QCOMPARE(a.transportError, ErrorClass::None);
        QCOMPARE(a.body, QByteArray("{\"errors\":[]}"));
        QCOMPARE(a.headers.retryAfter, QByteArray("2"));
        QCOMPARE(a.headers.vaultIndex, QByteArray("djE6YWJj"));
        QCOMPARE(a.headers.contentType, QByteArray("application/json"));
        QCOMPARE(a.headers.reason, QByteArray("Too Many Requests"));
    }

    // Unauthenticated and outside the namespace: neither header.
    ControlRequest bare;
    bare.method = "GET";
    bare.absolutePath = "/v1/sys/health";
    bare.inNamespace = false;
    for (const QString &kind : {QStringLiteral("direct"), QStringLiteral("qnam")}) {
        makeControlChannel(kind, target)->exchange(bare);
        const QByteArray head = server.heads.last().toLower();
        QVERIFY2(!head.contains("x-vault-token") && !head.contains("x-vault-namespace")
                     && !head.contains("x-vault-index"),
                 qPrintable(kind + ": " + head));
    }
}

void TestControlChannel::directKeepsOneConnection()
{
    RecordingServer server("HTTP/1.1 204 No Content\r\n\r\n");
    QVERIFY(server.listen());
    TargetSpec target;
    target.address = server.address();
    std::unique_ptr<ControlChannel> channel = makeControlChannel(QStringLiteral("direct"), target);
    ControlRequest q;
    q.method = "POST";
    q.token = "t";
    for (int i = 0; i < 100; ++i) { // as seeding 100 secrets does
        q.absolutePath = "/v1/kv/data/key-" + QByteArray::number(i);
        q.body = R"({"data":{"value":")" + QByteArray::number(i) + "\"}}";
        const ControlAnswer a = channel->exchange(q);
        QCOMPARE(a.status, 204);
    }
    QCOMPARE(server.heads.size(), 100);
    QCOMPARE(server.connections, 1);
}

void TestControlChannel::refusedAndSilentServers()
{
    const int port = test::freeLoopbackPort();
    QVERIFY(port > 0);
    QTcpServer silent; // accepts (kernel backlog) and never answers
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    ControlRequest q;
    q.method = "GET";
    q.absolutePath = "/v1/sys/health";
    for (const QString &kind : {QStringLiteral("direct"), QStringLiteral("qnam")}) {
        TargetSpec refused;
        refused.address = QStringLiteral("http://127.0.0.1:%1").arg(port);
        const ControlAnswer r = makeControlChannel(kind, refused)->exchange(q);
        QCOMPARE(r.status, 0);
        QCOMPARE(r.transportError, ErrorClass::Connection);
        QCOMPARE(r.errorText, QStringLiteral("connection refused"));

        TargetSpec quiet;
        quiet.address = QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort());
        quiet.requestTimeoutMs = 300;
        const ControlAnswer t = makeControlChannel(kind, quiet)->exchange(q);
        QCOMPARE(t.status, 0);
        QCOMPARE(t.transportError, ErrorClass::Timeout);
        QCOMPARE(t.errorText, QStringLiteral("timeout: no response within 300 ms"));
    }
}

QTEST_GUILESS_MAIN(TestControlChannel)
#include "tst_controlchannel.moc"
