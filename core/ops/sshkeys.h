// Client key pairs for SSH signing benchmarks: generated locally with OpenSSL 3 (EVP) and
// encoded as OpenSSH authorized_keys lines (RFC 4253 §6.6 wire format, base64).
// Only the public half leaves this file; private keys are freed right after encoding.
// Thread-safe (no shared state); RSA-2048 generation takes tens of milliseconds,
// RSA-4096 hundreds.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <openssl/types.h>

namespace vw {

enum class SshKeyType { Ed25519, Rsa2048, Rsa4096 };

/// "ssh-ed25519 AAAA... <comment>" / "ssh-rsa AAAA... <comment>" for `key`, or empty +
/// *error when the key is neither Ed25519 nor RSA. `comment` may be empty (then omitted).
QByteArray encodeOpenSshPublicKey(EVP_PKEY *key, const QByteArray &comment, QString *error);

/// Generates a fresh key pair of `type` and returns its public key as an authorized_keys line.
/// Empty + *error when OpenSSL fails.
QByteArray generateOpenSshPublicKey(SshKeyType type, const QByteArray &comment, QString *error);

/// The SSH wire-format blob (the base64 part, decoded) for tests and fingerprints.
QByteArray openSshKeyBlob(const QByteArray &authorizedKeysLine);

} // namespace vw
