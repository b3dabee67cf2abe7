// totp_validate: POST /v1/<mount>/code/key-<k> {"code": "<current code>"}, the code computed
// by the VU itself (RFC 6238, OpenSSL HMAC, totpCode() in core/ops/totpcommon.h) from a
// secret the op made at setup. Success is 200 with "valid": true; "valid": false (a clock
// more than one period off) is InvalidResponse.
//
// Code reuse: the TOTP engine remembers every code it was asked about, per key, for
// period x (2 + skew) seconds, and answers 400 "code already used; wait until the next time
// period" to the same (key, code) again, valid or not (checked on OpenBao 2.7; Vault's engine
// is the same code). One key therefore accepts one validation per period. So that valid
// requests succeed, setup makes `keys` keys with period 1 s and skew 1 (a code of the
// previous or next second is still accepted, so a request sent at the end of a second
// passes), and the requests go round the keys (one atomic ticket counter, lock-free): a key
// comes back after `keys` requests. Up to `keys` validations per second all succeed; beyond
// that rate a key comes back within its second and Vault answers 400 "code already used"
// (counted as an http_400 error): raise `keys`. The load host's clock must be within 1 s
// of the server's (NTP).
#pragma once

#include "ops/creatingoperation.h"
#include "ops/operationtype.h"
#include "ops/totpcommon.h"

#include <atomic>

namespace vw {

class TotpValidateOperation : public CreatingOperation {
public:
    static constexpr int kPeriodSeconds = 1;

    TotpValidateOperation(const TotpParams &params, int keys)
        : m_params(params)
        , m_keys(keys)
    {
    }
    /// Enables "<runPrefix>-totp-<opIndex>", draws a random 20-byte secret (OpenSSL) and
    /// creates key-0 .. key-(keys-1) with it (period 1 s, skew 1): `keys` requests.
    bool setup(VaultClient &client, const SetupContext &ctx, QString *error) override;
    /// The next key in turn and its code for the current second (system clock).
    HttpRequest nextRequest(VuState &vu) const override;
    /// 200 with "valid":true; 200 with "valid":false is InvalidResponse.
    ErrorClass classify(const HttpResult &result) const override;
    /// Update on "<mount>/code/*".
    QString aclRules() const override;

private:
    TotpParams m_params;
    int m_keys = 1;
    QString m_mount;
    QByteArray m_pathPrefix; ///< "/v1/<mount>/code/key-"
    QByteArray m_secret; ///< the keys' secret (memory only)
    mutable std::atomic<quint64> m_ticket{0};
};

OperationType totpValidateType();

} // namespace vw
