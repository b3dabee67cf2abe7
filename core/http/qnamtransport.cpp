#include "http/qnamtransport.h"

#include "util/tlsconfig.h"

#include "util/clock.h"

#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslSocket>
#include <QTimer>

#include <algorithm>

namespace vw {

ErrorClass classifyNetworkError(int code, bool timedOut)
{
    switch (QNetworkReply::NetworkError(code)) {
    case QNetworkReply::NoError:
        return ErrorClass::None;
    case QNetworkReply::TimeoutError:
        return ErrorClass::Timeout;
    case QNetworkReply::OperationCanceledError:
        // Qt's transfer timeout aborts the reply; an abort by abortAll() is marked by the caller.
        return timedOut ? ErrorClass::Timeout : ErrorClass::Connection;
    case QNetworkReply::SslHandshakeFailedError:
        return ErrorClass::Tls;
    case QNetworkReply::ProtocolUnknownError:
    case QNetworkReply::ProtocolInvalidOperationError:
    case QNetworkReply::ProtocolFailure:
    case QNetworkReply::UnknownContentError:
        return ErrorClass::InvalidResponse;
    default:
        // Refused, remote closed, host not found, proxy and other network failures.
        return ErrorClass::Connection;
    }
}

std::unique_ptr<QnamTransport> QnamTransport::create(const TransportConfig &config, QString *error)
{
    if (!checkTargetAddress(config.baseUrl, error))
        return nullptr;
    std::unique_ptr<QnamTransport> t(new QnamTransport(config));
    // The target's TLS settings, also for an https node a redirect may lead to.
    bool https = config.baseUrl.scheme().toLower() == QLatin1String("https");
    for (const QUrl &node : config.nodeAddresses)
        https = https || node.scheme().toLower() == QLatin1String("https");
    if (https) {
        if (!makeTlsConfiguration(tlsSettings(config), &t->m_ssl, error))
            return nullptr;
    }
    return t;
}

QnamTransport::QnamTransport(const TransportConfig &config)
    : m_config(config)
{
    m_base = config.baseUrl.toEncoded(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment
                                      | QUrl::StripTrailingSlash);
    const int managers =
        std::max(1, (config.maxConcurrency + kConnectionsPerManager - 1) / kConnectionsPerManager);
    for (int i = 0; i < managers; ++i)
        m_pool.push_back({new QNetworkAccessManager, 0});
    m_redirects = RedirectPolicy(config.baseUrl, config.nodeAddresses);
    m_timers = new QObject;
}

QnamTransport::~QnamTransport()
{
    delete m_timers; // no held failure is handed over any more
    m_held.clear();
    for (auto it = m_pending.begin(); it != m_pending.end(); ++it) {
        QNetworkReply *reply = it.key();
        QObject::disconnect(reply, nullptr, nullptr, nullptr);
        reply->abort();
        delete reply;
    }
    m_pending.clear();
    for (Manager &m : m_pool)
        delete m.nam;
}

int QnamTransport::pickManager()
{
    // Least-loaded manager with a free connection; grow the pool if all are full (only when a
    // caller exceeds maxConcurrency), so no request ever waits in Qt's per-host queue.
    int best = -1;
    for (int i = 0; i < int(m_pool.size()); ++i) {
        if (m_pool[i].outstanding < kConnectionsPerManager
            && (best < 0 || m_pool[i].outstanding < m_pool[best].outstanding))
            best = i;
    }
    if (best >= 0)
        return best;
    m_pool.push_back({new QNetworkAccessManager, 0});
    return int(m_pool.size()) - 1;
}

void QnamTransport::send(const HttpRequest &request, Completion done)
{
    const int mi = pickManager();
    Pending p{std::move(done), mi, 0, false, request, 0};
    ++m_pool[mi].outstanding;
    start(request, QUrl::fromEncoded(m_base + request.path), std::move(p));
}

void QnamTransport::start(const HttpRequest &request, const QUrl &url, Pending &&pending)
{
    QNetworkRequest req(url);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    req.setAttribute(QNetworkRequest::HttpPipeliningAllowedAttribute, false);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    req.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    // Qt would follow a redirect anywhere with the token: ours decides (redirectpolicy.h).
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    if (m_config.requestTimeoutMs > 0)
        req.setTransferTimeout(int(std::min<qint64>(m_config.requestTimeoutMs, INT_MAX)));
    if (!request.token.isEmpty())
        req.setRawHeader("X-Vault-Token", request.token);
    else if (!m_config.token.isEmpty())
        req.setRawHeader("X-Vault-Token", m_config.token);
    if (!m_config.vaultNamespace.isEmpty() && !request.rootNamespace)
        req.setRawHeader("X-Vault-Namespace", m_config.vaultNamespace);
    if (!request.wrapTtl.isEmpty())
        req.setRawHeader("X-Vault-Wrap-TTL", request.wrapTtl);
    if (!request.body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (url.scheme() == QLatin1String("https"))
        req.setSslConfiguration(m_ssl);

    QNetworkAccessManager *nam = m_pool[pending.manager].nam;
    if (pending.followed == 0)
        pending.sentNs = steadyNowNs(); // a followed request keeps its first hop's
    QNetworkReply *reply = nullptr;
    if (request.method == "GET")
        reply = nam->get(req);
    else if (request.method == "DELETE" && request.body.isEmpty())
        reply = nam->deleteResource(req);
    else if (request.method == "POST")
        reply = nam->post(req, request.body);
    else if (request.method == "PUT")
        reply = nam->put(req, request.body);
    else
        reply = nam->sendCustomRequest(req, request.method, request.body);

    m_pending.insert(reply, std::move(pending));
    QObject::connect(reply, &QNetworkReply::finished, reply, [this, reply] { onFinished(reply); });
    if (reply->isFinished()) // finished before we connected (e.g. an unsupported request)
        QMetaObject::invokeMethod(
            reply, [this, reply] { onFinished(reply); }, Qt::QueuedConnection);
}

void QnamTransport::onFinished(QNetworkReply *reply)
{
    const qint64 doneNs = steadyNowNs();
    auto it = m_pending.find(reply);
    if (it == m_pending.end())
        return;
    Pending p = std::move(it.value());
    m_pending.erase(it);

    HttpResult r;
    r.sentNs = p.sentNs;
    r.doneNs = doneNs;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (p.aborted) {
        r.status = 0;
        r.transportError = ErrorClass::Connection;
        r.errorText = QStringLiteral("aborted");
    } else if (r.status > 0) {
        // A complete response: whatever the status, the operation classifies it.
        r.body = reply->readAll();
        if (RedirectPolicy::isRedirect(r.status)) {
            const RedirectPolicy::Decision d = m_redirects.decide(
                r.status, reply->rawHeader("Location"), reply->url(), p.followed);
            if (d.action == RedirectPolicy::Action::Follow) {
                reply->deleteLater();
                ++p.followed;
                const HttpRequest request = p.request;
                start(request, d.url, std::move(p)); // same manager, still outstanding
                return;
            }
            if (d.action == RedirectPolicy::Action::Refuse) {
                r.transportError = ErrorClass::Redirect;
                r.errorText = d.reason;
            }
        }
    } else {
        const bool timedOut = reply->error() == QNetworkReply::OperationCanceledError;
        r.transportError = classifyNetworkError(reply->error(), timedOut);
        r.errorText =
            r.transportError == ErrorClass::Timeout
                ? QStringLiteral("no response within %1 ms").arg(m_config.requestTimeoutMs)
                : reply->errorString();
    }
    const QNetworkReply::NetworkError e = reply->error();
    reply->deleteLater();
    --m_pool[p.manager].outstanding;
    if (r.status > 0)
        m_failedConnects = 0;
    if (!p.aborted
        && (e == QNetworkReply::ConnectionRefusedError || e == QNetworkReply::HostNotFoundError
            || e == QNetworkReply::UnknownNetworkError)) {
        // Hand the failure over after the backoff: the caller's next request waits with it.
        const int delayMs = std::min(kMaxReconnectDelayMs, 1 << std::min(m_failedConnects, 10));
        ++m_failedConnects;
        const quint64 id = ++m_nextHeld;
        m_held.insert(id, Held{std::move(p.done), std::move(r)});
        QTimer::singleShot(delayMs, Qt::PreciseTimer, m_timers, [this, id] { releaseHeld(id); });
        return;
    }
    p.done(std::move(r));
}

void QnamTransport::releaseHeld(quint64 id)
{
    auto it = m_held.find(id);
    if (it == m_held.end())
        return;
    Held h = std::move(it.value());
    m_held.erase(it);
    h.done(std::move(h.result));
}

void QnamTransport::abortAll()
{
    // Snapshot first: a completion may send again (those new sends are not aborted).
    const QList<QNetworkReply *> replies = m_pending.keys();
    for (QNetworkReply *reply : replies) {
        auto it = m_pending.find(reply);
        if (it != m_pending.end())
            it->aborted = true;
    }
    for (QNetworkReply *reply : replies) {
        if (m_pending.contains(reply))
            reply->abort(); // emits finished(): onFinished() delivers "aborted"
    }
    // Connect failures waiting out the backoff are handed over now, as they happened.
    const QList<quint64> held = m_held.keys();
    for (quint64 id : held)
        releaseHeld(id);
}

} // namespace vw
