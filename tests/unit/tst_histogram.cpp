// LatencyHistogram: percentile accuracy against an exact sort, merge, JSON, clamping, empty.
#include "stats/latencyhistogram.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <random>

using vw::LatencyHistogram;

namespace {

std::vector<int64_t> makeSamples(const QString &dist, int n)
{
    std::mt19937_64 rng(20240611);
    std::vector<int64_t> out;
    out.reserve(n);
    if (dist == QLatin1String("uniform")) {
        std::uniform_int_distribution<int64_t> d(1, 1000000); // 1 us .. 1 s
        for (int i = 0; i < n; ++i)
            out.push_back(d(rng));
    } else if (dist == QLatin1String("lognormal")) {
        std::lognormal_distribution<double> d(std::log(2000.0), 1.0); // median 2 ms
        for (int i = 0; i < n; ++i)
            out.push_back(std::max<int64_t>(1, int64_t(std::llround(d(rng)))));
    } else { // bimodal: 90 % fast around 800 us, 10 % slow around 250 ms
        std::normal_distribution<double> fast(800.0, 120.0);
        std::normal_distribution<double> slow(250000.0, 40000.0);
        std::uniform_real_distribution<double> pick(0.0, 1.0);
        for (int i = 0; i < n; ++i) {
            const double v = pick(rng) < 0.9 ? fast(rng) : slow(rng);
            out.push_back(std::max<int64_t>(1, int64_t(std::llround(v))));
        }
    }
    return out;
}

} // namespace

class TestHistogram : public QObject {
    Q_OBJECT
private slots:
    void percentilesMatchExactSort_data();
    void percentilesMatchExactSort();
    void smallValuesAreExact();
    void mergeOfHalvesEqualsWhole();
    void jsonRoundTrip();
    void fromJsonRejectsCorruptInput();
    void clampingIsCounted();
    void emptyGivesZeros();
    void recordNAndReset();
    void reusedAfterResetEqualsFresh();
    void sparseFormAnswersAsDense();
    void compactTextIsTheJsonDocumentsText();
};

void TestHistogram::percentilesMatchExactSort_data()
{
    QTest::addColumn<QString>("dist");
    QTest::newRow("uniform 1us..1s") << QStringLiteral("uniform");
    QTest::newRow("lognormal") << QStringLiteral("lognormal");
    QTest::newRow("bimodal") << QStringLiteral("bimodal");
}

void TestHistogram::percentilesMatchExactSort()
{
    QFETCH(QString, dist);
    const int n = 100000;
    std::vector<int64_t> samples = makeSamples(dist, n);
    LatencyHistogram h;
    double sum = 0;
    for (int64_t v : samples) {
        h.record(v);
        sum += double(v);
    }
    std::sort(samples.begin(), samples.end());
    QCOMPARE(h.count(), int64_t(n));
    QCOMPARE(h.clampedCount(), int64_t(0));
    QCOMPARE(h.minUs(), samples.front());
    QCOMPARE(h.maxUs(), samples.back());
    QCOMPARE(h.valueAtPercentileUs(100), samples.back());
    QCOMPARE(h.valueAtPercentileUs(0), samples.front());
    QCOMPARE(h.meanUs(), sum / n);

    // p in tenths of a percent so the nearest rank is computed in exact integer arithmetic.
    for (int pTenths : {500, 900, 950, 990, 999}) {
        const int64_t rank = (int64_t(pTenths) * n + 999) / 1000; // ceil(p/100 * n)
        const int64_t exact = samples[size_t(rank - 1)];
        const int64_t got = h.valueAtPercentileUs(pTenths / 10.0);
        const double relErr = std::abs(double(got - exact)) / double(exact);
        QVERIFY2(relErr <= 0.001,
                 qPrintable(QStringLiteral("%1 p%2: got %3 us, exact %4 us, error %5 %")
                                .arg(dist)
                                .arg(pTenths / 10.0)
                                .arg(got)
                                .arg(exact)
                                .arg(relErr * 100)));
        QVERIFY(got >= exact); // highest equivalent value: never below the true sample
    }
}

void TestHistogram::smallValuesAreExact()
{
    // Below 2048 us every value has its own bucket.
    LatencyHistogram h;
    for (int64_t v = 1; v <= 2047; ++v)
        h.record(v);
    QCOMPARE(h.valueAtPercentileUs(50), int64_t(1024));
    QCOMPARE(h.valueAtPercentileUs(10), int64_t(205)); // ceil(0.1 * 2047) = 205
    // A large value lands in a bucket 2^k wide; the reported value stays within 0.1 %.
    LatencyHistogram big;
    big.record(123456789);
    big.record(123456789);
    big.record(100000000);
    const int64_t p50 = big.valueAtPercentileUs(50);
    QVERIFY(p50 >= 123456789);
    QVERIFY(double(p50 - 123456789) / 123456789.0 < 0.001);
    QCOMPARE(big.valueAtPercentileUs(100), int64_t(123456789));
}

