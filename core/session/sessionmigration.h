// Reading session files of older schemas (docs/session-format.md, "Versioning"). Schema 1
// kept the profile only as YAML text; schema 2 adds the structured run plan (`plan`). A
// schema-1 file is migrated once, when read: its YAML is parsed with the real profile parser
// (core/profile/profileparser.h) into the plan, so nothing downstream reads YAML.
#pragma once

#include "profile/profile.h"
#include "stats/stagestats.h"

#include <QJsonObject>
#include <QStringList>

namespace vw {

/// The run plan of a schema-1 session `o` whose measured stages are `stages`: its
/// profile.yaml parsed by parseProfile(), with target.address set to the session's
/// target.address (the address actually used, as schema 2 stores it). When the YAML does not
/// parse (or is missing), the plan is rebuilt from the file's header and stages (name,
/// transport, target address, executor, each stage's duration, warm-up and load; operations
/// with weight 100 and no params; no SLO, default thresholds) and *notes says so and why.
Profile migrateV1Plan(const QJsonObject &o, const QList<StageStats> &stages, QStringList *notes);

} // namespace vw
