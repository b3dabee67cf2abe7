// Session files: JSON (docs/session-format.md), written atomically with QSaveFile.
#pragma once

#include "session/session.h"

#include <QJsonObject>
#include <optional>

namespace vw {

QJsonObject sessionToJson(const Session &s);
std::optional<Session> sessionFromJson(const QJsonObject &o, QString *error);

/// Atomic: a reader sees the old file or the new one, never half of one.
bool writeSession(const Session &s, const QString &path, QString *error);
/// A missing file, bad JSON or a newer schema version gives nullopt and a clear *error.
std::optional<Session> readSession(const QString &path, QString *error);

} // namespace vw
