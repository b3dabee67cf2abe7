#include "util/terminaltext.h"

#include <QChar>

namespace vw {

bool isTerminalUnsafe(char16_t c)
{
    if ((c < 0x20 && c != u'\n' && c != u'\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f))
        return true;
    if (c < 0xa0)
        return false;
    if (QChar::isSurrogate(c)) // a pair is checked as one code point in terminalSafe()
        return true;
    const QChar::Category cat = QChar::category(char32_t(c));
    return cat == QChar::Other_Format || cat == QChar::Separator_Line
           || cat == QChar::Separator_Paragraph;
}

namespace {

/// Length of the unsafe sequence at text[i]: 0 (safe), 1 or 2 (a surrogate pair of a
/// format character, e.g. U+E0001 LANGUAGE TAG, or a lone surrogate).
int unsafeAt(const QString &text, qsizetype i)
{
    const char16_t c = text.at(i).unicode();
    if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n'))
        return 0;
    if (QChar::isHighSurrogate(c) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
        const char32_t cp = QChar::surrogateToUcs4(c, text.at(i + 1).unicode());
        return QChar::category(cp) == QChar::Other_Format ? 2 : 0;
    }
    if (QChar::isLowSurrogate(c) && i > 0 && text.at(i - 1).isHighSurrogate())
        return 0; // the second half of a pair checked above
    return isTerminalUnsafe(c) ? 1 : 0;
}

} // namespace

QString terminalSafe(const QString &text)
{
    qsizetype first = -1;
    for (qsizetype i = 0; i < text.size() && first < 0; ++i)
        if (unsafeAt(text, i) > 0)
            first = i;
    if (first < 0)
        return text;
    QString out = text.left(first);
    out.reserve(text.size() + 16);
    for (qsizetype i = first; i < text.size(); ++i) {
        const int n = unsafeAt(text, i);
        const char16_t u = text.at(i).unicode();
        if (n == 0)
            out += text.at(i);
        else if (n == 2) {
            out += QStringLiteral("\\U%1").arg(
                uint(QChar::surrogateToUcs4(u, text.at(i + 1).unicode())), 8, 16, QLatin1Char('0'));
            ++i;
        } else if (u < 0x80)
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace vw
