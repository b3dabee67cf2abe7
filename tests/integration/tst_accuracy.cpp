// Timing accuracy of both load transports (docs/measurement.md, "Validity"): against the loopback
// delay server answering after a fixed 5 ms, a closed loop at 1 and 8 VUs measures p50
// within 3 % and p99 within 10 % of the true latency. The qnam transport misses that on a
// 2-core machine (its HTTP thread hop); its rows report an expected failure when it does.
//
// The true latency of a request is the time the server held it (request fully read ->
// response written, measured by the server itself; 5 ms plus its timer's lateness) plus the
// loopback round trip of a request that is not held. The second term is measured in the same
// test: the p50 of the direct transport against the same server at 0 ms delay with the same
// number of VUs (at N VUs a single-threaded server and client each serialise up to N
// answers, which a perfect client measures too; wrk's figure would be the better baseline but
// wrk is not available in CI).
// So: true p50 = p50(hold) + baseline, true p99 = p99(hold) + baseline.
// A loaded 2-core machine can stall any thread for a millisecond, so one measurement may be
// repeated twice before the test fails; every attempt is printed.
#include "delayserver.h"
#include "http/transport.h"

#include <QEventLoop>
#include <QMap>
#include <QTimer>
#include <QTest>
#include <algorithm>
#include <vector>

using namespace vw;
using vw::test::DelayServer;

namespace {

constexpr int kDelayMs = 5;
constexpr int kAttempts = 3;

double percentile(std::vector<qint64> v, double p) // nearest rank, in us
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t rank = size_t(std::ceil(p / 100.0 * double(v.size())));
    return double(v[std::clamp<size_t>(rank, 1, v.size()) - 1]) / 1000.0;
}

struct Measured {
    std::vector<qint64> clientNs; // doneNs - sentNs per request
    int failures = 0;
    QString firstError;
};

/// A closed loop of `vus` VUs, `perVu` requests each, on this thread's event loop (blocked in
/// epoll between events, as a worker thread is); VUs start staggered over one delay period
/// (as a ramp's VUs do), so their answers do not all land at once.
Measured closedLoop(Transport &t, int vus, int perVu, int staggerUs)
{
    Measured m;
    int finishedVus = 0;
    QEventLoop loop;
    std::function<void(int)> next = [&](int left) {
        t.send({"GET", "/v1/sys/health", {}}, [&, left](HttpResult &&r) {
            if (r.status == 200 && r.transportError == ErrorClass::None) {
                m.clientNs.push_back(r.doneNs - r.sentNs);
            } else {
                if (m.failures++ == 0)
                    m.firstError = r.errorText;
            }
            if (left > 1)
                next(left - 1);
            else if (++finishedVus == vus)
                loop.quit();
        });
    };
    for (int v = 0; v < vus; ++v) {
        const int offsetMs = v * staggerUs / 1000;
        if (offsetMs == 0)
            next(perVu);
        else
            QTimer::singleShot(offsetMs, Qt::PreciseTimer, &loop, [&] { next(perVu); });
    }
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    return m;
}

std::unique_ptr<Transport> makeTransport(const QString &kind, const QString &address, int vus)
{
    TransportConfig c;
    c.baseUrl = QUrl(address);
    c.token = QByteArrayLiteral("accuracy-test-token");
    c.requestTimeoutMs = 5000;
    c.maxConcurrency = vus;
    QString error;
    auto t = createTransport(kind, c, &error);
    if (!t)
        qWarning("createTransport(%s): %s", qPrintable(kind), qPrintable(error));
    return t;
}

} // namespace

class TestAccuracy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void percentilesMatchTheServer_data();
    void percentilesMatchTheServer();

private:
    DelayServer m_server{0};
    QMap<int, double> m_baselineUs; // VUs -> loopback round trip without a hold, direct
};

