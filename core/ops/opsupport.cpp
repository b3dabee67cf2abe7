#include "ops/opsupport.h"

#include "vault/vaultclient.h"

namespace vw {

QString workbenchTag(const QString &runPrefix)
{
    return QStringLiteral("vault-workbench run %1").arg(runPrefix);
}

bool MountTracker::enable(VaultClient &client, const QString &path, const QString &type,
                          const QString &runPrefix, const QJsonObject &extra, QString *error)
{
    QJsonObject body = extra;
    body.insert(QStringLiteral("type"), type);
    body.insert(QStringLiteral("description"), workbenchTag(runPrefix));
    const VaultResponse r = client.post(QStringLiteral("sys/mounts/") + path, body);
    if (r.ok() || r.status == 0) { // no answer: it may exist, so cleanup must try
        if (!m_paths.contains(path))
            m_paths.append(path);
    }
    if (r.ok() && r.errorClass == ErrorClass::None)
        return true;
    if (error)
        *error = QStringLiteral("enable %1 mount %2: %3").arg(type, path, r.describe());
    return false;
}

bool MountTracker::disableAll(VaultClient &client, QString *error)
{
    QStringList failures;
    QStringList left;
    for (const QString &path : std::as_const(m_paths)) {
        QString why;
        if (!client.disableMount(path, &why)) {
            left << path;
            failures << why;
        }
    }
    m_paths = left;
    if (!failures.isEmpty() && error)
        *error = failures.join(QStringLiteral("; "));
    return m_paths.isEmpty();
}

} // namespace vw
