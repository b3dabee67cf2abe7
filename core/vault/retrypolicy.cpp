#include "vault/retrypolicy.h"

#include <QLocale>

#include <algorithm>

namespace vw {

std::optional<qint64> parseRetryAfterMs(const QByteArray &value, const QDateTime &now)
{
    const QByteArray v = value.trimmed();
    if (v.isEmpty())
        return std::nullopt;
    bool digits = true;
    for (char c : v)
        digits = digits && c >= '0' && c <= '9';
    if (digits) {
        bool ok = false;
        const qint64 s = v.left(9).toLongLong(&ok); // more than 9 digits: years, capped later
        if (!ok)
            return std::nullopt;
        return v.size() > 9 ? qint64(999999999) * 1000 : s * 1000;
    }
    // IMF-fixdate, the form HTTP/1.1 servers must send (RFC 9110 section 5.6.7).
    const QDateTime local = QLocale::c().toDateTime(
        QString::fromLatin1(v), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!local.isValid())
        return std::nullopt;
    const QDateTime at(local.date(), local.time(), Qt::UTC);
    return std::max<qint64>(0, now.msecsTo(at));
}

bool isRetryableAnswer(int status, bool connectionFailed)
{
    if (status == 0)
        return connectionFailed;
    return status == 429 || status == 503;
}

qint64 retryDelayMs(const RetryPolicy &policy, int retry, std::optional<qint64> retryAfterMs)
{
    qint64 delay = std::max<qint64>(0, policy.initialDelayMs);
    for (int i = 0; i < retry && delay < policy.maxDelayMs; ++i)
        delay *= 2;
    delay = std::min(delay, policy.maxDelayMs);
    if (retryAfterMs)
        delay = std::max(delay, std::min(*retryAfterMs, policy.maxRetryAfterMs));
    return delay;
}

} // namespace vw
