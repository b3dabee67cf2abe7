#include "session/leftoversweeper.h"

#include "vault/workbenchresource.h"
#include "vault/vaultclient.h"

#include <algorithm>

namespace vw {

namespace {

/// Roles first (inside mounts that still exist), then identity groups, their member entities,
/// policies, auth methods, mounts.
int removalRank(ResourceKind k)
{
    switch (k) {
    case ResourceKind::Role:
        return 0;
    case ResourceKind::Groups:
        return 1;
    case ResourceKind::Entities:
        return 2;
    case ResourceKind::Policy:
        return 3;
    case ResourceKind::Auth:
        return 4;
    case ResourceKind::Mount:
        return 5;
    }
    return 6;
}

void addUnique(QList<WorkbenchResource> *list, const WorkbenchResource &r)
{
    if (!list->contains(r))
        list->append(r);
}

void sortForRemoval(QList<WorkbenchResource> *list)
{
    std::stable_sort(list->begin(), list->end(),
                     [](const WorkbenchResource &a, const WorkbenchResource &b) {
                         return removalRank(a.kind) < removalRank(b.kind);
                     });
}

} // namespace

SweepTargets sessionSweepTargets(VaultClient &client, const RunRecord &record)
{
    SweepTargets t;
    t.runPrefix = record.runPrefix;
    if (t.runPrefix.isEmpty()) {
        t.errors << QStringLiteral("the session records no run prefix (written before "
                                   "vault-workbench recorded it, or before setup); use "
                                   "`vault-workbench cleanup --addr URL --all`");
        return t;
    }
    if (workbenchPrefixOf(workbenchTag(t.runPrefix)) != t.runPrefix) {
        t.errors << QStringLiteral("the session's run prefix \"%1\" is not one vault-workbench "
                                   "makes (vwb- and 6 hex digits); nothing is removed")
                        .arg(t.runPrefix.left(40));
        t.runPrefix.clear();
        return t;
    }
    client.setRetryPolicy(RetryPolicy::cleanup());
    QList<WorkbenchResource> found;
    QString error;
    if (!findTaggedResources(client, t.runPrefix, &found, &error))
        t.errors << error;
    for (const WorkbenchResource &r : std::as_const(found))
        addUnique(&t.items, r);
    for (const WorkbenchResource &r : record.resources) {
        if (t.items.contains(r))
            continue;
        if (r.kind == ResourceKind::Role && insideListedMount(r, found))
            addUnique(&t.items, r); // goes with its (tagged) mount
        else
            addUnique(&t.notOnServer, r);
    }
    sortForRemoval(&t.items);
    return t;
}

SweepTargets allSweepTargets(VaultClient &client)
{
    SweepTargets t;
    client.setRetryPolicy(RetryPolicy::cleanup());
    QString error;
    if (!findTaggedResources(client, QString(), &t.items, &error))
        t.errors << error;
    sortForRemoval(&t.items);
    return t;
}

SweepResult sweep(VaultClient &client, const SweepTargets &targets)
{
    SweepResult out;
    client.setRetryPolicy(RetryPolicy::cleanup());
    const Removal removal = removeResources(client, targets.items);
    out.removed = removal.removed;
    out.errors = removal.errors;
    QString error;
    if (!findTaggedResources(client, targets.runPrefix, &out.left, &error))
        out.errors << error;
    // A recorded role whose mount could not be removed is left too.
    for (const WorkbenchResource &r : targets.items)
        if (r.kind == ResourceKind::Role && insideListedMount(r, out.left))
            out.left << r;
    return out;
}

} // namespace vw
