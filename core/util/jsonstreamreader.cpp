#include "util/jsonstreamreader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

#include <rapidjson/error/en.h>
#include <rapidjson/filereadstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

namespace vw {

/// RapidJSON's SAX events to Qt JSON values: a stack of the open objects and arrays.
class JsonStreamHandler
    : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, JsonStreamHandler> {
public:
    explicit JsonStreamHandler(const QList<JsonStreamReader::Stream> &streams)
        : m_streams(streams)
    {
    }

    bool Null() { return put(QJsonValue(QJsonValue::Null)); }
    bool Bool(bool b) { return put(QJsonValue(b)); }
    bool Int(int i) { return put(QJsonValue(qint64(i))); }
    bool Uint(unsigned u) { return put(QJsonValue(qint64(u))); }
    bool Int64(int64_t i) { return put(QJsonValue(qint64(i))); }
    bool Uint64(uint64_t u)
    {
        return put(u <= uint64_t(std::numeric_limits<qint64>::max()) ? QJsonValue(qint64(u))
                                                                     : QJsonValue(double(u)));
    }
    bool Double(double d) { return put(QJsonValue(d)); }
    bool String(const char *s, rapidjson::SizeType n, bool)
    {
        return put(QJsonValue(QString::fromUtf8(s, qsizetype(n))));
    }
    bool Key(const char *s, rapidjson::SizeType n, bool)
    {
        m_stack.back().key = QString::fromUtf8(s, qsizetype(n));
        return true;
    }
    bool StartObject() { return open(true); }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool StartArray() { return open(false); }
    bool EndArray(rapidjson::SizeType) { return close(); }

    QJsonValue root;
    QString error; // why a handler stopped the reader; empty for a syntax error

private:
    struct Frame {
        bool isObject = false;
        bool keyed = false; // reached from the root through object keys only
        QJsonObject object;
        QJsonArray array;
        QString key; // an object's key of the value being read
        const JsonStreamReader::ElementHandler *handler = nullptr;
        int count = 0; // elements handed to `handler`
    };

    /// The handler of the array about to open, when its key path is a streamed one.
    const JsonStreamReader::ElementHandler *streamFor() const
    {
        for (const JsonStreamReader::Stream &s : m_streams) {
            if (s.keyPath.size() != qsizetype(m_stack.size()))
                continue;
            bool same = true;
            for (size_t d = 0; d < m_stack.size() && same; ++d)
                same = m_stack[d].isObject && m_stack[d].keyed
                       && m_stack[d].key == s.keyPath[qsizetype(d)];
            if (same)
                return &s.handler;
        }
        return nullptr;
    }

    bool open(bool isObject)
    {
        if (m_stack.size() >= size_t(JsonStreamReader::kMaxDepth)) {
            error = QStringLiteral("nested too deeply (more than %1 levels)")
                        .arg(JsonStreamReader::kMaxDepth);
            return false;
        }
        Frame f;
        f.isObject = isObject;
        f.keyed =
            isObject && (m_stack.empty() || (m_stack.back().isObject && m_stack.back().keyed));
        if (!isObject && !m_streams.isEmpty())
            f.handler = streamFor();
        m_stack.push_back(std::move(f));
        return true;
    }

    bool close()
    {
        Frame f = std::move(m_stack.back());
        m_stack.pop_back();
        return put(f.isObject ? QJsonValue(std::move(f.object)) : QJsonValue(std::move(f.array)));
    }

    bool put(QJsonValue &&v)
    {
        if (m_stack.empty()) {
            root = std::move(v);
            return true;
        }
        Frame &top = m_stack.back();
        if (top.isObject) {
            top.object.insert(top.key, v);
            return true;
        }
        if (top.handler) {
            QString e;
            if (!(*top.handler)(v, top.count++, &e)) {
                error = e.isEmpty() ? QStringLiteral("stopped") : e;
                return false;
            }
            return true;
        }
        top.array.append(v);
        return true;
    }

    const QList<JsonStreamReader::Stream> &m_streams;
    std::vector<Frame> m_stack;
};

namespace {

constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseIterativeFlag
                            | rapidjson::kParseValidateEncodingFlag;

template <typename InputStream>
bool parseStream(InputStream &in, JsonStreamHandler &h, QJsonValue *root, QString *error,
                 qint64 *errorOffset)
{
    rapidjson::Reader reader;
    const rapidjson::ParseResult r = reader.Parse<kFlags>(in, h);
    if (r.IsError()) {
        if (error)
            *error = QStringLiteral("%1 at offset %2")
                         .arg(!h.error.isEmpty()
                                  ? h.error
                                  : QString::fromLatin1(rapidjson::GetParseError_En(r.Code())))
                         .arg(qint64(r.Offset()));
        if (errorOffset)
            *errorOffset = qint64(r.Offset());
        return false;
    }
    *root = std::move(h.root);
    return true;
}

} // namespace

void JsonStreamReader::streamArray(const QStringList &keyPath, ElementHandler handler)
{
    m_streams.append({keyPath, std::move(handler)});
}

bool JsonStreamReader::parse(const QByteArray &text, QJsonValue *root, QString *error,
                             qint64 *errorOffset) const
{
    JsonStreamHandler h(m_streams);
    rapidjson::MemoryStream in(text.constData(), size_t(text.size()));
    return parseStream(in, h, root, error, errorOffset);
}

bool JsonStreamReader::parseFile(const QString &path, QJsonValue *root, QString *error,
                                 qint64 *errorOffset) const
{
    std::unique_ptr<FILE, int (*)(FILE *)> fp(
        std::fopen(QFile::encodeName(path).constData(), "rbe"), &std::fclose);
    if (!fp) {
        if (error)
            *error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    std::vector<char> buffer(64 * 1024);
    rapidjson::FileReadStream in(fp.get(), buffer.data(), buffer.size());
    JsonStreamHandler h(m_streams);
    if (!parseStream(in, h, root, error, errorOffset))
        return false;
    if (std::ferror(fp.get())) {
        if (error)
            *error = QStringLiteral("read error");
        return false;
    }
    return true;
}

} // namespace vw
