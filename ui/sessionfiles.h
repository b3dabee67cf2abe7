// Where the GUI auto-saves sessions: QStandardPaths::AppDataLocation + "/sessions/".
#pragma once

#include "session/session.h"

#include <QString>

namespace vw {

/// The auto-save folder (not created here).
QString sessionsDirectory();
/// "<sessions>/<yyyyMMdd-HHmmss>-<label>-<id8>.json": the start time (UTC), the label (or the
/// profile name) made safe by sessionFileNamePart() and cut to 40 characters, and the first 8
/// characters of the session's id.
QString autoSavePath(const Session &s);
/// True when `path` looks like a session file (.json, or content starting with '{').
bool looksLikeSessionFile(const QString &path);

} // namespace vw
