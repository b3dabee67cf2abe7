#include "http/directtransport.h"

#include "http/tlsclientcontext.h"
#include "http/socketconnection.h"

#include "util/clock.h"
#include "util/tlsconfig.h"

#include <QFile>
#include <QFileInfo>
#include <QSslConfiguration>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstring>

namespace vw {

namespace {

} // namespace

std::unique_ptr<DirectTransport> DirectTransport::create(const TransportConfig &config,
                                                         QString *error)
{
    if (!checkTargetAddress(config.baseUrl, error))
        return nullptr;
    std::unique_ptr<DirectTransport> t(new DirectTransport(config));
    bool httpsNode = false;
    for (const QUrl &node : config.nodeAddresses)
        httpsNode = httpsNode || node.scheme().toLower() == QLatin1String("https");
    if (t->m_target.tls || httpsNode) {
        // The files' checks and messages, as the qnam channel's. Only for https: a
        // QSslConfiguration loads Qt's TLS backend and seeds OpenSSL's random generator,
        // 16 million instructions, 40 % of an empty plain-HTTP run (docs/performance.md).
        QSslConfiguration checked;
        if (!makeTlsConfiguration(tlsSettings(config), &checked, error))
            return nullptr;
        t->m_tls = TlsClientContext::create(tlsSettings(config), error);
        if (!t->m_tls)
            return nullptr;
    }
    t->m_target.tlsContext = t->m_tls;
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
    resolveTarget(&m_target); // a failure fails each connect with its reason

    m_fixedHeaders = fixedHeaders(config.baseUrl, m_target);
    if (!config.token.isEmpty())
        m_tokenHeader = "X-Vault-Token: " + config.token.toStdString() + "\r\n";
    m_redirects = RedirectPolicy(config.baseUrl, config.nodeAddresses);
    if (!config.vaultNamespace.isEmpty()) // left out of requests to the root namespace
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
    m_connections.clear(); // each drops its socket; completions are not called
    m_nodes.clear();
}

std::string DirectTransport::fixedHeaders(const QUrl &origin, const DirectTarget &target)
{
    // Headers every request to this node carries, built once.
    QByteArray host = QUrl::toAce(target.host);
    if (host.isEmpty())
        host = target.host.toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']'; // IPv6 literal
    const int defaultPort = target.tls ? 443 : 80;
    std::string out = "Host: " + host.toStdString();
    if (origin.port(defaultPort) != defaultPort)
        out += ':' + std::to_string(target.port);
    out += "\r\nUser-Agent: vault-workbench\r\n";
    return out; // X-Vault-Token and X-Vault-Namespace are added per request (serialise)
}

void DirectTransport::serialise(const HttpRequest &request, const std::string &fixedHeaders,
                                std::string &out)
{
    // Everything after the path is the same from one request to the next of the same shape
    // (node, token, namespace, extra headers, body or not): built once into m_tail, then
    // each request is its method, its path, that tail and, with a body, its length and bytes.
    const Tail::Body body = !request.body.isEmpty() ? Tail::Body::Json
                            : (request.method == "POST" || request.method == "PUT")
                                ? Tail::Body::Empty
                                : Tail::Body::None;
    const QByteArray &token = request.token;
    if (m_tail.fixedHeaders != &fixedHeaders || m_tail.body != body
        || m_tail.rootNamespace != request.rootNamespace
        || m_tail.extraGeneration != m_extraGeneration
        || m_tail.wrapTtl.size() != size_t(request.wrapTtl.size())
        || std::memcmp(m_tail.wrapTtl.data(), request.wrapTtl.constData(),
                       size_t(request.wrapTtl.size()))
               != 0
        || m_tail.token.size() != size_t(token.size())
        || std::memcmp(m_tail.token.data(), token.constData(), size_t(token.size())) != 0) {
        m_tail.fixedHeaders = &fixedHeaders;
        m_tail.body = body;
        m_tail.rootNamespace = request.rootNamespace;
        m_tail.extraGeneration = m_extraGeneration;
        m_tail.token.assign(token.constData(), size_t(token.size()));
        m_tail.wrapTtl.assign(request.wrapTtl.constData(), size_t(request.wrapTtl.size()));
        std::string &t = m_tail.bytes;
        t.clear();
        t += " HTTP/1.1\r\n";
        t += fixedHeaders;
        if (!token.isEmpty()) {
            t += "X-Vault-Token: ";
            t += m_tail.token;
            t += "\r\n";
        } else {
            t += m_tokenHeader;
        }
        if (!request.rootNamespace)
            t += m_namespaceHeader;
        t += m_extraHeaders;
        if (!m_tail.wrapTtl.empty()) {
            t += "X-Vault-Wrap-TTL: ";
            t += m_tail.wrapTtl;
            t += "\r\n";
        }
        switch (body) {
        case Tail::Body::Json:
            t += "Content-Type: application/json\r\nContent-Length: ";
            break;
        case Tail::Body::Empty:
            t += "Content-Length: 0\r\n\r\n";
            break;
        case Tail::Body::None:
            t += "\r\n";
            break;
        }
    }
    out.clear(); // keeps the capacity
    out.append(request.method.constData(), size_t(request.method.size()));
    out += ' ';
    if (request.path.isEmpty())
        out += '/';
    else
        out.append(request.path.constData(), size_t(request.path.size()));
    out += m_tail.bytes;
    if (body == Tail::Body::Json) {
        char digits[24];
        const int n = std::snprintf(digits, sizeof digits, "%lld\r\n\r\n",
                                    static_cast<long long>(request.body.size()));
        out.append(digits, size_t(n));
        out.append(request.body.constData(), size_t(request.body.size()));
    }
}

LoadConnection *DirectTransport::acquire(const DirectTarget *target,
                                         std::vector<std::unique_ptr<LoadConnection>> &connections,
                                         std::vector<LoadConnection *> &idle)
{
    if (!idle.empty()) {
        LoadConnection *c = idle.back();
        idle.pop_back();
        return c;
    }
    // Beyond maxConcurrency: one more connection, never a queue.
    LoadConnection::Released released = [this, &idle](LoadConnection *c) {
        --m_inFlight;
        idle.push_back(c);
    };
    connections.push_back(std::make_unique<SocketConnection>(target, std::move(released)));
    return connections.back().get();
}

void DirectTransport::send(const HttpRequest &request, Completion done)
{
    LoadConnection *c = acquire(&m_target, m_connections, m_idle);
    serialise(request, m_fixedHeaders, c->requestBuffer());
    ++m_inFlight;
    if (m_timer && !m_timer->isActive())
        m_timer->start(); // stopped while nothing was in flight (checkTimeouts)
    // The request (for a redirect) and the caller's completion wait in the connection: the
    // completion given to it captures two pointers, which std::function holds without
    // allocating (one allocation per request less).
    LoadConnection::Pending &pending = c->pending();
    pending.request = request; // implicitly shared byte arrays: no copy of their bytes
    pending.done = std::move(done);
    c->start([this, c](HttpResult &&r) {
        HttpRequest request = std::move(c->pending().request); // c is idle (reusable) now
        Completion done = std::move(c->pending().done);
        c->pending().done = nullptr;
        if (m_target.controlHeaders)
            m_lastControl = c->controlHeaders();
        if (r.status < 300 || r.status >= 400) {
            // The hot path: no redirect. The request's byte arrays are released before the
            // completion, which may build the VU's next request: its path buffer is then not
            // shared and is rewritten in place (core/ops/keyedpath.h).
            request = HttpRequest();
            done(std::move(r));
            return;
        }
        const QUrl url = m_config.baseUrl.resolved(QUrl::fromEncoded(request.path));
        const qint64 sentNs = r.sentNs;
        onAnswer(std::move(request), url, 0, sentNs, std::move(r), std::move(done));
    });
}

void DirectTransport::onAnswer(HttpRequest &&request, const QUrl &url, int followed,
                               qint64 firstSentNs, HttpResult &&r, Completion &&done)
{
    r.sentNs = firstSentNs;
    const RedirectPolicy::Decision d = m_redirects.decide(r.status, r.location, url, followed);
    switch (d.action) {
    case RedirectPolicy::Action::None:
        break;
    case RedirectPolicy::Action::Refuse:
        r.transportError = ErrorClass::Redirect;
        r.errorText = d.reason;
        break;
    case RedirectPolicy::Action::Follow:
        sendFollowed(std::move(request), d.url, followed + 1, firstSentNs, std::move(done));
        return;
    }
    done(std::move(r));
}

void DirectTransport::sendFollowed(HttpRequest request, const QUrl &url, int followed,
                                   qint64 firstSentNs, Completion done)
{
    const bool tls = url.scheme().toLower() == QLatin1String("https");
    const quint16 port = quint16(url.port(tls ? 443 : 80));
    const DirectTarget *target = &m_target;
    const std::string *headers = &m_fixedHeaders;
    std::vector<std::unique_ptr<LoadConnection>> *connections = &m_connections;
    std::vector<LoadConnection *> *idle = &m_idle;
    if (tls != m_target.tls || port != m_target.port
        || url.host().compare(m_target.host, Qt::CaseInsensitive) != 0) {
        Node *node = nullptr;
        for (const auto &n : m_nodes)
            if (n->target.tls == tls && n->target.port == port
                && url.host().compare(n->target.host, Qt::CaseInsensitive) == 0)
                node = n.get();
        if (!node) {
            m_nodes.push_back(std::make_unique<Node>());
            node = m_nodes.back().get();
            node->target = m_target;
            node->target.host = url.host();
            node->target.port = port;
            node->target.tls = tls;
            node->fixedHeaders = fixedHeaders(url, node->target);
            node->target.tlsContext = m_tls;
            resolveTarget(&node->target);
        }
        target = &node->target;
        headers = &node->fixedHeaders;
        connections = &node->connections;
        idle = &node->idle;
    }
    request.path = url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    LoadConnection *c = acquire(target, *connections, *idle);
    serialise(request, *headers, c->requestBuffer());
    ++m_inFlight;
    if (m_timer && !m_timer->isActive())
        m_timer->start();
    c->start([this, c, request = std::move(request), url, followed, firstSentNs,
              done = std::move(done)](HttpResult &&r) mutable {
        if (m_target.controlHeaders)
            m_lastControl = c->controlHeaders();
        onAnswer(std::move(request), url, followed, firstSentNs, std::move(r), std::move(done));
    });
}

void DirectTransport::forEachConnection(const std::function<void(LoadConnection *)> &f) const
{
    // Snapshot first: a completion may send again (those new sends are not visited).
    std::vector<LoadConnection *> all;
    for (const auto &c : m_connections)
        all.push_back(c.get());
    for (const auto &n : m_nodes)
        for (const auto &c : n->connections)
            all.push_back(c.get());
    for (LoadConnection *c : all)
        f(c);
}

void DirectTransport::abortAll()
{
    std::vector<LoadConnection *> busy;
    forEachConnection([&busy](LoadConnection *c) {
        if (c->busy())
            busy.push_back(c);
    });
    for (LoadConnection *c : busy)
        c->abort();
}

void DirectTransport::checkTimeouts()
{
    if (m_inFlight == 0) {
        m_timer->stop(); // no wake-ups of an idle transport (the control plane's between calls)
        return;
    }
    const qint64 now = steadyNowNs();
    std::vector<LoadConnection *> busy;
    forEachConnection([&busy](LoadConnection *c) {
        if (c->busy())
            busy.push_back(c);
    });
    for (LoadConnection *c : busy)
        c->checkTimeout(now);
}

int DirectTransport::socketsOpened() const
{
    int n = 0;
    forEachConnection([&n](LoadConnection *c) { n += c->socketsOpened(); });
    return n;
}

int DirectTransport::failedConnects() const
{
    int n = 0;
    for (const auto &c : m_connections)
        n += c->failedConnects();
    return n;
}

int DirectTransport::retries() const
{
    int n = 0;
    forEachConnection([&n](LoadConnection *c) { n += c->retries(); });
    return n;
}

int DirectTransport::tlsResumptions() const
{
    return m_tls ? m_tls->resumptions() : 0;
}

int DirectTransport::redirectConnectionCount() const
{
    int n = 0;
    for (const auto &node : m_nodes)
        n += int(node->connections.size());
    return n;
}

} // namespace vw
