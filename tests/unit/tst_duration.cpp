// parseDurationMs / formatDurationMs: accepted forms, rejected forms, round trip.
#include "util/duration.h"

#include <QTest>

using namespace vw;

class TestDuration : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void format_data();
    void format();
    void roundTrip();
};

void TestDuration::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("500ms") << "500ms" << true << qint64(500);
    QTest::newRow("10s") << "10s" << true << qint64(10000);
    QTest::newRow("1.5s") << "1.5s" << true << qint64(1500);
    QTest::newRow("2m") << "2m" << true << qint64(120000);
    QTest::newRow("1h") << "1h" << true << qint64(3600000);
    QTest::newRow("1m30s") << "1m30s" << true << qint64(90000);
    QTest::newRow("1h2m3s4ms") << "1h2m3s4ms" << true << qint64(3723004);
    QTest::newRow("0.25m") << "0.25m" << true << qint64(15000);
    QTest::newRow(".5s") << ".5s" << true << qint64(500);
    QTest::newRow("0s") << "0s" << true << qint64(0);
    QTest::newRow("surrounding spaces") << "  10s " << true << qint64(10000);
    QTest::newRow("bare number") << "10" << false << qint64(0);
    QTest::newRow("bare zero") << "0" << false << qint64(0);
    QTest::newRow("negative") << "-5s" << false << qint64(0);
    QTest::newRow("plus sign") << "+5s" << false << qint64(0);
    QTest::newRow("garbage") << "ten s" << false << qint64(0);
    QTest::newRow("space inside") << "10 s" << false << qint64(0);
    QTest::newRow("unknown unit") << "10d" << false << qint64(0);
    QTest::newRow("micro unit") << "10us" << false << qint64(0);
    QTest::newRow("upper case") << "10S" << false << qint64(0);
    QTest::newRow("empty") << "" << false << qint64(0);
    QTest::newRow("unit only") << "s" << false << qint64(0);
    QTest::newRow("dot only") << ".s" << false << qint64(0);
    QTest::newRow("trailing number") << "1m30" << false << qint64(0);
    QTest::newRow("sub-millisecond") << "0.5ms" << false << qint64(0);
    QTest::newRow("overflow") << "99999999999999999999h" << false << qint64(0);
}

void TestDuration::parse()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(qint64, ms);
    const std::optional<qint64> got = parseDurationMs(text);
    QCOMPARE(got.has_value(), valid);
    if (valid)
        QCOMPARE(*got, ms);
}

void TestDuration::format_data()
{
    QTest::addColumn<qint64>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << qint64(0) << "0s";
    QTest::newRow("250") << qint64(250) << "250ms";
    QTest::newRow("1000") << qint64(1000) << "1s";
    QTest::newRow("1500") << qint64(1500) << "1.5s";
    QTest::newRow("10000") << qint64(10000) << "10s";
    QTest::newRow("90000") << qint64(90000) << "1m30s";
    QTest::newRow("120000") << qint64(120000) << "2m";
    QTest::newRow("3600000") << qint64(3600000) << "1h";
    QTest::newRow("3723004") << qint64(3723004) << "1h2m3.004s";
    QTest::newRow("5400000") << qint64(5400000) << "1h30m";
    QTest::newRow("negative") << qint64(-90000) << "-1m30s";
}

void TestDuration::format()
{
    QFETCH(qint64, ms);
    QFETCH(QString, text);
    QCOMPARE(formatDurationMs(ms), text);
}

void TestDuration::roundTrip()
{
    for (qint64 ms : {qint64(0), qint64(1), qint64(999), qint64(1001), qint64(59999), qint64(60001),
                      qint64(3599999), qint64(86400000), qint64(123456789)}) {
        const std::optional<qint64> back = parseDurationMs(formatDurationMs(ms));
        QVERIFY2(back.has_value(), qPrintable(formatDurationMs(ms)));
        QCOMPARE(*back, ms);
    }
}

QTEST_GUILESS_MAIN(TestDuration)
#include "tst_duration.moc"
