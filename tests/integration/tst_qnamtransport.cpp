// The "qnam" load transport against the loopback delay server (a test about the client).
#include "baoserver.h"
#include "delayserver.h"
#include "http/qnamtransport.h"
#include "util/clock.h"

#include <QElapsedTimer>
#include <QTemporaryFile>
#include <QTest>

#include <functional>

using namespace vw;
using vw::test::DelayServer;

namespace {

struct Outcome {
    bool done = false;
    HttpResult result;
};

std::unique_ptr<Transport> makeTransport(const QString &address, int maxConcurrency,
                                         qint64 timeoutMs = 5000)
{
    TransportConfig c;
    c.baseUrl = QUrl(address);
    c.token = QByteArrayLiteral("transport-test-token");
    c.vaultNamespace = QByteArrayLiteral("ns1/");
    c.requestTimeoutMs = timeoutMs;
    c.maxConcurrency = maxConcurrency;
    QString error;
    auto t = createTransport(QStringLiteral("qnam"), c, &error);
    if (!t)
        qWarning("createTransport: %s", qPrintable(error));
    return t;
}

} // namespace

class TestQnamTransport : public QObject {
    Q_OBJECT
private slots:
    void roundTrip();
    void customVerbAndBody();
    void connectionRefused();
    void reconnectsToARefusingServerBackOff();
    void timeout();
    void concurrentSendsAreAllInFlight();
    void abortAll();
    void unknownKindAndBadCaFile();
};

void TestQnamTransport::roundTrip()
{
    DelayServer server(50);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(server.address(), 1);
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
    QVERIFY2(head.startsWith("GET /v1/sys/health HTTP/1.1"), head.constData());
    QVERIFY(head.contains("X-Vault-Token: transport-test-token"));
    QVERIFY(head.contains("X-Vault-Namespace: ns1/"));
}

