// Shared by the identity operation types (identity_entity_create, identity_entity_lookup,
// identity_group_create, identity_group_lookup; vault-benchmark's `identity` test): every
// entity and group a run makes, at setup or by a request, is named "<runPrefix>-<kind>-
// <opIndex>-..." and carries the metadata "workbench-run" = workbenchTag(runPrefix); the
// operation records that name prefix before making the first one (ResourceTracker::
// trackIdentity, a ResourceKind::Entities or Groups resource), so cleanup, and a sweep after
// a crash, delete every one of them (core/vault/workbenchresource.h). docs/profile-format.md,
// "Identity operations".
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operationtype.h"

#include <QJsonObject>
#include <QStringList>

namespace vw {

/// {"workbench-run": workbenchTag(runPrefix), "k0": "v0" ... "k<extra-1>": ...}: the
/// metadata of every entity and group a run makes (`extra` more pairs).
QJsonObject identityMetadata(const QString &runPrefix, int extra = 0);

/// POST identity/entity {name, metadata}: the new entity's id in *id. False + *error
/// ("create entity x: 403 ...") otherwise.
bool createIdentityEntity(VaultClient &client, const QString &name, const QJsonObject &metadata,
                          QString *id, QString *error);

/// POST identity/group {name, type: internal, metadata, member_entity_ids}: its id in *id.
bool createIdentityGroup(VaultClient &client, const QString &name, const QJsonObject &metadata,
                         const QStringList &memberIds, QString *id, QString *error);

/// Success of an identity create: 200 with a non-empty data.id (OpenBao answers the new id;
/// 204 means the name existed and was updated, not created: InvalidResponse).
ErrorClass classifyIdentityCreate(const HttpResult &result);

/// Success of an identity read: 200 with a non-empty data.id.
ErrorClass classifyIdentityRead(const HttpResult &result);

/// The accessor of the auth method at `path` (GET sys/auth/<path>, else the sys/auth list),
/// empty when it cannot be read.
QString authMountAccessor(VaultClient &client, const QString &path);

/// Deletes the identity entities that logins at the auth method of `accessor` made (those with
/// an alias on it, from LIST identity/entity-alias/id; identity/entity/batch-delete, 500 a
/// request): a login makes one entity per alias name (a jwt subject, an AppRole role_id),
/// which disabling the method leaves behind. True when none is left to delete, else false +
/// *error.
bool deleteEntitiesOfAuthMount(VaultClient &client, const QString &accessor, QString *error);

/// How the lookup types address an entity or group: GET identity/<what>/id/<id> or
/// identity/<what>/name/<name>.
enum class IdentityLookupBy { Id, Name };

/// The `by` param of the lookup types (id or name, default id).
ParamSpec identityLookupByParam();

} // namespace vw
