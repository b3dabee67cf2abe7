// Shared by the auth operation types (approle_login, userpass_login, token_create,
// token_lookup_self, token_renew_self) and the per-VU credentials of the engine
// (core/engine/vucredentials.h): an AppRole auth method made for the run and logins.
// Every auth method is enabled through a ResourceTracker (core/ops/opsupport.h), so it is
// tagged and removed at cleanup; disabling an auth method revokes every token its logins
// made and, through them, every child token those tokens created (docs/profile-format.md,
// "Auth operations").
#pragma once

#include "ops/opparams.h"
#include "ops/opsupport.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace vw {

class VaultClient;

/// An AppRole role's login material (never written to disk).
struct AppRoleLogin {
    QString mount; ///< the auth method's path, e.g. "vwb-7f3a2c-approle-0"
    QString roleId;
    QString secretId;
    /// {"role_id": ..., "secret_id": ...} (compact JSON) for POST auth/<mount>/login.
    QByteArray loginBody() const;
};

/// Enables an AppRole auth method at `mount` through `tracker`, writes role "bench" with
/// `roleFields` (token_ttl, token_type, token_policies, secret_id_ttl ...), reads its role_id
/// and makes one secret_id. False + *error ("read role_id of x: 403 ...") otherwise.
bool createAppRole(ResourceTracker &tracker, VaultClient &client, const QString &mount,
                   const QString &runPrefix, const QJsonObject &roleFields, AppRoleLogin *out,
                   QString *error);

/// Logs in with POST <apiPath> (below /v1/, e.g. "auth/x/login") and `body`; returns
/// auth.client_token and puts auth.lease_duration (s) in *ttlSeconds when given. Empty +
/// *error when the login failed or the answer has no token. The client's token is not
/// used by the server for a login.
QByteArray loginToken(VaultClient &client, const QString &apiPath, const QJsonObject &body,
                      qint64 *ttlSeconds, QString *error);

/// The params every login operation (approle_login, userpass_login, cert_login) has: `ttl`
/// (duration 1s..24h, default 2m: each token's lifetime) and `type` (service or batch).
QList<ParamSpec> loginTokenParams();

/// A role or user's token lifetime in Vault's form: whole seconds, "120s".
QString vaultSeconds(qint64 ms);

/// True when the JSON text `body` has a string member `"<name>"` whose value is not empty.
/// Scans the text instead of parsing it all (hot path).
bool hasNonEmptyString(const QByteArray &body, const QByteArray &name);

} // namespace vw
