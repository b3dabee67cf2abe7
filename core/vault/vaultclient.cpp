#include "vault/vaultclient.h"

#include <utility>

#include "util/fdloop.h"
#include "vault/controlchannel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QDebug>

#include <algorithm>
#include <climits>

namespace vw {

namespace {

constexpr qint64 kDefaultTimeoutMs = 30000;

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
{
    while (m_target.address.endsWith(QLatin1Char('/')))
        m_target.address.chop(1);
    if (m_target.requestTimeoutMs <= 0)
        m_target.requestTimeoutMs = kDefaultTimeoutMs;
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

    ControlRequest q;
    q.method = method;
    q.absolutePath = absolutePath;
    q.body = body;
    if (authenticated) {
        q.token = m_token;
        q.inNamespace = inNamespace;
        if (!m_index->isEmpty()) {
            q.index = *m_index;
            q.inconsistent = m_whenBehind == WhenBehind::FailIfBehind
                                 ? QByteArrayLiteral("fail")
                                 : QByteArrayLiteral("forward-active-node");
        }
    } else {
        q.inNamespace = false;
    }
    ControlAnswer a = channel().exchange(q);
    if (a.transportError == ErrorClass::Redirect) {
        out.status = a.status;
        out.errorClass = ErrorClass::Redirect;
        out.errorText = a.errorText;
        out.body = a.body;
        return out;
    }
    if (a.status <= 0) {
        out.errorClass =
            a.transportError == ErrorClass::None ? ErrorClass::Connection : a.transportError;
        out.errorText = a.errorText;
        return out;
    }

    const int status = a.status;
    out.status = status;
    out.body = std::move(a.body);
    out.retryAfter = a.headers.retryAfter;
    out.index = a.headers.vaultIndex;
    if (!out.index.isEmpty()) {
        // Keep the newest: a standby's read answers with its own (older) index.
        const qint64 seen = consistencyIndexValue(out.index);
        const qint64 kept = consistencyIndexValue(*m_index);
        if (m_index->isEmpty() || seen < 0 || kept < 0 || seen > kept)
            *m_index = out.index;
    }
    // Any HTTP error that left a response behind is a status, not a transport failure,
    // except a body cut short after the headers.
    if (status < 400 && a.transportError != ErrorClass::None) {
        out.errorClass = a.transportError;
        out.errorText = a.errorText;
        return out;
    }

    const QString contentType = QString::fromLatin1(a.headers.contentType);
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
            out.errorText = QString::fromUtf8(a.headers.reason);
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

ControlChannel &VaultClient::channel()
{
    // The direct channel waits on this thread's FdLoop: from inside one of its handlers
    // that loop cannot serve the answer, so such a (rare) request goes through Qt's.
    const QString kind = controlTransportKind();
    if (kind != QLatin1String("qnam") && FdLoop::current().isRunning()) {
        if (!m_fallback)
            m_fallback = makeControlChannel(QStringLiteral("qnam"), m_target);
        return *m_fallback;
    }
    if (!m_channel)
        m_channel = makeControlChannel(kind, m_target);
    return *m_channel;
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
