// util/jsonstreamreader.h: the streaming (SAX) reader gives the values QJsonDocument gives,
// hands a streamed array's elements over one at a time in order (and keeps them out of the
// tree), and refuses what QJsonDocument refuses, with an offset.
#include "util/jsonstreamreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

class TestJsonStreamReader : public QObject {
    Q_OBJECT
private slots:
    void sameValuesAsQJsonDocument_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("scalars") << QByteArray(
            "{\"a\":1,\"b\":-2,\"c\":1.5,\"d\":true,\"e\":false,\"f\":null,\"g\":\"x\"}");
        QTest::newRow("big ints") << QByteArray(
            "[9007199254740993,-9223372036854775808,18446744073709551615]");
        QTest::newRow("doubles") << QByteArray(
            "[0.1,2.2250738585072014e-308,1e300,0.30000000000000004,-1.25e-5]");
        QTest::newRow("escapes") << QByteArray(
            "{\"k\\u00e9y\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u20ac\\ud83d\\ude00\"}");
        QTest::newRow("nested") << QByteArray(
            "{\"x\":[[],{},[{\"y\":[1,[2,[3]]]}]],\"z\":{\"w\":{}}}");
        QTest::newRow("root array") << QByteArray("[1,2,3]");
        QTest::newRow("utf-8") << QByteArray("{\"\xc3\xa9\":\"\xe6\x97\xa5\xe6\x9c\xac\"}");
    }
    void sameValuesAsQJsonDocument()
    {
        QFETCH(QByteArray, text);
        QJsonValue root;
        QString error;
        QVERIFY2(JsonStreamReader().parse(text, &root, &error), qPrintable(error));
        const QJsonDocument doc = QJsonDocument::fromJson(text);
        const QJsonValue expected =
            doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
        QCOMPARE(root, expected);
    }

    void streamsTheNamedArraysOnly()
    {
        const QByteArray text =
            "{\"stages\":[{\"i\":0},{\"i\":1},{\"i\":2}],\n"
            "            \"series\":{\"columns\":[\"a\",\"b\"],\"rows\":[[1,2],[3,4]]},\n"
            "            \"other\":{\"stages\":[9]}, \"list\":[{\"stages\":[8]}]}";
        JsonStreamReader r;
        QList<int> stages;
        QList<QJsonValue> rows;
        r.streamArray({QStringLiteral("stages")}, [&](const QJsonValue &v, int i, QString *) {
            stages << v.toObject().value(QStringLiteral("i")).toInt();
            return i >= 0;
        });
        r.streamArray({QStringLiteral("series"), QStringLiteral("rows")},
                      [&](const QJsonValue &v, int, QString *) {
                          rows << v;
                          return true;
                      });
        QJsonValue root;
        QString error;
        QVERIFY2(r.parse(text, &root, &error), qPrintable(error));
        QCOMPARE(stages, (QList<int>{0, 1, 2}));
        QCOMPARE(rows, (QList<QJsonValue>{QJsonArray{1, 2}, QJsonArray{3, 4}}));
        const QJsonObject o = root.toObject();
        QCOMPARE(o.value(QStringLiteral("stages")), QJsonValue(QJsonArray())); // there, empty
        QCOMPARE(o.value(QStringLiteral("series")).toObject().value(QStringLiteral("rows")),
                 QJsonValue(QJsonArray()));
        QCOMPARE(o.value(QStringLiteral("series")).toObject().value(QStringLiteral("columns")),
                 QJsonValue(QJsonArray{QStringLiteral("a"), QStringLiteral("b")}));
        // the same key deeper, or under an array, is not the streamed path
        QCOMPARE(o.value(QStringLiteral("other")).toObject().value(QStringLiteral("stages")),
                 QJsonValue(QJsonArray{9}));
        QCOMPARE(o.value(QStringLiteral("list"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("stages")),
                 QJsonValue(QJsonArray{8}));
    }

    void aHandlerStopsTheRead()
    {
        JsonStreamReader r;
        int seen = 0;
        r.streamArray({QStringLiteral("a")}, [&](const QJsonValue &, int i, QString *e) {
            ++seen;
            if (i == 1) {
                *e = QStringLiteral("element 1 is bad");
                return false;
            }
            return true;
        });
        QJsonValue root;
        QString error;
        QVERIFY(!r.parse("{\"a\":[1,2,3,4]}", &root, &error));
        QCOMPARE(seen, 2);
        QVERIFY2(error.startsWith(QStringLiteral("element 1 is bad at offset")), qPrintable(error));
    }

    void refusesBadJson_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("empty") << QByteArray() << qint64(0);
        QTest::newRow("truncated") << QByteArray("{\"a\":[1,2") << qint64(9);
        QTest::newRow("trailing") << QByteArray("{\"a\":1} x") << qint64(8);
        QTest::newRow("bad value") << QByteArray("{\"a\":tru}") << qint64(-1);
        QTest::newRow("comment") << QByteArray("{/*c*/}") << qint64(1);
        QTest::newRow("bad utf-8") << QByteArray("[\"\xff\"]") << qint64(-1);
        QTest::newRow("too deep") << QByteArray(2000, '[') + QByteArray(2000, ']') << qint64(-1);
    }
    void refusesBadJson()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, offset);
        QJsonValue root;
        QString error;
        qint64 at = -2;
        QVERIFY(!JsonStreamReader().parse(text, &root, &error, &at));
        QVERIFY2(error.contains(QStringLiteral("at offset")), qPrintable(error));
        if (offset >= 0)
            QCOMPARE(at, offset);
        QVERIFY(at >= 0 && at <= text.size());
        if (QByteArray(QTest::currentDataTag()) == "too deep")
            QVERIFY2(error.contains(QStringLiteral("nested too deeply")), qPrintable(error));
        // QJsonDocument refuses it too
        QJsonParseError pe;
        QJsonDocument::fromJson(text, &pe);
        QVERIFY(pe.error != QJsonParseError::NoError);
    }

    void fromAFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.json"));
        // Longer than the 64 KiB read buffer, so that values span buffer ends.
        QJsonArray rows;
        for (int i = 0; i < 20000; ++i)
            rows.append(QJsonArray{i, QStringLiteral("op-%1").arg(i % 7), i * 0.25});
        const QByteArray text = QJsonDocument(QJsonObject{{QStringLiteral("rows"), rows}}).toJson();
        QVERIFY(text.size() > 4 * 64 * 1024);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(text) == text.size());
        f.close();
        JsonStreamReader r;
        QJsonArray back;
        r.streamArray({QStringLiteral("rows")}, [&](const QJsonValue &v, int, QString *) {
            back.append(v);
            return true;
        });
        QJsonValue root;
        QString error;
        QVERIFY2(r.parseFile(path, &root, &error), qPrintable(error));
        QCOMPARE(back, rows);
        QVERIFY(!r.parseFile(dir.filePath(QStringLiteral("missing.json")), &root, &error));
        QVERIFY2(error.contains(QStringLiteral("No such file")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestJsonStreamReader)
#include "tst_jsonstreamreader.moc"
