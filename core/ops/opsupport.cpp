#include "ops/opsupport.h"

#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QThread>

namespace vw {

namespace {

constexpr int kServedInRow = 6;      // 2x the nodes of a 3-node cluster behind a balancer
constexpr int kServedWaitMs = 10000;
constexpr int kServedPollMs = 50;

/// Waits until `node` answers GET `path` with a 2xx kServedInRow times in a row, while it
/// answers 400 or 404 ("not there yet"), for at most kServedWaitMs. Best effort: it never
/// fails; whatever still goes wrong, the next real request reports.
void waitServed(VaultClient &node, const QString &path)
{
    QElapsedTimer waited;
    waited.start();
    int inRow = 0;
    while (waited.elapsed() <= kServedWaitMs) {
        const VaultResponse r = node.get(path);
        if (r.ok()) {
            if (++inRow >= kServedInRow)
                return;
            continue;
        }
        if (r.status != 400 && r.status != 404)
            return;   // 403, 405, no answer...: nothing this wait can tell
        inRow = 0;
        QThread::msleep(kServedPollMs);
    }
}

} // namespace

bool ResourceTracker::create(VaultClient &client, const WorkbenchResource &res,
                             const QString &apiPath, const QJsonObject &body, const QString &what,
                             QString *error)
{
    const VaultResponse r = client.post(apiPath, body);
    if (r.ok() || r.status == 0) { // no answer: it may exist, so cleanup must try
        if (!m_resources.contains(res))
            m_resources.append(res);
    }
    if (r.ok() && r.errorClass == ErrorClass::None)
        return true;
    if (error)
        *error = QStringLiteral("%1: %2").arg(what, r.describe());
    return false;
}

bool ResourceTracker::enableMount(VaultClient &client, const QString &path, const QString &type,
                                  const QString &runPrefix, const QJsonObject &extra,
                                  QString *error)
{
    QJsonObject body = extra;
    body.insert(QStringLiteral("type"), type);
    body.insert(QStringLiteral("description"), workbenchTag(runPrefix));
    if (!create(client, {ResourceKind::Mount, path}, QStringLiteral("sys/mounts/") + path, body,
                QStringLiteral("enable %1 mount %2").arg(type, path), error))
        return false;
    waitUntilServed(client, QStringLiteral("sys/mounts/%1/tune").arg(path));
    return true;
}

bool ResourceTracker::enableAuth(VaultClient &client, const QString &path, const QString &type,
                                 const QString &runPrefix, const QJsonObject &extra,
                                 QString *error)
{
    QJsonObject body = extra;
    body.insert(QStringLiteral("type"), type);
    body.insert(QStringLiteral("description"), workbenchTag(runPrefix));
    if (!create(client, {ResourceKind::Auth, path}, QStringLiteral("sys/auth/") + path, body,
                QStringLiteral("enable %1 auth method %2").arg(type, path), error))
        return false;
    waitUntilServed(client, QStringLiteral("sys/auth/%1/tune").arg(path));
    return true;
}

bool ResourceTracker::writePolicy(VaultClient &client, const QString &name, const QString &rules,
                                  const QString &runPrefix, QString *fullName, QString *error)
{
    const QString full = runPrefix + QLatin1Char('-') + name;
    if (fullName)
        *fullName = full;
    const QJsonObject body{{QStringLiteral("policy"),
                            QStringLiteral("# %1\n%2").arg(workbenchTag(runPrefix), rules)}};
    return create(client, {ResourceKind::Policy, full}, QStringLiteral("sys/policies/acl/") + full,
                  body, QStringLiteral("write policy %1").arg(full), error);
}

bool ResourceTracker::writeRole(VaultClient &client, const QString &path, const QJsonObject &body,
                                QString *error)
{
    return create(client, {ResourceKind::Role, path}, path, body,
                  QStringLiteral("write role %1").arg(path), error);
}

bool ResourceTracker::removeAll(VaultClient &client, QString *error)
{
    // Newest first: what was made inside something else goes before it.
    QList<WorkbenchResource> newestFirst(m_resources.crbegin(), m_resources.crend());
    const Removal removal = removeResources(client, newestFirst);
    m_resources = removal.left;
    if (!removal.errors.isEmpty() && error)
        *error = removal.errors.join(QStringLiteral("; "));
    return m_resources.isEmpty();
}

void waitUntilServed(VaultClient &client, const QString &path)
{
    const QStringList nodes = client.target().loadAddresses();
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        if (i == 0)
            waitServed(client, path);
        else
            waitServed(*client.forNode(nodes.at(i)), path);
    }
}

} // namespace vw
