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
///  "stages":[{"duration_ms",<load key>}]},"operations":[{"type","weight","params",
///  "name" (only when the profile gave one)}],
///  "slo":{<set objectives>},"analysis":{"saturation_gain","saturation_stages",
///  "failure_error_ratio"}}. Durations are whole milliseconds. sourceYaml is not included.
QJsonObject planToJson(const Profile &p);

/// The Profile of planToJson() (sourceYaml empty). An unknown executor, a stage or an
/// operation that is not an object, or a missing ramp gives nullopt and *error.
std::optional<Profile> planFromJson(const QJsonObject &o, const LoadModelRegistry &models,
                                    QString *error);

/// An operation's params as JSON: their canonical form (core/ops/opparams.h paramsToJson():
/// every declared param, durations in ms, sizes in bytes); the one place the plan and the
/// comparison take it from. An unknown type gives an empty object.
QJsonObject operationParamsToJson(const OperationSpec &op);
/// The params of operation type `type` back from operationParamsToJson(), as strictly as a
/// profile's (paramsFromJson()); nullopt and *error ("ssh_sign params: ca_key_type: ...")
/// for an unknown type or a bad value.
std::optional<OpParams> operationParamsFromJson(const QString &type, const QJsonObject &params,
                                                QString *error);

QJsonObject sloToJson(const SloSpec &slo); ///< only the objectives that are set
SloSpec sloFromJson(const QJsonObject &o);
QJsonObject thresholdsToJson(const AnalysisThresholds &t);
AnalysisThresholds thresholdsFromJson(const QJsonObject &o); ///< defaults for absent keys

} // namespace vw
