#include "vaultstub.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

namespace vw::test {

namespace {

constexpr int kMaxHeaderBytes = 64 * 1024;

QByteArray healthBody()
{
    return R"({"initialized":true,"sealed":false,"standby":true,"performance_standby":false,)"
           R"("version":"2.0.0-stub","cluster_name":"stub-cluster"})";
}

QByteArray reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 301:
        return "Moved Permanently";
    case 302:
        return "Found";
    case 303:
        return "See Other";
    case 307:
        return "Temporary Redirect";
    case 308:
        return "Permanent Redirect";
    case 429:
        return "Too Many Requests";
    default:
        return "Status";
    }
}

/// One client connection: reads requests one at a time (keep-alive) and answers each at once.
class Connection : public QObject {
public:
    Connection(QTcpSocket *socket, std::shared_ptr<VaultStub::Shared> shared)
        : QObject(socket)
        , m_socket(socket)
        , m_shared(std::move(shared))
    {
        connect(socket, &QTcpSocket::readyRead, this, [this] {
            m_buffer += m_socket->readAll();
            while (answerOne()) { }
        });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }

private:
    bool answerOne()
    {
        const int headerEnd = m_buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (m_buffer.size() > kMaxHeaderBytes)
                m_socket->abort();
            return false;
        }
        const QByteArray head = m_buffer.left(headerEnd);
        qint64 contentLength = 0;
        const QList<QByteArray> lines = head.split('\n');
        for (int i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines[i].trimmed();
            const int colon = line.indexOf(':');
            if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length")
                contentLength = line.mid(colon + 1).trimmed().toLongLong();
        }
        const qint64 total = headerEnd + 4 + contentLength;
        if (m_buffer.size() < total)
            return false;
        m_buffer.remove(0, int(total));

        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        const QByteArray target = requestLine.value(1);
        QString base;
        int redirectStatus = 307;
        bool health429 = false;
        int failAll = 0;
        {
            QMutexLocker lock(&m_shared->mutex);
            m_shared->heads.append(head);
            base = m_shared->redirectBase;
            redirectStatus = m_shared->redirectStatus;
            health429 = m_shared->health429;
            failAll = m_shared->failAll;
        }

        const QUrl url = QUrl::fromEncoded("http://stub" + target);
        QByteArray out;
        if (failAll > 0) {
            const QByteArray body = R"({"errors":["stub failure"]})";
            out = "HTTP/1.1 " + QByteArray::number(failAll) + ' ' + reason(failAll)
                  + "\r\nContent-Type: application/json\r\nContent-Length: "
                  + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        } else if (url.path() == QLatin1String("/v1/sys/health")) {
            const bool ok =
                QUrlQuery(url).queryItemValue(QStringLiteral("standbyok")) == QLatin1String("true");
            const int status = ok && !health429 ? 200 : 429;
            const QByteArray body = healthBody();
            out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status)
                  + "\r\nContent-Type: application/json\r\nContent-Length: "
                  + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        } else if (!base.isEmpty() && target.startsWith("/v1/")) {
            out = "HTTP/1.1 " + QByteArray::number(redirectStatus) + ' ' + reason(redirectStatus)
                  + "\r\nLocation: " + base.toUtf8() + target + "\r\nContent-Length: 0\r\n\r\n";
        } else {
            const QByteArray body = R"({"data":{}})";
            out = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                  + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        }
        m_socket->write(out);
        m_socket->flush();
        return true;
    }

    QTcpSocket *m_socket;
    std::shared_ptr<VaultStub::Shared> m_shared;
    QByteArray m_buffer;
};

} // namespace

/// Lives on the server thread: the listening socket and its connections.
class VaultStubCore : public QObject {
public:
    explicit VaultStubCore(std::shared_ptr<VaultStub::Shared> shared)
        : m_shared(std::move(shared))
    {
    }

    int listen(const QHostAddress &host, QString *error)
    {
        m_server = new QTcpServer(this);
        connect(m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server->nextPendingConnection())
                new Connection(s, m_shared);
        });
        if (!m_server->listen(host, 0)) {
            *error = m_server->errorString();
            return 0;
        }
        return m_server->serverPort();
    }

private:
    std::shared_ptr<VaultStub::Shared> m_shared;
    QTcpServer *m_server = nullptr;
};

VaultStub::VaultStub()
    : m_shared(std::make_shared<Shared>())
{
}

VaultStub::~VaultStub()
{
    stop();
}

QString VaultStub::address() const
{
    return QStringLiteral("http://%1:%2").arg(m_host.toString()).arg(m_port);
}

void VaultStub::setRedirect(const QString &base, int status)
{
    QMutexLocker lock(&m_shared->mutex);
    m_shared->redirectBase = base;
    m_shared->redirectStatus = status;
}

void VaultStub::setFailAll(int status)
{
    QMutexLocker lock(&m_shared->mutex);
    m_shared->failAll = status;
}

void VaultStub::setHealthAlways429(bool on)
{
    QMutexLocker lock(&m_shared->mutex);
    m_shared->health429 = on;
}

QList<QByteArray> VaultStub::requestHeads() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->heads;
}

int VaultStub::headsWithToken() const
{
    int n = 0;
    for (const QByteArray &h : requestHeads())
        if (h.toLower().contains("\nx-vault-token:"))
            ++n;
    return n;
}

void VaultStub::clearRecords()
{
    QMutexLocker lock(&m_shared->mutex);
    m_shared->heads.clear();
}

bool VaultStub::start(QString *error, const QHostAddress &host)
{
    stop();
    m_host = host;
    m_thread = std::make_unique<QThread>();
    m_thread->setObjectName(QStringLiteral("VaultStub"));
    m_core = new VaultStubCore(m_shared);
    m_core->moveToThread(m_thread.get());
    QObject::connect(m_thread.get(), &QThread::finished, m_core, &QObject::deleteLater);
    m_thread->start();
    QString err;
    int port = 0;
    QMetaObject::invokeMethod(
        m_core, [&] { port = m_core->listen(host, &err); }, Qt::BlockingQueuedConnection);
    if (port == 0) {
        *error = QStringLiteral("vault stub could not listen on %1: %2").arg(host.toString(), err);
        stop();
        return false;
    }
    m_port = port;
    return true;
}

void VaultStub::stop()
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
