// A LatencyHistogram in HdrHistogram's V2 compressed encoding, the form other tools read
// (HistogramLogProcessor, the hdrhistogram Python package, HdrHistogram's C, Go and Rust
// ports): the payload of an interval line of an HdrHistogram interval log (report/hdrlog.h).
// The layout is the same (lowest 1 us, highest 1 h, 3 significant digits), so counts are
// copied bucket for bucket: nothing is re-binned and decoded counts equal the session's.
// Definition of the format: docs/session-format.md, "HdrHistogram interval log".
#pragma once

#include "stats/latencyhistogram.h"

#include <QByteArray>

namespace vw {

/// V2 encoding with zero runs, deflated (zlib) and base64-encoded, as in an interval log:
///   4-byte big-endian cookie 0x1c849314, 4-byte length of the zlib stream, the zlib stream of
///   [cookie 0x1c849313, payload length, normalizing index offset 0, significant digits 3,
///    lowest 1 (int64), highest 3,600,000,000 (int64), conversion ratio 1.0 (double),
///    counts as ZigZag LEB128, a run of k empty buckets written as -k].
/// Values are microseconds. An empty histogram encodes as an empty counts payload.
QByteArray hdrV2CompressedBase64(const LatencyHistogram &h);

/// The inverse, for tests and for reading logs back: false (and `error`) on a bad cookie,
/// length, zlib stream, layout other than ours, or counts beyond the layout. min, max and
/// mean of `out` are those of the bucket values (the encoding carries no exact sum).
bool decodeHdrV2CompressedBase64(const QByteArray &base64, LatencyHistogram *out, QString *error);

} // namespace vw
