#include "vault/qnamcontrolchannel.h"

#include "util/tlsconfig.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslError>
#include <QTimer>

#include <climits>

namespace vw {

namespace {

/// Maps a Qt transport error (no HTTP response) onto our classes.
ErrorClass classifyTransport(QNetworkReply::NetworkError e, bool timedOut)
{
    if (timedOut)
        return ErrorClass::Timeout;
    switch (e) {
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // only our timer or the transfer timeout abort
        return ErrorClass::Timeout;
    case QNetworkReply::SslHandshakeFailedError:
        return ErrorClass::Tls;
    case QNetworkReply::ProtocolInvalidOperationError:
    case QNetworkReply::ProtocolFailure:
    case QNetworkReply::ProtocolUnknownError:
        return ErrorClass::InvalidResponse;
    default:
        return ErrorClass::Connection;
    }
}

QString transportText(QNetworkReply::NetworkError e, const QNetworkReply &reply, qint64 timeoutMs,
                      bool timedOut, const QList<QSslError> &sslErrors)
{
    if (timedOut || e == QNetworkReply::TimeoutError || e == QNetworkReply::OperationCanceledError)
        return QStringLiteral("timeout: no response within %1 ms").arg(timeoutMs);
    switch (e) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("connection refused");
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("connection closed by the server");
    case QNetworkReply::HostNotFoundError:
        return QStringLiteral("host not found: %1").arg(reply.url().host());
    default:
        break;
    }
    if (!sslErrors.isEmpty()) {
        QStringList parts;
        for (const QSslError &s : sslErrors)
            parts << s.errorString();
        return QStringLiteral("TLS: ") + parts.join(QStringLiteral("; "));
    }
    return reply.errorString();
}

} // namespace

QnamControlChannel::QnamControlChannel(const TargetSpec &target)
    : m_target(target)
{
    // Used only for https requests (made only then: it loads Qt's TLS backend); a CA file
    // that cannot be used fails each of them as Tls.
    QString tlsError;
    bool https = QUrl(m_target.address).scheme().toLower() == QLatin1String("https");
    for (const QString &a : m_target.addresses) // a redirect may lead to an https node
        https = https || QUrl(a).scheme().toLower() == QLatin1String("https");
    if (https) {
        m_ssl = QSslConfiguration::defaultConfiguration();
        if (!makeTlsConfiguration(m_target.tls(), &m_ssl, &tlsError))
            m_tlsSetupError = QStringLiteral("TLS: ") + tlsError;
    }
    QList<QUrl> nodes;
    for (const QString &a : m_target.addresses)
        nodes.append(QUrl(a));
    m_redirects = RedirectPolicy(QUrl(m_target.address), nodes);
}

QnamControlChannel::~QnamControlChannel() = default;

ControlAnswer QnamControlChannel::exchange(const ControlRequest &request)
{
    ControlAnswer out;
    const QUrl url(m_target.address + QString::fromUtf8(request.absolutePath));
    if (url.scheme() == QLatin1String("https") && !m_tlsSetupError.isEmpty()) {
        out.transportError = ErrorClass::Tls;
        out.errorText = m_tlsSetupError;
        return out;
    }
    if (!m_nam)
        m_nam = std::make_unique<QNetworkAccessManager>();
    std::unique_ptr<QNetworkReply> reply;
    QList<QSslError> sslErrors;
    bool timedOut = false;
    QUrl hopUrl = url;
    for (int followed = 0;; ++followed) {
        reply = hop(request, hopUrl, &sslErrors, &timedOut);
        const int hopStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (timedOut || !RedirectPolicy::isRedirect(hopStatus))
            break;
        const RedirectPolicy::Decision d =
            m_redirects.decide(hopStatus, reply->rawHeader("Location"), hopUrl, followed);
        if (d.action != RedirectPolicy::Action::Follow) {
            out.status = hopStatus;
            out.transportError = ErrorClass::Redirect;
            out.errorText = d.reason;
            out.body = reply->readAll();
            return out;
        }
        hopUrl = d.url;
    }

    const qint64 timeoutMs = m_target.requestTimeoutMs;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError netError = reply->error();
    if (status <= 0 || timedOut) {
        out.transportError = classifyTransport(netError, timedOut);
        if (!sslErrors.isEmpty() && !timedOut)
            out.transportError = ErrorClass::Tls;
        out.errorText = transportText(netError, *reply, timeoutMs, timedOut, sslErrors);
        return out;
    }
    out.status = status;
    out.body = reply->readAll();
    out.headers.retryAfter = reply->rawHeader("Retry-After");
    out.headers.vaultIndex = reply->rawHeader("X-Vault-Index");
    out.headers.contentType = reply->rawHeader("Content-Type");
    out.headers.reason =
        reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString().toUtf8();
    // Any HTTP error that left a response behind is a status, not a transport failure,
    // except a body cut short after the headers.
    if (status < 400 && netError != QNetworkReply::NoError) {
        out.transportError = classifyTransport(netError, false);
        out.errorText = transportText(netError, *reply, timeoutMs, false, sslErrors);
    }
    return out;
}

std::unique_ptr<QNetworkReply> QnamControlChannel::hop(const ControlRequest &request,
                                                       const QUrl &url, QList<QSslError> *sslErrors,
                                                       bool *timedOut)
{
    const qint64 timeoutMs = m_target.requestTimeoutMs;
    QNetworkRequest req(url);
    req.setTransferTimeout(int(qMin<qint64>(timeoutMs, INT_MAX)));
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setRawHeader("X-Vault-Request", "true");
    if (!request.token.isEmpty())
        req.setRawHeader("X-Vault-Token", request.token);
    if (!request.index.isEmpty()) {
        req.setRawHeader("X-Vault-Index", request.index);
        req.setRawHeader("X-Vault-Inconsistent", request.inconsistent);
    }
    if (request.inNamespace && !m_target.vaultNamespace.isEmpty())
        req.setRawHeader("X-Vault-Namespace", m_target.vaultNamespace.toUtf8());
    if (!request.body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (url.scheme() == QLatin1String("https"))
        req.setSslConfiguration(m_ssl);

    std::unique_ptr<QNetworkReply> reply(
        request.method == "GET" ? m_nam->get(req)
                                : m_nam->sendCustomRequest(req, request.method, request.body));

    sslErrors->clear();
    QObject::connect(reply.get(), &QNetworkReply::sslErrors,
                     [sslErrors](const QList<QSslError> &e) { *sslErrors = e; });
    *timedOut = false;
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        *timedOut = true;
        reply->abort();
    });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timer.start(int(qMin<qint64>(timeoutMs, INT_MAX)));
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    timer.stop();
    return reply;
}

} // namespace vw
