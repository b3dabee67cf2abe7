#include "vault/directcontrolchannel.h"

#include "http/directtransport.h"
#include "vault/targettransport.h"

#include <QEventLoop>
#include <QUrl>

namespace vw {

DirectControlChannel::DirectControlChannel(const TargetSpec &target)
    : m_target(target)
{
    QByteArray path = QUrl(target.address).path(QUrl::FullyEncoded).toUtf8();
    while (path.endsWith('/'))
        path.chop(1);
    m_pathPrefix = path;
}

DirectControlChannel::~DirectControlChannel() = default;

ControlAnswer DirectControlChannel::exchange(const ControlRequest &request)
{
    ControlAnswer out;
    if (!m_transport && m_setupError.isEmpty()) {
        const TransportConfig config = transportConfigFor(m_target, m_target.address, {});
        QString error;
        m_transport = DirectTransport::create(config, &error);
        if (m_transport)
            m_transport->setControlHeaders(true);
        if (!m_transport) {
            const bool tls = config.baseUrl.scheme().toLower() == QLatin1String("https")
                             || !m_target.addresses.filter(QStringLiteral("https:")).isEmpty();
            m_setupClass = tls ? ErrorClass::Tls : ErrorClass::Connection;
            m_setupError = tls && !error.startsWith(QLatin1String("TLS"))
                               ? QStringLiteral("TLS: ") + error
                               : error;
        }
    }
    if (!m_transport) {
        out.transportError = m_setupClass;
        out.errorText = m_setupError;
        return out;
    }

    HttpRequest r;
    r.method = request.method;
    r.path = m_pathPrefix + request.absolutePath;
    r.body = request.body;
    r.token = request.token; // empty: none (the transport has no token of its own)
    r.rootNamespace = !request.inNamespace;
    QByteArray extra = QByteArrayLiteral("X-Vault-Request: true\r\n");
    if (!request.index.isEmpty())
        extra += "X-Vault-Index: " + request.index
                 + "\r\nX-Vault-Inconsistent: " + request.inconsistent + "\r\n";
    m_transport->setExtraHeaders(extra);

    HttpResult result;
    bool finished = false;
    QEventLoop loop;
    m_transport->send(r, [&](HttpResult &&answer) {
        result = std::move(answer);
        out.headers = m_transport->lastControlHeaders();
        finished = true;
        loop.quit();
    });
    if (!finished) // the completion never runs inside send(): the loop serves the socket
        loop.exec(QEventLoop::ExcludeUserInputEvents);

    out.transportError = result.transportError;
    out.body = std::move(result.body);
    out.status = result.status;
    switch (result.transportError) {
    case ErrorClass::None:
        break;
    case ErrorClass::Redirect:
        out.errorText = result.errorText;
        break;
    case ErrorClass::Timeout:
        out.status = 0;
        out.errorText =
            QStringLiteral("timeout: no response within %1 ms").arg(m_target.requestTimeoutMs);
        break;
    case ErrorClass::Tls:
        out.status = 0;
        out.errorText = result.errorText.startsWith(QLatin1String("TLS"))
                            ? result.errorText
                            : QStringLiteral("TLS: ") + result.errorText;
        break;
    default: // strerror's "Connection refused" reads as the other messages do
        out.status = 0;
        out.errorText = result.errorText;
        if (!out.errorText.isEmpty())
            out.errorText[0] = out.errorText.at(0).toLower();
        break;
    }
    return out;
}

} // namespace vw
