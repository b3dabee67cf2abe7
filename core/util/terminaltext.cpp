#include "util/terminaltext.h"

namespace vw {

QString terminalSafe(const QString &text)
{
    auto isControl = [](char16_t c) {
        return (c < 0x20 && c != u'\n' && c != u'\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f);
    };
    bool any = false;
    for (const QChar c : text)
        any = any || isControl(c.unicode());
    if (!any)
        return text;
    QString out;
    out.reserve(text.size() + 16);
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (!isControl(u))
            out += c;
        else if (u < 0x80)
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace vw
