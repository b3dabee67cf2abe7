#include "http/socketconnection.h"

#include "http/tlsclientcontext.h"
#include "util/clock.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace vw {

namespace {

constexpr size_t kReadBytes = 16 * 1024;

QString errnoText(int e)
{
    return QString::fromLocal8Bit(strerror(e));
}

} // namespace

SocketConnection::SocketConnection(const DirectTarget *target, Released released)
    : m_target(target)
    , m_released(std::move(released))
    , m_loop(FdLoop::current())
{
    m_parser.setKeepControlHeaders(target->controlHeaders);
}

SocketConnection::~SocketConnection()
{
    if (m_alive)
        *m_alive = false; // destroyed by a completion: deliver() must not touch this
    m_done = nullptr;
    closeSocket();
}

void SocketConnection::start(Transport::Completion done)
{
    m_done = std::move(done);
    if (m_target->controlHeaders)
        m_control.clear();
    m_retried = false;
    m_hasDeferred = false;
    m_parser.reset();
    m_written = 0;
    m_starting = true;
    if (m_fd >= 0 && m_tcpConnected && !m_connecting && !m_handshaking) {
        m_reusedSocket = m_requestsOnSocket > 0;
        m_sentNs = steadyNowNs();
        writeRequest();
    } else {
        // A new connection: the connect is part of this request's latency.
        closeSocket();
        m_reusedSocket = false;
        m_sentNs = steadyNowNs();
        if (m_failedConnects > 0) {
            if (!m_backoff)
                m_backoff = std::make_unique<LoopTimer>(m_loop, [this] {
                    if (!busy() || m_hasDeferred || m_fd >= 0)
                        return;
                    m_sentNs = steadyNowNs(); // the connect starts now; the wait is not latency
                    openSocket();
                });
            m_backoff->startAt(steadyNowNs() + int64_t(reconnectDelayMs()) * 1'000'000LL);
        } else {
            openSocket();
        }
    }
    m_starting = false;
}

