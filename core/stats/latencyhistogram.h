// Log-linear latency histogram with 3 significant digits (HdrHistogram-style, Gil Tene).
// Values are microseconds in [1 us, 1 hour]; a value outside is clamped and counted in
// clampedCount(). Relative error of any reported percentile <= 0.1 %. No per-sample storage
// (docs/measurement.md, "The histogram"). Two forms with the same answers:
//   dense   23,552 counters (~184 KB), allocated at the first record(): recording is one add.
//   sparse  only the non-zero buckets (16 bytes each), as read by fromJson() (or copied from
//           such a histogram by add() into an empty one), so that a session of 20,000 stages
//           holds memory in proportion to its file. A record() or add() into a sparse
//           histogram makes it dense first.
// Mergeable by adding (add()), so per-thread histograms merge without locks on the hot path.
// Not thread-safe: one writer; merge copies under the owner's own synchronisation.
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QPair>
#include <QVector>
#include <cstdint>

namespace vw {

class LatencyHistogram {
public:
    static constexpr int64_t kLowestUs = 1;
    static constexpr int64_t kHighestUs = 3600LL * 1000 * 1000; // 1 hour
    static constexpr int kSignificantDigits = 3;

    LatencyHistogram();

    void record(int64_t valueUs); ///< one sample, microseconds
    void recordN(int64_t valueUs, int64_t n); ///< n equal samples
    void add(const LatencyHistogram &other); ///< merge: counts are added bucket by bucket
    void reset(); ///< empty again; keeps its memory

    int64_t count() const { return m_total; }
    int64_t clampedCount() const { return m_clamped; }
    int64_t minUs() const; ///< 0 when empty
    int64_t maxUs() const; ///< 0 when empty; exact largest value recorded
    double meanUs() const; ///< 0 when empty; from exact sum of recorded values

    /// Value at percentile p in [0, 100] (p=50 is the median, p=100 the max):
    /// the highest value equivalent to the bucket holding the ceil(p/100 * count)-th sample,
    /// as HdrHistogram's valueAtPercentile. 0 when empty.
    int64_t valueAtPercentileUs(double p) const;

    /// Lossless: {"v":1,"lowest_us":1,"highest_us":..,"digits":3,"total":n,"sum_us":s,
    ///            "min_us":..,"max_us":..,"clamped":c,"counts":[[bucketIndex,count],...]}
    /// (sparse, only non-zero buckets). fromJson(toJson(h)) == h.
    QJsonObject toJson() const;
    static bool fromJson(const QJsonObject &o, LatencyHistogram *out, QString *error);

    bool operator==(const LatencyHistogram &o) const;

    /// True when the histogram holds its counters sparsely (see the top of this file).
    bool isSparse() const { return !m_sparse.isEmpty(); }
    /// Turns a dense histogram into the sparse form (frees the 184 KB of counters); the
    /// answers stay the same. For histograms kept in numbers (core/stats/secondhistograms.h).
    void compact();
    /// A sparse copy (as compact() on a copy, without copying the dense counters first).
    LatencyHistogram compactCopy() const;

    /// Compact lossless form for many small histograms (the interval histograms,
    /// docs/session-format.md "second_histograms"): [total, sum_us, min_us, max_us, clamped,
    /// [i0, c0, di1, c1, ...]] where i0 is the first non-zero bucket's index and di the index
    /// difference to the previous bucket; same layout constants as toJson() (v 1).
    /// fromCompactJson(toCompactJson(h)) == h; the result is sparse.
    QJsonArray toCompactJson() const;
    /// Appends toCompactJson() as QJsonDocument's compact text would be, byte for byte,
    /// without building the QJsonArray (SecondHistograms::toJson; docs/performance.md,
    /// "Lean worker loop": the array and its text were most of a session write's cost).
    void appendCompactJsonText(QByteArray *out) const;
    static bool fromCompactJson(const QJsonArray &a, LatencyHistogram *out, QString *error);

    /// Calls f(bucketIndex, count) for every non-zero bucket in increasing index order, the
    /// one walk over the buckets (inside the class, and for exact merging and encoding
    /// outside it: core/stats/blockbootstrap.cpp, core/stats/hdrencoding.cpp). The indexes
    /// are into HdrHistogram's counts array for [kLowestUs, kHighestUs] at
    /// kSignificantDigits, so they are valid in its encodings (stats/hdrencoding.h).
    template <class F> void visitBuckets(F f) const
    {
        if (m_total == 0)
            return;
        if (!m_sparse.isEmpty()) {
            for (const Bucket &b : m_sparse)
                f(b.index, b.count);
            return;
        }
        // Only buckets from min to max can be non-zero (recordN and add keep that).
        const int64_t *counts = m_counts.constData();
        for (int i = indexFor(m_min), last = indexFor(m_max); i <= last; ++i)
            if (counts[i] != 0)
                f(i, counts[i]);
    }
    /// The value valueAtPercentileUs() reports for a sample in bucket `index` (the highest
    /// value equivalent to it, microseconds), before clamping to [minUs(), maxUs()].
    static int64_t bucketValueUs(int index);

    /// Length of HdrHistogram's counts array for this layout (23,552).
    static int countsLength();
    /// The lowest value (us) that falls in bucket `index` (0 <= index < countsLength()):
    /// record()ing it counts in that bucket.
    static int64_t valueOfIndex(int index);

private:
    struct Bucket {
        int index;
        int64_t count;
    };
    void makeDense(); ///< sparse -> dense; no-op when already dense or empty
    int indexFor(int64_t v) const;
    int64_t lowestEquivalent(int index) const;
    int64_t highestEquivalent(int index) const;

    QVector<int64_t> m_counts; // dense form: kCountsLength counters, or empty
    QVector<Bucket> m_sparse; // sparse form: non-zero buckets by index; empty when dense
    int64_t m_total = 0;
    int64_t m_clamped = 0;
    int64_t m_min = 0;
    int64_t m_max = 0;
    double m_sum = 0; // microseconds; double keeps hours of nanosecond-free sums exact enough
};

} // namespace vw
