#include "ops/leasecounter.h"

namespace vw {

QByteArray leaseIdOf(const QByteArray &body)
{
    static const QByteArray key = QByteArrayLiteral("\"lease_id\":\"");
    const qsizetype at = body.indexOf(key);
    if (at < 0)
        return {};
    const qsizetype from = at + key.size();
    const qsizetype end = body.indexOf('"', from);
    return end > from ? body.mid(from, end - from) : QByteArray();
}

} // namespace vw
