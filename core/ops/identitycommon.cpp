#include "ops/identitycommon.h"

#include "ops/authsupport.h"
#include "vault/vaultclient.h"
#include "vault/workbenchresource.h"

#include <QJsonArray>

namespace vw {

QJsonObject identityMetadata(const QString &runPrefix, int extra)
{
    QJsonObject m{{identityTagKey(), workbenchTag(runPrefix)}};
    for (int i = 0; i < extra; ++i)
        m.insert(QStringLiteral("k%1").arg(i), QStringLiteral("v%1").arg(i));
    return m;
}

namespace {

bool createIdentity(VaultClient &client, const QString &what, const QJsonObject &body, QString *id,
                    QString *error)
{
    const QString name = body.value(QStringLiteral("name")).toString();
    const VaultResponse r = client.post(QStringLiteral("identity/") + what, body);
    const QString made =
        r.json.value(QStringLiteral("data")).toObject().value(QStringLiteral("id")).toString();
    if (!r.ok() || made.isEmpty()) {
        if (error)
            *error = QStringLiteral("create %1 %2: %3")
                         .arg(what, name,
                              r.ok() ? QStringLiteral("no id in the answer (the name existed)")
                                     : r.describe());
        return false;
    }
    *id = made;
    return true;
}

} // namespace

bool createIdentityEntity(VaultClient &client, const QString &name, const QJsonObject &metadata,
                          QString *id, QString *error)
{
    return createIdentity(client, QStringLiteral("entity"),
                          {{QStringLiteral("name"), name}, {QStringLiteral("metadata"), metadata}},
                          id, error);
}

bool createIdentityGroup(VaultClient &client, const QString &name, const QJsonObject &metadata,
                         const QStringList &memberIds, QString *id, QString *error)
{
    return createIdentity(
        client, QStringLiteral("group"),
        {{QStringLiteral("name"), name},
         {QStringLiteral("type"), QStringLiteral("internal")},
         {QStringLiteral("metadata"), metadata},
         {QStringLiteral("member_entity_ids"), QJsonArray::fromStringList(memberIds)}},
        id, error);
}

ErrorClass classifyIdentityCreate(const HttpResult &result)
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status == 204)
        return ErrorClass::InvalidResponse;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return hasNonEmptyString(result.body, QByteArrayLiteral("id")) ? ErrorClass::None
                                                                   : ErrorClass::InvalidResponse;
}

ErrorClass classifyIdentityRead(const HttpResult &result)
{
    if (result.transportError != ErrorClass::None)
        return result.transportError;
    if (result.status != 200)
        return ErrorClass::HttpStatus;
    return hasNonEmptyString(result.body, QByteArrayLiteral("id")) ? ErrorClass::None
                                                                   : ErrorClass::InvalidResponse;
}

QString authMountAccessor(VaultClient &client, const QString &path)
{
    const VaultResponse one = client.get(QStringLiteral("sys/auth/%1").arg(path));
    QString accessor = one.json.value(QStringLiteral("data"))
                           .toObject()
                           .value(QStringLiteral("accessor"))
                           .toString();
    if (!accessor.isEmpty())
        return accessor;
    const VaultResponse all = client.get(QStringLiteral("sys/auth"));
    const QJsonObject map = all.json.contains(QStringLiteral("data"))
                                ? all.json.value(QStringLiteral("data")).toObject()
                                : all.json;
    return map.value(path + QLatin1Char('/'))
        .toObject()
        .value(QStringLiteral("accessor"))
        .toString();
}

bool deleteEntitiesOfAuthMount(VaultClient &client, const QString &accessor, QString *error)
{
    constexpr qsizetype kPerBatchDelete = 500;
    if (accessor.isEmpty())
        return true;
    const VaultResponse list = client.request("LIST", QStringLiteral("identity/entity-alias/id"));
    if (list.status == 404)
        return true;
    if (!list.ok()) {
        if (error)
            *error = QStringLiteral("list identity/entity-alias/id: %1").arg(list.describe());
        return false;
    }
    const QJsonObject info = list.json.value(QStringLiteral("data"))
                                 .toObject()
                                 .value(QStringLiteral("key_info"))
                                 .toObject();
    QStringList entities;
    for (auto it = info.constBegin(); it != info.constEnd(); ++it) {
        const QJsonObject alias = it.value().toObject();
        const QString entity = alias.value(QStringLiteral("canonical_id")).toString();
        if (alias.value(QStringLiteral("mount_accessor")).toString() == accessor
            && !entity.isEmpty() && !entities.contains(entity))
            entities << entity;
    }
    for (qsizetype at = 0; at < entities.size(); at += kPerBatchDelete) {
        const VaultResponse r =
            client.post(QStringLiteral("identity/entity/batch-delete"),
                        {{QStringLiteral("entity_ids"),
                          QJsonArray::fromStringList(entities.mid(at, kPerBatchDelete))}});
        if (!r.ok()) {
            if (error)
                *error = QStringLiteral("delete the entities of the logins at %1: %2")
                             .arg(accessor, r.describe());
            return false;
        }
    }
    return true;
}

ParamSpec identityLookupByParam()
{
    return choiceParam(QStringLiteral("by"), {QStringLiteral("id"), QStringLiteral("name")},
                       QStringLiteral("id"),
                       QStringLiteral("read by id (as vault-benchmark's group_read) or by name "
                                      "(a name index lookup first)"));
}

} // namespace vw
