// HdrHistogram V2 compressed encoding (core/stats/hdrencoding.h) and the interval log
// (core/report/hdrlog.h): what is encoded decodes to the same counts, bucket for bucket; bad
// input is refused with a reason. tests/hlog/check_hlog.py reads the same with the hdrhistogram
// Python package (another implementation of the format).
#include "report/hdrlog.h"
#include "stats/hdrencoding.h"

#include <QRandomGenerator>
#include <QtTest>

using namespace vw;

namespace {

/// The non-zero buckets of `h` as (index, count), increasing index (LatencyHistogram::
/// visitBuckets), to compare two histograms bucket for bucket.
QVector<QPair<int, int64_t>> buckets(const LatencyHistogram &h)
{
    QVector<QPair<int, int64_t>> out;
    h.visitBuckets([&out](int index, int64_t count) { out.append({index, count}); });
    return out;
}

} // namespace

class TstHdrEncoding : public QObject {
    Q_OBJECT
private slots:
    void roundTripKeepsEveryBucket_data()
    {
        QTest::addColumn<int>("samples");
        QTest::addColumn<quint32>("seed");
        QTest::newRow("one") << 1 << 1u;
        QTest::newRow("thousand") << 1000 << 2u;
        QTest::newRow("hundred thousand, wide") << 100000 << 3u;
    }
    void roundTripKeepsEveryBucket()
    {
        QFETCH(int, samples);
        QFETCH(quint32, seed);
        QRandomGenerator rng(seed);
        LatencyHistogram h;
        for (int i = 0; i < samples; ++i)
            h.record(1 + int64_t(std::exp(rng.generateDouble() * 22.0))); // 1 us .. ~1 h
        h.record(LatencyHistogram::kHighestUs); // the last bucket of the layout
        LatencyHistogram back;
        QString error;
        QVERIFY2(decodeHdrV2CompressedBase64(hdrV2CompressedBase64(h), &back, &error),
                 qPrintable(error));
        QCOMPARE(buckets(back), buckets(h));
        QCOMPARE(back.count(), h.count());
        // A percentile lies in the same bucket in both (the encoding carries buckets, not the
        // exact max, which a percentile of the top bucket may report).
        auto bucketOf = [](int64_t v) {
            LatencyHistogram one;
            one.record(v);
            return buckets(one);
        };
        for (double p : {50.0, 90.0, 99.0, 99.9, 100.0})
            QCOMPARE(bucketOf(back.valueAtPercentileUs(p)), bucketOf(h.valueAtPercentileUs(p)));
    }

    void emptyHistogramEncodes()
    {
        LatencyHistogram back;
        back.record(5);
        QString error;
        QVERIFY(
            decodeHdrV2CompressedBase64(hdrV2CompressedBase64(LatencyHistogram()), &back, &error));
        QCOMPARE(back.count(), int64_t(0));
    }

    void countsAboveSixtyFourBitsOfLeb128Survive()
    {
        LatencyHistogram h;
        h.recordN(1500, int64_t(1) << 40); // a count whose ZigZag LEB128 takes 6 bytes
        LatencyHistogram back;
        QString error;
        QVERIFY(decodeHdrV2CompressedBase64(hdrV2CompressedBase64(h), &back, &error));
        QCOMPARE(buckets(back), buckets(h));
    }

    void badInputIsRefused_data()
    {
        QTest::addColumn<QByteArray>("base64");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("not base64 of a histogram") << QByteArray("aGVsbG8gd29ybGQ=");
        LatencyHistogram h;
        h.record(100);
        QByteArray raw = QByteArray::fromBase64(hdrV2CompressedBase64(h));
        QByteArray cut = raw.left(raw.size() - 3);
        QTest::newRow("cut") << cut.toBase64();
        QByteArray flipped = raw;
        flipped[12] = char(flipped[12] ^ 0x55); // inside the zlib stream
        QTest::newRow("corrupt zlib") << flipped.toBase64();
    }
    void badInputIsRefused()
    {
        QFETCH(QByteArray, base64);
        LatencyHistogram back;
        QString error;
        QVERIFY(!decodeHdrV2CompressedBase64(base64, &back, &error));
        QVERIFY(!error.isEmpty());
    }

