#include "import/hclreader.h"

#include <cmath>

namespace vw {

QString HclValue::kindName() const
{
    switch (kind) {
    case Kind::String:
        return QStringLiteral("string");
    case Kind::Number:
        return QStringLiteral("number");
    case Kind::Bool:
        return QStringLiteral("bool");
    case Kind::Null:
        return QStringLiteral("null");
    case Kind::List:
        return QStringLiteral("list");
    case Kind::Object:
        return QStringLiteral("object");
    }
    return QString();
}

bool HclValue::isWholeNumber() const
{
    return kind == Kind::Number && std::isfinite(number) && std::floor(number) == number
           && std::fabs(number) <= 9007199254740992.0;
}

const HclAttribute *HclBody::attribute(const QString &name) const
{
    for (const HclAttribute &a : attributes)
        if (a.name == name)
            return &a;
    return nullptr;
}

QString HclError::toString() const
{
    return QStringLiteral("line %1, column %2: %3").arg(line).arg(column).arg(message);
}

namespace {

/// Thrown inside the reader only; parseHcl() turns it into HclParseResult::error.
struct Failure {
    HclError error;
};

class Reader {
public:
    explicit Reader(const QString &text)
        : m_s(text)
    {
    }

    HclBody file()
    {
        HclBody body = bodyUntil(false, 0);
        return body;
    }

private:
    const QString m_s;
    int m_i = 0;
    int m_line = 1;
    int m_col = 1;

    HclPos pos() const { return {m_line, m_col}; }
    bool atEnd() const { return m_i >= m_s.size(); }
    QChar peek(int ahead = 0) const
    {
        return m_i + ahead < m_s.size() ? m_s.at(m_i + ahead) : QChar();
    }
    void advance()
    {
        if (m_s.at(m_i) == QLatin1Char('\n')) {
            ++m_line;
            m_col = 1;
        } else {
            ++m_col;
        }
        ++m_i;
    }
    [[noreturn]] void fail(HclPos at, const QString &message) const
    {
        throw Failure{{at.line, at.column, message}};
    }
    [[noreturn]] void failHere(const QString &message) const { fail(pos(), message); }

    /// What the next character is, for messages: "'x'", "a new line", "the end of the file".
    QString describeNext() const
    {
        if (atEnd())
            return QStringLiteral("the end of the file");
        const QChar c = peek();
        if (c == QLatin1Char('\n'))
            return QStringLiteral("a new line");
        return QStringLiteral("'%1'").arg(c);
    }

    /// Skips spaces, tabs, carriage returns and comments; new lines too when `newlines`.
    /// A `#` or `//` comment ends at the new line, which is left unread.
    void skipSpace(bool newlines)
    {
        while (!atEnd()) {
            const QChar c = peek();
            if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r')
                || (newlines && c == QLatin1Char('\n'))) {
                advance();
            } else if (c == QLatin1Char('#')
                       || (c == QLatin1Char('/') && peek(1) == QLatin1Char('/'))) {
                while (!atEnd() && peek() != QLatin1Char('\n'))
                    advance();
            } else if (c == QLatin1Char('/') && peek(1) == QLatin1Char('*')) {
                const HclPos start = pos();
                advance();
                advance();
                while (!(peek() == QLatin1Char('*') && peek(1) == QLatin1Char('/'))) {
                    if (atEnd())
                        fail(start, QStringLiteral("comment /* is not closed with */"));
                    advance();
                }
                advance();
                advance();
            } else {
                return;
            }
        }
    }

