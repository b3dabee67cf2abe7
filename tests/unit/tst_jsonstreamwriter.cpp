// The streamed JSON text (core/util/jsonstreamwriter.h) is byte for byte what
// QJsonDocument::toJson(Indented) writes, and `report --format json` streamed
// (core/report/report.h, writeReportJson()) equals the report built as a DOM, on the golden
// sessions of tests/data and on generated ones (issue 23).
#include "manystagesession.h"
#include "report/report.h"
#include "session/sessionio.h"
#include "util/jsonstreamwriter.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace vw;

namespace {

QString data(const QString &name)
{
    return QStringLiteral(VW_SOURCE_DIR "/tests/data/") + name;
}

/// Every chunk, joined; the number of chunks in *chunks.
JsonStreamWriter::Sink collect(QByteArray *out, int *chunks = nullptr)
{
    return [out, chunks](const QByteArray &chunk) {
        out->append(chunk);
        if (chunks)
            ++*chunks;
        return true;
    };
}

/// `o` written member by member (its keys are in QJsonObject's order), each object and array
/// value opened and written element by element `depth` levels down, deeper ones whole.
void writeObject(JsonStreamWriter *w, const QString &key, const QJsonObject &o, int depth);

void writeArray(JsonStreamWriter *w, const QString &key, const QJsonArray &a, int depth)
{
    w->beginArray(key);
    for (const QJsonValue &v : a) {
        if (depth > 0 && v.isObject())
            writeObject(w, QString(), v.toObject(), depth - 1);
        else if (depth > 0 && v.isArray())
            writeArray(w, QString(), v.toArray(), depth - 1);
        else
            w->value(v);
    }
    w->end();
}

void writeObject(JsonStreamWriter *w, const QString &key, const QJsonObject &o, int depth)
{
    w->beginObject(key);
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (depth > 0 && it.value().isObject())
            writeObject(w, it.key(), it.value().toObject(), depth - 1);
        else if (depth > 0 && it.value().isArray())
            writeArray(w, it.key(), it.value().toArray(), depth - 1);
        else
            w->value(it.key(), it.value());
    }
    w->end();
}

QByteArray streamedReport(const Session &s)
{
    QByteArray out;
    if (!writeReportJson(s, collect(&out)))
        return QByteArray();
    return out;
}

QByteArray domReport(const Session &s)
{
    return QJsonDocument(reportJson(s)).toJson(QJsonDocument::Indented);
}

} // namespace

class TestJsonStreamWriter : public QObject {
    Q_OBJECT
private slots:
    void sameTextAsQJsonDocument_data();
    void sameTextAsQJsonDocument();
    void chunksEndBetweenValues();
    void refusedChunkStopsTheWriter();
    void malformedCallsFail();
    void reportOfGoldenSessionsEqualsTheDom_data();
    void reportOfGoldenSessionsEqualsTheDom();
    void reportOfManyStagesEqualsTheDom();
};

void TestJsonStreamWriter::sameTextAsQJsonDocument_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addRow("empty object") << QByteArray("{}");
    QTest::addRow("empty containers")
        << QByteArray(R"({"a":[],"b":{},"c":[[],{}],"d":[{"e":[]}]})");
    QTest::addRow("scalars") << QByteArray(
        R"({"i":3,"neg":-17,"big":9007199254740993,"d":0.1,"e":1e300,"t":true,"f":false,)"
        R"("n":null,"s":"x\"y\\z\n\t\u001b[2J","u":"ключ_日本 \u202e"})");
    QTest::addRow("nested") << QByteArray(
        R"({"stages":[{"index":0,"ops":[{"op":"kv","latency_ms":{"p50":1.5}}]},)"
        R"({"index":1,"ops":[]}],"z":{"y":[1,[2,[3]]]}})");
    QTest::addRow("array root") << QByteArray(R"([1,{"a":2},[],"s"])");
    QTest::addRow("keys that need escapes") << QByteArray(R"({"a\"b":1,"c\nd":{"\u0001":2}})");
}

void TestJsonStreamWriter::sameTextAsQJsonDocument()
{
    QFETCH(QByteArray, json);
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    QVERIFY(!doc.isNull());
    const QByteArray expected = doc.toJson(QJsonDocument::Indented);
    // Opened to every depth, to depth 1, and written whole: the same text.
    for (int depth : {0, 1, 99}) {
        QByteArray out;
        JsonStreamWriter w(collect(&out));
        if (doc.isObject())
            writeObject(&w, QString(), doc.object(), depth);
        else
            writeArray(&w, QString(), doc.array(), depth);
        QVERIFY(w.finish());
        QCOMPARE(out, expected);
    }
    QByteArray whole;
    JsonStreamWriter w(collect(&whole));
    w.value(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()));
    QVERIFY(w.finish());
    QCOMPARE(whole, expected);
}

