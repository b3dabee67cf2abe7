// The session library's index: a summary of a saved session (docs/session-format.md) read
// without decoding its histograms or series. The file is read whole (bounded by
// maxSessionBytes(), core/session/sessionio.h) but only the small members are parsed: the
// top-level object is scanned for its members' extents and the "stages" array is walked by
// extent, so a 7 MB session of 20,000 stages costs a byte scan, not a JSON parse of it all.
// Used by the GUI's session library (ui/library/); safe to call on any thread.
#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

namespace vw {

/// One row of the library. A file that cannot be summarised has `error` set and the other
/// fields empty (except path, bytes and modified): it is shown as a row with its error.
struct SessionSummary {
    QString path; ///< as given
    QString error; ///< why the file is not a readable session, empty when it is
    qint64 bytes = 0; ///< file size
    QDateTime modified; ///< file modification time (UTC)

    QString id;
    QString label; ///< "label"; may be empty in hand-made files
    QString profileName; ///< "profile"."name"
    QString targetAddress; ///< "target"."address"
    /// The local target node the run went to ("leader", "standby-1", "lb"), from
    /// "target"."sources"."address" (localTargetNodeOfSource(), core/vault/targetresolver.h);
    /// empty when the address was not a node name.
    QString targetNode;
    QString status; ///< "status" key: completed | stopped | failed | setup_failed | incomplete
    QString runError; ///< "error": why the run stopped or failed
    QString cleanupError; ///< "cleanup_error": why cleanup could not remove everything
    /// "leftovers": what cleanup could not remove, described ("mount vwb-7f3a2c-kv").
    QStringList leftovers;
    int resources = 0; ///< entries of "resources": what setup created
    /// What was left on the server, in a word: "none", "2 left", "cleanup incomplete", or for
    /// a run that never finished (status "incomplete") "unknown: N created"; "-" when the run
    /// created nothing it could leave.
    QString leftoverText() const;
    QString executor; ///< "executor": closed | arrival-rate | ...
    QDateTime startedAt; ///< UTC; invalid when the file has none
    QDateTime finishedAt;
    QStringList ops; ///< operation labels in profile order
    int stages = 0; ///< stages measured (entries of "stages")
    std::optional<int> maxVus; ///< largest "vus" of the stages (closed model)
    std::optional<double> maxRatePerS; ///< largest "rate_per_s" (arrival-rate model)

    // Key figures of the first operation, from the saved "analysis" (computed from the
    // stages for files without one). Empty when not reached: shown as "-", never 0.
    std::optional<double> peakThroughputPerS; ///< max_throughput_per_s, successes per second
    std::optional<int> peakStage; ///< 0-based stage of the peak
    std::optional<int> peakVus;
    std::optional<double> p99AtPeakMs; ///< p99 latency of the first op at the peak stage, ms
    std::optional<int> kneeVus; ///< knee_vus

    bool ok() const { return error.isEmpty(); }
    /// The label, or the profile name when the label is empty.
    QString displayLabel() const { return label.isEmpty() ? profileName : label; }
};

/// The summary of the session file `path`. Never throws; a missing, oversized, non-regular,
/// non-JSON or non-session file, or one of a newer schema, gives a summary with `error`.
SessionSummary readSessionSummary(const QString &path);

/// The session files (*.json, regular files) directly in `dir`, newest modification first;
/// empty when the folder does not exist.
QStringList sessionFilesIn(const QString &dir);

/// Sets the label of the session file `path` to `label`: reads it with readSession(), writes
/// it back with writeSession() (a temporary file renamed over it, util/atomicfile.h), so a reader
/// never sees half a file. False and *error when it cannot be read or written.
bool writeSessionLabel(const QString &path, const QString &label, QString *error);

} // namespace vw
