// Study YAML (yaml-cpp) to StudySpec, with every problem located by line, column and field
// as for profiles (core/profile/profileerror.h). The format: docs/profile-format.md, "Studies".
#pragma once

#include "profile/profileerror.h"
#include "study/study.h"

#include <optional>

namespace vw {

struct StudyParseResult {
    std::optional<StudySpec> study; ///< set only when `errors` is empty
    ProfileErrors errors;
    bool ok() const { return study.has_value() && errors.isEmpty(); }
};

/// Parses and validates a study. `studyPath` (the file's path) resolves the profiles' paths
/// relative to its folder; the profiles themselves are not read here. Rejects: YAML syntax
/// errors, unknown keys, a missing or empty name, profiles or targets list, a target without
/// name or addr, a target name that is not [A-Za-z0-9_.-]+ or is repeated, an addr that is
/// neither an http(s) URL nor a local target name ([a-z][a-z0-9-]*), duration_scale outside
/// (0, 1], a target_up kind other than dev/raft/cluster, nodes outside 1..9, lb other than
/// nginx/haproxy, a dimension named twice, a label naming no dimension.
StudyParseResult parseStudy(const QByteArray &yaml, const QString &studyPath);

/// Reads the file (at most kMaxProfileBytes) and parses it; a read failure is one error at
/// line 0.
StudyParseResult loadStudyFile(const QString &path);

} // namespace vw
