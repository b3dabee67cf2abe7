// Session files: JSON (docs/session-format.md), written atomically and durably
// (util/atomicfile.h).
#pragma once

#include "session/session.h"

#include <QJsonObject>
#include <functional>
#include <optional>

namespace vw {

/// What a session file is written as: the run's final file, or a checkpoint during the run.
/// A checkpoint leaves out each stage's "uncertainty" (the block bootstrap of every stage's
/// steady seconds, the one part of a write whose cost grows with the resamples): readers
/// recompute it anyway (docs/session-format.md, "Checkpoints"). Everything else is the same.
enum class SessionWriteKind { Final, Checkpoint };

QJsonObject sessionToJson(const Session &s, SessionWriteKind kind = SessionWriteKind::Final);
std::optional<Session> sessionFromJson(const QJsonObject &o, QString *error);

/// Why `path` cannot take a session file, empty when it can: the name is empty, its folder
/// is missing, or it exists and is a folder or not a regular file (a device, pipe or socket:
/// the atomic save would rename a file over it). `run --out` checks it before any load.
QString sessionPathProblem(const QString &path);

/// Atomic: a reader sees the old file or the new one, never half of one. Refuses the paths
/// sessionPathProblem() names.
bool writeSession(const Session &s, const QString &path, QString *error,
                  SessionWriteKind kind = SessionWriteKind::Final);
/// The largest session file readSession() reads unless VW_MAX_SESSION_MB says otherwise, in
/// bytes: 2 GiB. A run of hours with a 1-second series and per-stage histograms is a few MB;
/// a run of 1,000,000 short stages about 1.8 GB. Reading takes up to about 4 times the file in memory
/// (docs/performance.md, "Reading large sessions"): the limit keeps a wrong file (or a huge
/// one on a small machine) from taking all of it. docs/session-format.md, "Reading".
constexpr qint64 kMaxSessionBytes = 2048LL * 1024 * 1024;
/// The environment variable that replaces kMaxSessionBytes: a whole number of MiB, >= 1
/// (e.g. VW_MAX_SESSION_MB=4096). Read by every command and the GUI.
constexpr const char *kMaxSessionMbVariable = "VW_MAX_SESSION_MB";
/// The limit in force, in bytes: VW_MAX_SESSION_MB MiB when set, else kMaxSessionBytes.
/// -1 and *error ("VW_MAX_SESSION_MB=\"2G\" is not a whole number of MiB (1 or more)") when
/// the variable is set to anything else. Any thread.
qint64 maxSessionBytes(QString *error);
/// Why `path` (`bytes` long) is not read, empty when it is within maxSessionBytes(): the
/// variable's own problem, or "<path>: 1.09 GB (1090021000 bytes), over the 256 MiB limit on
/// session files; reading takes up to about 4 times the file in memory: set
/// VW_MAX_SESSION_MB=1040 or more to read it". Used by readSession() and the session index.
QString sessionSizeProblem(const QString &path, qint64 bytes);

/// The session in the JSON text `text`, read as readSession() reads a file: streamed
/// (util/jsonstreamreader.h), one stage and one series row at a time, never as a whole DOM.
/// nullopt and *error ("not JSON: ... at offset N", another kind, a newer schema...).
std::optional<Session> sessionFromJsonText(const QByteArray &text, QString *error);

/// A missing file, one that is not a regular file (a device or pipe), one over
/// maxSessionBytes() (sessionSizeProblem()), bad JSON or a newer schema version gives nullopt and a clear *error.
/// Streamed from the file 64 KiB at a time (sessionFromJsonText()): memory is the Session's
/// own plus one stage's JSON (docs/performance.md, "Large sessions").
std::optional<Session> readSession(const QString &path, QString *error);

/// For RunOptions::checkpoint (core/engine/benchmarkrun.h): writes each checkpoint it is
/// handed to `path` as a session file with writeSession() (SessionWriteKind::Checkpoint: no
/// bootstrap), creating the folder first.
std::function<bool(const RunRecord &, QString *)> checkpointWriter(const QString &path);

/// After writeSession() of a run's final session to `failedPath` failed (a disk that filled
/// during the run: the load is measured and the server already changed, so the session is not
/// given up): writes `s` under that file's name into the first of `folders` that takes it,
/// never over a file (an existing name gets a "yyyyMMdd-HHmmss-zzz-" prefix) and never into
/// the failed file's own folder. Returns the path written, or "" and *error (the last
/// folder's reason) when none took it. docs/session-format.md, "Writing".
QString writeRescuedSession(const Session &s, const QString &failedPath, const QStringList &folders,
                            QString *error);

} // namespace vw