void SocketConnection::openSocket()
{
    ++m_socketsOpened;
    m_requestsOnSocket = 0;
    m_tcpConnected = false;
    m_written = 0;
    if (m_target->addressLength == 0) {
        ++m_failedConnects;
        fail(ErrorClass::Connection, m_target->addressError);
        return;
    }
    m_fd = ::socket(m_target->address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (m_fd < 0) {
        const int e = errno;
        fail(ErrorClass::Connection, QStringLiteral("socket: %1").arg(errnoText(e)));
        return;
    }
    const int one = 1;
    setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    const int rc = ::connect(m_fd, reinterpret_cast<const sockaddr *>(&m_target->address),
                             m_target->addressLength);
    if (rc != 0 && errno != EINPROGRESS) {
        const int e = errno;
        ::close(m_fd);
        m_fd = -1;
        ++m_failedConnects;
        fail(ErrorClass::Connection, errnoText(e));
        return;
    }
    m_connecting = rc != 0;
    m_loop.add(m_fd, m_connecting ? uint32_t(EPOLLIN | EPOLLOUT) : uint32_t(EPOLLIN), this);
    if (!m_connecting)
        onConnected();
}

void SocketConnection::closeSocket()
{
    if (m_ssl) {
        if (!m_handshaking)
            SSL_shutdown(m_ssl); // close_notify, not waited for
        SSL_free(m_ssl);
        ERR_clear_error();
        m_ssl = nullptr;
        m_handshaking = false;
    }
    if (m_fd < 0)
        return;
    m_loop.remove(m_fd);
    ::close(m_fd);
    m_fd = -1;
    m_connecting = false;
    m_tcpConnected = false;
    m_waitingWrite = false;
    m_requestsOnSocket = 0;
}

void SocketConnection::onConnected()
{
    m_connecting = false;
    m_tcpConnected = true;
    m_failedConnects = 0;
    if (m_target->tls) {
        QString error;
        m_ssl = m_target->tlsContext
                    ? m_target->tlsContext->newSsl(m_target->host, &m_target->sessionKey, &error)
                    : nullptr;
        if (!m_ssl) {
            closeSocket();
            fail(ErrorClass::Tls, error.isEmpty() ? QStringLiteral("TLS unavailable") : error);
            return;
        }
        SSL_set_fd(m_ssl, m_fd);
        m_handshaking = true;
        handshake();
        return;
    }
    if (busy() && !m_hasDeferred)
        writeRequest();
    if (m_fd >= 0 && !m_waitingWrite)
        m_loop.modify(m_fd, EPOLLIN); // connected: EPOLLOUT only for a partial write
}

void SocketConnection::handshake()
{
    ERR_clear_error();
    const int rc = SSL_do_handshake(m_ssl);
    if (rc == 1) {
        m_handshaking = false;
        m_target->tlsContext->noteHandshake(m_ssl);
        if (busy() && !m_hasDeferred)
            writeRequest();
        if (m_fd >= 0 && !m_waitingWrite)
            m_loop.modify(m_fd, EPOLLIN);
        return;
    }
    const int e = SSL_get_error(m_ssl, rc);
    if (e == SSL_ERROR_WANT_READ) {
        m_loop.modify(m_fd, EPOLLIN);
        return;
    }
    if (e == SSL_ERROR_WANT_WRITE) {
        m_loop.modify(m_fd, EPOLLIN | EPOLLOUT);
        return;
    }
    const int sys = errno;
    QString text = TlsClientContext::errorText(m_ssl, "the TLS handshake failed");
    if (e == SSL_ERROR_SYSCALL && text == QLatin1String("TLS: the TLS handshake failed"))
        text = sys != 0
                   ? QStringLiteral("TLS handshake: %1").arg(errnoText(sys))
                   : QStringLiteral("the server closed the connection during the TLS handshake");
    closeSocket();
    if (busy() && !m_hasDeferred)
        fail(ErrorClass::Tls, text);
}

ssize_t SocketConnection::readSome(char *buf, size_t size, int *error)
{
    if (!m_ssl) {
        const ssize_t n = ::recv(m_fd, buf, size, 0);
        if (n < 0)
            *error = errno;
        return n;
    }
    ERR_clear_error();
    const int n = SSL_read(m_ssl, buf, int(size));
    if (n > 0)
        return n;
    switch (SSL_get_error(m_ssl, n)) {
    case SSL_ERROR_WANT_READ:
    case SSL_ERROR_WANT_WRITE:
        *error = EAGAIN; // a record in part, or a session ticket: no data for us
        return -1;
    case SSL_ERROR_ZERO_RETURN:
        return 0; // close_notify
    case SSL_ERROR_SYSCALL:
        if (errno == 0)
            return 0; // closed without close_notify
        *error = errno;
        return -1;
    default:
        *error = EPROTO;
        return -1;
    }
}

void SocketConnection::writeRequest()
{
    while (m_written < m_out.size()) {
        if (m_ssl) {
            ERR_clear_error();
            const int n = SSL_write(m_ssl, m_out.data() + m_written, int(m_out.size() - m_written));
            if (n > 0) {
                m_written += size_t(n);
                continue;
            }
            const int e = SSL_get_error(m_ssl, n);
            if (e == SSL_ERROR_WANT_WRITE || e == SSL_ERROR_WANT_READ) {
                if (!m_waitingWrite) {
                    m_waitingWrite = true;
                    m_loop.modify(m_fd, EPOLLIN | EPOLLOUT);
                }
                return;
            }
            onClosedOrError(e == SSL_ERROR_ZERO_RETURN ? 0 : (errno != 0 ? errno : EPIPE));
            return;
        }
        const ssize_t n =
            ::send(m_fd, m_out.data() + m_written, m_out.size() - m_written, MSG_NOSIGNAL);
        if (n > 0) {
            m_written += size_t(n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!m_waitingWrite) { // the rest when the socket has room again
                m_waitingWrite = true;
                m_loop.modify(m_fd, EPOLLIN | EPOLLOUT);
            }
            return;
        }
        onClosedOrError(n < 0 ? errno : EPIPE);
        return;
    }
    if (m_waitingWrite) {
        m_waitingWrite = false;
        m_loop.modify(m_fd, EPOLLIN);
    }
}

void SocketConnection::onFdEvents(uint32_t events)
{
    if (m_connecting) {
        if (!(events & (EPOLLOUT | EPOLLERR | EPOLLHUP)))
            return;
        int error = 0;
        socklen_t len = sizeof error;
        getsockopt(m_fd, SOL_SOCKET, SO_ERROR, &error, &len);
        if (error != 0) {
            onClosedOrError(error);
            return;
        }
        onConnected();
        return;
    }
    if (m_handshaking) {
        handshake();
        return;
    }
    if ((events & EPOLLOUT) && m_waitingWrite && busy() && !m_hasDeferred) {
        writeRequest();
        if (m_fd < 0)
            return;
    }
    if (events & (EPOLLIN | EPOLLERR | EPOLLHUP))
        onReadable();
}

void SocketConnection::onReadable()
{
    char buf[kReadBytes];
    while (m_fd >= 0) {
        int error = 0;
        const ssize_t n = readSome(buf, sizeof buf, &error);
        if (n == 0) {
            onClosedOrError(0);
            return;
        }
        if (n < 0) {
            if (error == EINTR)
                continue;
            if (error == EAGAIN || error == EWOULDBLOCK)
                return; // level-triggered: the loop reports the rest
            onClosedOrError(error);
            return;
        }
        if (!busy() || m_hasDeferred) {
            closeSocket(); // bytes nobody asked for: the connection is out of step
            return;
        }
        size_t used = 0;
        const HttpResponseParser::State st = m_parser.feed(buf, size_t(n), &used);
        if (st == HttpResponseParser::State::NeedMore) {
            // Most likely drained: wait for the loop rather than an EAGAIN. (Bytes OpenSSL
            // read ahead are not the socket's readiness: read them now.)
            if (size_t(n) < sizeof buf && !(m_ssl && SSL_has_pending(m_ssl)))
                return;
            continue;
        }
        if (st == HttpResponseParser::State::Error) {
            const QString text = m_parser.errorText();
            closeSocket();
            fail(ErrorClass::InvalidResponse, text);
            return;
        }
        // Extra bytes after the response mean the server is out of step: do not reuse.
        bool extra = used != size_t(n);
        if (!extra && !m_ssl && size_t(n) == sizeof buf) {
            int pending = 0;
            extra = ioctl(m_fd, FIONREAD, &pending) == 0 && pending > 0;
        }
        complete(!m_parser.keepAlive() || extra);
        return;
    }
}

void SocketConnection::complete(bool closeAfter)
{
    HttpResult r;
    r.doneNs = steadyNowNs();
    r.sentNs = m_sentNs;
    r.status = m_parser.status();
    r.body = std::move(m_parser.body());
    if (r.status >= 300 && r.status < 400)
        r.location = m_parser.location();
    if (m_target->controlHeaders)
        m_control = m_parser.controlHeaders();
    ++m_requestsOnSocket;
    if (closeAfter)
        closeSocket();
    finish(std::move(r));
}

void SocketConnection::onClosedOrError(int error)
{
    if (!busy() || m_hasDeferred) {
        closeSocket(); // an idle keep-alive connection closed: the next request reopens
        return;
    }
    if (m_parser.started()) {
        // The response began: a close-delimited body ends here, anything else is cut short.
        if (m_parser.feedEof() == HttpResponseParser::State::Complete) {
            complete(true);
            return;
        }
        const QString text = m_parser.errorText();
        closeSocket();
        fail(ErrorClass::Connection, text);
        return;
    }
    if (m_reusedSocket && !m_retried && m_tcpConnected) {
        // The server closed the kept-alive connection before answering (idle-close race):
        // retry once on a new connection, keeping the first sentNs.
        m_retried = true;
        ++m_retries;
        m_reusedSocket = false;
        closeSocket();
        m_parser.reset();
        openSocket();
        return;
    }
    if (!m_tcpConnected)
        ++m_failedConnects; // refused or unreachable: the next connect backs off
    const QString text = error == 0 || (error == ECONNRESET && m_tcpConnected)
                             ? QStringLiteral("connection closed by the server before any response")
                             : errnoText(error);
    closeSocket();
    fail(ErrorClass::Connection, text);
}

void SocketConnection::checkTimeout(qint64 nowNs)
{
    if (!busy() || m_hasDeferred || m_target->requestTimeoutMs <= 0)
        return;
    if (nowNs - m_sentNs < m_target->requestTimeoutMs * 1'000'000LL)
        return;
    closeSocket(); // a late answer must not be read as the next request's
    fail(ErrorClass::Timeout,
         QStringLiteral("no response within %1 ms").arg(m_target->requestTimeoutMs));
}

void SocketConnection::abort()
{
    if (!busy())
        return;
    closeSocket();
    HttpResult r;
    r.sentNs = m_sentNs;
    r.doneNs = steadyNowNs();
    r.transportError = ErrorClass::Connection;
    r.errorText = QStringLiteral("aborted");
    deliver(std::move(r));
}

void SocketConnection::fail(ErrorClass c, const QString &text)
{
    HttpResult r;
    r.sentNs = m_sentNs;
    r.doneNs = steadyNowNs();
    r.transportError = c;
    r.errorText = text;
    finish(std::move(r));
}

void SocketConnection::finish(HttpResult &&r)
{
    if (m_starting) {
        // The contract: a completion never runs inside send(). Deliver at the next loop pass.
        m_deferred = std::move(r);
        m_hasDeferred = true;
        if (!m_deferTimer)
            m_deferTimer = std::make_unique<LoopTimer>(m_loop, [this] {
                if (m_hasDeferred && busy())
                    deliver(std::move(m_deferred));
            });
        m_deferTimer->startAt(0);
        return;
    }
    deliver(std::move(r));
}

void SocketConnection::deliver(HttpResult &&r)
{
    if (m_backoff)
        m_backoff->stop(); // a timeout or abort during the wait: no connect for this request
    if (m_deferTimer)
        m_deferTimer->stop();
    Transport::Completion done = std::move(m_done);
    m_done = nullptr;
    m_hasDeferred = false;
    m_released(this);
    // After the completion, the body's buffer goes back to the parser when nobody kept it
    // (httpresponseparser.h, recycleBody) unless the completion destroyed this connection.
    bool alive = true;
    bool *const outer = m_alive; // a deliver() further up the stack (an abort in a completion)
    m_alive = &alive;
    done(std::move(r));
    if (!alive) {
        if (outer)
            *outer = false;
        return;
    }
    m_alive = outer;
    m_parser.recycleBody(r.body);
}

} // namespace vw
