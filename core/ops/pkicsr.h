// Certificate signing requests for pki_sign: a fresh key pair generated locally with OpenSSL 3
// (EVP) and a PKCS#10 request for it (SHA-256; Ed25519 signs without a digest), as PEM.
// The private key is freed right after signing: only the request leaves this file.
// Thread-safe (no shared state); RSA-2048 generation takes tens of milliseconds.
#pragma once

#include "ops/pkicommon.h"

#include <QByteArray>
#include <QString>

namespace vw {

/// "-----BEGIN CERTIFICATE REQUEST-----..." for a new `type` key with subject CN
/// `commonName`, or empty + *error when OpenSSL fails.
QByteArray generatePkiCsr(PkiKeyType type, const QByteArray &commonName, QString *error);

} // namespace vw
