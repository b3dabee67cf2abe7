// The "direct" load transport against the loopback delay server (a test about the client):
// keep-alive round trips, headers, verbs and bodies, chunked bodies, server closes and the
// retry on a reused connection, refused, timeout, TLS with a throw-away CA, concurrency.
#include "baoserver.h"
#include "delayserver.h"
#include "http/directtransport.h"
#include "ops/keyedpath.h"
#include "tlstestca.h"
#include "util/clock.h"

#include <QEventLoop>
#include <QTimer>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <functional>

using namespace vw;
using vw::test::DelayServer;
using vw::test::TlsTestCa;

namespace {

struct Outcome {
    bool done = false;
    HttpResult result;
};

TransportConfig config(const QString &address, int maxConcurrency, qint64 timeoutMs = 5000)
{
    TransportConfig c;
    c.baseUrl = QUrl(address);
    c.token = QByteArrayLiteral("transport-test-token");
    c.vaultNamespace = QByteArrayLiteral("ns1/");
    c.requestTimeoutMs = timeoutMs;
    c.maxConcurrency = maxConcurrency;
    return c;
}

std::unique_ptr<DirectTransport> makeTransport(const TransportConfig &c)
{
    QString error;
    std::unique_ptr<Transport> t = createTransport(QStringLiteral("direct"), c, &error);
    if (!t)
        qWarning("createTransport: %s", qPrintable(error));
    return std::unique_ptr<DirectTransport>(static_cast<DirectTransport *>(t.release()));
}

/// Sends `request` and waits for its completion (<= 5 s).
HttpResult roundTrip(Transport &t, const HttpRequest &request)
{
    Outcome o;
    QEventLoop loop;
    t.send(request, [&](HttpResult &&r) {
        o.result = std::move(r);
        o.done = true;
        loop.quit();
    });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    loop.exec();
    if (!o.done)
        o.result.errorText = QStringLiteral("test: no completion within 5 s");
    return o.result;
}

/// Writes the CA certificate (no key) to a temporary file; returns its path.
QString writeCaFile(const TlsTestCa &ca, QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("ca.pem"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(ca.caCertificatePem());
    return path;
}

} // namespace

class TestDirectTransport : public QObject {
    Q_OBJECT
private slots:
    void registered();
    void roundTripKeepsTheConnection();
    void requestPathIsReleasedBeforeTheCompletion();
    void verbsHeadersAndBody();
    void chunkedBodyIsReassembled();
    void connectionCloseAfterEachResponse();
    void serverClosesAfterNRequests();
    void reusedConnectionClosedByServerIsRetriedOnce();
    void connectionRefused();
    void reconnectsToARefusingServerBackOff();
    void timeout();
    void concurrentSendsAreAllInFlight();
    void abortAll();
    void tlsWithTheCaFile();
    void tlsWithoutTheCaIsRefused();
    void tlsSessionIsResumedOnReconnect();
    void tlsClientCertificate();
};

void TestDirectTransport::registered()
{
    QVERIFY(transportKinds().contains(QStringLiteral("direct")));
    TransportConfig c = config(QStringLiteral("ftp://127.0.0.1"), 1);
    QString error;
    QVERIFY(!createTransport(QStringLiteral("direct"), c, &error));
    QVERIFY(!error.isEmpty());

    QTemporaryFile empty;
    QVERIFY(empty.open());
    c = config(QStringLiteral("https://127.0.0.1:8200"), 1);
    c.caFile = empty.fileName();
    error.clear();
    QVERIFY(!createTransport(QStringLiteral("direct"), c, &error));
    QVERIFY2(error.contains(QStringLiteral("CA file")), qPrintable(error));
}

void TestDirectTransport::roundTripKeepsTheConnection()
{
    DelayServer server(50);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(config(server.address(), 1));
    QVERIFY(t);

    Outcome o;
    bool insideSend = true;
    bool calledInsideSend = false;
    const qint64 before = steadyNowNs();
    t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
        calledInsideSend = insideSend;
        o.result = std::move(r);
        o.done = true;
    });
    insideSend = false;
    QCOMPARE(t->inFlight(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(o.done, 5000);
    QVERIFY(!calledInsideSend);
    QCOMPARE(t->inFlight(), 0);
    QCOMPARE(o.result.status, 200);
    QCOMPARE(o.result.transportError, ErrorClass::None);
    QVERIFY(o.result.body.contains("\"initialized\":true"));
    QVERIFY(o.result.sentNs >= before);
    QVERIFY2(o.result.doneNs - o.result.sentNs >= 50'000'000LL, "latency below the server delay");
    const QByteArray head = server.lastRequestHead();
    QVERIFY2(head.startsWith("GET /v1/sys/health HTTP/1.1\r\n"), head.constData());
    QVERIFY(head.contains("\r\nHost: 127.0.0.1:" + QByteArray::number(server.port())));
    QVERIFY(head.contains("\r\nX-Vault-Token: transport-test-token"));
    QVERIFY(head.contains("\r\nX-Vault-Namespace: ns1/"));

    // Keep-alive: ten more requests, still one connection.
    server.setDelayMs(0);
    for (int i = 0; i < 10; ++i)
        QCOMPARE(roundTrip(*t, {"GET", "/v1/sys/health", {}}).status, 200);
    QCOMPARE(server.connectionCount(), 1);
    QCOMPARE(t->socketsOpened(), 1);
    QCOMPARE(server.requestCount(), 11);
}

void TestDirectTransport::requestPathIsReleasedBeforeTheCompletion()
{
    // A VU builds its next request in its completion, as Worker::onDone does: the transport
    // has let go of the previous path by then, so keyedPath() rewrites the VU's buffer in
    // place (no allocation per request: core/ops/keyedpath.h).
    DelayServer server(0);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(config(server.address(), 1));
    QVERIFY(t);
    VuState vu;
    const QByteArray prefix = QByteArrayLiteral("/v1/sys/health?key=");
    keyedPath(vu, prefix, 99999); // the longest path of this test
    const char *buffer = vu.path.constData();
    for (uint64_t k : {1u, 20u, 300u, 99999u, 5u}) {
        Outcome o;
        const char *nextBuffer = nullptr;
        QEventLoop loop;
        {
            const HttpRequest request{"GET", keyedPath(vu, prefix, k), {}};
            t->send(request, [&](HttpResult &&r) {
                nextBuffer = keyedPath(vu, prefix, k + 1).constData();
                o.result = std::move(r);
                o.done = true;
                loop.quit();
            });
        } // the caller's copy ends here, as Worker::launch's does
        QTimer::singleShot(5000, &loop, &QEventLoop::quit);
        loop.exec();
        QVERIFY(o.done);
        QCOMPARE(o.result.status, 200);
        QVERIFY2(server.lastRequestHead().startsWith(
                     "GET " + prefix + QByteArray::number(qulonglong(k)) + " HTTP/1.1\r\n"),
                 server.lastRequestHead().constData());
        QCOMPARE(nextBuffer, buffer);
    }
}

void TestDirectTransport::verbsHeadersAndBody()
{
    DelayServer server(0);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(config(server.address(), 1));
    QVERIFY(t);

    HttpResult list = roundTrip(*t, {"LIST", "/v1/secret/metadata/", {}});
    QCOMPARE(list.status, 200);
    QVERIFY(server.lastRequestHead().startsWith("LIST /v1/secret/metadata/ HTTP/1.1\r\n"));
    QVERIFY(!server.lastRequestHead().contains("Content-Length"));

    const QByteArray body = R"({"data":{"v":"x"}})";
    HttpResult post = roundTrip(*t, {"POST", "/v1/secret/data/k1", body});
    QCOMPARE(post.status, 200);
    const QByteArray head = server.lastRequestHead();
    QVERIFY(head.startsWith("POST /v1/secret/data/k1 HTTP/1.1\r\n"));
    QVERIFY(head.contains("\r\nContent-Length: " + QByteArray::number(body.size())));
    QVERIFY(head.contains("\r\nContent-Type: application/json"));

    // An empty POST still says Content-Length: 0; the next request parses cleanly after it.
    QCOMPARE(roundTrip(*t, {"PUT", "/v1/sys/x", {}}).status, 200);
    QVERIFY(server.lastRequestHead().contains("\r\nContent-Length: 0"));
    QCOMPARE(roundTrip(*t, {"DELETE", "/v1/secret/data/k1", {}}).status, 200);
    QVERIFY(server.lastRequestHead().startsWith("DELETE /v1/secret/data/k1 HTTP/1.1\r\n"));
    QVERIFY(server.lastRequestHead().contains("\r\nX-Vault-Token: transport-test-token\r\n"));

    // A request's own token (a VU's, core/ops/operation.h VuState::token) replaces the
    // transport's: one X-Vault-Token header, the request's.
    HttpRequest own{"GET", "/v1/auth/token/lookup-self", {}};
    own.token = QByteArrayLiteral("vu-own-token");
    QCOMPARE(roundTrip(*t, own).status, 200);
    QVERIFY(server.lastRequestHead().contains("\r\nX-Vault-Token: vu-own-token\r\n"));
    QCOMPARE(server.lastRequestHead().count("X-Vault-Token"), 1);
    QCOMPARE(server.requestCount(), 5);
    QCOMPARE(server.connectionCount(), 1);
    QVERIFY(!server.lastRequestHead().contains("transport-test-token"));

    // Without token and namespace, neither header is sent.
    TransportConfig bare = config(server.address(), 1);
    bare.token.clear();
    bare.vaultNamespace.clear();
    auto t2 = makeTransport(bare);
    QCOMPARE(roundTrip(*t2, {"GET", "/v1/sys/health", {}}).status, 200);
    QVERIFY(!server.lastRequestHead().contains("X-Vault-Token"));
    QVERIFY(!server.lastRequestHead().contains("X-Vault-Namespace"));
}

void TestDirectTransport::chunkedBodyIsReassembled()
{
    DelayServer server(0);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    server.setChunked(true);
    server.setBodyPadding(150'000); // 151 chunks over many reads
    auto t = makeTransport(config(server.address(), 1));
    QVERIFY(t);
    for (int i = 0; i < 3; ++i) {
        const HttpResult r = roundTrip(*t, {"GET", "/v1/sys/health", {}});
        QCOMPARE(r.transportError, ErrorClass::None);
        QCOMPARE(r.status, 200);
        QVERIFY(r.body.startsWith(R"({"initialized":true,)"));
        QVERIFY(r.body.endsWith("xx\"}"));
        QVERIFY2(!r.body.contains("\r\n"), "chunk framing leaked into the body");
        QCOMPARE(r.body.count('x'), 150'000);
    }
    QCOMPARE(server.connectionCount(), 1); // chunked bodies end cleanly: keep-alive holds

    server.setBodyPadding(0);
    const HttpResult small = roundTrip(*t, {"GET", "/v1/sys/health", {}});
    QCOMPARE(small.status, 200);
    QCOMPARE(small.body,
             QByteArray(R"({"initialized":true,"sealed":false,"standby":false,"version":"test"})"));
}

void TestDirectTransport::connectionCloseAfterEachResponse()
{
    DelayServer server(0);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    server.setCloseAfter(1); // Connection: close on every response
    auto t = makeTransport(config(server.address(), 1));
    QVERIFY(t);
    for (int i = 0; i < 20; ++i) {
        const HttpResult r = roundTrip(*t, {"GET", "/v1/sys/health", {}});
        QVERIFY2(r.status == 200, qPrintable(r.errorText));
    }
    QCOMPARE(server.requestCount(), 20);
    QCOMPARE(server.connectionCount(), 20);
    QCOMPARE(t->socketsOpened(), 20);
    QCOMPARE(t->retries(), 0); // the client saw Connection: close and did not reuse
}

void TestDirectTransport::serverClosesAfterNRequests()
{
    DelayServer server(0);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    server.setCloseAfter(5);
    constexpr int kVus = 4;
    constexpr int kPerVu = 25;
    auto t = makeTransport(config(server.address(), kVus));
    QVERIFY(t);
    int ok = 0, done = 0;
    std::function<void(int)> loop = [&](int left) {
        t->send({"GET", "/v1/sys/health", {}}, [&, left](HttpResult &&r) {
            ++done;
            if (r.status == 200)
                ++ok;
            else
                qWarning("failed: %s", qPrintable(r.errorText));
            if (left > 1)
                loop(left - 1);
        });
    };
    for (int v = 0; v < kVus; ++v)
        loop(kPerVu);
    QTRY_COMPARE_WITH_TIMEOUT(done, kVus * kPerVu, 10000);
    QCOMPARE(ok, kVus * kPerVu);
    QCOMPARE(server.connectionCount(), kVus * kPerVu / 5);
}

void TestDirectTransport::reusedConnectionClosedByServerIsRetriedOnce()
{
    DelayServer server(0);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    server.setDropAfter(3); // the 4th request on a connection is read, then the server closes
    auto t = makeTransport(config(server.address(), 1));
    QVERIFY(t);
    for (int i = 0; i < 9; ++i) {
        const HttpResult r = roundTrip(*t, {"GET", "/v1/sys/health", {}});
        QVERIFY2(r.status == 200, qPrintable(r.errorText));
    }
    // Requests 4 and 7 hit a dropping connection and were retried on a new one.
    QCOMPARE(server.droppedRequests(), 2);
    QCOMPARE(t->retries(), 2);
    QCOMPARE(server.connectionCount(), 3);
    QCOMPARE(server.requestCount(), 11);

    // A server gone for good: the idle connection's close is seen, the next request opens a
    // new connection, which is refused: a Connection error, no retry loop.
    const int retriesBefore = t->retries();
    server.stop();
    QTest::qWait(100);
    const HttpResult gone = roundTrip(*t, {"GET", "/v1/sys/health", {}});
    QCOMPARE(gone.transportError, ErrorClass::Connection);
    QCOMPARE(t->retries(), retriesBefore);
}

void TestDirectTransport::connectionRefused()
{
    // A refused connect is one error, not a Qt warning per request (a dead server made
    // 400k lines of "bytesAvailable() was called in QAbstractSocket::UnconnectedState").
    QTest::failOnWarning(QRegularExpression(QStringLiteral("bytesAvailable|UnconnectedState")));
    const int port = vw::test::freeLoopbackPort();
    QVERIFY(port > 0);
    auto t = makeTransport(config(QStringLiteral("http://127.0.0.1:%1").arg(port), 1));
    QVERIFY(t);
    bool insideSend = true, calledInsideSend = false;
    Outcome o;
    t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
        calledInsideSend = insideSend;
        o.result = std::move(r);
        o.done = true;
    });
    insideSend = false;
    QTRY_VERIFY_WITH_TIMEOUT(o.done, 5000);
    QVERIFY(!calledInsideSend);
    QCOMPARE(o.result.status, 0);
    QCOMPARE(o.result.transportError, ErrorClass::Connection);
    QVERIFY(!o.result.errorText.isEmpty());
    QCOMPARE(t->inFlight(), 0);
    QCOMPARE(t->retries(), 0); // a fresh connection is never retried
}

void TestDirectTransport::reconnectsToARefusingServerBackOff()
{
    // One VU in a closed loop against a closed port for 1 s: without backoff thousands of
    // connects (35k/s were measured), with it 1, 2, 4 ... 100 ms between them (about 17).
    const int port = vw::test::freeLoopbackPort();
    QVERIFY(port > 0);
    auto t = makeTransport(config(QStringLiteral("http://127.0.0.1:%1").arg(port), 1));
    QVERIFY(t);
    int completed = 0, connectionErrors = 0;
    std::function<void()> next;
    next = [&] {
        t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
            ++completed;
            if (r.transportError == ErrorClass::Connection)
                ++connectionErrors;
            next();
        });
    };
    next();
    QTest::qWait(1000);
    next = [] {};
    QTRY_COMPARE_WITH_TIMEOUT(t->inFlight(), 0, 2000);
    QCOMPARE(connectionErrors, completed); // each attempt is its request's error
    QVERIFY2(completed >= 5 && completed <= 40, qPrintable(QString::number(completed)));
    QVERIFY(t->failedConnects() >= 5);
    QCOMPARE(t->socketsOpened(), completed);

    // The server comes back: the next connect (after the 100 ms wait) succeeds, the wait is
    // not in its latency, and the backoff is over.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, quint16(port)));
    connect(&server, &QTcpServer::newConnection, &server, [&server] {
        QTcpSocket *s = server.nextPendingConnection();
        connect(s, &QTcpSocket::readyRead, s, [s] {
            s->readAll();
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     "Content-Length: 2\r\n\r\n{}");
        });
    });
    const HttpResult ok = roundTrip(*t, {"GET", "/v1/sys/health", {}});
    QCOMPARE(ok.status, 200);
    QVERIFY2(ok.doneNs - ok.sentNs < 90'000'000LL,
             qPrintable(QString::number(ok.doneNs - ok.sentNs)));
    QCOMPARE(t->failedConnects(), 0);
}

