#include "http/controlheaders.h"

#include <algorithm>

namespace vw {

QByteArray *ControlHeaders::fieldFor(const char *name, size_t length)
{
    switch (length) {
    case 11:
        return equalsLowerAscii(name, length, "retry-after", 11) ? &retryAfter : nullptr;
    case 12:
        return equalsLowerAscii(name, length, "content-type", 12) ? &contentType : nullptr;
    case 13:
        return equalsLowerAscii(name, length, "x-vault-index", 13) ? &vaultIndex : nullptr;
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
