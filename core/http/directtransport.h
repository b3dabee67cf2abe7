// The "direct" load transport: HTTP/1.1 over persistent keep-alive connections, one per VU
// slot (TransportConfig::maxConcurrency; more are opened only if a caller exceeds it), each a
// non-blocking socket on the calling thread's FdLoop (core/util/fdloop.h;
// socketconnection.h), through OpenSSL for https (one SSL_CTX per transport, sessions
// resumed on reconnect: tlsclientcontext.h): no thread hop and no Qt event per request.
// A request is serialised once into its connection's reused buffer and written with one
// send; what follows its path is built once per shape (node, token, namespace) and copied; responses are parsed by the fast parser (httpresponseparser.h; http-parser beyond
// the subset Vault sends): status, headers, Content-Length, chunked and close-delimited bodies.
// Timing: sentNs right before the write (or before the connect when the request opens a new
// connection), doneNs when the parser reports the message complete.
// Errors: timeout -> Timeout, refused/reset/closed early -> Connection, handshake or
// certificate -> Tls, malformed HTTP -> InvalidResponse. A request that fails on a reused
// connection which the server closed before any byte of the response arrived is retried
// once on a new connection (socketconnection.h).
// TLS: CA file or folder, skip-verify, SNI = the URL's host (names; IP literals are checked
// against the certificate's IP addresses), optional client certificate and key.
// Redirects: a 3xx answer goes through the RedirectPolicy (redirectpolicy.h). A followed
// 307/308 is sent again, same method and body, on a keep-alive connection to the node it
// points to (one pool per node, opened on first use and reused like the target's); its
// sentNs stays the first hop's, its timeout runs per hop. A refused one completes with
// ErrorClass::Redirect, its status and the reason, and nothing is sent to its Location.
// Thread affinity: created, used and destroyed on one thread that runs an event loop (an
// EpollEventDispatcher on worker threads, any Qt event loop elsewhere).
#pragma once

#include "http/loadconnection.h"
#include "http/redirectpolicy.h"
#include "http/transport.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

class QTimer;

namespace vw {

class TlsClientContext;

class DirectTransport final : public Transport {
public:
    /// Null + *error for an invalid URL, TLS unavailable, an unreadable/empty CA file or an
    /// unusable client certificate or key.
    static std::unique_ptr<DirectTransport> create(const TransportConfig &config, QString *error);
    ~DirectTransport() override; ///< drops outstanding requests without calling completions

    void send(const HttpRequest &request, Completion done) override;
    int inFlight() const override { return m_inFlight; }
    void abortAll() override;

    /// For the control plane (core/vault/directcontrolchannel.h), before the first send: keep
    /// the control headers of every answer (controlheaders.h; lastControlHeaders()).
    void setControlHeaders(bool keep) { m_target.controlHeaders = keep; }
    /// Header lines ("Name: value\r\n" each) added to every request from now on; empty for
    /// none (the load path). The control plane's X-Vault-Request and X-Vault-Index.
    void setExtraHeaders(const QByteArray &lines)
    {
        if (lines.size() != qsizetype(m_extraHeaders.size())
            || m_extraHeaders.compare(0, std::string::npos, lines.constData(), size_t(lines.size()))
                   != 0) {
            m_extraHeaders = lines.toStdString();
            ++m_extraGeneration;
        }
    }
    /// The control headers of the answer whose completion is running (after
    /// setControlHeaders(true); empty for a failure), valid inside that completion.
    const ControlHeaders &lastControlHeaders() const { return m_lastControl; }

    // For tests and the benchmark.
    int connectionCount() const { return int(m_connections.size()); }
    int socketsOpened() const; ///< connections opened so far (first opens + reconnects)
    int retries() const; ///< requests retried once after a server close
    /// Connections to nodes that followed redirects led to (not counted in connectionCount).
    int redirectConnectionCount() const;
    int failedConnects() const; ///< connects failed in a row, summed over the connections
    int tlsResumptions() const; ///< TLS handshakes that resumed a session (https)

private:
    /// A node of the target that a followed redirect led to, with its own connections.
    struct Node {
        DirectTarget target;
        std::string fixedHeaders;
        std::vector<std::unique_ptr<LoadConnection>> connections;
        std::vector<LoadConnection *> idle;
    };

    explicit DirectTransport(const TransportConfig &config);
    static std::string fixedHeaders(const QUrl &origin, const DirectTarget &target);
    /// The request's bytes into `out`: its request line's method and path, then the tail of
    /// its shape (m_tail, rebuilt only when the shape changes), then its body's length and
    /// bytes if it has one.
    void serialise(const HttpRequest &request, const std::string &fixedHeaders, std::string &out);
    LoadConnection *acquire(const DirectTarget *target,
                            std::vector<std::unique_ptr<LoadConnection>> &connections,
                            std::vector<LoadConnection *> &idle);
    /// Sends `request` to `url`'s node (the target or a Node) after `followed` redirects;
    /// the answer goes through the redirect policy, then to `done` with sentNs = firstSentNs.
    void sendFollowed(HttpRequest request, const QUrl &url, int followed, qint64 firstSentNs,
                      Completion done);
    void onAnswer(HttpRequest &&request, const QUrl &url, int followed, qint64 firstSentNs,
                  HttpResult &&r, Completion &&done);
    void forEachConnection(const std::function<void(LoadConnection *)> &f) const;
    void checkTimeouts();

    TransportConfig m_config;
    DirectTarget m_target;
    std::string m_namespaceHeader; // "X-Vault-Namespace: ...\r\n", empty for none
    std::string m_fixedHeaders; // "Host: ...\r\nUser-Agent: ...\r\n"
    std::string m_tokenHeader; // "X-Vault-Token: ...\r\n" of TransportConfig::token (memory only)
    std::string m_extraHeaders; // setExtraHeaders()
    uint64_t m_extraGeneration = 0; // changes with m_extraHeaders
    /// What follows the path in every request of one shape (" HTTP/1.1", the node's fixed
    /// headers, the token, the namespace, the extra headers, the body's framing up to its
    /// length): built once, reused while the shape stays (the load path: always).
    struct Tail {
        enum class Body { None, Empty, Json }; // no body; POST/PUT without one; a JSON body
        const std::string *fixedHeaders = nullptr; // the node's (m_fixedHeaders or a Node's)
        Body body = Body::None;
        bool rootNamespace = false;
        uint64_t extraGeneration = ~uint64_t(0);
        std::string token; // the request's own token, empty for the transport's (memory only)
        std::string wrapTtl; // the request's X-Vault-Wrap-TTL, empty for none
        std::string bytes;
    } m_tail;
    ControlHeaders m_lastControl; // setControlHeaders(true): of the answer being delivered
    std::vector<std::unique_ptr<LoadConnection>> m_connections;
    std::vector<LoadConnection *> m_idle; // LIFO: the most recently used first
    int m_inFlight = 0;
    QTimer *m_timer = nullptr; // deadline scan while requests are in flight
    RedirectPolicy m_redirects;
    std::shared_ptr<TlsClientContext> m_tls; // https: the one SSL_CTX of all connections
    std::vector<std::unique_ptr<Node>> m_nodes; // by first use; few (the cluster's nodes)
};

} // namespace vw
