#include "vault/workbenchresource.h"

#include "vault/vaultclient.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace vw {

namespace {

const QString kTagText = QStringLiteral("vault-workbench run ");

QString trimmedPath(QString p)
{
    while (p.endsWith(QLatin1Char('/')))
        p.chop(1);
    while (p.startsWith(QLatin1Char('/')))
        p.remove(0, 1);
    return p;
}

/// The "data" map of a sys/mounts or sys/auth answer (old servers put it at the top level).
QJsonObject mapOf(const VaultResponse &r)
{
    return r.json.contains(QStringLiteral("data")) ? r.json.value(QStringLiteral("data")).toObject()
                                                   : r.json;
}

bool matchesRun(const QString &text, const QString &runPrefix)
{
    const QString prefix = workbenchPrefixOf(text);
    return !prefix.isEmpty() && (runPrefix.isEmpty() || prefix == runPrefix);
}

} // namespace

QString workbenchTag(const QString &runPrefix)
{
    return kTagText + runPrefix;
}

QString identityTagKey()
{
    return QStringLiteral("workbench-run"); // "vault-" starts Vault's reserved keys
}

QString workbenchPrefixOf(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("vault-workbench run (vwb-[0-9a-f]{6})\\b"));
    const QRegularExpressionMatch m = re.match(text);
    return m.hasMatch() ? m.captured(1) : QString();
}

QString resourceKindKey(ResourceKind k)
{
    switch (k) {
    case ResourceKind::Mount:
        return QStringLiteral("mount");
    case ResourceKind::Auth:
        return QStringLiteral("auth");
    case ResourceKind::Policy:
        return QStringLiteral("policy");
    case ResourceKind::Role:
        return QStringLiteral("role");
    case ResourceKind::Entities:
        return QStringLiteral("entities");
    case ResourceKind::Groups:
        return QStringLiteral("groups");
    }
    return QString();
}

bool resourceKindFromKey(const QString &key, ResourceKind *out)
{
    for (ResourceKind k : {ResourceKind::Mount, ResourceKind::Auth, ResourceKind::Policy,
                           ResourceKind::Role, ResourceKind::Entities, ResourceKind::Groups})
        if (resourceKindKey(k) == key) {
            *out = k;
            return true;
        }
    return false;
}

QString WorkbenchResource::describe() const
{
    return resourceKindKey(kind) + QLatin1Char(' ') + path;
}

namespace {
constexpr qint64 kLongRemovalTimeoutMs = 10 * 60 * 1000;
constexpr qsizetype kEntitiesPerBatchDelete = 500;

/// "entity" or "group": the identity/<what>/ paths of an Entities or Groups resource.
QString identityWhat(ResourceKind k)
{
    return k == ResourceKind::Entities ? QStringLiteral("entity") : QStringLiteral("group");
}

struct IdentityObject {
    QString id;
    QString name;
};

/// Every entity or group (`what`), from LIST identity/<what>/id (its key_info names each);
/// false + *error when the list could not be read (404: there is none).
bool listIdentity(VaultClient &client, const QString &what, QList<IdentityObject> *out,
                  QString *error)
{
    const VaultResponse r = client.request("LIST", QStringLiteral("identity/%1/id").arg(what));
    if (r.status == 404)
        return true;
    if (!r.ok() || r.errorClass != ErrorClass::None) {
        if (error)
            *error = QStringLiteral("list identity/%1/id: %2").arg(what, r.describe());
        return false;
    }
    const QJsonObject info = r.json.value(QStringLiteral("data"))
                                 .toObject()
                                 .value(QStringLiteral("key_info"))
                                 .toObject();
    for (auto it = info.constBegin(); it != info.constEnd(); ++it)
        out->append({it.key(), it.value().toObject().value(QStringLiteral("name")).toString()});
    return true;
}

bool namedWithPrefix(const QString &name, const QString &prefix)
{
    return name.size() > prefix.size() + 1 && name.startsWith(prefix)
           && name.at(prefix.size()) == QLatin1Char('-');
}

/// Removes the entities or groups named with res.path as prefix.
bool removeIdentityObjects(VaultClient &client, const WorkbenchResource &res, QString *error)
{
    const QString what = identityWhat(res.kind);
    QList<IdentityObject> all;
    if (!listIdentity(client, what, &all, error))
        return false;
    QStringList ids;
    for (const IdentityObject &o : std::as_const(all))
        if (namedWithPrefix(o.name, res.path))
            ids << o.id;
    QStringList problems;
    if (res.kind == ResourceKind::Entities) {
        for (qsizetype at = 0; at < ids.size(); at += kEntitiesPerBatchDelete) {
            const QJsonObject body{
                {QStringLiteral("entity_ids"),
                 QJsonArray::fromStringList(ids.mid(at, kEntitiesPerBatchDelete))}};
            const VaultResponse r =
                client.post(QStringLiteral("identity/entity/batch-delete"), body);
            if (!r.ok())
                problems << r.describe();
        }
    } else {
        for (const QString &id : std::as_const(ids)) {
            const VaultResponse r = client.del(QStringLiteral("identity/group/id/") + id);
            if (!r.ok() && !r.alreadyGone())
                problems << r.describe();
        }
    }
    if (problems.isEmpty())
        return true;
    if (error)
        *error = QStringLiteral("delete the identity %1 named %2-*: %3")
                     .arg(res.kind == ResourceKind::Entities ? QStringLiteral("entities")
                                                             : QStringLiteral("groups"),
                          res.path, problems.first());
    return false;
}

} // namespace

