#include "engine/directtransport.h"

#include "util/clock.h"

#include <QFile>
#include <QFileInfo>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>
#include <QTimer>
#include <algorithm>

namespace vw {

namespace {

bool loadClientIdentity(const TransportConfig &c, QSslConfiguration *ssl, QString *error)
{
    if (c.clientCertFile.isEmpty() && c.clientKeyFile.isEmpty())
        return true;
    if (c.clientCertFile.isEmpty() || c.clientKeyFile.isEmpty()) {
        *error = QStringLiteral("a client certificate needs both a certificate and a key file");
        return false;
    }
    const QList<QSslCertificate> certs = QSslCertificate::fromPath(c.clientCertFile);
    if (certs.isEmpty()) {
        *error = QStringLiteral("no PEM certificate in client certificate file %1")
                     .arg(c.clientCertFile);
        return false;
    }
    QFile f(c.clientKeyFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read client key file %1").arg(c.clientKeyFile);
        return false;
    }
    const QByteArray pem = f.readAll();
    QSslKey key;
    for (QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        key = QSslKey(pem, alg, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            break;
    }
    if (key.isNull()) {
        *error = QStringLiteral("no usable PEM private key in %1").arg(c.clientKeyFile);
        return false;
    }
    ssl->setLocalCertificateChain(certs);
    ssl->setPrivateKey(key);
    return true;
}

} // namespace

std::unique_ptr<DirectTransport> DirectTransport::create(const TransportConfig &config,
                                                         QString *error)
{
    const QString scheme = config.baseUrl.scheme().toLower();
    if (!config.baseUrl.isValid() || config.baseUrl.host().isEmpty()
        || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
        *error = QStringLiteral("invalid target address \"%1\" (expected http(s)://host:port)")
                     .arg(config.baseUrl.toString());
        return nullptr;
    }
    std::unique_ptr<DirectTransport> t(new DirectTransport(config));
    if (t->m_target.tls) {
        if (!QSslSocket::supportsSsl()) {
            *error = QStringLiteral("TLS is not available (no TLS backend for Qt)");
            return nullptr;
        }
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        if (!config.caFile.isEmpty()) {
            if (!QFileInfo(config.caFile).isReadable()) {
                *error = QStringLiteral("cannot read CA file %1").arg(config.caFile);
                return nullptr;
            }
            const QList<QSslCertificate> cas = QSslCertificate::fromPath(config.caFile);
            if (cas.isEmpty()) {
                *error = QStringLiteral("no PEM certificate in CA file %1").arg(config.caFile);
                return nullptr;
            }
            ssl.setCaCertificates(cas);
        }
        if (config.tlsSkipVerify)
            ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
        if (!loadClientIdentity(config, &ssl, error))
            return nullptr;
        t->m_target.ssl = ssl;
    }
    return t;
}

DirectTransport::DirectTransport(const TransportConfig &config)
    : m_config(config)
{
    const bool tls = config.baseUrl.scheme().toLower() == QLatin1String("https");
    m_target.host = config.baseUrl.host();
    m_target.port = quint16(config.baseUrl.port(tls ? 443 : 80));
    m_target.tls = tls;
    m_target.requestTimeoutMs = config.requestTimeoutMs;

    // Headers every request carries, built once.
    QByteArray host = QUrl::toAce(m_target.host);
    if (host.isEmpty())
        host = m_target.host.toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';   // IPv6 literal
    const int defaultPort = tls ? 443 : 80;
    m_fixedHeaders = "Host: " + host.toStdString();
    if (config.baseUrl.port(defaultPort) != defaultPort)
        m_fixedHeaders += ':' + std::to_string(m_target.port);
    m_fixedHeaders += "\r\nUser-Agent: vault-workbench\r\n";
    if (!config.token.isEmpty())
        m_fixedHeaders += "X-Vault-Token: " + config.token.toStdString() + "\r\n";
    if (!config.vaultNamespace.isEmpty())
        m_fixedHeaders += "X-Vault-Namespace: " + config.vaultNamespace.toStdString() + "\r\n";

    const int n = std::max(1, config.maxConcurrency);
    m_connections.reserve(size_t(n));
    m_idle.reserve(size_t(n));

    if (config.requestTimeoutMs > 0) {
        m_timer = new QTimer;
        m_timer->setInterval(int(std::clamp<qint64>(config.requestTimeoutMs / 10, 5, 250)));
        QObject::connect(m_timer, &QTimer::timeout, m_timer, [this] { checkTimeouts(); });
        m_timer->start();
    }
}

DirectTransport::~DirectTransport()
{
    delete m_timer;
    m_idle.clear();
    m_connections.clear();   // each drops its socket; completions are not called
}

void DirectTransport::serialise(const HttpRequest &request, std::string &out) const
{
    out.clear();   // keeps the capacity
    out.append(request.method.constData(), size_t(request.method.size()));
    out += ' ';
    if (request.path.isEmpty())
        out += '/';
    else
        out.append(request.path.constData(), size_t(request.path.size()));
    out += " HTTP/1.1\r\n";
    out += m_fixedHeaders;
    const bool hasBody = !request.body.isEmpty();
    if (hasBody) {
        out += "Content-Type: application/json\r\nContent-Length: ";
        out += std::to_string(request.body.size());
        out += "\r\n\r\n";
        out.append(request.body.constData(), size_t(request.body.size()));
    } else if (request.method == "POST" || request.method == "PUT") {
        out += "Content-Length: 0\r\n\r\n";
    } else {
        out += "\r\n";
    }
}

void DirectTransport::send(const HttpRequest &request, Completion done)
{
    DirectConnection *c = nullptr;
    if (!m_idle.empty()) {
        c = m_idle.back();
        m_idle.pop_back();
    } else {
        // Beyond maxConcurrency: one more connection, never a queue.
        m_connections.push_back(std::make_unique<DirectConnection>(
            &m_target, [this](DirectConnection *released) {
                --m_inFlight;
                m_idle.push_back(released);
            }));
        c = m_connections.back().get();
    }
    serialise(request, c->requestBuffer());
    ++m_inFlight;
    c->start(std::move(done));
}

void DirectTransport::abortAll()
{
    // Snapshot first: a completion may send again (those new sends are not aborted).
    std::vector<DirectConnection *> busy;
    for (const auto &c : m_connections)
        if (c->busy())
            busy.push_back(c.get());
    for (DirectConnection *c : busy)
        c->abort();
}

void DirectTransport::checkTimeouts()
{
    if (m_inFlight == 0)
        return;
    const qint64 now = steadyNowNs();
    std::vector<DirectConnection *> busy;
    for (const auto &c : m_connections)
        if (c->busy())
            busy.push_back(c.get());
    for (DirectConnection *c : busy)
        c->checkTimeout(now);
}

int DirectTransport::socketsOpened() const
{
    int n = 0;
    for (const auto &c : m_connections)
        n += c->socketsOpened();
    return n;
}

int DirectTransport::retries() const
{
    int n = 0;
    for (const auto &c : m_connections)
        n += c->retries();
    return n;
}

} // namespace vw
