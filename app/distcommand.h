// Shards of one plan on the command line (docs/distributed.md):
//   `vault-workbench plan PROFILE [--shard I/N] [--format json|text]`  the (shard's) plan
//   `vault-workbench merge SHARD... --out SESSION`                       shard sessions as one
//   `vault-workbench dist local -n N PROFILE --out SESSION [run flags]`  N local shards, merged
// The split is core/engine/executors/shardplan.h, the merge core/session/sessionmerge.h.
#pragma once

#include "commandline.h"

#include "session/session.h"

#include <QList>
#include <QStringList>

namespace vw::cli {

int planCommand(const QStringList &args);
CommandHelp planHelp();

int mergeCommand(const QStringList &args);
CommandHelp mergeHelp();

int distCommand(const QStringList &args);
CommandHelp distHelp();

/// Merges `shards` (mergeShardSessions()), prints each shard's line and the merge's notes,
/// writes SESSION `outPath`; 0 completed, 1 failed or not written, 2 when they cannot be
/// merged (also `k8s collect`'s end).
int mergeAndWrite(const QList<Session> &shards, const QString &outPath);

} // namespace vw::cli
