// Sweeping what runs left on a server (`vault-workbench cleanup`, app/cleanupcommand.cpp):
// a session's leftovers (the resources it recorded and anything on the server tagged with its
// run prefix, docs/session-format.md "run_prefix"), or everything any workbench run left
// (mounts, auth methods and policies carrying a workbench tag, core/vault/workbenchresource.h).
// Synchronous, through a VaultClient: a worker thread or the CLI, never the GUI thread.
#pragma once

#include "engine/runrecord.h"

#include <QList>
#include <QStringList>

namespace vw {

class VaultClient;

/// What a sweep is to remove: only what the server holds tagged by the workbench (with the
/// run's prefix for a session), and roles inside such mounts. A session file is never trusted
/// to name what to delete: a recorded resource the server does not show tagged is not touched.
struct SweepTargets {
    QString runPrefix; ///< empty: every workbench run (--all)
    QList<WorkbenchResource> items; ///< in removal order (roles, policies, auth, mounts)
    /// Recorded by the session but not on the server tagged with its prefix: already removed,
    /// or not the run's (an edited file); left alone either way.
    QList<WorkbenchResource> notOnServer;
    QStringList errors; ///< a list that could not be read ("list sys/auth: 403")
};

struct SweepResult {
    QList<WorkbenchResource> removed; ///< removed (or already gone)
    QList<WorkbenchResource> left; ///< tagged resources still on the server afterwards
    QStringList errors; ///< one per failed removal or unreadable list
    /// True when nothing of the sweep's scope is left and every list could be read.
    bool clean() const { return left.isEmpty() && errors.isEmpty(); }
};

/// The leftovers of one run: what the server holds tagged with `record`'s run prefix, plus the
/// recorded roles inside those mounts; the other recorded resources go to notOnServer. A
/// record without a run prefix (written before it was recorded, or before setup), or with one
/// that is not "vwb-" + 6 hex digits, gives no targets and an error saying so.
SweepTargets sessionSweepTargets(VaultClient &client, const RunRecord &record);
/// Everything on the server tagged by any workbench run.
SweepTargets allSweepTargets(VaultClient &client);

/// Removes `targets` under the cleanup retry policy (core/vault/retrypolicy.h; set on
/// `client` here, so its 60 s start now, not before a confirmation prompt), then lists the
/// server again (the targets' prefix, or all tags) for what is left.
SweepResult sweep(VaultClient &client, const SweepTargets &targets);

} // namespace vw
