// Shared by the auth operation types (approle_login, userpass_login, token_create,
// token_lookup_self, token_renew_self) and the per-VU credentials of the engine
// (core/engine/vucredentials.h): an AppRole auth method made for the run and logins.
// Every auth method is enabled through a ResourceTracker (core/ops/opsupport.h), so it is
// tagged and removed at cleanup; disabling an auth method revokes every token its logins
// made and, through them, every child token those tokens created (docs/profile-format.md,
// "Auth operations").
#pragma once

#include "ops/operation.h"
#include "ops/opparams.h"
#include "ops/opsupport.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <memory>
#include <optional>

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

/// The typed params of the login operations, parsed once when the operation is made; values,
/// bounds and defaults are declared in loginTokenParams() (and `secret_id_ttl` in
/// appRoleLoginType(), core/ops/approlelogin.cpp).
struct LoginParams {
    enum class TokenType { Service, Batch };
    qint64 ttlMs = 0; ///< token_ttl of each token a login makes, ms (whole seconds, 1s to 24h)
    TokenType tokenType = TokenType::Service;
    /// approle_login's secret_id_ttl, ms (whole seconds, 0 = never expires); 0 for the types
    /// that do not declare it.
    qint64 secretIdTtlMs = 0;

    /// From params parsed for a login type (core/ops/opparams.h); nullopt if `type` is not
    /// one of the declared choices (parseParams() never lets that through).
    static std::optional<LoginParams> from(const OpParams &params);
    /// {"token_ttl": "<s>s", "token_type": "service"|"batch"}: the token fields of the role,
    /// user or certificate role a login type writes at setup.
    QJsonObject tokenFields() const;
};

/// OperationType::create of a login type: its params typed once (LoginParams::from), then
/// `Op(LoginParams)`; nullptr when they do not fit the type.
template <class Op> std::unique_ptr<Operation> createLoginOperation(const OpParams &params)
{
    const std::optional<LoginParams> p = LoginParams::from(params);
    return p ? std::make_unique<Op>(*p) : nullptr;
}

/// A role or user's token lifetime in Vault's form: whole seconds, "120s".
QString vaultSeconds(qint64 ms);

/// True when the JSON text `body` has a string member `"<name>"` whose value is not empty.
/// Scans the text instead of parsing it all (hot path).
bool hasNonEmptyString(const QByteArray &body, const QByteArray &name);

} // namespace vw
