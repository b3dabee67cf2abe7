// `vault-workbench merge SHARD... --out SESSION` (docs/distributed.md): the shard sessions of
// one plan (`run --shard i/N`) as one session, as if one generator had run the whole plan.
// The histograms are lossless and add exactly (core/stats/latencyhistogram.h), so per op x
// stage and per op x second (core/stats/secondhistograms.h) the merged counts are the sum of
// the shards' bucket by bucket, and every percentile, min, max and sum of the merged session is
// the one a single generator with the same requests would report. The analysis, thresholds
// and intervals are then computed from the merged data as for any session.
//
// Refused (nullopt and *error): no session, a session without a shard block, shard counts or
// plan hashes that differ, an index given twice, different operations. Histogram settings
// cannot differ: a session whose histograms have another layout is refused when it is read
// (LatencyHistogram::fromJson).
// Merged, but status "failed" with the reason (and a note in MergeInfo::notes): a missing
// index, a shard that did not complete (killed, stopped, failed, late), a second present in
// one shard's series and missing in another's.
// Pure function; any thread.
#pragma once

#include "session/session.h"

#include <QList>
#include <optional>

namespace vw {

std::optional<Session> mergeShardSessions(const QList<Session> &shards, QString *error);

} // namespace vw
