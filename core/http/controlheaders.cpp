#include "http/controlheaders.h"

#include <algorithm>

namespace vw {

namespace {

bool sameLower(const char *p, size_t n, const char *lower, size_t m)
{
    if (n != m)
        return false;
    for (size_t i = 0; i < n; ++i) {
        char c = p[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != lower[i])
            return false;
    }
    return true;
}

} // namespace

QByteArray *ControlHeaders::fieldFor(const char *name, size_t length)
{
    switch (length) {
    case 11:
        return sameLower(name, length, "retry-after", 11) ? &retryAfter : nullptr;
    case 12:
        return sameLower(name, length, "content-type", 12) ? &contentType : nullptr;
    case 13:
        return sameLower(name, length, "x-vault-index", 13) ? &vaultIndex : nullptr;
    default:
        return nullptr;
    }
}

void appendControlValue(QByteArray *field, const char *data, size_t length)
{
    const qsizetype room = ControlHeaders::kMaxValueBytes - field->size();
    if (room > 0 && length > 0)
        field->append(data, qsizetype(std::min<size_t>(length, size_t(room))));
}

} // namespace vw