    void logHasOneLinePerOpAndStage()
    {
        Session s;
        s.id = QStringLiteral("abc");
        s.label = QStringLiteral("kv, read");
        s.startedAt = QDateTime::fromMSecsSinceEpoch(1764600000000, Qt::UTC);
        for (int i = 0; i < 2; ++i) {
            StageStats st;
            st.index = i;
            st.startMs = i * 10000;
            st.warmupMs = 2000;
            st.steadySeconds = 8;
            OpStats a;
            a.op = QStringLiteral("kv read");
            for (int k = 0; k < 50; ++k)
                a.recordOk(1000 + 10 * k);
            OpStats b;
            b.op = QStringLiteral("empty"); // no success: no line
            b.recordError(QStringLiteral("http_500"));
            st.ops = {a, b};
            s.stages << st;
        }
        const QList<QByteArray> lines = hdrIntervalLog(s).split('\n');
        QList<QByteArray> intervals;
        for (const QByteArray &l : lines)
            if (l.startsWith("Tag="))
                intervals << l;
        QCOMPARE(intervals.size(), 2);
        QVERIFY(intervals[0].startsWith("Tag=kv_read/stage-1,2.000,8.000,1.490,"));
        QVERIFY(intervals[1].startsWith("Tag=kv_read/stage-2,12.000,8.000,"));
        LatencyHistogram back;
        QString error;
        QVERIFY(decodeHdrV2CompressedBase64(intervals[1].split(',').last(), &back, &error));
        QCOMPARE(buckets(back), buckets(s.stages[1].ops[0].latency));
        QVERIFY(lines.contains(
            "#[StartTime: 1764600000.000 (seconds since epoch), 2025-12-01T14:40:00.000Z]"));
    }

    void logHasOneLinePerOpAndSecondWithIntervalHistograms()
    {
        Session s;
        s.ops = {QStringLiteral("a"), QStringLiteral("b")};
        for (int i = 0; i < 3; ++i) { // seconds 0-1, 2-3 and 4-5
            StageStats st;
            st.index = i;
            st.startMs = i * 2000;
            st.durationMs = 2000;
            s.stages << st;
        }
        s.secondHistograms.ops = s.ops;
        s.secondHistograms.byOp.resize(2);
        for (qint64 second = 0; second < 6; ++second) {
            LatencyHistogram h;
            for (int k = 0; k <= second; ++k)
                h.record(100 * (k + 1) + second);
            s.secondHistograms.add(0, second, h);
            if (second % 2 == 0) // op b only in even seconds
                s.secondHistograms.add(1, second, h);
        }
        QList<QByteArray> intervals;
        for (const QByteArray &l : hdrIntervalLog(s).split('\n'))
            if (l.startsWith("Tag="))
                intervals << l;
        QCOMPARE(intervals.size(), 6 + 3);
        // time order, profile order within a second; the stage the second began in
        QVERIFY(intervals[0].startsWith("Tag=a/stage-1,0.000,1.000,"));
        QVERIFY(intervals[1].startsWith("Tag=b/stage-1,0.000,1.000,"));
        QVERIFY(intervals[2].startsWith("Tag=a/stage-1,1.000,1.000,"));
        QVERIFY(intervals[3].startsWith("Tag=a/stage-2,2.000,1.000,")); // began at 2000 ms
        QVERIFY(intervals[5].startsWith("Tag=a/stage-2,3.000,1.000,"));
        QVERIFY(intervals[7].startsWith("Tag=b/stage-3,4.000,1.000,"));
        QVERIFY(intervals[8].startsWith("Tag=a/stage-3,5.000,1.000,"));
        LatencyHistogram back;
        QString error;
        QVERIFY(decodeHdrV2CompressedBase64(intervals[8].split(',').last(), &back, &error));
        QCOMPARE(buckets(back), buckets(s.secondHistograms.at(0, 5)));
        QCOMPARE(back.count(), int64_t(6));
    }
};

QTEST_GUILESS_MAIN(TstHdrEncoding)
#include "tst_hdrencoding.moc"
