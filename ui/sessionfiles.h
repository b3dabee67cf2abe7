// Where the GUI auto-saves sessions: "<app data>/sessions/", where <app data> is
// QStandardPaths::AppDataLocation with the application name once (app/main.cpp names both the
// organisation and the application "vault-workbench", which AppDataLocation would double:
// ".../vault-workbench/vault-workbench/").
#pragma once

#include "session/session.h"

#include <QString>
#include <QStringList>

namespace vw {

/// The application's data folder: QStandardPaths::AppDataLocation, with a trailing
/// "<organisation>/<application>" cut to "<application>" when both names are the same.
QString appDataDirectory();
/// The auto-save folder, appDataDirectory() + "/sessions" (not created here).
QString sessionsDirectory();
/// Folders that earlier versions saved sessions in: the doubled "<AppDataLocation>/sessions"
/// when it differs from sessionsDirectory(). They may not exist (no disk access here); the
/// session library (ui/library/) lists the sessions of those that do.
QStringList legacySessionsDirectories();
/// "<sessions>/<yyyyMMdd-HHmmss>-<label>-<id8>.json": the start time (UTC), the label (or the
/// profile name) made safe by sessionFileNamePart() and cut to 40 characters, and the first 8
/// characters of the session's id.
QString autoSavePath(const Session &s);
/// True when `a` and `b` name the same file: equal absolute, cleaned paths (no disk access,
/// links not followed); false when either is empty.
bool isSameFilePath(const QString &a, const QString &b);
/// True when the name says profile: .yaml or .yml (no disk access).
bool isProfileFileName(const QString &path);
/// True when `path` looks like a session file (.json, or content starting with '{'; not
/// .yaml/.yml). Reads up to 64 bytes: call it off the GUI thread (ui/sessionloader.h).
bool looksLikeSessionFile(const QString &path);

} // namespace vw
