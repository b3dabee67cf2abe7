// The request an operation asks for and the result a transport delivers.
// Plain values: they cross from operations (core/ops) to transports (core/engine) only.
#pragma once

#include "stats/errorclass.h"

#include <QByteArray>
#include <QString>

namespace vw {

struct HttpRequest {
    QByteArray method; ///< "GET", "POST", "PUT", "DELETE", "LIST"
    QByteArray path; ///< absolute path with query, e.g. "/v1/secret/data/k1"
    QByteArray body; ///< JSON text, empty for none
    /// Sent without X-Vault-Namespace: for the paths only the root namespace serves
    /// (sys/health; OpenBao answers 400 to it inside a namespace).
    bool rootNamespace = false;
    /// Sent as X-Vault-Token instead of the transport's token (TransportConfig::token) when
    /// not empty: a VU's own token (profile `auth:` block) or one an operation made in setup.
    /// Memory only, never logged.
    QByteArray token{};
    /// Sent as X-Vault-Wrap-TTL when not empty (e.g. "60s"): Vault answers with a wrapping
    /// token instead of the response (the `wrap` operation, core/ops/wrap.h). The load transports
    /// send it; VaultClient::send() (the control plane) does not.
    QByteArray wrapTtl{};
};

struct HttpResult {
    int status = 0; ///< HTTP status, 0 when no response was received
    ErrorClass transportError =
        ErrorClass::None; ///< Timeout/Connection/Tls/InvalidResponse, or None
    QString errorText; ///< transport's message when transportError != None
    QByteArray body; ///< response body (may be truncated by a transport)
    QByteArray location; ///< Location header of a 3xx response, else empty
    qint64 sentNs = 0; ///< steady clock (core/util/clock.h) when sending began
    qint64 doneNs = 0; ///< steady clock when the response was complete or failed
};

} // namespace vw
