// A keep-alive connection of the "direct" transport: a non-blocking socket of its own on the
// thread's FdLoop (core/util/fdloop.h), read and written with plain recv/send system calls,
// or through OpenSSL for https (the transport's one SSL_CTX, tlsclientcontext.h: the TLS
// handshake after the connect, resumed with the node's last session on a reconnect; reads
// and writes into the connection's own buffers, no allocation per request); no QTcpSocket,
// no Qt event per request. Per request on a kept-alive connection: one send() and, when the
// response fits the 16 KiB read buffer, one recv() (wrk's count), plus the loop's epoll wait.
// Behaviour: opened on demand; a response with
// Connection: close (or a close-delimited body) closes it; a request failing on a reused
// connection before any byte of its response arrived is retried once on a new one, keeping
// its sentNs; a failed connect makes the next one wait 1 ms doubling to 100 ms; a timed-out
// request's socket is dropped; bytes nobody asked for drop the connection. sentNs is taken
// right before the send (or the connect), doneNs when the response is complete.
// Errors: refused/reset/closed early -> Connection (strerror's text), malformed -> InvalidResponse,
// handshake or certificate -> Tls (OpenSSL's text and the verify result).
// Thread affinity: made, used and destroyed on the transport's thread.
#pragma once

#include "http/httpresponseparser.h"
#include "http/loadconnection.h"
#include "util/fdloop.h"

#include <memory>

typedef struct ssl_st SSL;

namespace vw {

class SocketConnection final : public LoadConnection, private FdHandler {
public:
    SocketConnection(const DirectTarget *target, Released released);
    ~SocketConnection() override;

    void start(Transport::Completion done) override;
    bool busy() const override { return bool(m_done); }
    void checkTimeout(qint64 nowNs) override;
    void abort() override;

private:
    void onFdEvents(uint32_t events) override;
    void openSocket();
    void closeSocket();
    void onConnected();
    void handshake();
    /// recv() or SSL_read(): > 0 bytes, 0 the peer closed, -1 with *error (EAGAIN: nothing now).
    ssize_t readSome(char *buf, size_t size, int *error);
    void writeRequest();
    void onReadable();
    void onClosedOrError(int error); // error 0: the peer closed
    void complete(bool closeAfter);
    void fail(ErrorClass c, const QString &text);
    void finish(HttpResult &&r);
    void deliver(HttpResult &&r);

    const DirectTarget *m_target;
    Released m_released;
    FdLoop &m_loop;
    int m_fd = -1;
    SSL *m_ssl = nullptr; // https: the TLS session on m_fd
    bool m_handshaking = false;
    bool m_connecting = false; // connect() in progress
    bool m_tcpConnected = false; // the connection opened (ever, on this socket)
    bool m_waitingWrite = false; // EPOLLOUT asked: a partial write waits
    size_t m_written = 0; // bytes of m_out sent
    int m_requestsOnSocket = 0;
    HttpResponseParser m_parser;

    Transport::Completion m_done; // set while a request is outstanding
    bool *m_alive = nullptr; // set to false by the destructor while deliver() runs a completion
    qint64 m_sentNs = 0;
    bool m_reusedSocket = false;
    bool m_retried = false;
    bool m_starting = false; // inside start(): completions are deferred
    bool m_hasDeferred = false;
    HttpResult m_deferred;
    std::unique_ptr<LoopTimer> m_deferTimer; // delivers m_deferred on the next loop pass
    std::unique_ptr<LoopTimer> m_backoff; // the delayed connect of the current request
};

} // namespace vw
