// TLS settings shared by every HTTP client of the workbench (control plane and transports).
#pragma once

#include <QSslConfiguration>
#include <QString>
#include <QUrl>

namespace vw {

/// true when `url` is http:// or https:// with a host; else false and *error =
/// "invalid target address "…" (expected http(s)://host:port)".
bool checkTargetAddress(const QUrl &url, QString *error);

/// The TLS configuration for an https target: the system CA store, or only the certificates
/// of the PEM file `caFile` when it is set; peer verification off when `skipVerify`; the
/// client certificate chain and private key (PEM; RSA, EC or DSA) when both files are set.
/// Returns false and a clear *error when TLS is unavailable or a file cannot be used.
bool makeTlsConfiguration(const QString &caFile, bool skipVerify, const QString &clientCertFile,
                          const QString &clientKeyFile, QSslConfiguration *out, QString *error);

} // namespace vw
