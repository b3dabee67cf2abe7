// The target of a run: the Vault address and how to reach it (namespace, TLS, timeout).
// Part of a profile (`target:`, docs/profile-format.md); the effective target of a run comes
// from the command line, the environment and the profile (core/vault/targetresolver.h). Used
// by the control-plane client and the load transports. Never holds the token
// (core/vault/tokensource.h).
#pragma once

#include "util/tlsconfig.h"

#include <QString>
#include <QStringList>

namespace vw {

/// Where the load goes. The token is *not* here: it comes from the environment,
/// ~/.vault-token or the GUI (core/vault/tokensource.h).
struct TargetSpec {
    QString address = QStringLiteral("http://127.0.0.1:8200"); ///< scheme://host:port
    /// Other nodes of the target's cluster (scheme://host:port each): a 307/308 from a standby
    /// is followed to these too (core/http/redirectpolicy.h). Empty by default.
    QStringList addresses;
    /// How the load uses `addresses` (docs/profile-format.md, "Several nodes in one run"):
    /// "" (the default): all load goes to `address`, `addresses` only for redirects;
    /// "round_robin": the VUs are spread over `address` and `addresses` (worker threads take
    /// the nodes in turn), with statistics per node as well as in total.
    QString spread;
    QString vaultNamespace; ///< X-Vault-Namespace, empty for none
    QString caFile; ///< PEM CA bundle for https targets, empty = system store
    QString caPath; ///< folder of PEM CA certificates for https targets, empty = none
    QString clientCert; ///< PEM client certificate for mutual TLS, empty = none
    QString clientKey; ///< PEM private key of clientCert, empty = none
    bool tlsSkipVerify = false;
    qint64 requestTimeoutMs = 30000; ///< per request; a request over it counts as "timeout"

    /// The nodes the load goes to: `address`, then `addresses` with spread round_robin.
    QStringList loadAddresses() const
    {
        return spread == QLatin1String("round_robin") ? QStringList{address} + addresses
                                                      : QStringList{address};
    }

    /// The TLS part (core/util/tlsconfig.h).
    TlsSettings tls() const { return {caFile, caPath, tlsSkipVerify, clientCert, clientKey}; }

    bool operator==(const TargetSpec &o) const
    {
        return address == o.address && addresses == o.addresses && spread == o.spread
               && vaultNamespace == o.vaultNamespace && caFile == o.caFile && caPath == o.caPath
               && clientCert == o.clientCert && clientKey == o.clientKey
               && tlsSkipVerify == o.tlsSkipVerify && requestTimeoutMs == o.requestTimeoutMs;
    }
    bool operator!=(const TargetSpec &o) const { return !(*this == o); }
};

} // namespace vw
