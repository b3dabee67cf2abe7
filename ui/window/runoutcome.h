// What the window says about a finished run: the badge (text and colours) and the status-bar
// line, from one mapping, so no raw status key ("setup_failed") reaches the screen. The keys
// themselves are core's (runStatusKey(), core/engine/runrecord.h); this is their display text.
// GUI thread only (no widgets here, just text and colours).
#pragma once

#include "session/session.h"

#include <QString>

namespace vw {

/// The states a run's badge tells apart. More than RunStatus: a setup that failed because
/// nothing answered is "unreachable", and a run whose cleanup left resources behind says so.
enum class RunOutcome {
    Completed, ///< every stage ran, cleanup removed everything
    Stopped, ///< stopped by the user
    Failed, ///< an abort rule or error ended the measured window (reason in error)
    SetupFailed, ///< nothing measured: setup or the pre-flight check failed (reason)
    Unreachable, ///< nothing measured: the target did not answer
    CleanupFailed, ///< completed or stopped, but cleanup could not remove everything
    Incomplete, ///< a checkpoint of a run that never finished (a file, not a live run)
};

RunOutcome runOutcome(const Session &session);

struct RunOutcomeLook {
    QString badge; ///< short text on the badge ("Setup failed")
    QString background; ///< "#rrggbb"
    QString foreground; ///< "#rrggbb"
};

/// Badge text and colours of each outcome (one place for them).
RunOutcomeLook runOutcomeLook(RunOutcome outcome);

/// Human text of a status, for summaries ("setup failed"); never the file key.
QString runStatusText(RunStatus status);

/// The status-bar line for a finished run: outcome, stages measured, and the reason when it
/// failed ("Setup failed, nothing measured: server is sealed").
QString runOutcomeMessage(const Session &session);

/// The status-bar line when a stage ends: "Stage 2 (4 VUs) done: kv2_read 812/s p99 3.10 ms ·
/// ..." (throughput per second and p99 in ms per op).
QString stageDoneMessage(const StageStats &stage);

} // namespace vw