void TestDirectTransport::timeout()
{
    DelayServer server(3000);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(config(server.address(), 1, 300));
    QVERIFY(t);
    const HttpResult r = roundTrip(*t, {"GET", "/v1/sys/health", {}});
    QCOMPARE(r.status, 0);
    QCOMPARE(r.transportError, ErrorClass::Timeout);
    const qint64 ms = (r.doneNs - r.sentNs) / 1'000'000;
    QVERIFY2(ms >= 300 && ms < 1000, qPrintable(QString::number(ms)));
    // The late answer is not taken for the next request's: a new connection serves it.
    server.setDelayMs(0);
    const HttpResult next = roundTrip(*t, {"GET", "/v1/sys/health", {}});
    QCOMPARE(next.status, 200);
    QCOMPARE(t->socketsOpened(), 2);
}

void TestDirectTransport::concurrentSendsAreAllInFlight()
{
    constexpr int kN = 64;
    DelayServer server(400);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(config(server.address(), kN));
    QVERIFY(t);
    int done = 0, ok = 0;
    for (int i = 0; i < kN; ++i) {
        t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
            ++done;
            if (r.status == 200)
                ++ok;
        });
    }
    QCOMPARE(t->inFlight(), kN);
    QCOMPARE(t->connectionCount(), kN);
    QTRY_VERIFY_WITH_TIMEOUT(done == kN, 10000);
    QCOMPARE(ok, kN);
    QCOMPARE(server.peakHolding(), kN); // server-side: all 64 held at once
    QCOMPARE(server.connectionCount(), kN);
    QCOMPARE(t->inFlight(), 0);
}

