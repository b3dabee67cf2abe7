// HdrHistogram V2 encoding (HdrHistogram's AbstractHistogram encodeIntoCompressedByteBuffer
// and its ZigZagEncoding): big-endian headers, counts as ZigZag LEB128 with negative zero runs.
// zlib comes from Qt (qCompress writes a 4-byte length before a zlib stream).
#include "stats/hdrencoding.h"

#include <QtEndian>
#include <cstring>

namespace vw {

namespace {

constexpr quint32 kEncodingCookie = 0x1c849303u | 0x10u; // V2, LEB128 word size 9
constexpr quint32 kCompressedCookie = 0x1c849304u | 0x10u;
constexpr int kPayloadHeaderBytes = 40;
constexpr int kMaxPayloadBytes = 64 * 1024 * 1024; // a corrupt length is refused, not allocated

void putZigZag(QByteArray *out, int64_t v)
{
    uint64_t z = (uint64_t(v) << 1) ^ uint64_t(v >> 63);
    // LEB128, at most 9 bytes: the 9th byte carries the last 8 bits whole (HdrHistogram's form).
    for (int i = 0; i < 8; ++i) {
        if (z < 0x80) {
            out->append(char(z));
            return;
        }
        out->append(char((z & 0x7f) | 0x80));
        z >>= 7;
    }
    out->append(char(z & 0xff));
}

bool getZigZag(const uchar *&p, const uchar *end, int64_t *v)
{
    uint64_t z = 0;
    for (int i = 0; i < 9; ++i) {
        if (p == end)
            return false;
        const uint64_t b = *p++;
        if (i == 8) {
            z |= b << 56;
            break;
        }
        z |= (b & 0x7f) << (7 * i);
        if (!(b & 0x80))
            break;
    }
    *v = int64_t(z >> 1) ^ -int64_t(z & 1);
    return true;
}

template <class T> void putBig(QByteArray *out, T v)
{
    char b[sizeof(T)];
    qToBigEndian(v, b);
    out->append(b, sizeof(T));
}

} // namespace

QByteArray hdrV2CompressedBase64(const LatencyHistogram &h)
{
    QByteArray counts;
    int next = 0; // the next index the payload describes
    h.visitBuckets([&counts, &next](int index, int64_t count) {
        if (index > next)
            putZigZag(&counts, -int64_t(index - next));
        putZigZag(&counts, count);
        next = index + 1;
    });
    QByteArray payload;
    putBig<quint32>(&payload, kEncodingCookie);
    putBig<quint32>(&payload, quint32(counts.size()));
    putBig<quint32>(&payload, 0); // normalizing index offset
    putBig<quint32>(&payload, quint32(LatencyHistogram::kSignificantDigits));
    putBig<quint64>(&payload, quint64(LatencyHistogram::kLowestUs));
    putBig<quint64>(&payload, quint64(LatencyHistogram::kHighestUs));
    double ratio = 1.0;
    quint64 ratioBits;
    std::memcpy(&ratioBits, &ratio, sizeof ratio);
    putBig<quint64>(&payload, ratioBits);
    payload.append(counts);
    const QByteArray zlib = qCompress(payload).mid(4); // drop Qt's length prefix
    QByteArray out;
    putBig<quint32>(&out, kCompressedCookie);
    putBig<quint32>(&out, quint32(zlib.size()));
    out.append(zlib);
    return out.toBase64();
}

bool decodeHdrV2CompressedBase64(const QByteArray &base64, LatencyHistogram *out, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const QByteArray raw = QByteArray::fromBase64(base64);
    if (raw.size() < 8)
        return fail(QStringLiteral("shorter than its header"));
    if (qFromBigEndian<quint32>(raw.constData()) != kCompressedCookie)
        return fail(QStringLiteral("not a V2 compressed histogram (cookie)"));
    const quint32 zlen = qFromBigEndian<quint32>(raw.constData() + 4);
    if (zlen != quint32(raw.size() - 8))
        return fail(
            QStringLiteral("compressed length %1, %2 bytes follow").arg(zlen).arg(raw.size() - 8));
    // qUncompress wants the uncompressed size first; it is not known, so give the bound.
    QByteArray withLen(4, '\0');
    qToBigEndian<quint32>(quint32(kMaxPayloadBytes), withLen.data());
    const QByteArray payload = qUncompress(withLen + raw.mid(8));
    if (payload.size() < kPayloadHeaderBytes)
        return fail(QStringLiteral("bad zlib stream or payload shorter than its header"));
    const char *d = payload.constData();
    if (qFromBigEndian<quint32>(d) != kEncodingCookie)
        return fail(QStringLiteral("not a V2 payload (cookie)"));
    const quint32 len = qFromBigEndian<quint32>(d + 4);
    if (len != quint32(payload.size() - kPayloadHeaderBytes))
        return fail(QStringLiteral("payload length does not match"));
    if (qFromBigEndian<quint32>(d + 8) != 0
        || qFromBigEndian<quint32>(d + 12) != quint32(LatencyHistogram::kSignificantDigits)
        || qFromBigEndian<quint64>(d + 16) != quint64(LatencyHistogram::kLowestUs)
        || qFromBigEndian<quint64>(d + 24) != quint64(LatencyHistogram::kHighestUs))
        return fail(QStringLiteral("a layout other than 1 us .. 1 h at 3 digits"));
    LatencyHistogram h;
    const uchar *p = reinterpret_cast<const uchar *>(d + kPayloadHeaderBytes);
    const uchar *end = reinterpret_cast<const uchar *>(d + payload.size());
    int64_t index = 0;
    const int64_t length = LatencyHistogram::countsLength();
    while (p < end) {
        int64_t v;
        if (!getZigZag(p, end, &v))
            return fail(QStringLiteral("truncated counts"));
        if (v < 0) {
            index -= v;
            continue;
        }
        if (index >= length)
            return fail(QStringLiteral("counts beyond the layout"));
        if (v > 0)
            h.recordN(LatencyHistogram::valueOfIndex(int(index)), v);
        ++index;
    }
    *out = h;
    return true;
}

} // namespace vw
