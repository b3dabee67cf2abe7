// Writing a file so that success means it is on disk, whole (issue 23, "writes that cannot
// lie"): every file the product writes goes through writeFileAtomically() (sessions and
// checkpoints, exports, reports, imported profiles, profiles saved from the GUI, the state
// files of local targets). docs/session-format.md, "Writing".
#pragma once

#include <QByteArray>
#include <QString>

namespace vw {

/// Writes `data` to `path`: into a new temporary file in the same folder
/// (".<name>.<random>.tmp", created with O_EXCL and `mode` less the umask), every write(2)
/// checked, fsync(2) and close(2) checked, then rename(2) over `path` and an fsync of the
/// folder. A reader sees the old file or the whole new one, never part of one.
/// On any error (ENOSPC, EFBIG, EROFS, EACCES, EIO...) the temporary file is removed, `path`
/// is left as it was, false is returned and *error is "cannot write PATH: <strerror text>"
/// (e.g. "cannot write /out/s.json: No space left on device"). `mode` 0600 for secrets
/// (tokens, keys); an existing file's mode is not kept. Any thread; no Qt event loop.
bool writeFileAtomically(const QString &path, const QByteArray &data, QString *error,
                         unsigned mode = 0666);

/// Why the folder `dir` cannot take a file of about `bytes` bytes from writeFileAtomically(),
/// empty when it can: it is missing or not a folder, a probe file cannot be created in it
/// (read-only mount, permissions: the OS text), or statvfs(2) shows fewer than `bytes` bytes
/// free for an unprivileged user ("12.0 MB free; about 40.0 MB needed"). The probe file is
/// removed. `bytes` <= 0 skips the room check. Blocks on the disk: not on the GUI thread.
QString folderWriteProblem(const QString &dir, qint64 bytes);

} // namespace vw