void TestHistogram::mergeOfHalvesEqualsWhole()
{
    const std::vector<int64_t> samples = makeSamples(QStringLiteral("bimodal"), 50000);
    LatencyHistogram whole, a, b;
    for (size_t i = 0; i < samples.size(); ++i) {
        whole.record(samples[i]);
        (i % 3 == 0 ? a : b).record(samples[i]);
    }
    a.record(0); // clamped, also counted in the merge
    whole.record(0);
    QVERIFY(!(a == whole));
    LatencyHistogram merged;
    merged.add(a);
    merged.add(b);
    QCOMPARE(merged.count(), whole.count());
    QCOMPARE(merged.clampedCount(), int64_t(1));
    QCOMPARE(merged.minUs(), whole.minUs());
    QCOMPARE(merged.maxUs(), whole.maxUs());
    for (double p : {50.0, 90.0, 99.0, 99.9})
        QCOMPARE(merged.valueAtPercentileUs(p), whole.valueAtPercentileUs(p));
    QVERIFY(merged == whole);
    // adding an empty histogram changes nothing
    merged.add(LatencyHistogram());
    QVERIFY(merged == whole);
}

void TestHistogram::jsonRoundTrip()
{
    LatencyHistogram h;
    for (int64_t v : makeSamples(QStringLiteral("lognormal"), 20000))
        h.record(v);
    h.record(LatencyHistogram::kHighestUs + 5); // clamped
    const QJsonObject o = h.toJson();
    QCOMPARE(o.value(QStringLiteral("total")).toInteger(), h.count());
    QCOMPARE(o.value(QStringLiteral("clamped")).toInteger(), int64_t(1));
    QVERIFY(o.value(QStringLiteral("counts")).toArray().size() < 20000); // sparse
    // through text, as sessions store it
    const QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
    LatencyHistogram back;
    QString error;
    QVERIFY2(LatencyHistogram::fromJson(QJsonDocument::fromJson(text).object(), &back, &error),
             qPrintable(error));
    QVERIFY(back == h);
    QCOMPARE(back.valueAtPercentileUs(99.9), h.valueAtPercentileUs(99.9));
    QCOMPARE(back.meanUs(), h.meanUs());

    LatencyHistogram emptyBack;
    QVERIFY(LatencyHistogram::fromJson(LatencyHistogram().toJson(), &emptyBack, &error));
    QVERIFY(emptyBack == LatencyHistogram());
}

void TestHistogram::fromJsonRejectsCorruptInput()
{
    LatencyHistogram h;
    h.record(10);
    h.record(5000);
    const QJsonObject good = h.toJson();
    LatencyHistogram out;
    QString error;

    QJsonObject wrongTotal = good;
    wrongTotal[QStringLiteral("total")] = 3;
    QVERIFY(!LatencyHistogram::fromJson(wrongTotal, &out, &error));
    QVERIFY(error.contains(QLatin1String("total")));

    QJsonObject wrongDigits = good;
    wrongDigits[QStringLiteral("digits")] = 2;
    QVERIFY(!LatencyHistogram::fromJson(wrongDigits, &out, &error));

    QJsonObject badIndex = good;
    badIndex[QStringLiteral("counts")] = QJsonArray{QJsonArray{999999, 2}};
    QVERIFY(!LatencyHistogram::fromJson(badIndex, &out, &error));

    QJsonObject badMax = good;
    badMax[QStringLiteral("max_us")] = 9;
    QVERIFY(!LatencyHistogram::fromJson(badMax, &out, &error));
    QVERIFY(out == LatencyHistogram()); // untouched on failure
}

void TestHistogram::clampingIsCounted()
{
    LatencyHistogram h;
    h.record(0);
    h.record(-7);
    h.record(LatencyHistogram::kHighestUs * 2);
    h.record(500);
    QCOMPARE(h.count(), int64_t(4));
    QCOMPARE(h.clampedCount(), int64_t(3));
    QCOMPARE(h.minUs(), LatencyHistogram::kLowestUs);
    QCOMPARE(h.maxUs(), LatencyHistogram::kHighestUs);
    QCOMPARE(h.valueAtPercentileUs(100), LatencyHistogram::kHighestUs);
}

void TestHistogram::emptyGivesZeros()
{
    const LatencyHistogram h;
    QCOMPARE(h.count(), int64_t(0));
    QCOMPARE(h.minUs(), int64_t(0));
    QCOMPARE(h.maxUs(), int64_t(0));
    QCOMPARE(h.meanUs(), 0.0);
    for (double p : {0.0, 50.0, 99.9, 100.0})
        QCOMPARE(h.valueAtPercentileUs(p), int64_t(0));
}

void TestHistogram::recordNAndReset()
{
    LatencyHistogram a, b;
    a.recordN(3000, 5);
    a.recordN(3000, 0); // ignored
    for (int i = 0; i < 5; ++i)
        b.record(3000);
    QVERIFY(a == b);
    QCOMPARE(a.meanUs(), 3000.0);
    a.reset();
    QVERIFY(a == LatencyHistogram());
    QCOMPARE(a.valueAtPercentileUs(50), int64_t(0));
}

