// How large the session file of a plan will be, before it runs: `run` and `study` check that
// the output folder has room for it before setup (issue 23; docs/session-format.md, "Size").
#pragma once

#include "profile/profile.h"

#include <QString>

namespace vw {

/// An upper-side estimate of the session file a run of `plan` writes, in bytes, from its
/// stages x operations x seconds (docs/session-format.md, "Size"): 64 KiB of header, the
/// profile YAML twice, 1 KiB per stage, per stage and operation (and node of a round-robin
/// spread) 512 bytes plus 12 bytes per latency bucket (at most 2,730 buckets, 32 KiB; at
/// most one bucket per request, at most 10,000 requests per second per VU or the stage's
/// rate), 100 bytes per operation and second of the series and 512 bytes per second of
/// server telemetry. Pure; any thread.
qint64 estimatedSessionBytes(const Profile &plan);

/// Why the session file `path` of a run of `plan` cannot be written, empty when it can:
/// sessionPathProblem() (core/session/sessionio.h), then its folder's folderWriteProblem()
/// (util/atomicfile.h) for twice the estimate (a checkpoint and its temporary copy side by
/// side). Touches the disk (a probe file, statvfs): not on the GUI thread.
QString sessionOutputProblem(const QString &path, const Profile &plan);

} // namespace vw
