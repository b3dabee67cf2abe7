#include "yamlhighlighter.h"

namespace vw {

namespace {

QTextCharFormat fmt(const QColor &c, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(c);
    if (bold)
        f.setFontWeight(QFont::DemiBold);
    f.setFontItalic(italic);
    return f;
}

} // namespace

YamlHighlighter::YamlHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{
    // order matters: later rules paint over earlier ones
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"((?<=[:\s\[{,])(-?\d+(\.\d+)?)(?=\s*($|[,\]}#])))")),
         fmt(QColor(0x09, 0x86, 0x58)), 1});
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"(\b\d+(\.\d+)?(ms|s|m|h)(\d+(\.\d+)?(ms|s|m|h))*\b)")),
         fmt(QColor(0x09, 0x86, 0x58)), 0});
    m_rules.append({QRegularExpression(QStringLiteral(R"(\b(true|false|yes|no|null|~)\b)")),
                    fmt(QColor(0x00, 0x5c, 0xc5), true), 0});
    m_rules.append({QRegularExpression(QStringLiteral(R"(("([^"\\]|\\.)*"|'[^']*'))")),
                    fmt(QColor(0xa3, 0x15, 0x15)), 0});
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"(^\s*(-\s+)?([A-Za-z_][\w.-]*)\s*:(?=\s|$))")),
         fmt(QColor(0x80, 0x00, 0x80), true), 2});
    m_rules.append({QRegularExpression(QStringLiteral(R"([{,]\s*([A-Za-z_][\w.-]*)\s*:)")),
                    fmt(QColor(0x80, 0x00, 0x80), true), 1});
    m_rules.append({QRegularExpression(QStringLiteral(R"(^\s*(-)(?=\s))")),
                    fmt(QColor(0x55, 0x55, 0x55), true), 1});
    m_comment = fmt(QColor(0x6a, 0x73, 0x7d), false, true);
}

void YamlHighlighter::highlightBlock(const QString &text)
{
    for (const Rule &r : std::as_const(m_rules)) {
        auto it = r.pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.capturedStart(r.group) >= 0)
                setFormat(int(m.capturedStart(r.group)), int(m.capturedLength(r.group)), r.format);
        }
    }
    // a '#' that starts the line or follows whitespace, outside quotes, starts a comment
    bool inSingle = false, inDouble = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"') && !inSingle)
            inDouble = !inDouble;
        else if (c == QLatin1Char('\'') && !inDouble)
            inSingle = !inSingle;
        else if (c == QLatin1Char('#') && !inSingle && !inDouble
                 && (i == 0 || text.at(i - 1).isSpace())) {
            setFormat(i, int(text.size()) - i, m_comment);
            break;
        }
    }
}

} // namespace vw
