// token_create: POST /v1/auth/token/create (or /create-orphan) sent with a parent token made at
// setup (HttpRequest::token), so that the tokens made do not outlive the run: setup writes
// policy "<runPrefix>-token-create-<opIndex>" (update on the create path), enables AppRole at
// "<runPrefix>-tokenparent-<opIndex>" whose role gives that policy plus `policies`, and logs
// in once for the parent. Cleanup disables the method: the parent is revoked, and with it
// every service and batch token it created (they are its children).
// Orphans (`type: orphan`) have no parent to be revoked with: they are made with
// explicit_max_ttl = `ttl` (at most 10m, checked) and expire on their own at most `ttl` after
// the run's last request. Nothing is kept per response (the hot path does not grow).
// Success is 200 with a non-empty auth.client_token.
#pragma once

#include "ops/creatingoperation.h"
#include "ops/authsupport.h"
#include "ops/operation.h"
#include "ops/operationtype.h"

#include <QStringList>
#include <optional>

namespace vw {

/// The typed params of token_create, parsed once: by the type's check when the profile is
/// loaded (a bad `policies` is a profile error there, not a setup failure) and when the
/// operation is made. Values, bounds and defaults are declared in tokenCreateType().
struct TokenCreateParams {
    enum class Type { Service, Batch, Orphan };
    Type type = Type::Service;
    qint64 ttlMs = 0; ///< TTL of each token made, ms (whole seconds; orphans: <= 10m)
    /// The `policies` names (comma-separated in the profile, trimmed, blanks dropped): at
    /// least one, never "root".
    QStringList policies;

    /// From params parsed for token_create (core/ops/opparams.h); nullopt with the reasons in
    /// *errors (param `policies` or `ttl`, ParamError::At::Value) when the values do not fit
    /// together.
    static std::optional<TokenCreateParams> from(const OpParams &params,
                                                 QList<ParamError> *errors = nullptr);
};

class TokenCreateOperation : public CreatingOperation {
public:
    /// The longest `ttl` of an orphan token: how long one may stay after the run.
    static constexpr qint64 kMaxOrphanTtlMs = 10 * 60 * 1000;

    explicit TokenCreateOperation(const TokenCreateParams &params)
        : m_params(params)
    {
    }
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;

private:
    TokenCreateParams m_params;
    QByteArray m_path;
    QByteArray m_body;
    QByteArray m_parent; ///< the parent token, memory only
};

OperationType tokenCreateType();

} // namespace vw
