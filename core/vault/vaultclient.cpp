#include "vault/vaultclient.h"

#include <utility>

#include "http/redirectpolicy.h"
#include "util/tlsconfig.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslError>
#include <QThread>
#include <QTimer>
#include <QDebug>

#include <algorithm>
#include <climits>

namespace vw {

namespace {

constexpr qint64 kDefaultTimeoutMs = 30000;

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

/// The server's {"errors":[...]} joined by "; ".
QString joinedErrors(const QJsonObject &json)
{
    QStringList parts;
    const QJsonArray errors = json.value(QStringLiteral("errors")).toArray();
    for (const QJsonValue &v : errors)
        parts << v.toString();
    return parts.join(QStringLiteral("; "));
}

} // namespace

bool isBehindIndex(const VaultResponse &r)
{
    // OpenBao answers {"errors":[]}: errorText falls back to the reason phrase.
    return r.status == 429 && (r.json.value(QStringLiteral("errors")).toArray().isEmpty());
}

qint64 consistencyIndexValue(const QByteArray &header)
{
    const QByteArray json = QByteArray::fromBase64(header.trimmed());
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    bool ok = false;
    const qint64 v = o.value(QStringLiteral("value")).toString().toLongLong(&ok);
    return ok ? v : -1;
}

QString VaultResponse::describe() const
{
    if (status == 0)
        return errorText.isEmpty() ? QStringLiteral("no response") : errorText;
    if (errorText.isEmpty())
        return QString::number(status);
    return QStringLiteral("%1: %2").arg(status).arg(errorText);
}

VaultClient::VaultClient(const TargetSpec &target, const QByteArray &token)
    : m_target(target)
    , m_token(token)
    , m_nam(std::make_unique<QNetworkAccessManager>())
{
    while (m_target.address.endsWith(QLatin1Char('/')))
        m_target.address.chop(1);
    if (m_target.requestTimeoutMs <= 0)
        m_target.requestTimeoutMs = kDefaultTimeoutMs;

    // Used only for https requests; a CA file that cannot be used fails each of them as Tls.
    m_ssl = QSslConfiguration::defaultConfiguration();
    QString tlsError;
    bool https = QUrl(m_target.address).scheme().toLower() == QLatin1String("https");
    for (const QString &a : m_target.addresses) // a redirect may lead to an https node
        https = https || QUrl(a).scheme().toLower() == QLatin1String("https");
    if (https && !makeTlsConfiguration(m_target.tls(), &m_ssl, &tlsError))
        m_tlsSetupError = QStringLiteral("TLS: ") + tlsError;

    QList<QUrl> nodes;
    for (const QString &a : m_target.addresses)
        nodes.append(QUrl(a));
    m_redirects = RedirectPolicy(QUrl(m_target.address), nodes);
}

VaultClient::~VaultClient() = default;

std::unique_ptr<VaultClient> VaultClient::forNode(const QString &address) const
{
    TargetSpec t = m_target;
    t.address = address;
    auto c = std::make_unique<VaultClient>(t, m_token);
    c->m_stopCheck = m_stopCheck;
    c->m_notSentText = m_notSentText;
    c->m_index = m_index; // one cluster: one newest index
    return c;
}

std::unique_ptr<VaultClient> VaultClient::withTimeout(qint64 timeoutMs) const
{
    TargetSpec t = m_target;
    t.requestTimeoutMs = timeoutMs;
    auto c = std::make_unique<VaultClient>(t, m_token);
    c->m_index = m_index;
    return c;
}

bool VaultClient::waitForIndex(qint64 timeoutMs, QString *error, int *probes)
{
    if (m_index->isEmpty())
        return true;
    const WhenBehind mode = m_whenBehind;
    m_whenBehind = WhenBehind::FailIfBehind;
    QElapsedTimer t;
    t.start();
    bool applied = false;
    for (;;) {
        if (probes)
            ++*probes;
        if (!isBehindIndex(get(QStringLiteral("auth/token/lookup-self")))) {
            applied = true;
            break;
        }
        if (t.elapsed() > timeoutMs)
            break;
        QThread::msleep(50);
    }
    m_whenBehind = mode;
    if (!applied && error)
        *error = QStringLiteral("%1 has not applied index %2 after %3 s")
                     .arg(m_target.address)
                     .arg(consistencyIndexValue(*m_index))
                     .arg(timeoutMs / 1000.0, 0, 'f', 0);
    return applied;
}

QUrl VaultClient::address() const
{
    return QUrl(m_target.address);
}

void VaultClient::setRetryPolicy(const RetryPolicy &policy)
{
    m_retry = policy;
    m_retryClock.start();
    m_retryDeadlineMs = policy.totalMs;
}

VaultResponse VaultClient::request(const QByteArray &method, const QString &path,
                                   const QJsonObject &body)
{
    QByteArray payload;
    if (!body.isEmpty())
        payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return performRetrying(method, "/v1/" + path.toUtf8(), payload);
}

VaultResponse VaultClient::send(const HttpRequest &r)
{
    if (r.token.isEmpty())
        return performRetrying(r.method, r.path, r.body, !r.rootNamespace);
    // The request's own token (a VU's, or one an operation made) for this request only.
    const QByteArray own = std::exchange(m_token, r.token);
    VaultResponse response = performRetrying(r.method, r.path, r.body, !r.rootNamespace);
    m_token = own;
    return response;
}

VaultResponse VaultClient::performRetrying(const QByteArray &method, const QByteArray &absolutePath,
                                           const QByteArray &body, bool inNamespace)
{
    for (int retry = 0;; ++retry) {
        if (m_stopCheck && m_stopCheck()) {
            VaultResponse stopped;
            stopped.errorClass = ErrorClass::Connection;
            stopped.errorText = m_notSentText.isEmpty()
                                    ? QStringLiteral("not sent: the run was stopped")
                                    : m_notSentText;
            return stopped;
        }
        VaultResponse r = perform(method, absolutePath, body, true, inNamespace);
        if (m_retry.totalMs <= 0 || !m_retryClock.isValid()
            || !isRetryableAnswer(r.status, r.errorClass == ErrorClass::Connection))
            return r;
        const qint64 delay = retryDelayMs(
            m_retry, retry, parseRetryAfterMs(r.retryAfter, QDateTime::currentDateTimeUtc()));
        if (m_retryClock.elapsed() + delay > m_retryDeadlineMs)
            return r; // the budget is spent: the caller reports this answer
        qWarning().noquote() << QStringLiteral("%1 %2: %3; retrying in %4 ms%5")
                                    .arg(QString::fromLatin1(method),
                                         QString::fromUtf8(absolutePath.mid(4)), r.describe())
                                    .arg(delay)
                                    .arg(
                                        r.retryAfter.isEmpty()
                                            ? QString()
                                            : QStringLiteral(" (Retry-After: %1)")
                                                  .arg(QString::fromLatin1(r.retryAfter.left(40))));
        ++m_retryCount;
        if (m_retryObserver)
            m_retryObserver(
                RetryNotice{QStringLiteral("%1 %2").arg(QString::fromLatin1(method),
                                                        QString::fromUtf8(absolutePath.mid(4))),
                            r.describe(), delay,
                            std::max<qint64>(0, m_retryDeadlineMs - m_retryClock.elapsed() - delay),
                            retry + 1});
        // In slices, so that a stop (the GUI's "leave it") ends the wait.
        QElapsedTimer waited;
        waited.start();
        while (waited.elapsed() < delay) {
            if (m_stopCheck && m_stopCheck())
                return r;
            QThread::msleep(
                static_cast<unsigned long>(std::min<qint64>(50, delay - waited.elapsed())));
        }
    }
}

VaultResponse VaultClient::perform(const QByteArray &method, const QByteArray &absolutePath,
                                   const QByteArray &body, bool authenticated, bool inNamespace)
{
    VaultResponse out;
    const QUrl url(m_target.address + QString::fromUtf8(absolutePath));
    const bool https = url.scheme() == QLatin1String("https");
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && !https)) {
        out.errorClass = ErrorClass::Connection;
        out.errorText = QStringLiteral("invalid address %1").arg(m_target.address);
        return out;
    }
    if (https && !m_tlsSetupError.isEmpty()) {
        out.errorClass = ErrorClass::Tls;
        out.errorText = m_tlsSetupError;
        return out;
    }

    const qint64 timeoutMs = m_target.requestTimeoutMs;
    // Qt follows no redirect (ManualRedirectPolicy); a 307/308 inside the target is followed
    // once here, same method, body and headers (core/http/redirectpolicy.h). The timeout is
    // per hop. Qt's own following (its default policy) sent the token to any host, and about
    // one redirected POST/DELETE in two finished with UnknownNetworkError although the active
    // node had answered 204: setup failed with "204: Unknown error" and left the mount behind
    // (tests/integration/tst_redirect.cpp, setupThroughRedirectTenOfTen).
    std::unique_ptr<QNetworkReply> reply;
    QList<QSslError> sslErrors;
    bool timedOut = false;
    QUrl hopUrl = url;
    for (int followed = 0;; ++followed) {
        reply = exchange(method, hopUrl, body, authenticated, inNamespace, &sslErrors, &timedOut);
        const int hopStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (timedOut || !RedirectPolicy::isRedirect(hopStatus))
            break;
        const RedirectPolicy::Decision d =
            m_redirects.decide(hopStatus, reply->rawHeader("Location"), hopUrl, followed);
        if (d.action != RedirectPolicy::Action::Follow) {
            out.status = hopStatus;
            out.errorClass = ErrorClass::Redirect;
            out.errorText = d.reason;
            out.body = reply->readAll();
            return out;
        }
        hopUrl = d.url;
    }

    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError netError = reply->error();
    if (status <= 0 || timedOut) {
        out.errorClass = classifyTransport(netError, timedOut);
        if (!sslErrors.isEmpty() && !timedOut)
            out.errorClass = ErrorClass::Tls;
        out.errorText = transportText(netError, *reply, timeoutMs, timedOut, sslErrors);
        return out;
    }

    out.status = status;
    out.body = reply->readAll();
    out.retryAfter = reply->rawHeader("Retry-After");
    out.index = reply->rawHeader("X-Vault-Index");
    if (!out.index.isEmpty()) {
        // Keep the newest: a standby's read answers with its own (older) index.
        const qint64 seen = consistencyIndexValue(out.index);
        const qint64 kept = consistencyIndexValue(*m_index);
        if (m_index->isEmpty() || seen < 0 || kept < 0 || seen > kept)
            *m_index = out.index;
    }
    // Any HTTP error that left a response behind is a status, not a transport failure,
    // except a body cut short after the headers.
    if (status < 400 && netError != QNetworkReply::NoError) {
        out.errorClass = classifyTransport(netError, false);
        out.errorText = transportText(netError, *reply, timeoutMs, false, sslErrors);
        return out;
    }

    const QString contentType = reply->header(QNetworkRequest::ContentTypeHeader).toString();
    const bool plainText = contentType.startsWith(QLatin1String("text/plain"));
    bool parsed = false;
    if (!out.body.isEmpty() && !plainText) {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(out.body, &pe);
        if (pe.error == QJsonParseError::NoError && doc.isObject()) {
            out.json = doc.object();
            parsed = true;
        }
    }

    if (status >= 400) {
        out.errorClass = ErrorClass::HttpStatus;
        out.errorText = parsed ? joinedErrors(out.json) : QString();
        if (out.errorText.isEmpty())
            out.errorText = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        if (out.errorText.isEmpty() && !parsed)
            out.errorText = QString::fromUtf8(out.body.left(200)).simplified();
        return out;
    }
    if (!out.body.isEmpty() && !plainText && !parsed) {
        out.errorClass = ErrorClass::InvalidResponse;
        out.errorText =
            QStringLiteral("invalid response: expected a JSON object, got %1 bytes of %2")
                .arg(out.body.size())
                .arg(contentType.isEmpty() ? QStringLiteral("untyped data") : contentType);
    }
    return out;
}

