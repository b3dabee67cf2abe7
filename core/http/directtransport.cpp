#include "http/directtransport.h"

#include "util/clock.h"
#include "util/tlsconfig.h"

#include <QFile>
#include <QFileInfo>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslSocket>
#include <QTimer>
#include <algorithm>

namespace vw {

namespace {

} // namespace

std::unique_ptr<DirectTransport> DirectTransport::create(const TransportConfig &config,
                                                         QString *error)
{
    if (!checkTargetAddress(config.baseUrl, error))
        return nullptr;
    std::unique_ptr<DirectTransport> t(new DirectTransport(config));
    if (t->m_target.tls
        && !makeTlsConfiguration(tlsSettings(config), &t->m_target.ssl, error))
        return nullptr;
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
        m_namespaceHeader = "X-Vault-Namespace: " + config.vaultNamespace.toStdString() + "\r\n";

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
    if (!request.rootNamespace)
        out += m_namespaceHeader;
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