void TestQnamTransport::customVerbAndBody()
{
    DelayServer server(10);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(server.address(), 1);
    QVERIFY(t);
    Outcome list, post;
    t->send({"LIST", "/v1/secret/metadata/", {}}, [&](HttpResult &&r) {
        list.result = std::move(r);
        list.done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(list.done, 5000);
    QCOMPARE(list.result.status, 200);
    QVERIFY(server.lastRequestHead().startsWith("LIST /v1/secret/metadata/ HTTP/1.1"));

    const QByteArray body = R"({"data":{"v":"x"}})";
    t->send({"POST", "/v1/secret/data/k1", body}, [&](HttpResult &&r) {
        post.result = std::move(r);
        post.done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(post.done, 5000);
    QCOMPARE(post.result.status, 200);
    const QByteArray head = server.lastRequestHead();
    QVERIFY(head.startsWith("POST /v1/secret/data/k1 HTTP/1.1"));
    QVERIFY(head.contains("Content-Length: " + QByteArray::number(body.size())));
    QVERIFY(head.contains("Content-Type: application/json"));
    QVERIFY(head.contains("X-Vault-Token: transport-test-token"));
    QCOMPARE(server.requestCount(), 2);
    QCOMPARE(server.connectionCount(), 1); // keep-alive: one connection for both

    // A request's own token (a VU's) replaces the transport's.
    HttpRequest own{"GET", "/v1/auth/token/lookup-self", {}};
    own.token = QByteArrayLiteral("vu-own-token");
    Outcome mine;
    t->send(own, [&](HttpResult &&r) {
        mine.result = std::move(r);
        mine.done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(mine.done, 5000);
    QVERIFY(server.lastRequestHead().contains("X-Vault-Token: vu-own-token"));
    QCOMPARE(server.lastRequestHead().count("X-Vault-Token"), 1);
}

void TestQnamTransport::connectionRefused()
{
    const int port = vw::test::freeLoopbackPort();
    QVERIFY(port > 0);
    auto t = makeTransport(QStringLiteral("http://127.0.0.1:%1").arg(port), 1);
    QVERIFY(t);
    Outcome o;
    t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
        o.result = std::move(r);
        o.done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(o.done, 5000);
    QCOMPARE(o.result.status, 0);
    QCOMPARE(o.result.transportError, ErrorClass::Connection);
    QVERIFY(!o.result.errorText.isEmpty());
}

void TestQnamTransport::reconnectsToARefusingServerBackOff()
{
    // One VU in a closed loop against a closed port for 1 s: each connect failure is handed
    // over after 1, 2, 4 ... 100 ms, so about 17 attempts instead of thousands.
    const int port = vw::test::freeLoopbackPort();
    QVERIFY(port > 0);
    auto t = makeTransport(QStringLiteral("http://127.0.0.1:%1").arg(port), 1);
    QVERIFY(t);
    int completed = 0, connectionErrors = 0;
    qint64 maxErrorLatencyNs = 0;
    std::function<void()> next;
    next = [&] {
        t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
            ++completed;
            if (r.transportError == ErrorClass::Connection)
                ++connectionErrors;
            maxErrorLatencyNs = std::max(maxErrorLatencyNs, r.doneNs - r.sentNs);
            next();
        });
    };
    next();
    QTest::qWait(1000);
    QVERIFY(t->inFlight() >= 1); // a held failure counts as in flight
    next = [] {};
    QTRY_COMPARE_WITH_TIMEOUT(t->inFlight(), 0, 2000);
    QCOMPARE(connectionErrors, completed);
    QVERIFY2(completed >= 5 && completed <= 40, qPrintable(QString::number(completed)));
    QVERIFY(static_cast<QnamTransport *>(t.get())->failedConnects() >= 5);
    // the failure's time is when it happened, not when it was handed over after the wait
    QVERIFY2(maxErrorLatencyNs < 90'000'000LL, qPrintable(QString::number(maxErrorLatencyNs)));
}

void TestQnamTransport::timeout()
{
    DelayServer server(3000);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(server.address(), 1, 300);
    QVERIFY(t);
    Outcome o;
    t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
        o.result = std::move(r);
        o.done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(o.done, 5000);
    QCOMPARE(o.result.status, 0);
    QCOMPARE(o.result.transportError, ErrorClass::Timeout);
    const qint64 ms = (o.result.doneNs - o.result.sentNs) / 1'000'000;
    QVERIFY2(ms >= 250 && ms < 2500, qPrintable(QString::number(ms)));
}

void TestQnamTransport::concurrentSendsAreAllInFlight()
{
    constexpr int kN = 20;
    DelayServer server(400);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(server.address(), kN);
    QVERIFY(t);
    QCOMPARE(static_cast<QnamTransport *>(t.get())->managerCount(), 4); // ceil(20 / 6)

    int done = 0, ok = 0;
    for (int i = 0; i < kN; ++i) {
        t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) {
            ++done;
            if (r.status == 200)
                ++ok;
        });
    }
    QCOMPARE(t->inFlight(), kN);
    QTRY_VERIFY_WITH_TIMEOUT(done == kN, 10000);
    QCOMPARE(ok, kN);
    // Server-side: all 20 were held at once, so none waited in Qt's 6-per-host queue.
    QCOMPARE(server.peakHolding(), kN);
    QVERIFY(server.peakHolding() > QnamTransport::kConnectionsPerManager);
    QCOMPARE(server.connectionCount(), kN);
}

void TestQnamTransport::abortAll()
{
    DelayServer server(5000);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    auto t = makeTransport(server.address(), 3);
    QVERIFY(t);
    QList<HttpResult> results;
    for (int i = 0; i < 3; ++i)
        t->send({"GET", "/v1/sys/health", {}}, [&](HttpResult &&r) { results.append(r); });
    QTRY_COMPARE_WITH_TIMEOUT(server.holding(), 3, 5000);
    QElapsedTimer timer;
    timer.start();
    t->abortAll();
    QTRY_COMPARE_WITH_TIMEOUT(results.size(), 3, 2000);
    QVERIFY(timer.elapsed() < 2000);
    QCOMPARE(t->inFlight(), 0);
    for (const HttpResult &r : results) {
        QCOMPARE(r.transportError, ErrorClass::Connection);
        QCOMPARE(r.errorText, QStringLiteral("aborted"));
    }
}

void TestQnamTransport::unknownKindAndBadCaFile()
{
    TransportConfig c;
    c.baseUrl = QUrl(QStringLiteral("https://127.0.0.1:8200"));
    QString error;
    QVERIFY(!createTransport(QStringLiteral("carrier-pigeon"), c, &error));
    QVERIFY(error.contains(QStringLiteral("carrier-pigeon")));
    QVERIFY(transportKinds().contains(QStringLiteral("qnam")));

    QTemporaryFile empty;
    QVERIFY(empty.open());
    c.caFile = empty.fileName();
    error.clear();
    QVERIFY(!createTransport(QStringLiteral("qnam"), c, &error));
    QVERIFY2(error.contains(QStringLiteral("CA file")), qPrintable(error));

    c.caFile.clear();
    c.baseUrl = QUrl(QStringLiteral("ftp://127.0.0.1"));
    error.clear();
    QVERIFY(!createTransport(QStringLiteral("qnam"), c, &error));
    QVERIFY(!error.isEmpty());
}

QTEST_GUILESS_MAIN(TestQnamTransport)
#include "tst_qnamtransport.moc"
