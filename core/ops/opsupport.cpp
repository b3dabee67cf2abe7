#include "ops/opsupport.h"

#include "vault/vaultclient.h"

#include <QElapsedTimer>
#include <QThread>

namespace vw {

namespace {

constexpr unsigned long kServedPollMs = 50;

} // namespace

ServedWait waitServedOnEveryNode(VaultClient &client,
                                 const std::function<ServedProbe(VaultClient &node)> &probe,
                                 int inRow, qint64 timeoutMs)
{
    auto waitNode = [&](VaultClient &node) {
        QElapsedTimer waited;
        waited.start();
        // First the node's storage holds every write so far (X-Vault-Index): from then on
        // its answers are its own, not the active node's it forwarded to.
        if (!node.waitForIndex(timeoutMs, nullptr))
            return ServedWait::TimedOut;
        int served = 0;
        for (;;) {
            switch (probe(node)) {
            case ServedProbe::Served:
                if (++served >= inRow)
                    return ServedWait::Served;
                continue;
            case ServedProbe::Stop:
                return ServedWait::Served;
            case ServedProbe::Failed:
                return ServedWait::Failed;
            case ServedProbe::NotYet:
                break;
            }
            served = 0;
            if (waited.elapsed() > timeoutMs)
                return ServedWait::TimedOut;
            QThread::msleep(kServedPollMs);
        }
    };
    const QStringList nodes = client.target().loadAddresses();
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const ServedWait w = i == 0 ? waitNode(client) : waitNode(*client.forNode(nodes.at(i)));
        if (w != ServedWait::Served)
            return w;
    }
    return ServedWait::Served;
}

namespace {
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
                                 const QString &runPrefix, const QJsonObject &extra, QString *error)
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
    const QJsonObject body{
        {QStringLiteral("policy"), QStringLiteral("# %1\n%2").arg(workbenchTag(runPrefix), rules)}};
    return create(client, {ResourceKind::Policy, full}, QStringLiteral("sys/policies/acl/") + full,
                  body, QStringLiteral("write policy %1").arg(full), error);
}

bool ResourceTracker::writeRole(VaultClient &client, const QString &path, const QJsonObject &body,
                                QString *error)
{
    return create(client, {ResourceKind::Role, path}, path, body,
                  QStringLiteral("write role %1").arg(path), error);
}

void ResourceTracker::trackIdentity(ResourceKind kind, const QString &namePrefix)
{
    const WorkbenchResource res{kind, namePrefix};
    if (!m_resources.contains(res))
        m_resources.append(res);
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
    // Best effort: a timeout or an answer other than 400/404 ends the wait quietly; the next
    // real request reports what is still wrong.
    waitServedOnEveryNode(client, [&](VaultClient &node) {
        const VaultResponse r = node.get(path);
        if (r.ok())
            return ServedProbe::Served;
        return r.status == 400 || r.status == 404 ? ServedProbe::NotYet : ServedProbe::Stop;
    });
}

} // namespace vw
