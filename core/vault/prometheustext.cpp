#include "vault/prometheustext.h"

#include <cmath>
#include <limits>

namespace vw {

namespace {

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

/// Reads one line; `pos` is an index into it. Errors carry the 1-based column.
class LineReader {
public:
    explicit LineReader(const QByteArray &line)
        : m_line(line)
    {
    }

    bool atEnd() const { return m_pos >= m_line.size(); }
    char peek() const { return atEnd() ? '\0' : m_line.at(m_pos); }
    int column() const { return int(m_pos) + 1; }
    void skipSpaces()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\t'))
            ++m_pos;
    }
    QString name()
    {
        const qsizetype start = m_pos;
        if (!atEnd() && isNameStart(peek()))
            ++m_pos;
        while (!atEnd() && isNameChar(peek()))
            ++m_pos;
        return QString::fromLatin1(m_line.mid(start, m_pos - start));
    }
    /// A token up to the next space or the end.
    QByteArray word()
    {
        const qsizetype start = m_pos;
        while (!atEnd() && peek() != ' ' && peek() != '\t')
            ++m_pos;
        return m_line.mid(start, m_pos - start);
    }
    bool expect(char c, QString *error, const char *what)
    {
        if (peek() != c) {
            *error =
                QStringLiteral("column %1: expected %2").arg(column()).arg(QLatin1String(what));
            return false;
        }
        ++m_pos;
        return true;
    }
    /// A quoted label value after its opening quote, unescaped.
    bool quoted(QString *out, QString *error)
    {
        QByteArray v;
        while (true) {
            if (atEnd()) {
                *error = QStringLiteral("column %1: unterminated label value").arg(column());
                return false;
            }
            const char c = m_line.at(m_pos++);
            if (c == '"')
                break;
            if (c == '\\') {
                if (atEnd()) {
                    *error = QStringLiteral("column %1: unterminated escape").arg(column());
                    return false;
                }
                const char e = m_line.at(m_pos++);
                if (e == 'n')
                    v += '\n';
                else if (e == '\\' || e == '"')
                    v += e;
                else {
                    *error = QStringLiteral("column %1: unknown escape \\%2")
                                 .arg(column() - 2) // the backslash
                                 .arg(QLatin1Char(e));
                    return false;
                }
            } else {
                v += c;
            }
        }
        *out = QString::fromUtf8(v);
        return true;
    }

private:
    QByteArray m_line;
    qsizetype m_pos = 0;
};

bool parseValue(const QByteArray &w, double *out)
{
    if (w == "+Inf" || w == "Inf") {
        *out = std::numeric_limits<double>::infinity();
        return true;
    }
    if (w == "-Inf") {
        *out = -std::numeric_limits<double>::infinity();
        return true;
    }
    if (w == "NaN") {
        *out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    bool ok = false;
    *out = w.toDouble(&ok);
    return ok;
}

bool parseSample(const QByteArray &line, PromSample *s, QString *error)
{
    LineReader r(line);
    s->name = r.name();
    if (s->name.isEmpty()) {
        *error = QStringLiteral("column %1: expected a metric name").arg(r.column());
        return false;
    }
    r.skipSpaces();
    if (r.peek() == '{') {
        r.expect('{', error, "'{'");
        while (true) {
            r.skipSpaces();
            if (r.peek() == '}') {
                r.expect('}', error, "'}'");
                break;
            }
            const int col = r.column();
            const QString label = r.name();
            if (label.isEmpty()) {
                *error = QStringLiteral("column %1: expected a label name or '}'").arg(col);
                return false;
            }
            r.skipSpaces();
            if (!r.expect('=', error, "'=' after label name"))
                return false;
            r.skipSpaces();
            if (!r.expect('"', error, "'\"' before label value"))
                return false;
            QString value;
            if (!r.quoted(&value, error))
                return false;
            s->labels.insert(label, value);
            r.skipSpaces();
            if (r.peek() == ',') {
                r.expect(',', error, "','");
                continue;
            }
            if (r.peek() != '}') {
                *error = QStringLiteral("column %1: expected ',' or '}' after label value")
                             .arg(r.column());
                return false;
            }
        }
    }
    r.skipSpaces();
    const int valueCol = r.column();
    const QByteArray w = r.word();
    if (w.isEmpty() || !parseValue(w, &s->value)) {
        *error = QStringLiteral("column %1: expected a number, got \"%2\"")
                     .arg(valueCol)
                     .arg(QString::fromLatin1(w));
        return false;
    }
    r.skipSpaces();
    if (!r.atEnd()) { // optional timestamp, ms since the epoch
        const int tsCol = r.column();
        bool ok = false;
        r.word().toLongLong(&ok);
        r.skipSpaces();
        if (!ok || !r.atEnd()) {
            *error =
                QStringLiteral("column %1: expected a timestamp or the end of the line").arg(tsCol);
            return false;
        }
    }
    return true;
}

} // namespace

double PromText::value(const QString &name, const QMap<QString, QString> &labels) const
{
    for (const PromSample &s : samples) {
        if (s.name != name)
            continue;
        bool match = true;
        for (auto it = labels.cbegin(); it != labels.cend() && match; ++it)
            match = s.labels.value(it.key()) == it.value() && s.labels.contains(it.key());
        if (match)
            return s.value;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

bool PromText::has(const QString &name) const
{
    for (const PromSample &s : samples)
        if (s.name == name)
            return true;
    return false;
}

bool parsePrometheusText(const QByteArray &text, PromText *out, QString *error)
{
    *out = PromText();
    const QList<QByteArray> lines = text.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        if (line.startsWith('#')) {
            const QList<QByteArray> parts = line.simplified().split(' ');
            if (parts.size() >= 4 && parts.at(1) == "TYPE")
                out->types.insert(QString::fromLatin1(parts.at(2)),
                                  QString::fromLatin1(parts.at(3)));
            continue; // HELP and other comments
        }
        PromSample s;
        QString why;
        if (!parseSample(line, &s, &why)) {
            *error = QStringLiteral("line %1, %2").arg(i + 1).arg(why);
            return false;
        }
        out->samples.append(s);
    }
    return true;
}

} // namespace vw
