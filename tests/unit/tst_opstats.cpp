// errorKey(), OpStats counting/merge/JSON and the millisecond latency summary.
#include "stats/opstats.h"

#include <QJsonDocument>
#include <QTest>

using namespace vw;

class TestOpStats : public QObject {
    Q_OBJECT
private slots:
    void errorKeys();
    void recordAndRatios();
    void addMerges();
    void jsonRoundTrip();
    void fromJsonRejectsInconsistentCounts();
    void latencySummaryInMs();
};

void TestOpStats::errorKeys()
{
    QCOMPARE(errorKey(ErrorClass::None), QString());
    QCOMPARE(errorKey(ErrorClass::HttpStatus, 503), QStringLiteral("http_503"));
    QCOMPARE(errorKey(ErrorClass::HttpStatus, 429), QStringLiteral("http_429"));
    QCOMPARE(errorKey(ErrorClass::Timeout), QStringLiteral("timeout"));
    QCOMPARE(errorKey(ErrorClass::Connection), QStringLiteral("connection"));
    QCOMPARE(errorKey(ErrorClass::Tls), QStringLiteral("tls"));
    QCOMPARE(errorKey(ErrorClass::InvalidResponse), QStringLiteral("invalid_response"));
}

void TestOpStats::recordAndRatios()
{
    OpStats s;
    s.op = QStringLiteral("kv2_read");
    QCOMPARE(s.errorRatio(), 0.0);
    for (int i = 1; i <= 8; ++i)
        s.recordOk(i * 1000);
    s.recordError(QStringLiteral("http_503"));
    s.recordError(QStringLiteral("timeout"));
    QCOMPARE(s.count, int64_t(10));
    QCOMPARE(s.ok, int64_t(8));
    QCOMPARE(s.errorCount(), int64_t(2));
    QCOMPARE(s.errorRatio(), 0.2);
    QCOMPARE(s.errors.value(QStringLiteral("http_503")), int64_t(1));
    QCOMPARE(s.latency.count(), int64_t(8)); // errors do not enter the latency histogram
    QCOMPARE(s.latency.maxUs(), int64_t(8000));
}

void TestOpStats::addMerges()
{
    OpStats a, b;
    a.op = b.op = QStringLiteral("ssh_sign");
    a.recordOk(1500);
    a.recordError(QStringLiteral("timeout"));
    b.recordOk(2500);
    b.recordOk(900);
    b.recordError(QStringLiteral("timeout"));
    b.recordError(QStringLiteral("connection"));
    a.add(b);
    QCOMPARE(a.count, int64_t(6));
    QCOMPARE(a.ok, int64_t(3));
    QCOMPARE(a.errors.value(QStringLiteral("timeout")), int64_t(2));
    QCOMPARE(a.errors.value(QStringLiteral("connection")), int64_t(1));
    QCOMPARE(a.latency.count(), int64_t(3));
    QCOMPARE(a.latency.minUs(), int64_t(900));
    QCOMPARE(a.latency.maxUs(), int64_t(2500));

    OpStats empty; // merging into a default OpStats takes the op name
    empty.add(a);
    QCOMPARE(empty.op, QStringLiteral("ssh_sign"));
    QCOMPARE(empty.count, int64_t(6));
}

void TestOpStats::jsonRoundTrip()
{
    OpStats s;
    s.op = QStringLiteral("kv2_write");
    for (int i = 0; i < 1000; ++i)
        s.recordOk(200 + i * 37);
    s.recordError(QStringLiteral("http_500"));
    const QJsonObject o = s.toJson(true);
    QCOMPARE(o.value(QStringLiteral("op")).toString(), s.op);
    QCOMPARE(o.value(QStringLiteral("errors")).toObject().value(QStringLiteral("http_500")).toInt(),
             1);
    QVERIFY(o.value(QStringLiteral("latency_ms")).isObject());
    QVERIFY(!s.toJson(false).contains(QStringLiteral("histogram")));

    const QJsonObject reread =
        QJsonDocument::fromJson(QJsonDocument(o).toJson(QJsonDocument::Compact)).object();
    OpStats back;
    QString error;
    QVERIFY2(OpStats::fromJson(reread, &back, &error), qPrintable(error));
    QCOMPARE(back.op, s.op);
    QCOMPARE(back.count, s.count);
    QCOMPARE(back.ok, s.ok);
    QCOMPARE(back.errors, s.errors);
    QVERIFY(back.latency == s.latency);
}

void TestOpStats::fromJsonRejectsInconsistentCounts()
{
    OpStats s;
    s.op = QStringLiteral("sys_health");
    s.recordOk(100);
    s.recordError(QStringLiteral("tls"));
    OpStats out;
    QString error;
    QJsonObject bad = s.toJson(true);
    bad[QStringLiteral("count")] = 5; // errors no longer add up
    QVERIFY(!OpStats::fromJson(bad, &out, &error));
    QVERIFY(!error.isEmpty());
    bad = s.toJson(true);
    bad[QStringLiteral("ok")] = 3; // ok > count
    QVERIFY(!OpStats::fromJson(bad, &out, &error));
    bad = s.toJson(true);
    bad.remove(QStringLiteral("op"));
    QVERIFY(!OpStats::fromJson(bad, &out, &error));
}

void TestOpStats::latencySummaryInMs()
{
    LatencyHistogram h;
    for (int64_t us = 1; us <= 1000; ++us)
        h.record(us); // exact below 2048 us
    h.record(1234567); // 1234.567 ms, max is exact
    const QJsonObject m = latencySummaryMs(h);
    QCOMPARE(m.value(QStringLiteral("p50")).toDouble(), 0.501); // rank ceil(500.5) = 501
    QCOMPARE(m.value(QStringLiteral("p90")).toDouble(), 0.901);
    QCOMPARE(m.value(QStringLiteral("p95")).toDouble(), 0.951);
    QCOMPARE(m.value(QStringLiteral("p99")).toDouble(), 0.991);
    QCOMPARE(m.value(QStringLiteral("p999")).toDouble(), 1.0);
    QCOMPARE(m.value(QStringLiteral("max")).toDouble(), 1234.567);
    // mean = (500500 + 1234567) / 1001 us = 1733.333 us -> 1.733 ms (3 decimals)
    QCOMPARE(m.value(QStringLiteral("mean")).toDouble(), 1.733);
    const QJsonObject empty = latencySummaryMs(LatencyHistogram());
    // No success, no latency: null, never 0 (issue 9).
    QCOMPARE(empty.size(), 7);
    for (const char *k : {"mean", "p50", "p90", "p95", "p99", "p999", "max"})
        QVERIFY2(empty.value(QLatin1String(k)).isNull(), k);
    QCOMPARE(latencyCellMs(LatencyHistogram(), 99, 3), QStringLiteral("-"));
    QCOMPARE(latencyCellMs(LatencyHistogram(), 99, 3, QString()), QString());
    LatencyHistogram one;
    one.record(1500);
    QCOMPARE(latencyCellMs(one, 99, 3), QStringLiteral("1.500"));
    QCOMPARE(latencyCellMs(one, kMeanLatency, 2), QStringLiteral("1.50"));
    QCOMPARE(latencyCellMs(one, kMaxLatency, 3), QStringLiteral("1.500"));
}

QTEST_GUILESS_MAIN(TestOpStats)
#include "tst_opstats.moc"
