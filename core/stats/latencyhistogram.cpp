// HdrHistogram layout (Gil Tene, HdrHistogram/AbstractHistogram): lowest 1 us, highest 1 h,
// 3 significant digits -> 2048 sub-buckets (sub-bucket half count 1024, unit magnitude 0)
// and 22 buckets; the counts array holds (22 + 1) * 1024 = 23552 counters. Values below 2048 us
// are exact; above, a bucket spans 2^b us for values >= 1024 * 2^b, so the relative error of
// any reported value is < 1/1024.
#include "stats/latencyhistogram.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace vw {

namespace {

constexpr int kSubBucketCountMagnitude = 11; // ceil(log2(2 * 10^3))
constexpr int kSubBucketHalfCountMagnitude = kSubBucketCountMagnitude - 1;
constexpr int64_t kSubBucketCount = int64_t(1) << kSubBucketCountMagnitude; // 2048
constexpr int64_t kSubBucketHalfCount = int64_t(1) << kSubBucketHalfCountMagnitude; // 1024
constexpr int64_t kSubBucketMask = kSubBucketCount - 1;
constexpr int kLeadingZeroCountBase = 64 - kSubBucketCountMagnitude; // unit magnitude 0

constexpr int bucketsNeeded()
{
    int64_t smallestUntrackable = kSubBucketCount;
    int buckets = 1;
    while (smallestUntrackable <= LatencyHistogram::kHighestUs) {
        smallestUntrackable <<= 1;
        ++buckets;
    }
    return buckets;
}

constexpr int kBucketCount = bucketsNeeded(); // 22
constexpr int kCountsLength = (kBucketCount + 1) * int(kSubBucketHalfCount);

int64_t clampValue(int64_t v)
{
    return std::clamp(v, LatencyHistogram::kLowestUs, LatencyHistogram::kHighestUs);
}

} // namespace

LatencyHistogram::LatencyHistogram() = default;

int LatencyHistogram::indexFor(int64_t v) const
{
    const int bucketIndex =
        kLeadingZeroCountBase - __builtin_clzll(uint64_t(v) | uint64_t(kSubBucketMask));
    const int64_t subBucketIndex = v >> bucketIndex;
    const int bucketBaseIndex = (bucketIndex + 1) << kSubBucketHalfCountMagnitude;
    return bucketBaseIndex + int(subBucketIndex - kSubBucketHalfCount);
}

int64_t LatencyHistogram::lowestEquivalent(int index) const
{
    int bucketIndex = (index >> kSubBucketHalfCountMagnitude) - 1;
    int64_t subBucketIndex = (index & (kSubBucketHalfCount - 1)) + kSubBucketHalfCount;
    if (bucketIndex < 0) {
        subBucketIndex -= kSubBucketHalfCount;
        bucketIndex = 0;
    }
    return subBucketIndex << bucketIndex;
}

int64_t LatencyHistogram::highestEquivalent(int index) const
{
    const int bucketIndex = std::max(0, (index >> kSubBucketHalfCountMagnitude) - 1);
    return lowestEquivalent(index) + (int64_t(1) << bucketIndex) - 1;
}

int64_t LatencyHistogram::bucketValueUs(int index)
{
    static const LatencyHistogram layout; // the layout only: no counters
    return layout.highestEquivalent(index);
}

int LatencyHistogram::countsLength()
{
    return kCountsLength;
}

int64_t LatencyHistogram::valueOfIndex(int index)
{
    return LatencyHistogram().lowestEquivalent(index);
}

void LatencyHistogram::makeDense()
{
    if (m_sparse.isEmpty())
        return;
    if (m_counts.isEmpty())
        m_counts.fill(0, kCountsLength);
    for (const Bucket &b : std::as_const(m_sparse))
        m_counts[b.index] += b.count;
    m_sparse = QVector<Bucket>();
}

void LatencyHistogram::compact()
{
    if (m_counts.isEmpty())
        return; // sparse or empty already
    QVector<Bucket> sparse;
    visitBuckets([&sparse](int i, int64_t n) { sparse.append(Bucket{i, n}); });
    m_counts = QVector<int64_t>();
    m_sparse = sparse;
}

LatencyHistogram LatencyHistogram::compactCopy() const
{
    if (m_counts.isEmpty())
        return *this; // sparse or empty already
    LatencyHistogram c;
    visitBuckets([&c](int i, int64_t n) { c.m_sparse.append(Bucket{i, n}); });
    c.m_total = m_total;
    c.m_clamped = m_clamped;
    c.m_min = m_min;
    c.m_max = m_max;
    c.m_sum = m_sum;
    return c;
}

