#include "util/jsonstreamwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace vw {

namespace {

/// A scalar as QJsonDocument writes it (the same in compact and indented text): "[x]" less
/// its brackets.
QByteArray scalarText(const QJsonValue &v)
{
    const QByteArray a = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return a.mid(1, a.size() - 2);
}

/// `v` as QJsonDocument::toJson(Indented) writes it at nesting depth `depth`: its own text,
/// each line after the first moved right by 4 spaces a level. Strings hold no raw line
/// break (JSON escapes it), so every '\n' of the text is a line of the layout.
QByteArray valueText(const QJsonValue &v, qsizetype depth)
{
    if (!v.isObject() && !v.isArray())
        return scalarText(v);
    QByteArray text = v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Indented)
                                   : QJsonDocument(v.toArray()).toJson(QJsonDocument::Indented);
    text.chop(1); // the document's final line break
    if (depth > 0)
        text.replace('\n', QByteArray("\n") + QByteArray(4 * depth, ' '));
    return text;
}

} // namespace

JsonStreamWriter::JsonStreamWriter(Sink sink)
    : m_sink(std::move(sink))
{
}

void JsonStreamWriter::member(const QString &key)
{
    if (m_levels.isEmpty()) {
        // the root: no key, nothing before it, and only one
        m_ok = m_ok && key.isNull() && !m_rootDone;
        return;
    }
    Level &l = m_levels.last();
    if (l.array != key.isNull()) {
        m_ok = false; // a key in an array, or none in an object
        return;
    }
    if (!l.empty)
        m_buffer += ",\n";
    l.empty = false;
    m_buffer += QByteArray(4 * m_levels.size(), ' ');
    if (!l.array)
        m_buffer += scalarText(key) + ": ";
}

void JsonStreamWriter::open(const QString &key, char bracket, bool array)
{
    if (!m_ok)
        return;
    member(key);
    m_buffer += bracket;
    m_buffer += '\n';
    m_levels.append({array, true});
}

void JsonStreamWriter::beginObject(const QString &key)
{
    open(key, '{', false);
}

void JsonStreamWriter::beginArray(const QString &key)
{
    open(key, '[', true);
}

void JsonStreamWriter::value(const QJsonValue &v)
{
    value(QString(), v);
}

void JsonStreamWriter::value(const QString &key, const QJsonValue &v)
{
    if (!m_ok)
        return;
    if (m_levels.isEmpty() && !v.isObject() && !v.isArray()) {
        m_ok = false; // a document's root is an object or an array
        return;
    }
    member(key);
    m_buffer += valueText(v, m_levels.size());
    if (m_levels.isEmpty())
        m_rootDone = true;
    maybeFlush();
}

void JsonStreamWriter::end()
{
    if (!m_ok)
        return;
    if (m_levels.isEmpty()) {
        m_ok = false;
        return;
    }
    const Level l = m_levels.takeLast();
    if (!l.empty)
        m_buffer += '\n';
    m_buffer += QByteArray(4 * m_levels.size(), ' ');
    m_buffer += l.array ? ']' : '}';
    if (m_levels.isEmpty())
        m_rootDone = true;
    maybeFlush();
}

bool JsonStreamWriter::finish()
{
    m_ok = m_ok && m_rootDone && m_levels.isEmpty();
    if (m_ok) {
        m_buffer += '\n';
        flush();
    }
    return m_ok;
}

void JsonStreamWriter::maybeFlush()
{
    if (m_buffer.size() >= kChunkBytes)
        flush();
}

void JsonStreamWriter::flush()
{
    if (m_ok && !m_buffer.isEmpty())
        m_ok = m_sink(m_buffer);
    m_buffer.clear();
}

} // namespace vw