bool removeResource(VaultClient &client, const WorkbenchResource &res, QString *error)
{
    if (res.kind == ResourceKind::Entities || res.kind == ResourceKind::Groups)
        return removeIdentityObjects(client, res, error);
    const QString path = trimmedPath(res.path);
    QString apiPath;
    QString verb;
    switch (res.kind) {
    case ResourceKind::Mount:
        apiPath = QStringLiteral("sys/mounts/") + path;
        verb = QStringLiteral("disable mount");
        break;
    case ResourceKind::Auth:
        apiPath = QStringLiteral("sys/auth/") + path;
        verb = QStringLiteral("disable auth method");
        break;
    case ResourceKind::Policy:
        apiPath = QStringLiteral("sys/policies/acl/") + path;
        verb = QStringLiteral("delete policy");
        break;
    case ResourceKind::Role:
        apiPath = path;
        verb = QStringLiteral("delete role");
        break;
    case ResourceKind::Entities:
    case ResourceKind::Groups:
        break; // removeIdentityObjects() above
    }
    if (res.kind == ResourceKind::Mount
        && (path.contains(QLatin1String("-db-"))
            || path.contains(QLatin1String("-ldapsecrets-")))) {
        // A database or LDAP secrets engine of a run ("<prefix>-db-<i>",
        // core/ops/dbpostgrescommon.h; "<prefix>-ldapsecrets-<i>", core/ops/ldapsecrets.h): its
        // leases first, by prefix and synchronously (the revocation statements, e.g. DROP
        // ROLE, run before the answer). Disabling would revoke them too, but one revocation
        // that fails there fails the whole unmount. Best effort: a token without sudo on
        // sys/leases/revoke-prefix leaves them to the unmount.
        (void)client.withTimeout(kLongRemovalTimeoutMs)
            ->request("PUT", QStringLiteral("sys/leases/revoke-prefix/") + path + QLatin1Char('/'),
                      QJsonObject{{QStringLiteral("sync"), true}});
    }
    VaultResponse r = client.del(apiPath);
    if (r.errorClass == ErrorClass::Timeout
        && (res.kind == ResourceKind::Mount || res.kind == ResourceKind::Auth)) {
        // Disabling revokes every lease and token made under it first: after a run of tens
        // of thousands of logins that outlasts a request timeout. Once more, with 10 minutes.
        r = client.withTimeout(kLongRemovalTimeoutMs)->del(apiPath);
    }
    if (r.ok())
        return true;
    if (r.alreadyGone())
        return true;
    if (error)
        *error = QStringLiteral("%1 %2: %3").arg(verb, path, r.describe());
    return false;
}

bool insideListedMount(const WorkbenchResource &role, const QList<WorkbenchResource> &list)
{
    if (role.kind != ResourceKind::Role)
        return false;
    for (const WorkbenchResource &m : list) {
        if (m.kind == ResourceKind::Mount && role.path.startsWith(m.path + QLatin1Char('/')))
            return true;
        if (m.kind == ResourceKind::Auth
            && role.path.startsWith(QStringLiteral("auth/") + m.path + QLatin1Char('/')))
            return true;
    }
    return false;
}

