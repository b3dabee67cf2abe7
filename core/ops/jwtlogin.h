// jwt_login: POST /v1/auth/<mount>/login {"role": "bench", "jwt": ...} with a JWT the VU signed
// itself (vault-benchmark's jwt_auth, with no identity provider and no JWKS or OIDC server):
// setup makes a key pair with OpenSSL (`algorithm` ES256: ECDSA P-256; RS256: RSA-2048),
// enables jwt auth at "<runPrefix>-jwt-<opIndex>" with config jwt_validation_pubkeys = [its
// public key] and bound_issuer "vault-workbench", and writes role "bench" (role_type jwt,
// bound_audiences ["vault-workbench"], user_claim "sub", token_ttl = `ttl`, token_type =
// `type`, typed once in LoginParams, core/ops/authsupport.h). Each VU signs its own JWTs
// (iss, aud, sub "vu-<n>", iat, nbf, exp = iat + `jwt_ttl`, a random jti) on its worker thread
// with the shared private key (read-only after setup): a new one for every request when
// `fresh_jwt` is true (the signing is client CPU: tens of µs for ES256, about a millisecond
// for RS256), else one per VU, signed again when half its `jwt_ttl` is gone. The server checks
// the signature and the claims on every login, and makes one identity entity per subject
// (per VU); cleanup deletes the entities whose aliases are on this mount (found by its
// accessor), then disables it, which revokes the tokens the logins made. The private key
// stays in memory. Success is 200 with a non-empty auth.client_token (classifyLogin).
#pragma once

#include "ops/authsupport.h"
#include "ops/creatingoperation.h"
#include "ops/operationtype.h"

#include <memory>
#include <optional>

typedef struct evp_pkey_st EVP_PKEY;

namespace vw {

/// The typed params of jwt_login, parsed once; declared in jwtLoginType().
struct JwtLoginParams {
    enum class Algorithm { ES256, RS256 };
    LoginParams login; ///< `ttl`, `type`
    Algorithm algorithm = Algorithm::ES256;
    bool freshJwt = false; ///< a new JWT per request, else one per VU reused
    qint64 jwtTtlMs = 300000; ///< exp - iat of each JWT, ms (whole seconds)
    static std::optional<JwtLoginParams> from(const OpParams &params);
};

/// One VU's JWT and when to sign the next one.
struct JwtVuState : OpVuState {
    QByteArray body; ///< {"role":"bench","jwt":"..."}, empty before the first
    qint64 resignAtSec = 0; ///< seconds since the epoch
};

class JwtLoginOperation : public CreatingOperation {
public:
    explicit JwtLoginOperation(const JwtLoginParams &params);
    ~JwtLoginOperation() override;
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// Deletes the entities of this mount's aliases, forgets the key, disables the mount.
    bool cleanup(VaultClient &client, QString *error) override;
    HttpRequest nextRequest(VuState &vu) const override;
    ErrorClass classify(const HttpResult &result) const override;
    std::unique_ptr<OpVuState> newVuState() const override;

    /// A JWT of `claims` (compact JSON) signed with the setup key: header.payload.signature,
    /// base64url without padding (RFC 7515); ES256's signature is R || S (64 bytes). Empty if
    /// signing failed or before setup. Thread-safe.
    QByteArray signJwt(const QByteArray &claims) const;

private:
    JwtLoginParams m_params;
    std::shared_ptr<EVP_PKEY> m_key; ///< the private key, memory only
    QByteArray m_path; ///< "/v1/auth/<mount>/login"
    QByteArray m_header; ///< base64url of {"alg":...,"typ":"JWT"}
    QString m_accessor; ///< the mount's accessor (its entity aliases)
};

OperationType jwtLoginType();

} // namespace vw
