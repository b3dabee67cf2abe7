// Helpers shared by the built-in operations: everything an operation creates on the server
// goes through a ResourceTracker, which tags it (core/vault/workbenchresource.h: mounts and
// auth methods described "vault-workbench run <prefix>", policies named "<prefix>-..." with
// the tag in their rules) and remembers it, so that cleanup() removes exactly that and the
// run records it (RunRecord::resources). A new operation type that creates something calls
// these, never sys/mounts, sys/auth or sys/policies directly. Not thread-safe; used on the
// control thread. Params are parsed by core/ops/opparams.h, never here.
#pragma once

#include "vault/workbenchresource.h"

#include <QJsonObject>
#include <QList>

#include <functional>

namespace vw {

class VaultClient;

/// What an operation created, in order. A resource is remembered when the server may have
/// created it (success, or no answer), not when it refused (e.g. 403), so that cleanup with
/// a token lacking permission has nothing to undo.
class ResourceTracker {
public:
    /// Enables a `type` secrets engine at `path` (POST sys/mounts/<path>), described
    /// workbenchTag(runPrefix); `extra` adds fields (config, options). Then
    /// waitUntilServed(`sys/mounts/<path>/tune`).
    bool enableMount(VaultClient &client, const QString &path, const QString &type,
                     const QString &runPrefix, const QJsonObject &extra, QString *error);
    /// Enables a `type` auth method at `path` (POST sys/auth/<path>), described the same,
    /// then waitUntilServed(`sys/auth/<path>/tune`).
    bool enableAuth(VaultClient &client, const QString &path, const QString &type,
                    const QString &runPrefix, const QJsonObject &extra, QString *error);
    /// Writes ACL policy `<runPrefix>-<name>` with `rules` after a "# <tag>" line; the
    /// policy's full name is put in *fullName.
    bool writePolicy(VaultClient &client, const QString &name, const QString &rules,
                     const QString &runPrefix, QString *fullName, QString *error);
    /// Writes a role at `path` (e.g. "<mount>/roles/bench"), inside a mount or auth method
    /// this tracker enabled (so it carries the tag through its mount).
    bool writeRole(VaultClient &client, const QString &path, const QJsonObject &body,
                   QString *error);

    /// Remembers the identity entities or groups (`kind` Entities or Groups) named
    /// "<namePrefix>-..." that setup and the requests of the run make, before the first one
    /// is made, so that cleanup removes every one of them (ResourceKind::Entities).
    void trackIdentity(ResourceKind kind, const QString &namePrefix);

    /// Removes every remembered resource, newest first (best effort, all attempted; a role
    /// inside a remembered mount or auth method goes with it). Idempotent; true when none is
    /// left, else false + *error listing the failures.
    bool removeAll(VaultClient &client, QString *error);
    /// Created and not yet removed, in creation order.
    QList<WorkbenchResource> resources() const { return m_resources; }

private:
    bool create(VaultClient &client, const WorkbenchResource &res, const QString &apiPath,
                const QJsonObject &body, const QString &what, QString *error);

    QList<WorkbenchResource> m_resources;
};

/// What one probe of a node said (waitServedOnEveryNode).
enum class ServedProbe {
    Served, ///< a 2xx: counts towards the answers in a row
    NotYet, ///< not served yet (e.g. 400/404 while a standby applies the change): wait
    Stop, ///< nothing this wait can tell (e.g. 403): this node is done, go on
    Failed, ///< an error: stop waiting, the whole wait fails
};
/// How a wait ended: every node was served (or stopped), one probe failed, or a node timed out.
enum class ServedWait { Served, Failed, TimedOut };

/// Probes each node the run loads (TargetSpec::loadAddresses(): the target, or each node of a
/// spread run; `client` itself for the first), once the node has applied the client's newest
/// X-Vault-Index (VaultClient::waitForIndex()), until `probe` answers Served `inRow` times in a
/// row, polling every 50 ms while it answers NotYet, at most `timeoutMs` per node. Behind a
/// load balancer consecutive requests reach different nodes, hence several answers in a row.
/// Control thread.
ServedWait waitServedOnEveryNode(VaultClient &client,
                                 const std::function<ServedProbe(VaultClient &node)> &probe,
                                 int inRow = 6, qint64 timeoutMs = 10000);

/// Waits until every node the run loads (TargetSpec::loadAddresses(): the target, or each
/// node of a spread run) answers GET `path` with a 2xx 6 times in a row, while it answers
/// 400 or 404, at most 10 s per node. A standby node serves what setup made through the
/// active node (a mount, a key, a role) about a second later; behind a load balancer
/// consecutive requests reach different nodes, hence several answers in a row. Best effort:
/// never fails (the next real request reports what is still wrong). Control thread.
void waitUntilServed(VaultClient &client, const QString &path);

} // namespace vw