void TestDirectTransport::abortAll()
{
    DelayServer server(5000);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(config(server.address(), 3));
    QVERIFY(t);
    QList<HttpResult> results;
    for (int i = 0; i < 3; ++i)
        t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) { results.append(r); });
    QTRY_COMPARE_WITH_TIMEOUT(server.holding(), 3, 5000);
    t->abortAll();
    QCOMPARE(results.size(), 3);
    QCOMPARE(t->inFlight(), 0);
    for (const HttpResult &r : results) {
        QCOMPARE(r.transportError, ErrorClass::Connection);
        QCOMPARE(r.errorText, QStringLiteral("aborted"));
    }
}

void TestDirectTransport::tlsWithTheCaFile()
{
    TlsTestCa ca;
    QVERIFY(ca.isValid());
    const TlsTestCa::Issued leaf = ca.issue(QStringLiteral("127.0.0.1"), true);
    QVERIFY(!leaf.certificate.isNull() && !leaf.key.isNull());
    DelayServer server(0);
    server.setTls({leaf.certificate, ca.caCertificate()}, leaf.key);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY(server.address().startsWith(QStringLiteral("https://")));
    QTemporaryDir dir;
    TransportConfig c = config(server.address(), 1);
    c.caFile = writeCaFile(ca, dir);
    auto t = makeTransport(c);
    QVERIFY(t);
    server.setChunked(true);
    for (int i = 0; i < 5; ++i) {
        const HttpResult r = roundTrip(*t, {"GET", "/v1/sys/health", {}});
        QVERIFY2(r.status == 200, qPrintable(r.errorText));
        QVERIFY(r.body.contains("\"initialized\":true"));
    }
    QCOMPARE(server.connectionCount(), 1);
    QVERIFY(server.lastRequestHead().contains("\r\nX-Vault-Token: transport-test-token"));
}

