// YAML (yaml-cpp) to Profile, with validation. Every problem is reported, not only the first,
// each with line, column and field (k6's Validate() returns all errors).
#pragma once

#include "profile/profile.h"
#include "profile/profileerror.h"

#include <optional>

namespace vw {

struct ProfileParseResult {
    std::optional<Profile> profile; ///< set only when `errors` is empty
    ProfileErrors errors;
    bool ok() const { return profile.has_value() && errors.isEmpty(); }
};

/// Parses and validates profile YAML. Rejects: YAML syntax errors, unknown keys at any level,
/// unknown operation types, invalid operation params (asked of core/ops/operationregistry.h),
/// vus < 1 or not an integer, durations that do not parse (core/util/duration.h) or are <= 0,
/// warm-up >= a stage's duration, an empty stage list or operation list, weight < 1.
ProfileParseResult parseProfile(const QByteArray &yaml);

/// The keys a profile accepts at the top level, in the order of docs/profile-format.md.
QStringList profileKeys();
/// The keys `target:` accepts, in the order of docs/profile-format.md.
QStringList targetKeys();
/// The values `target.spread` accepts: none (default), round_robin.
QStringList targetSpreads();
/// The keys an item of `operations:` accepts: type, name, weight, params.
QStringList operationKeys();

/// The largest profile file loadProfileFile() reads, in bytes (profiles are a few KiB).
constexpr qint64 kMaxProfileBytes = 4 * 1024 * 1024;
/// Largest `repeat:` of a profile (and `run --repeat`).
constexpr qint64 kMaxRepeat = 100;

/// Reads a file and parses it. A read failure, a file that is not a regular file (a device or
/// pipe) or one over kMaxProfileBytes is one error with line 0 that says why.
ProfileParseResult loadProfileFile(const QString &path);

} // namespace vw
