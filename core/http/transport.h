// The load transport: sends an operation's HttpRequest to the target and reports the result.
// One Transport per worker thread; it lives on that thread and is used only there.
// Implementations: "qnam" (QNetworkAccessManager, qnamtransport.*) and "direct" (persistent
// HTTP/1.1 keep-alive sockets with http-parser, directtransport.*).
#pragma once

#include "http/httpmessage.h"
#include "util/tlsconfig.h"

#include <QList>
#include <QUrl>
#include <functional>
#include <memory>

namespace vw {

struct TransportConfig {
    QUrl baseUrl; ///< scheme://host:port of the target
    QList<QUrl> nodeAddresses; ///< the target's other nodes: a 307/308 may lead there
        ///  (TargetSpec::addresses, redirectpolicy.h)
    QByteArray token; ///< sent as X-Vault-Token; never logged
    QByteArray vaultNamespace; ///< X-Vault-Namespace, empty for none
    QString caFile; ///< PEM CA bundle, empty for the system store
    QString caPath; ///< folder of PEM CA certificates, empty for none
    bool tlsSkipVerify = false;
    QString clientCertFile; ///< PEM client certificate (chain) for mutual TLS
    QString clientKeyFile; ///< PEM private key of clientCertFile, unencrypted
    qint64 requestTimeoutMs = 30000;
    int maxConcurrency = 1; ///< the most requests this transport must keep in flight at once
};

/// The TLS part of `config` (core/util/tlsconfig.h).
inline TlsSettings tlsSettings(const TransportConfig &config)
{
    return {config.caFile, config.caPath, config.tlsSkipVerify, config.clientCertFile,
            config.clientKeyFile};
}

class Transport {
public:
    using Completion = std::function<void(HttpResult &&)>;
    virtual ~Transport() = default;

    /// Sends one request. Called only on the owning thread, which runs an event loop.
    /// `done` is called exactly once, later, on the same thread (never from inside send()).
    /// Up to TransportConfig::maxConcurrency sends may be outstanding; each is really in flight
    /// on its own connection (no client-side queueing; docs/measurement.md, "Closed model").
    virtual void send(const HttpRequest &request, Completion done) = 0;

    /// Requests sent whose completion has not yet been delivered.
    virtual int inFlight() const = 0;

    /// Aborts everything outstanding; each pending completion is delivered with
    /// transportError = Connection and errorText "aborted".
    virtual void abortAll() = 0;
};

/// Creates a transport by name ("direct", "qnam"). Returns null and sets *error for an unknown name or
/// an unusable config (for example an unreadable CA file).
std::unique_ptr<Transport> createTransport(const QString &kind, const TransportConfig &config,
                                           QString *error);

/// Names accepted by createTransport, for profile validation.
QStringList transportKinds();

} // namespace vw