void TestDirectTransport::tlsSessionIsResumedOnReconnect()
{
    // `openssl s_server -www` (Debian's openssl) answers each request with a close-delimited
    // HTTP/1.0 page and closes: every request opens a connection, and each handshake after
    // the first resumes the last session the server gave (core/http/tlsclientcontext.h).
    TlsTestCa ca;
    QVERIFY(ca.isValid());
    const TlsTestCa::Issued leaf = ca.issue(QStringLiteral("127.0.0.1"), true);
    QTemporaryDir dir;
    const QString certFile = dir.filePath(QStringLiteral("server.pem"));
    const QString keyFile = dir.filePath(QStringLiteral("server.key"));
    for (const auto &[file, bytes] :
         {std::pair{certFile, leaf.certificatePem}, std::pair{keyFile, leaf.keyPem}}) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    const int port = test::freeLoopbackPort();
    QProcess server;
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.setStandardOutputFile(QProcess::nullDevice());
    server.start(QStringLiteral("openssl"),
                 {QStringLiteral("s_server"), QStringLiteral("-accept"),
                  QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("-cert"), certFile,
                  QStringLiteral("-key"), keyFile, QStringLiteral("-www"),
                  QStringLiteral("-quiet")});
    QVERIFY2(server.waitForStarted(5000), "openssl s_server (Debian package openssl)");
    QTcpSocket probe;
    QTRY_VERIFY_WITH_TIMEOUT((probe.abort(),
                              probe.connectToHost(QStringLiteral("127.0.0.1"), quint16(port)),
                              probe.waitForConnected(100)),
                             5000);
    probe.abort();
    TransportConfig c = config(QStringLiteral("https://127.0.0.1:%1").arg(port), 1);
    c.caFile = writeCaFile(ca, dir);
    auto t = makeTransport(c);
    QVERIFY(t);
    for (int i = 0; i < 4; ++i) {
        const HttpResult r = roundTrip(*t, {"GET", "/", {}});
        QVERIFY2(r.status == 200, qPrintable(r.errorText));
        QVERIFY(r.body.contains("<HTML>") || r.body.contains("<html>"));
    }
    QCOMPARE(t->socketsOpened(), 4);
    QCOMPARE(t->tlsResumptions(), 3);
    server.kill();
    server.waitForFinished(5000);
}