std::unique_ptr<QNetworkReply> VaultClient::exchange(const QByteArray &method, const QUrl &url,
                                                     const QByteArray &body, bool authenticated,
                                                     bool inNamespace, QList<QSslError> *sslErrors,
                                                     bool *timedOut)
{
    const qint64 timeoutMs = m_target.requestTimeoutMs;
    QNetworkRequest req(url);
    req.setTransferTimeout(int(qMin<qint64>(timeoutMs, INT_MAX)));
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setRawHeader("X-Vault-Request", "true");
    if (authenticated && !m_token.isEmpty())
        req.setRawHeader("X-Vault-Token", m_token);
    if (authenticated && !m_index->isEmpty()) {
        req.setRawHeader("X-Vault-Index", *m_index);
        req.setRawHeader("X-Vault-Inconsistent", m_whenBehind == WhenBehind::FailIfBehind
                                                     ? QByteArrayLiteral("fail")
                                                     : QByteArrayLiteral("forward-active-node"));
    }
    if (authenticated && inNamespace && !m_target.vaultNamespace.isEmpty())
        req.setRawHeader("X-Vault-Namespace", m_target.vaultNamespace.toUtf8());
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (url.scheme() == QLatin1String("https"))
        req.setSslConfiguration(m_ssl);

    std::unique_ptr<QNetworkReply> reply(
        method == "GET" ? m_nam->get(req) : m_nam->sendCustomRequest(req, method, body));

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

ServerInfo VaultClient::serverInfo()
{
    ServerInfo info;
    // sys/health lives in the root namespace only: no token, no namespace header.
    // Every state answers 200 with these, so the body says which (a standby serves
    // sys/health itself, it is never redirected).
    const VaultResponse r = perform("GET",
                                    "/v1/sys/health?standbycode=200&perfstandbycode=200"
                                    "&sealedcode=200&uninitcode=200",
                                    {}, false);
    if (r.status == 0 || r.errorClass == ErrorClass::InvalidResponse || r.json.isEmpty()) {
        info.errorClass = r.status == 0 ? r.errorClass : ErrorClass::InvalidResponse;
        info.errorText = r.status == 0 ? r.errorText
                                       : QStringLiteral("not a Vault/OpenBao server: sys/health "
                                                        "answered %1")
                                             .arg(r.describe());
        return info;
    }
    // A server that ignores the codes above answers 429 as a standby, 473 as a performance
    // standby: a healthy node, not an error. Any other status >= 400 (a 429 from a quota has
    // no "standby" field) is kept as the probe's error.
    const bool standbyCode =
        (r.status == 429 || r.status == 473) && r.json.contains(QStringLiteral("standby"));
    if (r.status >= 400 && !standbyCode) {
        info.errorClass = r.errorClass;
        info.errorText = QStringLiteral("sys/health: %1").arg(r.describe());
    }
    info.reachable = true;
    info.initialized = r.json.value(QStringLiteral("initialized")).toBool();
    info.sealed = r.json.value(QStringLiteral("sealed")).toBool();
    info.standby = r.json.value(QStringLiteral("standby")).toBool();
    info.version = r.json.value(QStringLiteral("version")).toString();
    info.clusterName = r.json.value(QStringLiteral("cluster_name")).toString();
    if (info.initialized && !info.sealed && info.errorText.isEmpty())
        info.role = r.json.value(QStringLiteral("performance_standby")).toBool()
                        ? ServerRole::PerfStandby
                    : info.standby ? ServerRole::Standby
                                   : ServerRole::Active;

    // Guess from the version: Vault is 1.x (or carries +ent); OpenBao is 2.x.
    const bool ent = info.version.contains(QLatin1String("+ent"));
    const int major = info.version.section(QLatin1Char('.'), 0, 0).toInt();
    info.product = (!ent && major >= 2) ? QStringLiteral("openbao") : QStringLiteral("vault");

    // Vault 2.x exists too: the builtin plugin suffix settles it when we may read sys/mounts.
    if (!m_token.isEmpty() && !info.sealed && info.initialized) {
        const VaultResponse m = get(QStringLiteral("sys/mounts"));
        if (m.ok()) {
            const QJsonObject data = m.json.value(QStringLiteral("data")).toObject();
            for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
                const QString pv = it.value()
                                       .toObject()
                                       .value(QStringLiteral("running_plugin_version"))
                                       .toString();
                if (pv.contains(QLatin1String("+builtin.vault"))) {
                    info.product = QStringLiteral("vault");
                    break;
                }
                if (pv.contains(QLatin1String("+builtin.bao"))) {
                    info.product = QStringLiteral("openbao");
                    break;
                }
            }
        }
    }
    return info;
}

