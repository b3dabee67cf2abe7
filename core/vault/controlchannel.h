// How the control-plane client (vaultclient.h) sends one request and waits for its answer:
// through the "direct" transport's lean client (core/http/directtransport.h: one keep-alive
// socket on this thread's FdLoop, the response parsed by scanning; the default) or through
// QNetworkAccessManager ("qnam", kept for comparison: VW_CONTROL_TRANSPORT=qnam). Both give
// the same ControlAnswer for the same server answer; VaultClient reads only that.
// Synchronous: exchange() runs a local QEventLoop until the answer or the timeout
// (TargetSpec::requestTimeoutMs, ErrorClass::Timeout), so it must not run on the GUI thread.
// Redirects: a 307/308 inside the target is followed (the hop's timeout per hop), any other
// is ErrorClass::Redirect with its status and the reason (core/http/redirectpolicy.h).
// Thread affinity: made, used and destroyed on one thread; the token is never logged.
#pragma once

#include "http/controlheaders.h"
#include "stats/errorclass.h"
#include "vault/targetspec.h"

#include <QByteArray>
#include <QString>
#include <memory>

namespace vw {

struct ControlRequest {
    QByteArray method; ///< "GET", "POST", "DELETE", "LIST" ...
    QByteArray absolutePath; ///< below the target's address: "/v1/sys/mounts", query included
    QByteArray body; ///< JSON text, empty for none (then no Content-Type)
    QByteArray token; ///< X-Vault-Token, empty to send none
    bool inNamespace = true; ///< send X-Vault-Namespace (when the target has one)
    QByteArray index; ///< X-Vault-Index to send, empty for none
    QByteArray inconsistent; ///< X-Vault-Inconsistent with the index ("fail", ...)
};

struct ControlAnswer {
    int status = 0; ///< HTTP status of the last hop, 0 when no response
    /// Timeout/Connection/Tls/InvalidResponse (status 0, or a body cut short), Redirect
    /// (a refused redirect, with its status), else None.
    ErrorClass transportError = ErrorClass::None;
    /// For a transport error: "connection refused", "timeout: no response within 3000 ms",
    /// "TLS: ...", the redirect's reason.
    QString errorText;
    QByteArray body;
    ControlHeaders headers; ///< Content-Type, Retry-After, X-Vault-Index, reason phrase
};

class ControlChannel {
public:
    virtual ~ControlChannel() = default;
    virtual ControlAnswer exchange(const ControlRequest &request) = 0;
};

/// "direct" (the default) or "qnam": VW_CONTROL_TRANSPORT when set to one of them.
QString controlTransportKind();

/// A channel of `kind` to `target` (its address, nodes, namespace, TLS, timeout). Never null:
/// a target the channel cannot use (TLS files) fails each exchange with the reason.
std::unique_ptr<ControlChannel> makeControlChannel(const QString &kind, const TargetSpec &target);

} // namespace vw