void TestDirectTransport::tlsWithoutTheCaIsRefused()
{
    TlsTestCa ca;
    const TlsTestCa::Issued leaf = ca.issue(QStringLiteral("127.0.0.1"), true);
    DelayServer server(0);
    server.setTls({leaf.certificate, ca.caCertificate()}, leaf.key);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    auto t = makeTransport(config(server.address(), 1)); // system store: the CA is unknown
    QVERIFY(t);
    const HttpResult r = roundTrip(*t, {"GET", "/v1/sys/health", {}});
    QCOMPARE(r.status, 0);
    QCOMPARE(r.transportError, ErrorClass::Tls);
    QVERIFY(!r.errorText.isEmpty());
    QCOMPARE(server.requestCount(), 0);

    // Skip-verify accepts the same server.
    TransportConfig skip = config(server.address(), 1);
    skip.tlsSkipVerify = true;
    auto t2 = makeTransport(skip);
    QCOMPARE(roundTrip(*t2, {"GET", "/v1/sys/health", {}}).status, 200);

    // A CA file that does not hold the issuer is refused too.
    TlsTestCa other;
    QTemporaryDir dir;
    TransportConfig wrong = config(server.address(), 1);
    wrong.caFile = writeCaFile(other, dir);
    auto t3 = makeTransport(wrong);
    QCOMPARE(roundTrip(*t3, {"GET", "/v1/sys/health", {}}).transportError, ErrorClass::Tls);
}