    static bool isIdentStart(QChar c)
    {
        return (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
               || (c >= QLatin1Char('A') && c <= QLatin1Char('Z')) || c == QLatin1Char('_');
    }
    static bool isIdentChar(QChar c)
    {
        return isIdentStart(c) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
               || c == QLatin1Char('-');
    }

    QString identifier()
    {
        QString out;
        while (!atEnd() && isIdentChar(peek())) {
            out += peek();
            advance();
        }
        return out;
    }

    /// After an attribute or a block: the rest of the line must be empty (comments allowed),
    /// unless the enclosing block closes on the same line.
    void endOfItem(bool inBlock)
    {
        skipSpace(false);
        if (atEnd() || peek() == QLatin1Char('\n') || (inBlock && peek() == QLatin1Char('}')))
            return;
        failHere(
            QStringLiteral("expected a new line after the item, found %1").arg(describeNext()));
    }

    /// The items of a body until its closing brace (inBlock) or the end of the file.
    HclBody bodyUntil(bool inBlock, int depth)
    {
        HclBody body;
        for (;;) {
            skipSpace(true);
            if (atEnd()) {
                if (inBlock)
                    failHere(QStringLiteral("the block is not closed with '}'"));
                return body;
            }
            if (peek() == QLatin1Char('}')) {
                if (!inBlock)
                    failHere(QStringLiteral("'}' without a block to close"));
                advance();
                return body;
            }
            if (!isIdentStart(peek()))
                failHere(QStringLiteral("expected an attribute name or a block type, found %1")
                             .arg(describeNext()));
            const HclPos namePos = pos();
            const QString name = identifier();
            skipSpace(false);
            if (peek() == QLatin1Char('=')) {
                advance();
                if (body.attribute(name))
                    fail(namePos, QStringLiteral("attribute \"%1\" is set twice (first at line "
                                                 "%2)")
                                      .arg(name)
                                      .arg(body.attribute(name)->pos.line));
                skipSpace(false);
                HclAttribute a{name, namePos, value(depth + 1)};
                body.attributes.append(a);
                endOfItem(inBlock);
                continue;
            }
            HclBlock block;
            block.type = name;
            block.pos = namePos;
            for (;;) {
                skipSpace(false);
                if (peek() == QLatin1Char('"')) {
                    block.labelPos.append(pos());
                    block.labels.append(quoted());
                } else if (!atEnd() && isIdentStart(peek())) {
                    block.labelPos.append(pos());
                    block.labels.append(identifier());
                } else {
                    break;
                }
            }
            if (peek() != QLatin1Char('{'))
                failHere(QStringLiteral("expected '=' or a block's '{' after \"%1\", found %2")
                             .arg(name, describeNext()));
            if (depth + 1 > kMaxHclDepth)
                failHere(QStringLiteral("blocks nest deeper than %1 levels").arg(kMaxHclDepth));
            advance();
            block.body = bodyUntil(true, depth + 1);
            body.blocks.append(block);
            endOfItem(inBlock);
        }
    }

    QString quoted()
    {
        const HclPos start = pos();
        advance(); // "
        QString out;
        for (;;) {
            if (atEnd() || peek() == QLatin1Char('\n'))
                fail(start, QStringLiteral("string is not closed with '\"' on its line"));
            const QChar c = peek();
            if (c == QLatin1Char('"')) {
                advance();
                return out;
            }
            if ((c == QLatin1Char('$') || c == QLatin1Char('%')) && peek(1) == QLatin1Char('{'))
                failHere(QStringLiteral("template sequences (%1{...}) are not supported; write "
                                        "%1%1{ for a literal %1{")
                             .arg(c));
            if (c != QLatin1Char('\\')) {
                out += c;
                advance();
                continue;
            }
            const HclPos escPos = pos();
            advance();
            if (atEnd())
                fail(start, QStringLiteral("string is not closed with '\"' on its line"));
            const QChar e = peek();
            advance();
            switch (e.unicode()) {
            case 'n':
                out += QLatin1Char('\n');
                break;
            case 'r':
                out += QLatin1Char('\r');
                break;
            case 't':
                out += QLatin1Char('\t');
                break;
            case '"':
                out += QLatin1Char('"');
                break;
            case '\\':
                out += QLatin1Char('\\');
                break;
            case 'u': {
                uint code = 0;
                for (int k = 0; k < 4; ++k) {
                    bool ok = false;
                    const uint v = atEnd() ? 0 : QString(peek()).toUInt(&ok, 16);
                    if (!ok)
                        fail(escPos, QStringLiteral("\\u needs four hexadecimal digits"));
                    code = code * 16 + v;
                    advance();
                }
                out += QChar(char16_t(code));
                break;
            }
            default:
                fail(escPos, QStringLiteral("unknown escape \\%1 (known: \\n \\r \\t \\\" \\\\ "
                                            "\\uXXXX)")
                                 .arg(e));
            }
        }
    }

    HclValue number()
    {
        HclValue v;
        v.kind = HclValue::Kind::Number;
        v.pos = pos();
        QString t;
        auto digits = [&] {
            int n = 0;
            while (!atEnd() && peek().isDigit() && peek().unicode() < 128) {
                t += peek();
                advance();
                ++n;
            }
            return n;
        };
        if (peek() == QLatin1Char('-')) {
            t += peek();
            advance();
        }
        if (digits() == 0)
            failHere(QStringLiteral("expected a digit, found %1").arg(describeNext()));
        if (peek() == QLatin1Char('.')) {
            t += peek();
            advance();
            if (digits() == 0)
                failHere(
                    QStringLiteral("expected a digit after '.', found %1").arg(describeNext()));
        }
        if (peek() == QLatin1Char('e') || peek() == QLatin1Char('E')) {
            t += peek();
            advance();
            if (peek() == QLatin1Char('+') || peek() == QLatin1Char('-')) {
                t += peek();
                advance();
            }
            if (digits() == 0)
                failHere(
                    QStringLiteral("expected the exponent's digits, found %1").arg(describeNext()));
        }
        if (!atEnd() && isIdentChar(peek()))
            failHere(QStringLiteral("a number cannot be followed by %1 (quote text such as "
                                    "\"30s\")")
                         .arg(describeNext()));
        bool ok = false;
        v.number = t.toDouble(&ok);
        if (!ok || !std::isfinite(v.number))
            fail(v.pos, QStringLiteral("number %1 is out of range").arg(t));
        v.text = t;
        return v;
    }

    HclValue value(int depth)
    {
        if (depth > kMaxHclDepth)
            failHere(QStringLiteral("values nest deeper than %1 levels").arg(kMaxHclDepth));
        HclValue v;
        v.pos = pos();
        const QChar c = peek();
        if (c == QLatin1Char('"')) {
            v.kind = HclValue::Kind::String;
            v.text = quoted();
            return v;
        }
        if (c == QLatin1Char('-') || (c.isDigit() && c.unicode() < 128))
            return number();
        if (c == QLatin1Char('[')) {
            advance();
            v.kind = HclValue::Kind::List;
            for (;;) {
                skipSpace(true);
                if (peek() == QLatin1Char(']')) {
                    advance();
                    return v;
                }
                v.items.append(value(depth + 1));
                skipSpace(true);
                if (peek() == QLatin1Char(',')) {
                    advance();
                } else if (peek() != QLatin1Char(']')) {
                    failHere(QStringLiteral("expected ',' or ']' in the list, found %1")
                                 .arg(describeNext()));
                }
            }
        }
        if (c == QLatin1Char('{')) {
            advance();
            v.kind = HclValue::Kind::Object;
            for (;;) {
                skipSpace(true);
                if (peek() == QLatin1Char('}')) {
                    advance();
                    return v;
                }
                HclAttribute m;
                m.pos = pos();
                if (peek() == QLatin1Char('"'))
                    m.name = quoted();
                else if (!atEnd() && isIdentStart(peek()))
                    m.name = identifier();
                else
                    failHere(QStringLiteral("expected a key in the object, found %1")
                                 .arg(describeNext()));
                skipSpace(false);
                if (peek() != QLatin1Char('=') && peek() != QLatin1Char(':'))
                    failHere(QStringLiteral("expected '=' or ':' after key \"%1\", found %2")
                                 .arg(m.name, describeNext()));
                advance();
                skipSpace(false);
                for (const HclAttribute &other : std::as_const(v.members))
                    if (other.name == m.name)
                        fail(m.pos,
                             QStringLiteral("key \"%1\" is set twice in the object").arg(m.name));
                m.value = value(depth + 1);
                v.members.append(m);
                skipSpace(false);
                if (peek() == QLatin1Char(',') || peek() == QLatin1Char('\n'))
                    advance();
                else if (peek() != QLatin1Char('}'))
                    failHere(QStringLiteral("expected ',', a new line or '}' in the object, "
                                            "found %1")
                                 .arg(describeNext()));
            }
        }
        if (!atEnd() && isIdentStart(c)) {
            const QString word = identifier();
            if (word == QLatin1String("true") || word == QLatin1String("false")) {
                v.kind = HclValue::Kind::Bool;
                v.boolean = word == QLatin1String("true");
                return v;
            }
            if (word == QLatin1String("null")) {
                v.kind = HclValue::Kind::Null;
                return v;
            }
            fail(v.pos, QStringLiteral("\"%1\" is not a value: quote text (\"%1\"); expressions "
                                       "and variables are not read")
                            .arg(word));
        }
        if (c == QLatin1Char('<') && peek(1) == QLatin1Char('<'))
            failHere(QStringLiteral("heredocs (<<EOT) are not supported; use a quoted string"));
        failHere(QStringLiteral("expected a value (a quoted string, number, true, false, list "
                                "or object), found %1")
                     .arg(describeNext()));
    }
};

} // namespace

HclParseResult parseHcl(const QByteArray &text)
{
    HclParseResult r;
    const QString s = QString::fromUtf8(text);
    if (s.contains(QChar::ReplacementCharacter) && !text.contains("\xEF\xBF\xBD")) {
        r.error = HclError{1, 1, QStringLiteral("the file is not valid UTF-8 text")};
        return r;
    }
    try {
        Reader reader(s);
        r.body = reader.file();
    } catch (const Failure &f) {
        r.error = f.error;
    }
    return r;
}

} // namespace vw
