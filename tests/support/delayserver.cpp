#include "delayserver.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace vw::test {

namespace {

const QByteArray kBody = R"({"initialized":true,"sealed":false,"standby":false,"version":"test"})";
constexpr int kMaxHeaderBytes = 64 * 1024;

/// One client connection: parses requests one at a time (keep-alive, pipelining tolerated),
/// holds each for the delay, then answers. Child of its socket, so it dies with it.
class Connection : public QObject {
public:
    Connection(QTcpSocket *socket, std::shared_ptr<DelayServer::Stats> stats)
        : QObject(socket), m_socket(socket), m_stats(std::move(stats))
    {
        connect(socket, &QTcpSocket::readyRead, this, [this] {
            m_buffer += m_socket->readAll();
            tryNext();
        });
        connect(socket, &QTcpSocket::disconnected, this, [this] {
            release();
            m_socket->deleteLater();
        });
    }

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
        m_closeAfter = close;
        m_busy = true;
        m_stats->requests.fetch_add(1);
        const int now = m_stats->holding.fetch_add(1) + 1;
        int peak = m_stats->peak.load();
        while (now > peak && !m_stats->peak.compare_exchange_weak(peak, now)) {
        }
        QTimer::singleShot(m_stats->delayMs.load(), Qt::PreciseTimer, this, [this] { respond(); });
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
        release();
        QByteArray out = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ";
        out += QByteArray::number(kBody.size());
        out += m_closeAfter ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n";
        out += kBody;
        m_socket->write(out);
        if (m_closeAfter)
            m_socket->disconnectFromHost();
        else
            tryNext();
    }

    QTcpSocket *m_socket;
    std::shared_ptr<DelayServer::Stats> m_stats;
    QByteArray m_buffer;
    bool m_busy = false;
    bool m_closeAfter = false;
};

} // namespace

/// Lives on the server thread: the listening socket and its connections.
class DelayServerCore : public QObject {
public:
    explicit DelayServerCore(std::shared_ptr<DelayServer::Stats> stats)
        : m_stats(std::move(stats))
    {
    }

    int listen(QString *error)
    {
        m_server = new QTcpServer(this);
        m_server->setMaxPendingConnections(1024);
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
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

bool DelayServer::start(QString *error)
{
    stop();
    m_thread = std::make_unique<QThread>();
    m_thread->setObjectName(QStringLiteral("DelayServer"));
    m_core = new DelayServerCore(m_stats);
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
