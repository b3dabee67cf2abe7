// Durations as written in profiles: "500ms", "10s", "2m", "1h", "1m30s" (Go/k6 style).
#pragma once

#include <QString>
#include <optional>

namespace vw {

/// Milliseconds, or nullopt when `text` is not a duration. A bare number is rejected
/// (units are mandatory). Fractions are allowed ("1.5s").
std::optional<qint64> parseDurationMs(const QString &text);

/// Shortest exact rendering: 10000 -> "10s", 90000 -> "1m30s", 250 -> "250ms".
QString formatDurationMs(qint64 ms);

} // namespace vw
