#include "ops/keyedpath.h"

#include <cstring>

namespace vw {

QByteArray keyedPath(VuState &vu, const QByteArray &prefix, uint64_t index)
{
    char digits[20];
    int n = 0;
    do {
        digits[n++] = char('0' + index % 10);
        index /= 10;
    } while (index != 0);

    QByteArray &path = vu.path;
    const qsizetype keep = prefix.size();
    const bool prefixStays =
        path.size() >= keep && std::memcmp(path.constData(), prefix.constData(), size_t(keep)) == 0;
    path.resize(keep + n); // keeps the capacity; detaches only if someone still shares it
    char *out = path.data();
    if (!prefixStays)
        std::memcpy(out, prefix.constData(), size_t(keep));
    for (int i = 0; i < n; ++i)
        out[keep + i] = digits[n - 1 - i];
    return path;
}

} // namespace vw
