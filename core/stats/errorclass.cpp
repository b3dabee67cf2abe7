#include "stats/errorclass.h"

namespace vw {

QString errorKey(ErrorClass c, int httpStatus)
{
    switch (c) {
    case ErrorClass::None:
        return QString();
    case ErrorClass::HttpStatus:
        return QStringLiteral("http_%1").arg(httpStatus);
    case ErrorClass::Timeout:
        return QStringLiteral("timeout");
    case ErrorClass::Connection:
        return QStringLiteral("connection");
    case ErrorClass::Tls:
        return QStringLiteral("tls");
    case ErrorClass::InvalidResponse:
        return QStringLiteral("invalid_response");
    case ErrorClass::Redirect:
        return QStringLiteral("redirect");
    }
    return QStringLiteral("invalid_response");
}

} // namespace vw
