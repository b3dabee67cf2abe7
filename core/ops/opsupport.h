// Helpers shared by the built-in operations: the mounts an operation made (so cleanup()
// removes exactly those). Not thread-safe; used on the control thread. Params are parsed by
// core/ops/opparams.h, never here.
#pragma once

#include <QJsonObject>
#include <QStringList>

namespace vw {

class VaultClient;

/// Mounts an operation enabled, in order. A mount is remembered when the server may have
/// created it (success, or no answer), not when it refused (e.g. 403), so that cleanup with
/// a token lacking permission has nothing to undo.
/// The description the workbench gives everything it makes on a server, e.g.
/// "vault-workbench run vwb-7f3a2c": what a later sweep looks for (issue 9's cleanup).
QString workbenchTag(const QString &runPrefix);

class MountTracker {
public:
    /// Enables a `type` mount at `path`, described workbenchTag(runPrefix).
    bool enable(VaultClient &client, const QString &path, const QString &type,
                const QString &runPrefix, const QJsonObject &extra, QString *error);
    /// Disables every remembered mount (best effort, all attempted). Idempotent; true when
    /// none is left, else false + *error listing the failures.
    bool disableAll(VaultClient &client, QString *error);
    QStringList paths() const { return m_paths; }

private:
    QStringList m_paths;
};

} // namespace vw