void LatencyHistogram::record(int64_t valueUs)
{
    recordN(valueUs, 1);
}

void LatencyHistogram::recordN(int64_t valueUs, int64_t n)
{
    if (n <= 0)
        return;
    const int64_t v = clampValue(valueUs);
    if (v != valueUs)
        m_clamped += n;
    if (m_counts.isEmpty()) {
        makeDense();
        if (m_counts.isEmpty())
            m_counts.fill(0, kCountsLength);
    }
    m_counts[indexFor(v)] += n;
    if (m_total == 0) {
        m_min = v;
        m_max = v;
    } else {
        m_min = std::min(m_min, v);
        m_max = std::max(m_max, v);
    }
    m_total += n;
    m_sum += double(v) * double(n);
}

void LatencyHistogram::add(const LatencyHistogram &other)
{
    if (other.m_total == 0)
        return;
    if (m_total == 0 && other.isSparse()) {
        // An empty histogram takes a sparse one as it is: merging read histograms stays small.
        m_sparse = other.m_sparse;
        if (!m_counts.isEmpty())
            m_counts = QVector<int64_t>();
        m_min = other.m_min;
        m_max = other.m_max;
        m_total = other.m_total;
        m_clamped = other.m_clamped;
        m_sum = other.m_sum;
        return;
    }
    makeDense();
    if (m_counts.isEmpty())
        m_counts.fill(0, kCountsLength);
    int64_t *into = m_counts.data();
    if (other.isSparse()) {
        for (const Bucket &b : other.m_sparse)
            into[b.index] += b.count;
    } else {
        // Only other's buckets from its min to its max value can be non-zero (recordN keeps
        // that): a merge of a narrow histogram costs its value range, not 23552.
        const int64_t *from = other.m_counts.constData();
        for (int i = indexFor(other.m_min), last = indexFor(other.m_max); i <= last; ++i)
            into[i] += from[i];
    }
    if (m_total == 0) {
        m_min = other.m_min;
        m_max = other.m_max;
    } else {
        m_min = std::min(m_min, other.m_min);
        m_max = std::max(m_max, other.m_max);
    }
    m_total += other.m_total;
    m_clamped += other.m_clamped;
    m_sum += other.m_sum;
}

void LatencyHistogram::reset()
{
    // Keeps the counters' memory for reuse; only buckets from min to max can be non-zero.
    m_sparse.clear();
    if (!m_counts.isEmpty() && m_total > 0) {
        int64_t *counts = m_counts.data();
        for (int i = indexFor(m_min), last = indexFor(m_max); i <= last; ++i)
            counts[i] = 0;
    }
    m_total = m_clamped = m_min = m_max = 0;
    m_sum = 0;
}

int64_t LatencyHistogram::minUs() const
{
    return m_total > 0 ? m_min : 0;
}

int64_t LatencyHistogram::maxUs() const
{
    return m_total > 0 ? m_max : 0;
}

double LatencyHistogram::meanUs() const
{
    return m_total > 0 ? m_sum / double(m_total) : 0.0;
}

int64_t LatencyHistogram::valueAtPercentileUs(double p) const
{
    if (m_total == 0 || std::isnan(p))
        return 0;
    if (p <= 0)
        return m_min;
    if (p >= 100)
        return m_max;
    // Nearest rank; the tiny relative slack keeps p*count/100 from rounding up past an exact
    // integer (99.9 % of 100000 must be rank 99900, not 99901).
    const double exact = p * double(m_total) / 100.0;
    int64_t rank = int64_t(std::ceil(exact - exact * 1e-12));
    rank = std::clamp<int64_t>(rank, 1, m_total);
    int64_t seen = 0;
    int found = -1;
    visitBuckets([&](int i, int64_t n) {
        seen += n;
        if (found < 0 && seen >= rank)
            found = i;
    });
    return found < 0 ? m_max : std::clamp(highestEquivalent(found), m_min, m_max);
}

QJsonObject LatencyHistogram::toJson() const
{
    QJsonArray counts;
    visitBuckets([&counts](int i, int64_t n) { counts.append(QJsonArray{i, qint64(n)}); });
    return QJsonObject{
        {QStringLiteral("v"), 1},
        {QStringLiteral("lowest_us"), qint64(kLowestUs)},
        {QStringLiteral("highest_us"), qint64(kHighestUs)},
        {QStringLiteral("digits"), kSignificantDigits},
        {QStringLiteral("total"), qint64(m_total)},
        {QStringLiteral("sum_us"), m_sum},
        {QStringLiteral("min_us"), qint64(minUs())},
        {QStringLiteral("max_us"), qint64(maxUs())},
        {QStringLiteral("clamped"), qint64(m_clamped)},
        {QStringLiteral("counts"), counts},
    };
}

