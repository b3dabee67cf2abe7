// Interval histograms: for each op, one latency histogram of the successes that *started* in
// each second of the measured window (the same seconds as the 1-second series,
// core/stats/timeseries.h), lossless (core/stats/latencyhistogram.h), so that any figure can be
// recomputed exactly over any subset of seconds (the block bootstrap, core/stats/blockbootstrap.h)
// or merged across runs. Held sparsely (LatencyHistogram::compact()): memory and file size grow
// with the distinct latencies of each second, not 184 KB per second (docs/session-format.md,
// "second_histograms", gives the measured bytes per op-second).
// Not thread-safe: one writer (the engine's control thread, core/engine/stagecollector.h).
#pragma once

#include "stats/latencyhistogram.h"

#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <QVector>

namespace vw {

struct SecondHistograms {
    /// Operation labels, in profile order (RunRecord::ops); `byOp` has the same order.
    QStringList ops;
    /// Per op: second since the measured window began (0 = [0 s, 1 s)) -> latency of the
    /// successes that started in that second, microseconds. A second the run measured in which
    /// the op had no success is absent (an empty histogram); the series says which seconds
    /// were measured.
    QVector<QMap<qint64, LatencyHistogram>> byOp;

    /// False for sessions written before interval histograms existed (and for runs that
    /// recorded none): their intervals are unknown ("-", with that reason).
    bool present() const { return !ops.isEmpty(); }
    /// The op's histogram of `second`; an empty one when it had no success (or is unknown).
    LatencyHistogram at(int op, qint64 second) const;
    /// Adds `h` to the op's `second` and keeps it sparse (LatencyHistogram::compact()).
    void add(int op, qint64 second, const LatencyHistogram &h);

    /// {"v":1,"ops":[{"op":<label>,"seconds":[s,...],"encoding":"zlib+base64",
    /// "histograms": base64(qCompress(JSON array of LatencyHistogram::toCompactJson()))}, ...]}
    /// (docs/session-format.md, "second_histograms"); fromJson also reads "histograms" as the
    /// plain JSON array (no "encoding").
    QJsonObject toJson() const;
    /// A missing value (older sessions) gives an empty SecondHistograms and true; a malformed
    /// one false and *error.
    static bool fromJson(const QJsonValue &v, SecondHistograms *out, QString *error);
};

} // namespace vw
