// Session files: JSON (docs/session-format.md), written atomically and durably
// (util/atomicfile.h).
#pragma once

#include "session/session.h"

#include <QJsonObject>
#include <functional>
#include <optional>

namespace vw {

QJsonObject sessionToJson(const Session &s);
std::optional<Session> sessionFromJson(const QJsonObject &o, QString *error);

/// Why `path` cannot take a session file, empty when it can: the name is empty, its folder
/// is missing, or it exists and is a folder or not a regular file (a device, pipe or socket:
/// the atomic save would rename a file over it). `run --out` checks it before any load.
QString sessionPathProblem(const QString &path);

/// Atomic: a reader sees the old file or the new one, never half of one. Refuses the paths
/// sessionPathProblem() names.
bool writeSession(const Session &s, const QString &path, QString *error);
/// The largest session file readSession() reads, in bytes. A run of hours with a 1-second
/// series and per-stage histograms is a few MB.
constexpr qint64 kMaxSessionBytes = 256LL * 1024 * 1024;

/// The session in the JSON text `text`, read as readSession() reads a file: streamed
/// (util/jsonstreamreader.h), one stage and one series row at a time, never as a whole DOM.
/// nullopt and *error ("not JSON: ... at offset N", another kind, a newer schema...).
std::optional<Session> sessionFromJsonText(const QByteArray &text, QString *error);

/// A missing file, one that is not a regular file (a device or pipe), one over
/// kMaxSessionBytes, bad JSON or a newer schema version gives nullopt and a clear *error.
/// Streamed from the file 64 KiB at a time (sessionFromJsonText()): memory is the Session's
/// own plus one stage's JSON (docs/performance.md, "Large sessions").
std::optional<Session> readSession(const QString &path, QString *error);

/// For RunOptions::checkpoint (core/engine/benchmarkrun.h): writes each checkpoint it is
/// handed to `path` as a session file with writeSession(), creating the folder first.
std::function<bool(const RunRecord &, QString *)> checkpointWriter(const QString &path);

} // namespace vw
