// What a run creates on a server, and how the workbench tags it so that a later sweep finds
// it (README, "Cleanup and leftovers"; docs/session-format.md, "run_prefix" and "resources").
// Every run has a prefix "vwb-" + 6 hex digits (core/engine/operationsetup.cpp). Every mount
// and auth method a run enables is described workbenchTag(prefix); every policy is named
// "<prefix>-..." and its rules start with the comment "# " + workbenchTag(prefix); a role is
// made only inside a mount or auth method of the run, so it goes with it. Identity entities and
// groups (the identity_* operations, which make them also during the measured window) are
// named "<prefix>-..." and carry the tag in their metadata; the run records one name prefix
// for all of an operation's entities or groups (docs/profile-format.md, "Identity operations").
#pragma once

#include <QList>
#include <QStringList>
#include <QString>

namespace vw {

class VaultClient;

/// "vault-workbench run vwb-7f3a2c": the description of everything a run makes.
QString workbenchTag(const QString &runPrefix);
/// "workbench-run": the metadata key of an identity entity or group a run makes, whose value
/// is workbenchTag(runPrefix).
QString identityTagKey();
/// The run prefix a description or policy text carries ("vwb-7f3a2c"), empty when it carries
/// no workbench tag.
QString workbenchPrefixOf(const QString &text);

enum class ResourceKind {
    Mount, ///< a secrets engine: path below sys/mounts/
    Auth, ///< an auth method: path below sys/auth/
    Policy, ///< an ACL policy: its name (sys/policies/acl/<name>)
    Role, ///< a role: its full path, e.g. "vwb-7f3a2c-ssh-0/roles/bench"
    /// Every identity entity whose name is this name prefix + "-" + anything, e.g.
    /// "vwb-7f3a2c-ent-0" (identity/entity; made at setup and by the requests)
    Entities,
    /// Every internal identity group whose name is this prefix + "-" + anything
    /// (identity/group), as Entities
    Groups,
};
/// "mount", "auth", "policy", "role", "entities", "groups" (the session file's keys).
QString resourceKindKey(ResourceKind k);
bool resourceKindFromKey(const QString &key, ResourceKind *out);

struct WorkbenchResource {
    ResourceKind kind = ResourceKind::Mount;
    QString path; ///< without leading or trailing '/'
    bool operator==(const WorkbenchResource &o) const { return kind == o.kind && path == o.path; }
    /// "mount vwb-7f3a2c-kv2-0"
    QString describe() const;
};

/// Removes one resource (DELETE sys/mounts/<path>, sys/auth/<path>, sys/policies/acl/<name>
/// or <path> for a role; for Entities, LIST identity/entity/id and POST
/// identity/entity/batch-delete of those named with the prefix, 500 a request; for Groups,
/// LIST identity/group/id and DELETE identity/group/id/<id> of each). Success also when it does not exist (404, or Vault's "no matching
/// mount"). false + *error ("disable mount x: 429: rate limit quota exceeded") otherwise.
/// The client's retry policy applies (core/vault/retrypolicy.h).
bool removeResource(VaultClient &client, const WorkbenchResource &r, QString *error);

/// True when `role` lies inside a mount or auth method in `list` (removed with it).
bool insideListedMount(const WorkbenchResource &role, const QList<WorkbenchResource> &list);

/// What removeResources() did.
struct Removal {
    QList<WorkbenchResource> removed; ///< removed, or gone with their mount
    QList<WorkbenchResource> left; ///< not removed, and roles inside a mount that was not
    QStringList errors; ///< one per failed removal
};
/// Removes `items` in the order given (each with removeResource()); a role inside a listed
/// mount or auth method is not removed alone: it goes with its mount, or stays with it.
/// The one removal loop of a run's cleanup (core/ops/opsupport.h) and of the sweeper
/// (core/session/leftoversweeper.h).
Removal removeResources(VaultClient &client, const QList<WorkbenchResource> &items);

/// Everything on the server that carries a workbench tag: mounts and auth methods whose
/// description is a workbench tag, policies named "vwb-..." whose rules carry one, and the
/// identity entities and groups named "vwb-<6 hex>-..." (one Entities or Groups item per run
/// prefix, when the first one found carries the tag in its metadata "workbench-run"). With
/// `runPrefix` non-empty only those of that run. Mounts and auth methods first read from
/// sys/mounts and sys/auth, policies from sys/policies/acl. false + *error when a list could
/// not be read (the list is then what could be read).
bool findTaggedResources(VaultClient &client, const QString &runPrefix,
                         QList<WorkbenchResource> *out, QString *error);

} // namespace vw
