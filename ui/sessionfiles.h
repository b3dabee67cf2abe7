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
/// True when the name says profile: .yaml or .yml (no disk access).
bool isProfileFileName(const QString &path);
/// True when `path` looks like a session file (.json, or content starting with '{'; not
/// .yaml/.yml). Reads up to 64 bytes: call it off the GUI thread (ui/sessionloader.h).
bool looksLikeSessionFile(const QString &path);

} // namespace vw
