// The arrival-rate schedule (core/engine/executors/arrivalrateplan.h) against a slow exact
// reference (k6 TestCompareCalImplementation / calRat style): offsets built by a running
// rational sum (Bresenham: whole period plus a carried remainder, no multiplication), and
// due counts by a linear scan of those offsets.
#include "engine/executors/arrivalrateplan.h"

#include <QTest>
#include <vector>

using namespace vw;

namespace {

/// Exact offsets of starts 0..n-1 for a rate of `rateMilli` milli-starts per second:
/// offset(i) = floor(i * 10^12 / rateMilli), accumulated as q + r/rateMilli per step.
std::vector<int64_t> referenceOffsets(int64_t rateMilli, int64_t n)
{
    const int64_t numerator = 1'000'000'000'000LL; // ns per s * milli
    const int64_t q = numerator / rateMilli;
    const int64_t r = numerator % rateMilli;
    std::vector<int64_t> out;
    out.reserve(size_t(n));
    int64_t whole = 0, carried = 0;
    for (int64_t i = 0; i < n; ++i) {
        out.push_back(whole);
        whole += q;
        carried += r;
        if (carried >= rateMilli) {
            whole += 1;
            carried -= rateMilli;
        }
    }
    return out;
}

int64_t referenceDueBy(const std::vector<int64_t> &offsets, int64_t elapsedNs)
{
    int64_t n = 0;
    for (int64_t o : offsets)
        if (o <= elapsedNs)
            ++n;
    return n;
}

} // namespace

class TestArrivalRatePlan : public QObject {
    Q_OBJECT
private slots:
    void workedExample();
    void matchesExactReference_data();
    void matchesExactReference();
    void roundsRateToThreeDecimals();
    void longRunsDoNotOverflow();
};

void TestArrivalRatePlan::workedExample()
{
    // The example in arrivalrateplan.h.
    const ArrivalRatePlan p(3);
    QCOMPARE(p.offsetNs(0), 0);
    QCOMPARE(p.offsetNs(1), 333333333);
    QCOMPARE(p.offsetNs(2), 666666666);
    QCOMPARE(p.offsetNs(3), 1000000000);
    QCOMPARE(p.dueBy(-1), 0);
    QCOMPARE(p.dueBy(0), 1);
    QCOMPARE(p.dueBy(333333332), 1);
    QCOMPARE(p.dueBy(333333333), 2);
    QCOMPARE(p.startsWithin(1'000'000'000), 3);
    QCOMPARE(p.startsWithin(1'000'000'001), 4);
}

void TestArrivalRatePlan::matchesExactReference_data()
{
    QTest::addColumn<double>("rate");
    QTest::addColumn<int>("starts");
    QTest::addRow("0.001/s") << 0.001 << 50;
    QTest::addRow("0.5/s") << 0.5 << 200;
    QTest::addRow("1/s") << 1.0 << 500;
    QTest::addRow("3/s") << 3.0 << 3000;
    QTest::addRow("7.5/s") << 7.5 << 3000;
    QTest::addRow("333.333/s") << 333.333 << 20000;
    QTest::addRow("800/s") << 800.0 << 20000;
    QTest::addRow("999.999/s") << 999.999 << 20000;
    QTest::addRow("12345.678/s") << 12345.678 << 50000;
    QTest::addRow("1000000/s") << 1000000.0 << 50000;
}

void TestArrivalRatePlan::matchesExactReference()
{
    QFETCH(double, rate);
    QFETCH(int, starts);
    const ArrivalRatePlan p(rate);
    QCOMPARE(p.rateMilli(), qint64(std::llround(rate * 1000)));
    const std::vector<int64_t> ref = referenceOffsets(p.rateMilli(), starts);
    for (int i = 0; i < starts; ++i)
        QCOMPARE(p.offsetNs(i), ref[size_t(i)]);
    // Due counts exactly at, just before and just after sampled offsets, and between them.
    for (int i = 0; i < starts; i += std::max(1, starts / 97)) {
        for (int64_t e : {ref[size_t(i)] - 1, ref[size_t(i)], ref[size_t(i)] + 1}) {
            if (e >= ref.back())
                continue; // the reference only knows `starts` offsets
            QCOMPARE(p.dueBy(e), referenceDueBy(ref, e));
        }
    }
    // startsWithin(d) counts offsets < d.
    for (int64_t d : {int64_t(1), ref[size_t(starts / 2)], ref[size_t(starts / 2)] + 1, ref.back()})
        QCOMPARE(p.startsWithin(d), referenceDueBy(ref, d - 1));
}

void TestArrivalRatePlan::roundsRateToThreeDecimals()
{
    QCOMPARE(ArrivalRatePlan(0.0004).rateMilli(), qint64(1)); // never 0 starts per second
    QCOMPARE(ArrivalRatePlan(1.2345).rateMilli(), qint64(1235));
    QCOMPARE(ArrivalRatePlan(100).startsWithin(10'000'000'000LL), qint64(1000));
}

void TestArrivalRatePlan::longRunsDoNotOverflow()
{
    // One hour at a million starts per second: 3.6e9 starts; i * 10^12 needs 128 bits.
    const ArrivalRatePlan p(1000000);
    const int64_t hourNs = 3600LL * 1'000'000'000LL;
    QCOMPARE(p.startsWithin(hourNs), 3'600'000'000LL);
    QCOMPARE(p.offsetNs(3'599'999'999LL), hourNs - 1000);
    QCOMPARE(p.dueBy(hourNs - 1), 3'600'000'000LL);
    const ArrivalRatePlan slow(0.001);
    QCOMPARE(slow.offsetNs(1), 1000LL * 1'000'000'000LL); // one start per 1000 s
}

QTEST_GUILESS_MAIN(TestArrivalRatePlan)
#include "tst_arrivalrateplan.moc"
