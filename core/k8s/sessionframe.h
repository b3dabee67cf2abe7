// A shard's session on its pod's stdout (docs/distributed.md, "Collecting the sessions"):
// `k8s shard` prints, after the run, the session file zlib-compressed and base64-encoded
// between two marker lines that carry its shard index, lengths and SHA-256:
//
//   ----- BEGIN VAULT-WORKBENCH SESSION index=2 bytes=48213 zlib=6120 sha256=<64 hex> -----
//   <base64 of the zlib stream, 76 characters a line>
//   ----- END VAULT-WORKBENCH SESSION index=2 -----
//
// `k8s collect` reads each index's `kubectl logs` and takes the frame back. A log can be cut
// (the kubelet rotates container logs at --container-log-max-size, and `kubectl logs` shows
// only the newest file; a pod killed while printing): readSessionFrame() says which end is
// missing instead of guessing. Pure functions; any thread.
#pragma once

#include <QByteArray>
#include <QString>

namespace vw::k8s {

/// The frame of `session` (the session file's bytes) for shard `index`, ending with '\n'.
QByteArray encodeSessionFrame(int index, const QByteArray &session);

/// What one log gave.
struct FrameReading {
    enum class Status {
        Ok, ///< a whole frame: `session` holds the file's bytes, length and SHA-256 checked
        Missing, ///< no marker at all: the shard ended before printing its session
        CutStart, ///< an END marker (or frame lines) without BEGIN: the log was rotated
        CutEnd, ///< BEGIN without END: the log ends inside the frame
        Corrupt ///< both markers, but the base64, zlib, length, SHA-256 or index is wrong
    };
    Status status = Status::Missing;
    QByteArray session;
    QString detail; ///< for people: what is wrong, and how much of the frame there is
};

/// The last frame of `log` for shard `index` (earlier output and other lines are skipped).
FrameReading readSessionFrame(const QByteArray &log, int index);

/// "ok", "missing", "cut at the start", "cut at the end", "corrupt".
QString frameStatusText(FrameReading::Status status);

} // namespace vw::k8s
