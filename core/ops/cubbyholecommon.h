// Shared by cubbyhole_write and cubbyhole_read (vault-benchmark's cubbyhole_write and
// cubbyhole_read): a cubbyhole belongs to one token and is destroyed with it, so setup makes
// the token whose cubbyhole the requests use, and cleanup revokes it. Setup writes policy
// "<runPrefix>-cubbyhole-<opIndex>" (create, read, update, delete on cubbyhole/*), enables
// AppRole at "<runPrefix>-cubbyhole-<opIndex>" whose role gives that policy and no default
// policy (a service token: batch tokens have no cubbyhole), and logs in once. Every request
// carries that token (HttpRequest::token), also in a run with per-VU tokens (the profile's
// `auth:` block). Disabling the method at cleanup revokes the token, and with it every
// secret of its cubbyhole; the identity entity the login made is deleted first: nothing is
// left. docs/profile-format.md, "Cubbyhole and response
// wrapping".
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operationtype.h"

#include <QByteArray>
#include <optional>

namespace vw {

/// The typed params of the cubbyhole types, parsed once; declared in cubbyholeParams().
struct CubbyholeParams {
    int keys = 1; ///< secrets key-0 .. key-(keys-1) under cubbyhole/
    int payloadBytes = 16; ///< bytes of each secret's `value`
    static CubbyholeParams from(const OpParams &params);
};

/// `keys` (1 to 100000, default 1, as vault-benchmark's one path) and `payload_bytes`
/// (1 to 1 MiB, default 16).
QList<ParamSpec> cubbyholeParams();

class CubbyholeOperationBase : public CreatingOperation {
public:
    explicit CubbyholeOperationBase(const CubbyholeParams &params)
        : m_params(params)
    {
    }
    /// The policy, the AppRole method and its login (the token of the cubbyhole).
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// Forgets the token, deletes the login's identity entity, then disables the method
    /// (which revokes the token).
    bool cleanup(VaultClient &client, QString *error) override;

protected:
    /// "/v1/cubbyhole/key-<n>" for a random n of this VU.
    QByteArray keyPath(VuState &vu) const;
    /// {"value": "<payload_bytes random letters>"}.
    QByteArray body(std::mt19937_64 &rng) const;

    CubbyholeParams m_params;
    QByteArray m_token; ///< the cubbyhole's owner, memory only
    QString m_accessor; ///< the AppRole method's (the login's entity)
};

} // namespace vw
