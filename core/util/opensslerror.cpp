#include "util/opensslerror.h"

#include <openssl/err.h>
#include <openssl/evp.h>

namespace vw {

void EvpPkeyFree::operator()(EVP_PKEY *key) const
{
    EVP_PKEY_free(key);
}

QString opensslError(const char *what)
{
    const unsigned long code = ERR_get_error();
    char buf[256] = {0};
    if (code)
        ERR_error_string_n(code, buf, sizeof buf);
    return QStringLiteral("%1: %2").arg(QLatin1String(what),
                                        code ? QString::fromLatin1(buf)
                                             : QStringLiteral("unknown OpenSSL error"));
}

} // namespace vw