void TestAccuracy::initTestCase()
{
    QString error;
    QVERIFY2(m_server.start(&error), qPrintable(error));
    m_server.setDelayMs(0);
    for (int vus : {1, 8}) {
        auto t = makeTransport(QStringLiteral("direct"), m_server.address(), vus);
        QVERIFY(t);
        closedLoop(*t, vus, 50, 0); // warm-up: connections, caches
        const Measured m = closedLoop(*t, vus, 1000 / vus, 0);
        QCOMPARE(m.failures, 0);
        const double p50 = percentile(m.clientNs, 50);
        qInfo("baseline loopback round trip (direct, 0 ms, %d VU): p50 %.1f us, p99 %.1f us", vus,
              p50, percentile(m.clientNs, 99));
        // Tens to hundreds of microseconds; far more means the machine is overloaded and the
        // judgement below would be meaningless.
        QVERIFY2(p50 > 0 && p50 < 2000, qPrintable(QString::number(p50)));
        m_baselineUs.insert(vus, p50);
    }
}

void TestAccuracy::percentilesMatchTheServer_data()
{
    QTest::addColumn<QString>("transport");
    QTest::addColumn<int>("vus");
    QTest::addColumn<int>("perVu");
    for (const char *kind : {"direct", "qnam"}) {
        QTest::addRow("%s, 1 VU", kind) << QString::fromLatin1(kind) << 1 << 400;
        QTest::addRow("%s, 8 VUs", kind) << QString::fromLatin1(kind) << 8 << 150;
    }
}

void TestAccuracy::percentilesMatchTheServer()
{
    QFETCH(QString, transport);
    QFETCH(int, vus);
    QFETCH(int, perVu);
    QString verdict;
    for (int attempt = 1; attempt <= kAttempts; ++attempt) {
        auto t = makeTransport(transport, m_server.address(), vus);
        QVERIFY(t);
        m_server.setDelayMs(kDelayMs);
        closedLoop(*t, vus, 10, 0); // warm-up: connections open, first-use costs paid
        m_server.clearHoldSamples();
        const Measured m = closedLoop(*t, vus, perVu, kDelayMs * 1000 / vus);
        const std::vector<qint64> hold = m_server.holdSamplesNs();
        QCOMPARE(m.failures, 0);
        QCOMPARE(int(m.clientNs.size()), vus * perVu);
        QVERIFY(int(hold.size()) >= vus * perVu - vus);

        const double baseline = m_baselineUs.value(vus);
        const double trueP50 = percentile(hold, 50) + baseline;
        const double trueP99 = percentile(hold, 99) + baseline;
        const double p50 = percentile(m.clientNs, 50);
        const double p99 = percentile(m.clientNs, 99);
        const double err50 = (p50 - trueP50) / trueP50 * 100.0;
        const double err99 = (p99 - trueP99) / trueP99 * 100.0;
        verdict = QStringLiteral("%1 at %2 VU(s), attempt %3: p50 %4 us vs true %5 us (%6 %), "
                                 "p99 %7 us vs true %8 us (%9 %), %10 samples")
                      .arg(transport)
                      .arg(vus)
                      .arg(attempt)
                      .arg(p50, 0, 'f', 1)
                      .arg(trueP50, 0, 'f', 1)
                      .arg(err50, 0, 'f', 2)
                      .arg(p99, 0, 'f', 1)
                      .arg(trueP99, 0, 'f', 1)
                      .arg(err99, 0, 'f', 2)
                      .arg(m.clientNs.size());
        qInfo("%s", qPrintable(verdict));
        // Sanity: the server really held each request for the delay.
        QVERIFY(percentile(hold, 50) >= kDelayMs * 1000.0);
        if (std::abs(err50) <= 3.0 && std::abs(err99) <= 10.0)
            return;
    }
    // qnam's per-manager HTTP thread adds a thread hop (two wake-ups) to every round trip:
    // a known, documented inaccuracy (docs/performance.md) and the reason "direct" is the
    // default. It is measured and shown here, as an expected failure, not hidden.
    if (transport == QLatin1String("qnam"))
        QEXPECT_FAIL("", "qnam: known thread-hop overhead, see docs/performance.md", Continue);
    QVERIFY2(false, qPrintable(QStringLiteral("out of tolerance after %1 attempts; last: %2")
                                   .arg(kAttempts)
                                   .arg(verdict)));
}

QTEST_GUILESS_MAIN(TestAccuracy)
#include "tst_accuracy.moc"
