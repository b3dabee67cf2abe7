// How a failed request is classified (docs/measurement.md, "Statistics"; wrk's errors struct).
#pragma once

#include <QString>

namespace vw {

enum class ErrorClass {
    None, ///< a response that the operation accepts as success
    HttpStatus, ///< a complete response with a status the operation rejects (key "http_<code>")
    Timeout, ///< no complete response within the target's request timeout ("timeout")
    Connection, ///< refused, reset, closed early, host not found ("connection")
    Tls, ///< handshake or certificate failure ("tls")
    InvalidResponse, ///< unparsable HTTP or a body the operation cannot use ("invalid_response")
    Redirect, ///< a redirect not followed: outside the target, a second one, 301/302/303
    ///  ("redirect"; core/http/redirectpolicy.h)
};

/// The key used in statistics, sessions and reports: "http_503", "timeout", "connection",
/// "tls", "invalid_response", "redirect"; "" for None. `httpStatus` is used only for HttpStatus.
QString errorKey(ErrorClass c, int httpStatus = 0);

} // namespace vw
