// The server's own numbers from GET /v1/sys/metrics, in either form OpenBao/Vault answers:
// the Prometheus text exposition (?format=prometheus, when telemetry sets
// prometheus_retention_time) or the JSON of its in-memory sink (always). Which metric gives
// which field, and what is missing from the JSON form (process RSS, CPU, open fds): the table in
// docs/measurement.md, "Server telemetry".
#pragma once

#include "stats/servertelemetry.h"
#include "vault/prometheustext.h"

#include <QJsonObject>

namespace vw {

/// The fields of a Prometheus answer (cumulative timers).
ServerReading serverReadingFromPrometheus(const PromText &text);
/// The fields of a JSON answer (Gauges / Samples; the timers of the current 10 s interval).
ServerReading serverReadingFromMetricsJson(const QJsonObject &json);

} // namespace vw
