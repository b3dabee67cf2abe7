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
class MountTracker {
public:
    bool enable(VaultClient &client, const QString &path, const QString &type,
                const QJsonObject &extra, QString *error);
    /// Disables every remembered mount (best effort, all attempted). Idempotent; true when
    /// none is left, else false + *error listing the failures.
    bool disableAll(VaultClient &client, QString *error);
    QStringList paths() const { return m_paths; }

private:
    QStringList m_paths;
};

} // namespace vw
