// What the direct transport (directtransport.h) asks of one of its keep-alive connections
// (SocketConnection, socketconnection.h: a non-blocking socket on the thread's FdLoop, plain
// or TLS), and what all connections to one node share. One request at a time, never
// pipelined; the behaviour is in socketconnection.h.
// Thread affinity: the transport's thread.
#pragma once

#include "http/controlheaders.h"
#include "http/transport.h"

#include <QString>
#include <memory>
#include <string>

#include <sys/socket.h>

namespace vw {

class TlsClientContext;

/// What all connections to one node share (read-only after the transport made it).
struct DirectTarget {
    QString host; ///< connect and SNI/verify name (the URL's host)
    quint16 port = 0;
    bool tls = false;
    /// The transport's OpenSSL context (tls only; tlsclientcontext.h) and this node's key in
    /// its session store ("host:port").
    std::shared_ptr<TlsClientContext> tlsContext;
    std::string sessionKey;
    qint64 requestTimeoutMs = 30000;
    /// Keep the control plane's headers of each answer (DirectTransport::setControlHeaders).
    bool controlHeaders = false;
    /// The host's first address, resolved once when the target is made (plain connections);
    /// addressLength 0 when it did not resolve (addressError says why; each connect fails).
    sockaddr_storage address{};
    socklen_t addressLength = 0;
    QString addressError;
};

/// Resolves target->host (numeric first, else getaddrinfo: blocking, once per node) into
/// target->address, and sets target->sessionKey. Returns false and sets target->addressError when it fails.
bool resolveTarget(DirectTarget *target);

class LoadConnection {
public:
    /// Called when a request finished (success or failure), before its completion runs.
    using Released = std::function<void(LoadConnection *)>;
    static constexpr int kMaxReconnectDelayMs = 100;

    virtual ~LoadConnection() = default; ///< drops the socket; a pending completion is not called

    /// The reused buffer into which the transport serialises the next request (bytes).
    std::string &requestBuffer() { return m_out; }
    /// What the transport keeps with the request in flight (its caller's request and
    /// completion), so that the completion it passes to start() stays small.
    struct Pending {
        HttpRequest request;
        Transport::Completion done;
    };
    Pending &pending() { return m_pending; }

    /// Sends the bytes in requestBuffer(); `done` runs once, later (never inside start()).
    virtual void start(Transport::Completion done) = 0;
    virtual bool busy() const = 0;
    /// Fails the request with Timeout when its deadline (sentNs + timeout) has passed.
    virtual void checkTimeout(qint64 nowNs) = 0;
    /// Fails the outstanding request with Connection "aborted" (completion runs now).
    virtual void abort() = 0;

    /// The control headers of the answer just completed (DirectTarget::controlHeaders only;
    /// empty after a failure), valid in its completion.
    const ControlHeaders &controlHeaders() const { return m_control; }

    int socketsOpened() const { return m_socketsOpened; } ///< for tests: reconnects + 1
    int retries() const { return m_retries; } ///< requests retried once
    /// Connects that failed in a row (0 after a successful connect), and the wait (ms) the
    /// next connect makes first: 0, then 1, 2, 4 ... kMaxReconnectDelayMs.
    int failedConnects() const { return m_failedConnects; }
    int reconnectDelayMs() const
    {
        if (m_failedConnects <= 0)
            return 0;
        return std::min(kMaxReconnectDelayMs, 1 << std::min(m_failedConnects - 1, 10));
    }

protected:
    std::string m_out;
    Pending m_pending;
    ControlHeaders m_control;
    int m_socketsOpened = 0;
    int m_retries = 0;
    int m_failedConnects = 0; // connects in a row that never opened
};

} // namespace vw
