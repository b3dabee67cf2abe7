// TLS settings shared by every HTTP client of the workbench (control plane and transports).
#pragma once

#include <QSslConfiguration>
#include <QString>
#include <QUrl>

namespace vw {

/// true when `url` is http:// or https:// with a host; else false and *error =
/// "invalid target address "…" (expected http(s)://host:port)".
bool checkTargetAddress(const QUrl &url, QString *error);

/// How to reach an https target, as the Vault CLI's VAULT_CACERT, VAULT_CAPATH,
/// VAULT_SKIP_VERIFY, VAULT_CLIENT_CERT and VAULT_CLIENT_KEY say it (docs/profile-format.md,
/// `target:`). Paths are files on this machine; empty = not set.
struct TlsSettings {
    QString caFile; ///< PEM CA bundle; with caPath, both are trusted
    QString caPath; ///< folder of PEM CA certificates (every file in it is read)
    bool skipVerify = false; ///< no peer verification (the server is not authenticated)
    QString clientCertFile; ///< PEM client certificate (chain) for mutual TLS
    QString clientKeyFile; ///< PEM private key of clientCertFile, unencrypted
};

/// The TLS configuration for an https target: the system CA store, or only the certificates
/// of `caFile` and of the files in `caPath` when either is set; peer verification off when
/// `skipVerify`; the client certificate chain and private key (PEM; RSA, EC or DSA) when both
/// files are set. Used by the control plane (core/vault/vaultclient.cpp) and both load
/// transports. Returns false and a clear *error when TLS is unavailable or a file or folder
/// cannot be used.
bool makeTlsConfiguration(const TlsSettings &settings, QSslConfiguration *out, QString *error);

} // namespace vw