void TestDirectTransport::tlsClientCertificate()
{
    TlsTestCa ca;
    const TlsTestCa::Issued leaf = ca.issue(QStringLiteral("127.0.0.1"), true);
    const TlsTestCa::Issued client = ca.issue(QStringLiteral("vw-client"), false);
    QVERIFY(!client.certificate.isNull() && !client.key.isNull());
    DelayServer server(0);
    server.setTls({leaf.certificate, ca.caCertificate()}, leaf.key, {ca.caCertificate()});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QTemporaryDir dir;
    TransportConfig c = config(server.address(), 1);
    c.caFile = writeCaFile(ca, dir);

    // Without a client certificate the server ends the handshake.
    auto anonymous = makeTransport(c);
    const HttpResult refused = roundTrip(*anonymous, {"GET", "/v1/sys/health", {}});
    QCOMPARE(refused.status, 0);
    QVERIFY2(refused.transportError == ErrorClass::Tls
                 || refused.transportError == ErrorClass::Connection,
             qPrintable(refused.errorText));
    QCOMPARE(server.requestCount(), 0);

    // With one (key written to the test's own temporary folder, removed with it).
    c.clientCertFile = dir.filePath(QStringLiteral("client.pem"));
    c.clientKeyFile = dir.filePath(QStringLiteral("client.key"));
    QFile cf(c.clientCertFile), kf(c.clientKeyFile);
    QVERIFY(cf.open(QIODevice::WriteOnly) && kf.open(QIODevice::WriteOnly));
    cf.write(client.certificatePem);
    kf.write(client.keyPem);
    cf.close();
    kf.close();
    auto mutual = makeTransport(c);
    QVERIFY(mutual);
    const HttpResult ok = roundTrip(*mutual, {"GET", "/v1/sys/health", {}});
    QVERIFY2(ok.status == 200, qPrintable(ok.errorText));
    QCOMPARE(server.requestCount(), 1);
}

QTEST_GUILESS_MAIN(TestDirectTransport)
#include "tst_directtransport.moc"
