// Helpers shared by the built-in operations: parameter checks and the mounts an operation
// made (so cleanup() removes exactly those). Not thread-safe; used on the control thread.
#pragma once

#include "ops/operationregistry.h"

#include <QJsonObject>
#include <QStringList>
#include <QVariantMap>
#include <optional>

namespace vw {

class VaultClient;

/// Integer value of params[key], `def` when absent; nullopt when present but not an integer
/// (accepts ints and integral strings/doubles as produced by YAML; rejects bools).
std::optional<qint64> intParam(const QVariantMap &params, const QString &key, qint64 def);

/// Appends an error naming the range when params[key] is not an integer in [min, max].
void checkIntParam(const QVariantMap &params, const QString &key, qint64 min, qint64 max,
                   QList<ParamError> &errors);

/// String value of params[key] (trimmed), `def` when absent.
QString stringParam(const QVariantMap &params, const QString &key, const QString &def);

/// Appends an error naming the allowed values when params[key] is present and not one of them.
void checkChoiceParam(const QVariantMap &params, const QString &key, const QStringList &allowed,
                      QList<ParamError> &errors);

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
