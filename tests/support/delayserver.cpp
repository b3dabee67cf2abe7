#include "delayserver.h"

#include <QHostAddress>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QPointer>
#include <QTimer>

#include <chrono>

namespace vw::test {

namespace {

const QByteArray kBody = R"({"initialized":true,"sealed":false,"standby":false,"version":"test"})";
constexpr int kMaxHeaderBytes = 64 * 1024;
constexpr size_t kMaxHoldSamples = 1'000'000;

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// One client connection: parses requests one at a time (keep-alive, pipelining tolerated),
/// holds each for the delay, then answers. Child of its socket, so it dies with it.
class Connection : public QObject {
public:
    Connection(QTcpSocket *socket, std::shared_ptr<DelayServer::Stats> stats)
        : QObject(socket)
        , m_socket(socket)
        , m_stats(std::move(stats))
    {
        connect(socket, &QTcpSocket::readyRead, this, [this] {
            m_buffer += m_socket->readAll();
            tryNext();
        });
        connect(socket, &QTcpSocket::disconnected, this, [this] {
            leaveService();
            release();
            m_socket->deleteLater();
        });
    }

    ~Connection() override { leaveService(); }

private:
    void tryNext()
    {
        if (m_busy)
            return;
        const int headerEnd = m_buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (m_buffer.size() > kMaxHeaderBytes)
                m_socket->abort();
            return;
        }
        qint64 contentLength = 0;
        bool close = false;
        const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
        for (int i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const int colon = line.indexOf(':');
            if (colon < 0)
                continue;
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "content-length")
                contentLength = value.toLongLong();
            else if (name == "connection" && value.toLower() == "close")
                close = true;
        }
        const qint64 total = headerEnd + 4 + contentLength;
        if (m_buffer.size() < total)
            return;
        {
            QMutexLocker lock(&m_stats->headMutex);
            m_stats->lastHead = m_buffer.left(headerEnd);
        }
        m_buffer.remove(0, int(total));
        m_stats->requests.fetch_add(1);
        const int dropAfter = m_stats->dropAfter.load();
        if (dropAfter > 0 && m_responses >= dropAfter) {
            // A kept-alive connection closed by the server just as the client reused it.
            m_stats->dropped.fetch_add(1);
            m_buffer.clear();
            m_socket->disconnectFromHost();
            return;
        }
        m_closeAfter = close;
        m_busy = true;
        m_readNs = nowNs();
        const int now = m_stats->holding.fetch_add(1) + 1;
        m_heldOnArrival = now;
        int peak = m_stats->peak.load();
        while (now > peak && !m_stats->peak.compare_exchange_weak(peak, now)) { }
        admit();
    }

    /// Capacity gate (setMaxConcurrent): serve now when a slot is free, else wait in FIFO order.
    void admit()
    {
        const int cap = m_stats->maxConcurrent.load();
        if (cap > 0 && m_stats->serving >= cap) {
            m_stats->waiting.push_back(QPointer<QObject>(this));
            return;
        }
        startService();
    }

    void startService()
    {
        ++m_stats->serving;
        m_inService = true;
        QTimer::singleShot(m_stats->delayMs.load(), Qt::PreciseTimer, this, [this] { respond(); });
    }

    /// Frees this request's slot and hands it to the oldest waiting request still connected.
    void leaveService()
    {
        if (!m_inService)
            return;
        m_inService = false;
        --m_stats->serving;
        while (!m_stats->waiting.empty()) {
            QPointer<QObject> next = m_stats->waiting.front();
            m_stats->waiting.pop_front();
            if (next) {
                static_cast<Connection *>(next.data())->startService();
                break;
            }
        }
    }

    void release()
    {
        if (m_busy) {
            m_busy = false;
            m_stats->holding.fetch_sub(1);
        }
    }

    void respond()
    {
        // Released before the answer leaves, so a client's next request is counted afresh.
        leaveService();
        release();
        ++m_responses;
        const int closeAfter = m_stats->closeAfter.load();
        if (closeAfter > 0 && m_responses >= closeAfter)
            m_closeAfter = true;
        QByteArray body = kBody;
        if (const int pad = m_stats->padding.load(); pad > 0) {
            body.chop(1);
            body += ",\"pad\":\"" + QByteArray(pad, 'x') + "\"}";
        }
        QByteArray out = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n";
        if (m_stats->chunked.load()) {
            out += "Transfer-Encoding: chunked\r\n";
            out += m_closeAfter ? "Connection: close\r\n\r\n" : "\r\n";
            for (qsizetype at = 0; at < body.size(); at += 1000) {
                const QByteArray chunk = body.mid(at, 1000);
                out += QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
            }
            out += "0\r\n\r\n";
        } else {
            out += "Content-Length: " + QByteArray::number(body.size());
            out += m_closeAfter ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n";
            out += body;
        }
        m_socket->write(out);
        m_socket->flush();
        {
            const qint64 held = nowNs() - m_readNs;
            QMutexLocker lock(&m_stats->holdMutex);
            if (m_stats->holdNs.size() < kMaxHoldSamples) {
                m_stats->holdNs.push_back(held);
                m_stats->holdConcurrency.push_back(m_heldOnArrival);
            }
        }
        if (m_closeAfter)
            m_socket->disconnectFromHost();
        else
            tryNext();
    }

