// Reading a file a user named, without trusting it to be small or even a file.
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace vw {

/// The whole content of the regular file `path` when it holds at most `maxBytes` bytes.
/// Otherwise nullopt and *error, without reading: "not a regular file" (a device, pipe or
/// folder: /dev/zero would be read forever), "5000000 bytes; at most 4194304 bytes", or the
/// OS message when it cannot be opened (e.g. a missing file).
std::optional<QByteArray> readBoundedFile(const QString &path, qint64 maxBytes, QString *error);

} // namespace vw