bool LatencyHistogram::fromJson(const QJsonObject &o, LatencyHistogram *out, QString *error)
{
    auto fail = [error](const QString &msg) {
        if (error)
            *error = QStringLiteral("histogram: ") + msg;
        return false;
    };
    if (o.value(QStringLiteral("v")).toInt() != 1)
        return fail(QStringLiteral("unsupported version"));
    if (o.value(QStringLiteral("lowest_us")).toInteger() != kLowestUs
        || o.value(QStringLiteral("highest_us")).toInteger() != kHighestUs
        || o.value(QStringLiteral("digits")).toInt() != kSignificantDigits)
        return fail(QStringLiteral("lowest_us, highest_us or digits differ from this build"));

    LatencyHistogram h;
    const QJsonValue countsValue = o.value(QStringLiteral("counts"));
    if (!countsValue.isArray())
        return fail(QStringLiteral("\"counts\" is missing or not an array"));
    const QJsonArray countsArray = countsValue.toArray();
    h.m_sparse.reserve(countsArray.size());
    int64_t total = 0;
    int lowestIndex = -1;
    int highestIndex = -1;
    for (const QJsonValue &pairValue : countsArray) {
        const QJsonArray pair = pairValue.toArray();
        if (pair.size() != 2 || !pair.at(0).isDouble() || !pair.at(1).isDouble())
            return fail(QStringLiteral("a \"counts\" entry is not [index, count]"));
        const qint64 index = pair.at(0).toInteger(-1);
        const qint64 count = pair.at(1).toInteger(-1);
        if (index < 0 || index >= kCountsLength)
            return fail(QStringLiteral("bucket index %1 out of range").arg(index));
        if (count <= 0)
            return fail(QStringLiteral("bucket %1 has a non-positive count").arg(index));
        if (total > std::numeric_limits<int64_t>::max() - count)
            return fail(QStringLiteral("the bucket counts overflow"));
        h.m_sparse.append(Bucket{int(index), count});
        total += count;
        lowestIndex = lowestIndex < 0 ? int(index) : std::min(lowestIndex, int(index));
        highestIndex = std::max(highestIndex, int(index));
    }
    // Sparse form (see the header): sorted by index, each index once.
    std::sort(h.m_sparse.begin(), h.m_sparse.end(),
              [](const Bucket &a, const Bucket &b) { return a.index < b.index; });
    for (int i = 1; i < h.m_sparse.size(); ++i)
        if (h.m_sparse[i].index == h.m_sparse[i - 1].index)
            return fail(QStringLiteral("bucket %1 appears twice").arg(h.m_sparse[i].index));
    h.m_total = o.value(QStringLiteral("total")).toInteger(-1);
    if (h.m_total != total)
        return fail(QStringLiteral("\"total\" does not match the bucket counts"));
    h.m_clamped = o.value(QStringLiteral("clamped")).toInteger(-1);
    if (h.m_clamped < 0 || h.m_clamped > total)
        return fail(QStringLiteral("\"clamped\" is invalid"));
    h.m_sum = o.value(QStringLiteral("sum_us")).toDouble(-1);
    if (h.m_sum < 0)
        return fail(QStringLiteral("\"sum_us\" is invalid"));
    if (total > 0) {
        h.m_min = o.value(QStringLiteral("min_us")).toInteger(-1);
        h.m_max = o.value(QStringLiteral("max_us")).toInteger(-1);
        if (h.m_min < kLowestUs || h.m_max > kHighestUs || h.m_min > h.m_max
            || h.indexFor(h.m_min) != lowestIndex || h.indexFor(h.m_max) != highestIndex)
            return fail(QStringLiteral("\"min_us\"/\"max_us\" do not match the bucket counts"));
    }
    *out = h;
    return true;
}

QJsonArray LatencyHistogram::toCompactJson() const
{
    QJsonArray counts;
    int previous = 0;
    visitBuckets([&](int i, int64_t n) {
        counts.append(i - previous);
        counts.append(qint64(n));
        previous = i;
    });
    return QJsonArray{qint64(m_total),   m_sum, qint64(minUs()), qint64(maxUs()),
                      qint64(m_clamped), counts};
}