void TestHistogram::reusedAfterResetEqualsFresh()
{
    // reset() keeps the counters' memory and zeroes only the used range; a histogram reused
    // after it (the engine recycles the workers' histograms) must equal a fresh one, and a
    // merge (which adds only the other's min..max range) must still see every bucket.
    const std::vector<int64_t> wide = makeSamples(QStringLiteral("bimodal"), 20000);
    const std::vector<int64_t> narrow = makeSamples(QStringLiteral("lognormal"), 20000);
    LatencyHistogram reused, fresh;
    for (int64_t v : wide)
        reused.record(v);
    reused.record(0); // clamped to the lowest value
    reused.reset();
    QVERIFY(reused == LatencyHistogram());
    for (int64_t v : narrow) {
        reused.record(v);
        fresh.record(v);
    }
    QVERIFY(reused == fresh);
    QCOMPARE(reused.valueAtPercentileUs(99), fresh.valueAtPercentileUs(99));
    LatencyHistogram sum;
    sum.add(reused);
    sum.add(fresh);
    LatencyHistogram twice;
    for (int64_t v : narrow)
        twice.recordN(v, 2);
    QVERIFY(sum == twice);
}

// A histogram read from JSON keeps only its non-zero buckets (a session of 20,000 stages
// must not hold 20,000 x 23,552 counters); it answers exactly as the dense one, and becomes
// dense when more is recorded or merged into it.
void TestHistogram::sparseFormAnswersAsDense()
{
    LatencyHistogram dense;
    for (int64_t v : makeSamples(QStringLiteral("bimodal"), 5000))
        dense.record(v);
    QVERIFY(!dense.isSparse());
    LatencyHistogram sparse;
    QString error;
    QVERIFY2(LatencyHistogram::fromJson(dense.toJson(), &sparse, &error), qPrintable(error));
    QVERIFY(sparse.isSparse());
    QVERIFY(sparse == dense);
    QVERIFY(dense == sparse);
    QCOMPARE(sparse.toJson(), dense.toJson());
    for (double p : {0.0, 1.0, 50.0, 90.0, 99.0, 99.9, 99.99, 100.0})
        QCOMPARE(sparse.valueAtPercentileUs(p), dense.valueAtPercentileUs(p));
    QCOMPARE(sparse.meanUs(), dense.meanUs());

    // An empty histogram takes a sparse one as it is.
    LatencyHistogram copy;
    copy.add(sparse);
    QVERIFY(copy.isSparse());
    QVERIFY(copy == dense);

    // Merging into it or recording makes it dense, with the same result as dense histograms.
    LatencyHistogram twiceDense = dense;
    twiceDense.add(dense);
    copy.add(sparse);
    QVERIFY(!copy.isSparse());
    QVERIFY(copy == twiceDense);
    LatencyHistogram recorded = sparse;
    recorded.record(777);
    LatencyHistogram expected = dense;
    expected.record(777);
    QVERIFY(!recorded.isSparse());
    QVERIFY(recorded == expected);
    QCOMPARE(recorded.valueAtPercentileUs(50), expected.valueAtPercentileUs(50));
    // A dense histogram takes a sparse one's buckets.
    LatencyHistogram denseTwice = dense;
    denseTwice.add(sparse);
    QVERIFY(denseTwice == twiceDense);
    // reset() empties either form.
    sparse.reset();
    QVERIFY(!sparse.isSparse());
    QVERIFY(sparse == LatencyHistogram());
}

void TestHistogram::compactTextIsTheJsonDocumentsText()
{
    // appendCompactJsonText() must write what QJsonDocument writes for toCompactJson(): the
    // session file's second_histograms are checked by their bytes (goldens) and read back.
    std::mt19937_64 rng(7);
    std::lognormal_distribution<double> latency(std::log(2000.0), 1.2);
    QList<LatencyHistogram> cases;
    cases.append(LatencyHistogram()); // empty
    LatencyHistogram one;
    one.record(1);
    cases.append(one);
    for (int n : {10, 1000, 50000}) {
        LatencyHistogram h;
        for (int k = 0; k < n; ++k)
            h.record(int64_t(latency(rng)));
        h.record(int64_t(1) << 40); // clamped
        h.recordN(123456789, 3);
        cases.append(h);
    }
    LatencyHistogram sparse;
    QVERIFY(LatencyHistogram::fromCompactJson(cases.last().toCompactJson(), &sparse, nullptr));
    cases.append(sparse); // the sparse form writes alike
    QJsonArray all;
    QByteArray allText = "[";
    for (const LatencyHistogram &h : cases) {
        QByteArray text;
        h.appendCompactJsonText(&text);
        QCOMPARE(text, QJsonDocument(h.toCompactJson()).toJson(QJsonDocument::Compact));
        all.append(h.toCompactJson());
        allText += (allText.size() > 1 ? "," : "") + text;
    }
    QCOMPARE(allText + "]", QJsonDocument(all).toJson(QJsonDocument::Compact));
}

QTEST_GUILESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
