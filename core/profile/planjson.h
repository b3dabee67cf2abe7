// The run plan as JSON: a Profile (the typed plan a run was made from) in the `plan` object of
// a session file (docs/session-format.md, "plan"). Written by the session writer, read back
// into a Profile, so that nothing after a run parses YAML again. Never holds a token (a
// Profile has none). Pure functions; any thread.
#pragma once

#include "profile/loadmodels/loadmodelregistry.h"
#include "profile/profile.h"

#include <QJsonObject>
#include <optional>

namespace vw {

/// {"name","description","target":{"address","namespace","ca_file","tls_skip_verify",
///  "request_timeout_ms"},"transport","ramp":{"executor","warmup_ms",<model keys>,
///  "stages":[{"duration_ms",<load key>}]},"operations":[{"type","weight","params"}],
///  "slo":{<set objectives>},"analysis":{"saturation_gain","saturation_stages",
///  "failure_error_ratio"}}. Durations are whole milliseconds. sourceYaml is not included.
QJsonObject planToJson(const Profile &p);

/// The Profile of planToJson() (sourceYaml empty). An unknown executor, a stage or an
/// operation that is not an object, or a missing ramp gives nullopt and *error.
std::optional<Profile> planFromJson(const QJsonObject &o, const LoadModelRegistry &models,
                                    QString *error);

/// An operation's params as JSON: the one place that chooses their JSON form (the plan, the
/// comparison). Today the params map as JSON; typed params (core/ops/) will give theirs.
QJsonObject operationParamsToJson(const OperationSpec &op);
/// The params map back from operationParamsToJson().
QVariantMap operationParamsFromJson(const QJsonObject &params);

QJsonObject sloToJson(const SloSpec &slo);           ///< only the objectives that are set
SloSpec sloFromJson(const QJsonObject &o);
QJsonObject thresholdsToJson(const AnalysisThresholds &t);
AnalysisThresholds thresholdsFromJson(const QJsonObject &o); ///< defaults for absent keys

} // namespace vw