Removal removeResources(VaultClient &client, const QList<WorkbenchResource> &items)
{
    Removal out;
    QList<WorkbenchResource> failed;
    for (const WorkbenchResource &r : items) {
        if (insideListedMount(r, items))
            continue; // goes with its mount (the mount may be gone, and its paths with it)
        QString why;
        if (removeResource(client, r, &why)) {
            out.removed << r;
        } else {
            out.errors << why;
            failed << r;
        }
    }
    for (const WorkbenchResource &r : items) {
        if (!insideListedMount(r, items))
            continue;
        if (insideListedMount(r, failed))
            out.left << r; // stays while its mount does
        else
            out.removed << r;
    }
    out.left = failed + out.left;
    return out;
}

bool findTaggedResources(VaultClient &client, const QString &runPrefix,
                         QList<WorkbenchResource> *out, QString *error)
{
    QStringList problems;
    const struct {
        const char *list;
        ResourceKind kind;
    } tables[] = {{"sys/mounts", ResourceKind::Mount}, {"sys/auth", ResourceKind::Auth}};
    for (const auto &t : tables) {
        const VaultResponse r = client.get(QString::fromLatin1(t.list));
        if (!r.ok() || r.errorClass != ErrorClass::None) {
            problems
                << QStringLiteral("list %1: %2").arg(QString::fromLatin1(t.list), r.describe());
            continue;
        }
        const QJsonObject map = mapOf(r);
        for (auto it = map.constBegin(); it != map.constEnd(); ++it) {
            if (!it.key().endsWith(QLatin1Char('/')) || !it.value().isObject())
                continue;
            const QString description =
                it.value().toObject().value(QStringLiteral("description")).toString();
            if (matchesRun(description, runPrefix))
                out->append({t.kind, trimmedPath(it.key())});
        }
    }

    // Policies: the name says "vwb-", the rules carry the tag (a user's own "vwb-x" policy
    // without it is left alone).
    const VaultResponse list = client.request("LIST", QStringLiteral("sys/policies/acl"));
    if (list.status == 404) {
        // no policy at all besides the built-in ones
    } else if (!list.ok() || list.errorClass != ErrorClass::None) {
        problems << QStringLiteral("list sys/policies/acl: %1").arg(list.describe());
    } else {
        const QJsonArray keys = list.json.value(QStringLiteral("data"))
                                    .toObject()
                                    .value(QStringLiteral("keys"))
                                    .toArray();
        const QString namePrefix =
            runPrefix.isEmpty() ? QStringLiteral("vwb-") : runPrefix + QLatin1Char('-');
        for (const QJsonValue &k : keys) {
            const QString name = k.toString();
            if (!name.startsWith(namePrefix))
                continue;
            const VaultResponse p = client.get(QStringLiteral("sys/policies/acl/") + name);
            if (!p.ok()) {
                problems << QStringLiteral("read policy %1: %2").arg(name, p.describe());
                continue;
            }
            const QString rules = p.json.value(QStringLiteral("data"))
                                      .toObject()
                                      .value(QStringLiteral("policy"))
                                      .toString();
            if (matchesRun(rules, runPrefix))
                out->append({ResourceKind::Policy, name});
        }
    }

    // Identity entities and groups: named "vwb-<6 hex>-...", one item per run prefix when the
    // first one of that run carries the tag in its metadata.
    static const QRegularExpression named(QStringLiteral("^(vwb-[0-9a-f]{6})-"));
    for (ResourceKind kind : {ResourceKind::Entities, ResourceKind::Groups}) {
        const QString what = identityWhat(kind);
        QList<IdentityObject> all;
        QString why;
        if (!listIdentity(client, what, &all, &why)) {
            problems << why;
            continue;
        }
        QStringList seen;
        for (const IdentityObject &o : std::as_const(all)) {
            const QString prefix = named.match(o.name).captured(1);
            if (prefix.isEmpty() || seen.contains(prefix)
                || (!runPrefix.isEmpty() && prefix != runPrefix))
                continue;
            seen << prefix;
            const VaultResponse r = client.get(QStringLiteral("identity/%1/id/%2").arg(what, o.id));
            const QString tag = r.json.value(QStringLiteral("data"))
                                    .toObject()
                                    .value(QStringLiteral("metadata"))
                                    .toObject()
                                    .value(identityTagKey())
                                    .toString();
            if (matchesRun(tag, prefix))
                out->append({kind, prefix});
        }
    }
    if (!problems.isEmpty() && error)
        *error = problems.join(QStringLiteral("; "));
    return problems.isEmpty();
}

} // namespace vw
