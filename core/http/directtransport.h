// The "direct" load transport: HTTP/1.1 over persistent keep-alive connections, one per VU
// slot (TransportConfig::maxConcurrency; more are opened only if a caller exceeds it), on
// QTcpSocket / QSslSocket owned by the calling thread: no thread hop per request.
// A request is serialised once into its connection's reused buffer and written with one
// write; responses are parsed by http-parser (httpresponseparser.h): status, headers,
// Content-Length, chunked and close-delimited bodies.
// Timing: sentNs right before the write (or before the connect when the request opens a new
// connection), doneNs when the parser reports the message complete.
// Errors: timeout -> Timeout, refused/reset/closed early -> Connection, handshake or
// certificate -> Tls, malformed HTTP -> InvalidResponse. A request that fails on a reused
// connection which the server closed before any byte of the response arrived is retried
// once on a new connection (directconnection.h).
// TLS: CA file, skip-verify, SNI = the URL's host, optional client certificate and key.
// Thread affinity: created, used and destroyed on one thread that runs an event loop.
#pragma once

#include "http/directconnection.h"
#include "http/transport.h"

#include <memory>
#include <string>
#include <vector>

class QTimer;

namespace vw {

class DirectTransport final : public Transport {
public:
    /// Null + *error for an invalid URL, TLS unavailable, an unreadable/empty CA file or an
    /// unusable client certificate or key.
    static std::unique_ptr<DirectTransport> create(const TransportConfig &config, QString *error);
    ~DirectTransport() override;   ///< drops outstanding requests without calling completions

    void send(const HttpRequest &request, Completion done) override;
    int inFlight() const override { return m_inFlight; }
    void abortAll() override;

    // For tests and the benchmark.
    int connectionCount() const { return int(m_connections.size()); }
    int socketsOpened() const;   ///< connections opened so far (first opens + reconnects)
    int retries() const;         ///< requests retried once after a server close

private:
    explicit DirectTransport(const TransportConfig &config);
    void serialise(const HttpRequest &request, std::string &out) const;
    void checkTimeouts();

    TransportConfig m_config;
    DirectTarget m_target;
    std::string m_namespaceHeader;   // "X-Vault-Namespace: ...\r\n", empty for none
    std::string m_fixedHeaders;   // "Host: ...\r\nX-Vault-Token: ...\r\n..." (token in memory only)
    std::vector<std::unique_ptr<DirectConnection>> m_connections;
    std::vector<DirectConnection *> m_idle;   // LIFO: the most recently used first
    int m_inFlight = 0;
    QTimer *m_timer = nullptr;    // deadline scan while requests are in flight
};

} // namespace vw
