// Shared by totp_generate and totp_validate: their params (`algorithm`, `digits`), the TOTP
// mount "<runPrefix>-totp-<opIndex>" and the RFC 6238 code computed locally with OpenSSL HMAC.
#pragma once

#include "ops/operation.h"
#include "ops/opparams.h"
#include "ops/opsupport.h"

#include <QStringList>

namespace vw {

/// `algorithm` (SHA1, SHA256, SHA512; default SHA1) and `digits` (6 or 8; default 6): the
/// keys' hash and code length (the TOTP engine's own choices).
QList<ParamSpec> totpParamSpecs();
/// The cross-param check of both types (OperationType::check): digits is 6 or 8, not 7.
QList<ParamError> checkTotpParams(const OpParams &params);

/// The params common to both TOTP types.
struct TotpParams {
    QString algorithm; ///< "SHA1", "SHA256" or "SHA512"
    int digits = 6; ///< 6 or 8
    static TotpParams from(const OpParams &params);
};

/// RFC 4648 base32 (upper case, '=' padded): the form of the TOTP engine's `key` field.
QByteArray base32Encode(const QByteArray &bytes);

/// The RFC 6238 code of `secret` at `unixSeconds`: HMAC-`algorithm` (OpenSSL) of the 8-byte
/// big-endian counter unixSeconds / periodSeconds, dynamic truncation (RFC 4226 §5.3),
/// modulo 10^digits, zero-padded to `digits` characters. Empty for an unknown algorithm.
QByteArray totpCode(const QByteArray &secret, qint64 unixSeconds, int periodSeconds,
                    const QString &algorithm, int digits);

/// Enables the TOTP mount "<runPrefix>-totp-<opIndex>" through `created`; returns its path,
/// or empty + *error.
QString setupTotpMount(ResourceTracker &created, VaultClient &client, const SetupContext &ctx,
                       QString *error);

} // namespace vw