    QTcpSocket *m_socket;
    std::shared_ptr<DelayServer::Stats> m_stats;
    QByteArray m_buffer;
    bool m_busy = false;
    int m_heldOnArrival = 0; // requests held (this one included) when it arrived
    bool m_inService = false; // holds one of the maxConcurrent slots
    bool m_closeAfter = false;
    int m_responses = 0; // answered on this connection
    qint64 m_readNs = 0; // when the held request was fully read
};

/// Accepts connections as TLS server sockets (handshake on the server thread).
class TlsServer : public QTcpServer {
public:
    TlsServer(std::shared_ptr<DelayServer::Tls> tls, std::shared_ptr<DelayServer::Stats> stats,
              QObject *parent)
        : QTcpServer(parent)
        , m_tls(std::move(tls))
        , m_stats(std::move(stats))
    {
    }

protected:
    void incomingConnection(qintptr fd) override
    {
        auto *s = new QSslSocket(this);
        if (!s->setSocketDescriptor(fd)) {
            delete s;
            return;
        }
        QSslConfiguration c = QSslConfiguration::defaultConfiguration();
        c.setLocalCertificateChain(m_tls->chain);
        c.setPrivateKey(m_tls->key);
        if (!m_tls->clientCa.isEmpty()) {
            c.setCaCertificates(m_tls->clientCa);
            c.setPeerVerifyMode(QSslSocket::VerifyPeer);
        } else {
            c.setPeerVerifyMode(QSslSocket::VerifyNone);
        }
        s->setSslConfiguration(c);
        connect(s, &QSslSocket::errorOccurred, s, [this, s](QAbstractSocket::SocketError) {
            if (!s->isEncrypted())
                m_stats->tlsFailures.fetch_add(1);
            s->deleteLater();
        });
        addPendingConnection(s);
        s->startServerEncryption();
    }

private:
    std::shared_ptr<DelayServer::Tls> m_tls;
    std::shared_ptr<DelayServer::Stats> m_stats;
};

} // namespace

/// Lives on the server thread: the listening socket and its connections.
class DelayServerCore : public QObject {
public:
    DelayServerCore(std::shared_ptr<DelayServer::Stats> stats,
                    std::shared_ptr<DelayServer::Tls> tls)
        : m_stats(std::move(stats))
        , m_tls(std::move(tls))
    {
    }

    int listen(QString *error)
    {
        m_server = m_tls ? new TlsServer(m_tls, m_stats, this) : new QTcpServer(this);
        m_server->setMaxPendingConnections(1024);
        m_server->setListenBacklogSize(4096); // thousands of VUs connect at once (tst_scale)
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server->nextPendingConnection()) {
                m_stats->connections.fetch_add(1);
                s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                new Connection(s, m_stats);
            }
        });
        if (!m_server->listen(QHostAddress::LocalHost, 0)) {
            *error = m_server->errorString();
            return 0;
        }
        return m_server->serverPort();
    }

private:
    std::shared_ptr<DelayServer::Stats> m_stats;
    std::shared_ptr<DelayServer::Tls> m_tls;
    QTcpServer *m_server = nullptr;
};

DelayServer::DelayServer(int delayMs)
    : m_stats(std::make_shared<Stats>())
{
    m_stats->delayMs.store(delayMs);
}

DelayServer::~DelayServer()
{
    stop();
}

QString DelayServer::address() const
{
    return QStringLiteral("%1://127.0.0.1:%2")
        .arg(m_tls ? QStringLiteral("https") : QStringLiteral("http"))
        .arg(m_port);
}

void DelayServer::setTls(const QList<QSslCertificate> &chain, const QSslKey &key,
                         const QList<QSslCertificate> &clientCa)
{
    m_tls = std::make_shared<Tls>(Tls{chain, key, clientCa});
}

bool DelayServer::start(QString *error)
{
    stop();
    m_thread = std::make_unique<QThread>();
    m_thread->setObjectName(QStringLiteral("DelayServer"));
    m_core = new DelayServerCore(m_stats, m_tls);
    m_core->moveToThread(m_thread.get());
    QObject::connect(m_thread.get(), &QThread::finished, m_core, &QObject::deleteLater);
    m_thread->start();
    QString err;
    int port = 0;
    QMetaObject::invokeMethod(
        m_core, [&] { port = m_core->listen(&err); }, Qt::BlockingQueuedConnection);
    if (port == 0) {
        *error = QStringLiteral("delay server could not listen: %1").arg(err);
        stop();
        return false;
    }
    m_port = port;
    return true;
}

void DelayServer::stop()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    m_thread.reset();
    m_core = nullptr;
    m_port = 0;
}

} // namespace vw::test
