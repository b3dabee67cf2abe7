// Writing a large JSON document without holding all of it (issue 23): the document is handed
// over piece by piece (an object or array opened, a small value written, closed) and leaves
// as text in chunks, never as a QJsonDocument of the whole. The text is byte for byte what
// QJsonDocument::toJson(QJsonDocument::Indented) gives for the same document (4 spaces per
// level, "key": value, a line break at the end), so a report written this way equals the one
// built as a DOM (core/report/report.h, writeReportJson(); docs/performance.md, "Large
// sessions").
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <functional>

namespace vw {

class JsonStreamWriter {
public:
    /// Receives the text in order, in chunks of about kChunkBytes (UTF-8; a chunk always ends
    /// between two values or structural characters, never inside a character). Returns false
    /// to stop: every later call is then ignored and finish() returns false.
    using Sink = std::function<bool(const QByteArray &chunk)>;
    static constexpr qsizetype kChunkBytes = 64 * 1024;

    explicit JsonStreamWriter(Sink sink);

    /// The root (no key) or an element of the open array (no key) or a member of the open
    /// object (`key`). QJsonObject keeps its keys sorted: to equal its text, write an
    /// object's keys in sorted order.
    void beginObject(const QString &key = QString());
    void beginArray(const QString &key = QString());
    /// A whole value: an element of the open array, or the member `key` of the open object.
    /// Objects and arrays in `v` are written as QJsonDocument writes them, indented to where
    /// they stand. The root must be an object or array (as QJsonDocument's).
    void value(const QJsonValue &v);
    void value(const QString &key, const QJsonValue &v);
    /// Closes the innermost open object or array.
    void end();
    /// After the root is closed: the final line break and the last chunk. False when the sink
    /// refused a chunk or the calls did not make one whole document.
    bool finish();

private:
    struct Level {
        bool array = false;
        bool empty = true;
    };
    void member(const QString &key);
    void open(const QString &key, char bracket, bool array);
    void maybeFlush();
    void flush();

    Sink m_sink;
    QByteArray m_buffer;
    QList<Level> m_levels;
    bool m_ok = true;
    bool m_rootDone = false;
};

} // namespace vw