void TestJsonStreamWriter::chunksEndBetweenValues()
{
    // 20,000 elements of multi-byte text: many chunks, each of whole UTF-8 characters, none
    // much over kChunkBytes, together the document.
    QJsonArray a;
    for (int i = 0; i < 20000; ++i)
        a.append(QStringLiteral("日本語 %1").arg(i));
    QList<QByteArray> chunks;
    JsonStreamWriter w([&chunks](const QByteArray &c) {
        chunks.append(c);
        return true;
    });
    w.beginObject();
    writeArray(&w, QStringLiteral("a"), a, 0);
    w.end();
    QVERIFY(w.finish());
    QVERIFY(chunks.size() > 3);
    QByteArray joined;
    for (const QByteArray &c : chunks) {
        QVERIFY(c.size() <= JsonStreamWriter::kChunkBytes + 64);
        QVERIFY(QString::fromUtf8(c).toUtf8() == c); // no character cut in two
        joined += c;
    }
    QCOMPARE(joined, QJsonDocument(QJsonObject{{QStringLiteral("a"), a}}).toJson());
}

void TestJsonStreamWriter::refusedChunkStopsTheWriter()
{
    int calls = 0;
    JsonStreamWriter w([&calls](const QByteArray &) {
        ++calls;
        return false; // e.g. stdout on a full disk
    });
    w.beginArray();
    for (int i = 0; i < 50000; ++i)
        w.value(QStringLiteral("element %1").arg(i));
    w.end();
    QVERIFY(!w.finish());
    QCOMPARE(calls, 1); // nothing handed over after the refusal
}

void TestJsonStreamWriter::malformedCallsFail()
{
    QByteArray out;
    {
        JsonStreamWriter w(collect(&out)); // a key inside an array
        w.beginArray();
        w.value(QStringLiteral("k"), 1);
        w.end();
        QVERIFY(!w.finish());
    }
    {
        JsonStreamWriter w(collect(&out)); // an object member without a key
        w.beginObject();
        w.value(1);
        w.end();
        QVERIFY(!w.finish());
    }
    {
        JsonStreamWriter w(collect(&out)); // left open
        w.beginObject();
        QVERIFY(!w.finish());
    }
    {
        JsonStreamWriter w(collect(&out)); // a scalar root, then a second root
        w.value(1);
        QVERIFY(!w.finish());
        JsonStreamWriter w2(collect(&out));
        w2.beginArray();
        w2.end();
        w2.beginArray();
        QVERIFY(!w2.finish());
    }
    QVERIFY(out.isEmpty()); // a failed document never reaches the sink
}

void TestJsonStreamWriter::reportOfGoldenSessionsEqualsTheDom_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addRow("closed") << QStringLiteral("closed");
    QTest::addRow("arrival-rate") << QStringLiteral("arrival-rate");
}

void TestJsonStreamWriter::reportOfGoldenSessionsEqualsTheDom()
{
    QFETCH(QString, kind);
    QString error;
    const std::optional<Session> s =
        readSession(data(QStringLiteral("session-v1-%1.json").arg(kind)), &error);
    QVERIFY2(s, qPrintable(error));
    const QByteArray streamed = streamedReport(*s);
    QCOMPARE(streamed, domReport(*s));
    QFile golden(data(QStringLiteral("golden-report-%1.json").arg(kind)));
    QVERIFY(golden.open(QIODevice::ReadOnly));
    QCOMPARE(streamed, golden.readAll());

    // With the optional members: per-VU credentials (before "profile") and no start time.
    Session c = *s;
    c.auth.method = QStringLiteral("approle");
    c.auth.per = QStringLiteral("vu");
    c.auth.logins = 4;
    c.auth.loginMeanMs = 2.5;
    c.startedAt = QDateTime();
    QVERIFY(c.auth.enabled());
    QVERIFY(streamedReport(c).contains("\"credentials\": {"));
    QCOMPARE(streamedReport(c), domReport(c));
}

void TestJsonStreamWriter::reportOfManyStagesEqualsTheDom()
{
    // Many chunks; stages without success (every 97th: connection errors only) among them.
    const Session s = test::manyStageSession(3000);
    int chunks = 0;
    QByteArray streamed;
    QVERIFY(writeReportJson(s, collect(&streamed, &chunks)));
    QVERIFY(chunks > 5);
    QVERIFY(streamed.contains("\"connection\": 7"));
    QCOMPARE(streamed, domReport(s));

    Session none = s;
    none.stages.clear();
    QCOMPARE(streamedReport(none), domReport(none));
}

QTEST_GUILESS_MAIN(TestJsonStreamWriter)
#include "tst_jsonstreamwriter.moc"
