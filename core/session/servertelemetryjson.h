// The session's "server_telemetry" object (docs/session-format.md, "Server telemetry"):
// {"source","server_pid","server_cores","notes":[..],
//  "samples":{"columns":["t_s","stage","steady","rss_bytes",..],"rows":[[..],..]},
//  "stages":[{"index","samples","rss_mean_bytes",..},..]}
// An unknown value is null. Absent in sessions written before it existed: read as empty.
#pragma once

#include "stats/servertelemetry.h"

#include <QJsonObject>
#include <QJsonValue>

namespace vw {

QJsonObject serverTelemetryToJson(const ServerTelemetry &t);
/// Reads `v` (undefined or null: an empty ServerTelemetry). false + *error ("server_telemetry.
/// samples: ...") on a malformed object.
bool serverTelemetryFromJson(const QJsonValue &v, ServerTelemetry *out, QString *error);

} // namespace vw
