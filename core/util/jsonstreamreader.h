// Reading a large JSON document without holding all of it (issue 23): RapidJSON's SAX reader
// (Debian rapidjson-dev) builds the document as Qt JSON values, except the elements of the
// arrays a caller names by key path, which it hands over one at a time as each is complete
// and then forgets. A session of 1,000,000 stages is read one stage at a time instead of as a
// DOM of many times the file's size (core/session/sessionio.cpp; docs/performance.md).
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace vw {

class JsonStreamReader {
public:
    /// Called with each element of a streamed array, in order; `index` counts from 0.
    /// Return false to stop reading (parse() then fails with the handler's *error).
    using ElementHandler =
        std::function<bool(const QJsonValue &element, int index, QString *error)>;

    /// The deepest nesting of objects and arrays read (as QJsonDocument::fromJson's limit).
    static constexpr int kMaxDepth = 1024;

    /// The elements of the array at `keyPath` (object keys from the root, e.g. {"stages"} or
    /// {"series", "rows"}) go to `handler` instead of into the tree: that array is in the
    /// tree, empty. An array at another path, or a value that is not an array, is kept.
    void streamArray(const QStringList &keyPath, ElementHandler handler);

    /// Parses the JSON text `text` into *root (a streamed array's elements left out).
    /// false and *error ("invalid value at offset 17", "nested too deeply at offset 4099",
    /// or a handler's error) and *errorOffset (bytes) on bad JSON; trailing text is an error.
    bool parse(const QByteArray &text, QJsonValue *root, QString *error,
               qint64 *errorOffset = nullptr) const;
    /// The same from the file `path`, read 64 KiB at a time (never whole into memory). A file
    /// that cannot be opened gives the OS text in *error. The caller checks it is a regular
    /// file of a sane size.
    bool parseFile(const QString &path, QJsonValue *root, QString *error,
                   qint64 *errorOffset = nullptr) const;

private:
    struct Stream {
        QStringList keyPath;
        ElementHandler handler;
    };
    QList<Stream> m_streams;
    friend class JsonStreamHandler;
};

} // namespace vw
