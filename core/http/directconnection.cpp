#include "http/directconnection.h"

#include "util/clock.h"

#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>

namespace vw {

namespace {

bool isTlsError(QAbstractSocket::SocketError e)
{
    return e == QAbstractSocket::SslHandshakeFailedError || e == QAbstractSocket::SslInternalError
           || e == QAbstractSocket::SslInvalidUserDataError;
}

} // namespace

DirectConnection::DirectConnection(const DirectTarget *target, Released released)
    : m_target(target), m_released(std::move(released))
{
}

DirectConnection::~DirectConnection()
{
    m_done = nullptr;
    if (m_socket) {
        QTcpSocket *s = m_socket;
        m_socket = nullptr;
        s->disconnect(this);
        s->abort();
        delete s;
    }
}

void DirectConnection::start(Transport::Completion done)
{
    m_done = std::move(done);
    m_retried = false;
    m_hasDeferred = false;
    m_tlsErrors.clear();
    m_parser.reset();
    m_starting = true;
    if (m_socket && m_socketReady && m_socket->state() == QAbstractSocket::ConnectedState) {
        m_reusedSocket = m_requestsOnSocket > 0;
        m_sentNs = steadyNowNs();
        writeRequest();
    } else {
        // A new connection: the connect (and TLS handshake) is part of this request's latency.
        dropSocket();
        m_reusedSocket = false;
        m_sentNs = steadyNowNs();
        if (m_failedConnects > 0)
            openSocketAfterBackoff();
        else
            openSocket();
    }
    m_starting = false;
}

void DirectConnection::openSocketAfterBackoff()
{
    if (!m_backoff) {
        m_backoff = new QTimer(this);
        m_backoff->setSingleShot(true);
        m_backoff->setTimerType(Qt::PreciseTimer);
        connect(m_backoff, &QTimer::timeout, this, [this] {
            if (!busy() || m_hasDeferred || m_socket)
                return;
            m_sentNs = steadyNowNs();   // the connect starts now; the wait is not latency
            openSocket();
        });
    }
    m_backoff->start(reconnectDelayMs());
}

void DirectConnection::openSocket()
{
    ++m_socketsOpened;
    m_requestsOnSocket = 0;
    m_tcpConnected = false;
    m_socketReady = false;
    QTcpSocket *s = nullptr;
    if (m_target->tls) {
        auto *ssl = new QSslSocket;
        ssl->setSslConfiguration(m_target->ssl);
        ssl->setPeerVerifyName(m_target->host);
        connect(ssl, &QSslSocket::encrypted, this, [this, ssl] {
            if (ssl != m_socket)
                return;
            m_socketReady = true;
            if (busy() && !m_hasDeferred)
                writeRequest();
        });
        connect(ssl, &QSslSocket::sslErrors, this, [this, ssl](const QList<QSslError> &errors) {
            if (ssl != m_socket)
                return;
            QStringList texts;
            for (const QSslError &e : errors)
                texts << e.errorString();
            m_tlsErrors = texts.join(QStringLiteral("; "));
        });
        s = ssl;
    } else {
        s = new QTcpSocket;
    }
    m_socket = s;
    connect(s, &QAbstractSocket::connected, this, [this, s] {
        if (s != m_socket)
            return;
        m_tcpConnected = true;
        m_failedConnects = 0;
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        if (!m_target->tls) {
            m_socketReady = true;
            if (busy() && !m_hasDeferred)
                writeRequest();
        }
    });
    connect(s, &QIODevice::readyRead, this, [this, s] { onReadyRead(s); });
    connect(s, &QAbstractSocket::disconnected, this,
            [this, s] { onClosedOrError(s, QAbstractSocket::RemoteHostClosedError); });
    connect(s, &QAbstractSocket::errorOccurred, this,
            [this, s](QAbstractSocket::SocketError e) { onClosedOrError(s, e); });
    if (m_target->tls)
        static_cast<QSslSocket *>(s)->connectToHostEncrypted(m_target->host, m_target->port);
    else
        // Unbuffered: write() goes straight to the socket and read() straight from it, without
        // Qt's buffers and their notifier toggling (fewer syscalls and copies per request).
        s->connectToHost(m_target->host, m_target->port,
                         QIODevice::ReadWrite | QIODevice::Unbuffered);
}

void DirectConnection::dropSocket()
{
    if (!m_socket)
        return;
    QTcpSocket *s = m_socket;
    m_socket = nullptr;
    m_tcpConnected = false;
    m_socketReady = false;
    m_requestsOnSocket = 0;
    s->disconnect(this);
    s->abort();
    s->deleteLater();
}

void DirectConnection::writeRequest()
{
    // One write of the whole serialised request, flushed at once (no extra event-loop pass).
    const qint64 n = m_socket->write(m_out.data(), qint64(m_out.size()));
    if (n != qint64(m_out.size())) {
        const QString text = m_socket->errorString();
        dropSocket();
        fail(ErrorClass::Connection, QStringLiteral("write failed: %1").arg(text));
        return;
    }
    if (m_target->tls)
        m_socket->flush();   // the plain socket is unbuffered and has written already
}

void DirectConnection::onReadyRead(QTcpSocket *s)
{
    char buf[16 * 1024];
    while (s == m_socket) {
        const qint64 n = s->read(buf, sizeof buf);
        if (n == 0)
            return;   // nothing more for now
        if (n < 0) {
            // An unbuffered socket reports the peer's close here, without disconnected().
            onClosedOrError(s, s->error() == QAbstractSocket::UnknownSocketError
                                   ? QAbstractSocket::RemoteHostClosedError
                                   : s->error());
            return;
        }
        if (!busy() || m_hasDeferred) {
            dropSocket();   // bytes nobody asked for: the connection is out of step
            return;
        }
        size_t used = 0;
        const HttpResponseParser::State st = m_parser.feed(buf, size_t(n), &used);
        if (st == HttpResponseParser::State::NeedMore)
            continue;
        if (st == HttpResponseParser::State::Error) {
            const QString text = m_parser.errorText();
            dropSocket();
            fail(ErrorClass::InvalidResponse, text);
            return;
        }
        // Complete.
        HttpResult r;
        r.doneNs = steadyNowNs();
        r.sentNs = m_sentNs;
        r.status = m_parser.status();
        r.body = std::move(m_parser.body());
        if (r.status >= 300 && r.status < 400)
            r.location = m_parser.location();
        ++m_requestsOnSocket;
        // Extra bytes after the response mean the server is out of step: do not reuse.
        // (bytesAvailable() is a syscall on an unbuffered socket: asked only when the read
        // filled the buffer; bytes arriving later are caught by the idle check above.)
        if (!m_parser.keepAlive() || used != size_t(n)
            || (size_t(n) == sizeof buf && s->bytesAvailable() > 0))
            dropSocket();
        finish(std::move(r));
        return;
    }
}

void DirectConnection::onClosedOrError(QTcpSocket *s, QAbstractSocket::SocketError error)
{
    if (s != m_socket)
        return;
    if (!busy() || m_hasDeferred) {
        dropSocket();   // idle keep-alive connection closed: the next request reopens
        return;
    }
    // A socket that never connected (a refused connect) has nothing to read, and asking it
    // makes Qt warn once per call: 400k lines of stderr when a server dies mid-run.
    if (s->state() != QAbstractSocket::UnconnectedState && s->bytesAvailable() > 0) {
        onReadyRead(s);
        if (s != m_socket || !busy())
            return;
    }
    if (m_parser.started()) {
        // The response began: a close-delimited body ends here, anything else is cut short.
        if (m_parser.feedEof() == HttpResponseParser::State::Complete) {
            HttpResult r;
            r.doneNs = steadyNowNs();
            r.sentNs = m_sentNs;
            r.status = m_parser.status();
            r.body = std::move(m_parser.body());
            if (r.status >= 300 && r.status < 400)
                r.location = m_parser.location();
            dropSocket();
            finish(std::move(r));
            return;
        }
        const QString text = m_parser.errorText();
        dropSocket();
        fail(ErrorClass::Connection, text);
        return;
    }
    if (m_reusedSocket && !m_retried && m_socketReady) {
        // The server closed the kept-alive connection before answering (idle-close race):
        // retry once on a new connection.
        m_retried = true;
        ++m_retries;
        m_reusedSocket = false;
        dropSocket();
        m_parser.reset();
        openSocket();
        return;
    }
    if (!m_tcpConnected)
        ++m_failedConnects;   // refused or unreachable: the next connect backs off
    const bool tls = isTlsError(error) || (m_target->tls && m_tcpConnected && !m_socketReady);
    QString text = s->errorString();
    if (tls && !m_tlsErrors.isEmpty())
        text = m_tlsErrors;
    if (error == QAbstractSocket::RemoteHostClosedError)
        text = QStringLiteral("connection closed by the server before any response");
    dropSocket();
    fail(tls ? ErrorClass::Tls : ErrorClass::Connection, text);
}

void DirectConnection::checkTimeout(qint64 nowNs)
{
    if (!busy() || m_hasDeferred || m_target->requestTimeoutMs <= 0)
        return;
    if (nowNs - m_sentNs < m_target->requestTimeoutMs * 1'000'000LL)
        return;
    dropSocket();   // a late answer must not be read as the next request's
    fail(ErrorClass::Timeout,
         QStringLiteral("no response within %1 ms").arg(m_target->requestTimeoutMs));
}

void DirectConnection::abort()
{
    if (!busy())
        return;
    dropSocket();
    HttpResult r;
    r.sentNs = m_sentNs;
    r.doneNs = steadyNowNs();
    r.transportError = ErrorClass::Connection;
    r.errorText = QStringLiteral("aborted");
    deliver(std::move(r));
}

void DirectConnection::fail(ErrorClass c, const QString &text)
{
    HttpResult r;
    r.sentNs = m_sentNs;
    r.doneNs = steadyNowNs();
    r.transportError = c;
    r.errorText = text;
    finish(std::move(r));
}

void DirectConnection::finish(HttpResult &&r)
{
    if (m_starting) {
        // The contract: a completion never runs inside send(). Deliver from the event loop.
        m_deferred = std::move(r);
        m_hasDeferred = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (m_hasDeferred && busy())
                    deliver(std::move(m_deferred));
            },
            Qt::QueuedConnection);
        return;
    }
    deliver(std::move(r));
}

void DirectConnection::deliver(HttpResult &&r)
{
    if (m_backoff)
        m_backoff->stop();   // a timeout or abort during the wait: no connect for this request
    Transport::Completion done = std::move(m_done);
    m_done = nullptr;
    m_hasDeferred = false;
    m_released(this);
    done(std::move(r));
}

} // namespace vw