namespace {

void appendInteger(QByteArray *out, int64_t v)
{
    char digits[24];
    const auto r = std::to_chars(digits, digits + sizeof digits, v);
    out->append(digits, qsizetype(r.ptr - digits));
}

} // namespace

void LatencyHistogram::appendCompactJsonText(QByteArray *out) const
{
    // The sum is a double: written by QJsonDocument itself (its own shortest form), once.
    const QByteArray sum = QJsonDocument(QJsonArray{m_sum}).toJson(QJsonDocument::Compact);
    out->append('[');
    appendInteger(out, m_total);
    out->append(',');
    out->append(sum.constData() + 1, sum.size() - 2); // without "[" and "]"
    out->append(',');
    appendInteger(out, minUs());
    out->append(',');
    appendInteger(out, maxUs());
    out->append(',');
    appendInteger(out, m_clamped);
    out->append(",[");
    int previous = 0;
    bool first = true;
    visitBuckets([&](int i, int64_t n) {
        if (!first)
            out->append(',');
        first = false;
        appendInteger(out, i - previous);
        out->append(',');
        appendInteger(out, n);
        previous = i;
    });
    out->append("]]");
}

bool LatencyHistogram::fromCompactJson(const QJsonArray &a, LatencyHistogram *out, QString *error)
{
    auto fail = [error](const QString &msg) {
        if (error)
            *error = QStringLiteral("histogram: ") + msg;
        return false;
    };
    if (a.size() != 6 || !a.at(5).isArray())
        return fail(QStringLiteral("expected [total, sum_us, min_us, max_us, clamped, counts]"));
    for (int i = 0; i < 5; ++i)
        if (!a.at(i).isDouble())
            return fail(
                QStringLiteral("expected [total, sum_us, min_us, max_us, clamped, counts]"));
    const QJsonArray counts = a.at(5).toArray();
    if (counts.size() % 2 != 0)
        return fail(QStringLiteral("the counts are not index/count pairs"));
    LatencyHistogram h;
    h.m_sparse.reserve(counts.size() / 2);
    int64_t total = 0;
    qint64 index = 0;
    for (int k = 0; k < counts.size(); k += 2) {
        const qint64 step = counts.at(k).toInteger(-1);
        const qint64 count = counts.at(k + 1).toInteger(-1);
        if (step < 0 || (k > 0 && step == 0))
            return fail(QStringLiteral("bucket indexes are not increasing"));
        index += step;
        if (index >= kCountsLength)
            return fail(QStringLiteral("bucket index %1 out of range").arg(index));
        if (count <= 0)
            return fail(QStringLiteral("bucket %1 has a non-positive count").arg(index));
        if (total > std::numeric_limits<int64_t>::max() - count)
            return fail(QStringLiteral("the bucket counts overflow"));
        h.m_sparse.append(Bucket{int(index), count});
        total += count;
    }
    h.m_total = a.at(0).toInteger(-1);
    if (h.m_total != total)
        return fail(QStringLiteral("the total does not match the bucket counts"));
    h.m_sum = a.at(1).toDouble(-1);
    h.m_clamped = a.at(4).toInteger(-1);
    if (h.m_sum < 0 || h.m_clamped < 0 || h.m_clamped > total)
        return fail(QStringLiteral("the sum or the clamped count is invalid"));
    if (total > 0) {
        h.m_min = a.at(2).toInteger(-1);
        h.m_max = a.at(3).toInteger(-1);
        if (h.m_min < kLowestUs || h.m_max > kHighestUs || h.m_min > h.m_max
            || h.indexFor(h.m_min) != h.m_sparse.first().index
            || h.indexFor(h.m_max) != h.m_sparse.last().index)
            return fail(QStringLiteral("min_us/max_us do not match the bucket counts"));
    }
    *out = h;
    return true;
}

bool LatencyHistogram::operator==(const LatencyHistogram &o) const
{
    if (m_total != o.m_total || m_clamped != o.m_clamped || minUs() != o.minUs()
        || maxUs() != o.maxUs() || m_sum != o.m_sum)
        return false;
    if (m_total == 0)
        return true;
    // Same non-zero buckets, whichever form either holds them in.
    QVector<QPair<int, int64_t>> mine, theirs;
    visitBuckets([&mine](int i, int64_t n) { mine.append({i, n}); });
    o.visitBuckets([&theirs](int i, int64_t n) { theirs.append({i, n}); });
    return mine == theirs;
}

} // namespace vw
