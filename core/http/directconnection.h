// One persistent HTTP/1.1 keep-alive connection of the "direct" transport (one per VU slot):
// a QTcpSocket, or a QSslSocket for https, plus an http-parser response parser.
// One request at a time, never pipelined. The socket is (re)opened on demand: on the first
// request, after the server closed the connection (Connection: close, idle close) and after
// any error. A request that fails on a *reused* connection before any byte of the response
// arrived (the server closed the idle keep-alive connection as we wrote) is retried once on
// a new connection; its sentNs stays the first attempt's.
// Reconnect backoff: after a connect that failed (refused, unreachable, no route: the TCP
// connection never opened) the next connect of this connection waits first, 1 ms doubling to
// 100 ms per failure in a row, back to none after a connect succeeds. Each request still makes
// one attempt and fails with Connection as before; it only does not hammer a dead server at
// tens of thousands of connects per second while the abort rule decides (docs/measurement.md,
// "Failed runs"). The wait is not part of the request's latency: sentNs is taken at the connect.
// Thread affinity: created, used and destroyed on the transport's thread (event loop).
#pragma once

#include "http/httpresponseparser.h"
#include "http/loadconnection.h"

#include <QAbstractSocket>
#include <QObject>
#include <QSslConfiguration>
#include <string>

class QTcpSocket;
class QTimer;

namespace vw {

class DirectConnection final : public QObject, public LoadConnection {
public:
    DirectConnection(const DirectTarget *target, Released released);
    ~DirectConnection() override;   ///< drops the socket; a pending completion is not called

    void start(Transport::Completion done) override;
    bool busy() const override { return bool(m_done); }
    void checkTimeout(qint64 nowNs) override;
    void abort() override;

private:
    void openSocket();
    void openSocketAfterBackoff();
    void dropSocket();
    void writeRequest();
    void onReadyRead(QTcpSocket *s);
    void onClosedOrError(QTcpSocket *s, QAbstractSocket::SocketError error);
    void fail(ErrorClass c, const QString &text);
    void finish(HttpResult &&r);
    void deliver(HttpResult &&r);

    const DirectTarget *m_target;
    Released m_released;
    QTcpSocket *m_socket = nullptr;
    bool m_tcpConnected = false;     // TCP connected (TLS handshake may still run)
    bool m_socketReady = false;      // connected (and encrypted for tls)
    int m_requestsOnSocket = 0;      // responses completed on the current socket
    HttpResponseParser m_parser;

    Transport::Completion m_done;    // set while a request is outstanding
    qint64 m_sentNs = 0;
    bool m_reusedSocket = false;     // this attempt went out on a socket that served before
    bool m_retried = false;
    bool m_starting = false;         // inside start(): completions are deferred
    bool m_hasDeferred = false;      // a result waits for its queued delivery
    HttpResult m_deferred;
    QString m_tlsErrors;
    QTimer *m_backoff = nullptr;     // single shot: the delayed connect of the current request
};

} // namespace vw
