#include "yamlhighlighter.h"

#include <QApplication>
#include <QEvent>
#include <QPalette>
#include <QWidget>

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

YamlHighlighter::YamlHighlighter(QTextDocument *document, QWidget *paletteSource)
    : QSyntaxHighlighter(document)
    , m_paletteSource(paletteSource)
{
    const QPalette p = paletteSource ? paletteSource->palette() : QGuiApplication::palette();
    m_dark = p.color(QPalette::Base).lightness() < 128;
    buildRules(m_dark);
    if (paletteSource)
        paletteSource->installEventFilter(this);
    else
        qApp->installEventFilter(this);
}

void YamlHighlighter::buildRules(bool dark)
{
    // light: on white; dark: on the dark theme's base #1e1f22 (ui/theme/windowtheme.cpp),
    // each at least 4.5:1 (WCAG AA for text)
    const QColor number = dark ? QColor(0xb5, 0xce, 0xa8) : QColor(0x09, 0x86, 0x58);
    const QColor keyword = dark ? QColor(0x6c, 0xb6, 0xff) : QColor(0x00, 0x5c, 0xc5);
    const QColor string = dark ? QColor(0xe6, 0x9d, 0x7b) : QColor(0xa3, 0x15, 0x15);
    const QColor key = dark ? QColor(0xd6, 0x9c, 0xe0) : QColor(0x80, 0x00, 0x80);
    const QColor dash = dark ? QColor(0xb0, 0xb4, 0xb8) : QColor(0x55, 0x55, 0x55);
    const QColor comment = dark ? QColor(0x9a, 0xa4, 0xae) : QColor(0x6a, 0x73, 0x7d);
    m_rules.clear();
    // order matters: later rules paint over earlier ones
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"((?<=[:\s\[{,])(-?\d+(\.\d+)?)(?=\s*($|[,\]}#])))")),
         fmt(number), 1});
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"(\b\d+(\.\d+)?(ms|s|m|h)(\d+(\.\d+)?(ms|s|m|h))*\b)")),
         fmt(number), 0});
    m_rules.append({QRegularExpression(QStringLiteral(R"(\b(true|false|yes|no|null|~)\b)")),
                    fmt(keyword, true), 0});
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"(("([^"\\]|\\.)*"|'[^']*'))")), fmt(string), 0});
    m_rules.append(
        {QRegularExpression(QStringLiteral(R"(^\s*(-\s+)?([A-Za-z_][\w.-]*)\s*:(?=\s|$))")),
         fmt(key, true), 2});
    m_rules.append({QRegularExpression(QStringLiteral(R"([{,]\s*([A-Za-z_][\w.-]*)\s*:)")),
                    fmt(key, true), 1});
    m_rules.append({QRegularExpression(QStringLiteral(R"(^\s*(-)(?=\s))")), fmt(dash, true), 1});
    m_comment = fmt(comment, false, true);
}

void YamlHighlighter::followPalette()
{
    const QPalette p = m_paletteSource ? m_paletteSource->palette() : QGuiApplication::palette();
    const bool dark = p.color(QPalette::Base).lightness() < 128;
    if (dark == m_dark)
        return;
    m_dark = dark;
    buildRules(dark);
    rehighlight();
}

bool YamlHighlighter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        followPalette();
    return QSyntaxHighlighter::eventFilter(watched, event);
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