VaultResponse VaultClient::lookupSelf(TokenInfo *info)
{
    VaultResponse r = get(QStringLiteral("auth/token/lookup-self"));
    if (info && r.ok() && r.errorClass == ErrorClass::None)
        *info = TokenInfo::fromLookup(r.json);
    return r;
}

bool VaultClient::renewSelf(qint64 *ttlSeconds, QString *error)
{
    const VaultResponse r = post(QStringLiteral("auth/token/renew-self"), QJsonObject());
    const QJsonObject auth = r.json.value(QStringLiteral("auth")).toObject();
    if (r.ok() && r.errorClass == ErrorClass::None
        && auth.contains(QStringLiteral("lease_duration"))) {
        if (ttlSeconds)
            *ttlSeconds = qint64(auth.value(QStringLiteral("lease_duration")).toDouble());
        return true;
    }
    if (error)
        *error = QStringLiteral("renew-self: %1")
                     .arg(r.ok() ? QStringLiteral("no lease in the answer") : r.describe());
    return false;
}

bool VaultClient::enableMount(const QString &path, const QString &type, const QJsonObject &extra,
                              QString *error)
{
    QJsonObject body = extra;
    body.insert(QStringLiteral("type"), type);
    const VaultResponse r = post(QStringLiteral("sys/mounts/") + path, body);
    if (r.ok() && r.errorClass == ErrorClass::None)
        return true;
    if (error)
        *error = QStringLiteral("enable %1 mount %2: %3").arg(type, path, r.describe());
    return false;
}

bool VaultClient::disableMount(const QString &path, QString *error)
{
    const VaultResponse r = del(QStringLiteral("sys/mounts/") + path);
    if (r.ok())
        return true;
    if (r.alreadyGone())
        return true;
    if (error)
        *error = QStringLiteral("disable mount %1: %2").arg(path, r.describe());
    return false;
}

QStringList VaultClient::mountPaths(QString *error)
{
    const VaultResponse r = get(QStringLiteral("sys/mounts"));
    if (!r.ok() || r.errorClass != ErrorClass::None) {
        if (error)
            *error = QStringLiteral("list mounts: %1").arg(r.describe());
        return {};
    }
    // Current servers wrap the map in "data"; old ones put it at the top level.
    const QJsonObject data = r.json.contains(QStringLiteral("data"))
                                 ? r.json.value(QStringLiteral("data")).toObject()
                                 : r.json;
    QStringList out;
    for (auto it = data.constBegin(); it != data.constEnd(); ++it)
        if (it.key().endsWith(QLatin1Char('/')) && it.value().isObject())
            out << it.key();
    return out;
}

} // namespace vw
