// Go/k6-style durations with millisecond resolution: one or more <number><unit> terms,
// unit ms, s, m or h, the number a non-negative decimal ("1.5s"). The total must be a whole
// number of milliseconds ("0.5ms" is rejected) and fit in qint64.
#include "util/duration.h"

#include <limits>

namespace vw {

namespace {

constexpr qint64 kMax = std::numeric_limits<qint64>::max();

bool mulAdd(qint64 *acc, qint64 value, qint64 factor)
{
    if (value != 0 && factor > (kMax - *acc) / value)
        return false;
    *acc += value * factor;
    return true;
}

} // namespace

std::optional<qint64> parseDurationMs(const QString &text)
{
    const QString s = text.trimmed();
    if (s.isEmpty())
        return std::nullopt;
    qint64 total = 0;
    int i = 0;
    const int n = s.size();
    while (i < n) {
        // number: digits [. digits], at least one digit overall
        qint64 whole = 0;
        int wholeDigits = 0;
        while (i < n && s[i].isDigit() && s[i].unicode() < 128) {
            if (!mulAdd(&whole, whole, 9) || !mulAdd(&whole, s[i].unicode() - '0', 1))
                return std::nullopt;
            ++wholeDigits;
            ++i;
        }
        qint64 frac = 0;
        qint64 fracScale = 1;
        int fracDigits = 0;
        if (i < n && s[i] == QLatin1Char('.')) {
            ++i;
            while (i < n && s[i].isDigit() && s[i].unicode() < 128) {
                if (fracDigits
                    < 9) { // a non-zero 8th+ digit never yields whole ms (1 h = 2^7 3^2 5^5 ms)
                    frac = frac * 10 + (s[i].unicode() - '0');
                    fracScale *= 10;
                } else if (s[i] != QLatin1Char('0')) {
                    return std::nullopt;
                }
                ++fracDigits;
                ++i;
            }
        }
        if (wholeDigits + fracDigits == 0)
            return std::nullopt;
        // unit
        qint64 unitMs = 0;
        if (s.mid(i, 2) == QLatin1String("ms")) {
            unitMs = 1;
            i += 2;
        } else if (i < n && s[i] == QLatin1Char('s')) {
            unitMs = 1000;
            ++i;
        } else if (i < n && s[i] == QLatin1Char('m')) {
            unitMs = 60 * 1000;
            ++i;
        } else if (i < n && s[i] == QLatin1Char('h')) {
            unitMs = 3600 * 1000;
            ++i;
        } else {
            return std::nullopt; // missing or unknown unit
        }
        if (!mulAdd(&total, whole, unitMs))
            return std::nullopt;
        // fraction * unitMs must be whole milliseconds: frac * unitMs / fracScale
        const qint64 scaled = frac * unitMs; // frac < 1e9, unitMs <= 3.6e6: no overflow
        if (scaled % fracScale != 0)
            return std::nullopt;
        if (!mulAdd(&total, scaled / fracScale, 1))
            return std::nullopt;
    }
    return total;
}

QString formatDurationMs(qint64 ms)
{
    if (ms < 0) // Go style "-1m30s"; parseDurationMs() rejects negatives
        return QStringLiteral("-")
               + formatDurationMs(ms == std::numeric_limits<qint64>::min() ? kMax : -ms);
    if (ms == 0)
        return QStringLiteral("0s");
    if (ms < 1000)
        return QStringLiteral("%1ms").arg(ms);
    QString out;
    const qint64 hours = ms / 3600000;
    const qint64 minutes = (ms / 60000) % 60;
    const qint64 seconds = (ms / 1000) % 60;
    const qint64 millis = ms % 1000;
    if (hours > 0)
        out += QStringLiteral("%1h").arg(hours);
    if (minutes > 0)
        out += QStringLiteral("%1m").arg(minutes);
    if (seconds > 0 || millis > 0) {
        out += QString::number(seconds);
        if (millis > 0) {
            QString frac = QStringLiteral("%1").arg(millis, 3, 10, QLatin1Char('0'));
            while (frac.endsWith(QLatin1Char('0')))
                frac.chop(1);
            out += QLatin1Char('.') + frac;
        }
        out += QLatin1Char('s');
    }
    return out;
}

} // namespace vw
