// parseParams() (core/ops/opparams.h), the one parser of operation params: unknown keys,
// wrong types, ranges, multiples, choices, required params and the cross-field check are
// errors; absent params take the spec's default; values are canonical (durations in ms).
// paramsToJson()/paramsFromJson() round trip exactly and the JSON reader is as strict.
// OperationRegistry::create() takes only params parsed for the type.
#include "ops/operationregistry.h"
#include "ops/opparams.h"
#include "ops/sshsign.h"

#include <QJsonDocument>
#include <QTest>

using namespace vw;

Q_DECLARE_METATYPE(ParamError::At)

namespace {

/// A type with one param of each kind, a required one and a cross-field check, so that the
/// parser is tested apart from the built-in types.
OperationType sampleType()
{
    OperationType t;
    t.name = QStringLiteral("sample");
    t.description = QStringLiteral("test type");
    t.params = {
        integerParam(QStringLiteral("count"), 1, 10, 3, QStringLiteral("items"),
                     QStringLiteral("how many")),
        bytesParam(QStringLiteral("size"), 16, 4096, 64, QStringLiteral("bytes each")),
        durationParam(QStringLiteral("wait"), 1000, 600000, 5000, 1000, QStringLiteral("pause")),
        choiceParam(QStringLiteral("mode"), {QStringLiteral("fast"), QStringLiteral("safe")},
                    QStringLiteral("safe"), QStringLiteral("how")),
        stringParam(QStringLiteral("label"), QStringLiteral("x"), QStringLiteral("a name")),
        booleanParam(QStringLiteral("verbose"), false, QStringLiteral("talk")),
    };
    ParamSpec path = stringParam(QStringLiteral("path"), QString(), QStringLiteral("required"));
    path.defaultValue = QVariant(); // no default: required
    t.params.append(path);
    t.check = [](const OpParams &p) {
        QList<ParamError> errors;
        if (p.text(QStringLiteral("mode")) == QLatin1String("fast")
            && p.integer(QStringLiteral("size")) > 1024)
            errors.append({QStringLiteral("size"), QStringLiteral("at most 1024 in mode fast"),
                           ParamError::At::Value});
        return errors;
    };
    return t;
}

const QVariantMap kPath{{QStringLiteral("path"), QStringLiteral("/a")}};

QVariantMap withPath(QVariantMap raw)
{
    raw.insert(kPath);
    return raw;
}

QString dump(const QList<ParamError> &errors)
{
    QStringList out;
    for (const ParamError &e : errors)
        out << e.param + QStringLiteral(": ") + e.message;
    return out.join(QStringLiteral("; "));
}

} // namespace

class TestOpParams : public QObject {
    Q_OBJECT
private slots:
    void defaultsFilledCanonical();
    void valuesCanonical();
    void errors_data();
    void errors();
    void allErrorsReported();
    void crossFieldCheck();
    void jsonRoundTrip();
    void jsonIsStrict_data();
    void jsonIsStrict();
    void rawRoundTrip();
    void builtinKeyTypeIsNotLenient();
    void registryCreateTakesOnlyItsParams();
};

void TestOpParams::defaultsFilledCanonical()
{
    const ParamParseResult r = parseParams(sampleType(), kPath);
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const OpParams &p = *r.params;
    QCOMPARE(p.typeName(), QStringLiteral("sample"));
    QCOMPARE(p.names().size(), 7); // every declared param, none missing
    QCOMPARE(p.value(QStringLiteral("count")), QVariant(qint64(3)));
    QCOMPARE(p.value(QStringLiteral("size")), QVariant(qint64(64)));
    QCOMPARE(p.value(QStringLiteral("wait")), QVariant(qint64(5000)));
    QCOMPARE(p.value(QStringLiteral("mode")), QVariant(QStringLiteral("safe")));
    QCOMPARE(p.value(QStringLiteral("label")), QVariant(QStringLiteral("x")));
    QCOMPARE(p.value(QStringLiteral("verbose")), QVariant(false));
    QCOMPARE(p.text(QStringLiteral("path")), QStringLiteral("/a"));
}

void TestOpParams::valuesCanonical()
{
    // int (C++), qlonglong (YAML) and a duration in another spelling all become canonical
    const ParamParseResult r =
        parseParams(sampleType(), withPath({{QStringLiteral("count"), 7},
                                            {QStringLiteral("size"), qlonglong(4096)},
                                            {QStringLiteral("wait"), QStringLiteral("1m")},
                                            {QStringLiteral("mode"), QStringLiteral("fast")},
                                            {QStringLiteral("verbose"), true}}));
    QVERIFY(!r.ok()); // size 4096 with mode fast: the cross-field check (below)
    const ParamParseResult ok =
        parseParams(sampleType(), withPath({{QStringLiteral("count"), 7},
                                            {QStringLiteral("size"), qlonglong(1024)},
                                            {QStringLiteral("wait"), QStringLiteral("1m")},
                                            {QStringLiteral("mode"), QStringLiteral("fast")},
                                            {QStringLiteral("verbose"), true}}));
    QVERIFY2(ok.ok(), qPrintable(dump(ok.errors)));
    QCOMPARE(ok.params->value(QStringLiteral("count")).typeId(), int(QMetaType::LongLong));
    QCOMPARE(ok.params->integer(QStringLiteral("count")), qint64(7));
    QCOMPARE(ok.params->durationMs(QStringLiteral("wait")), qint64(60000));
    QCOMPARE(ok.params->boolean(QStringLiteral("verbose")), true);

    // "60s" and "1m" are one value
    const ParamParseResult again =
        parseParams(sampleType(), withPath({{QStringLiteral("count"), 7},
                                            {QStringLiteral("size"), 1024},
                                            {QStringLiteral("wait"), QStringLiteral("60s")},
                                            {QStringLiteral("mode"), QStringLiteral("fast")},
                                            {QStringLiteral("verbose"), true}}));
    QVERIFY(again.ok());
    QVERIFY(*again.params == *ok.params);
}

void TestOpParams::errors_data()
{
    QTest::addColumn<QVariantMap>("raw");
    QTest::addColumn<QString>("param");
    QTest::addColumn<ParamError::At>("at");
    QTest::addColumn<QString>("message"); // a part of the expected message

    QTest::newRow("unknown key") << withPath({{QStringLiteral("colour"), QStringLiteral("red")}})
                                 << "colour" << ParamError::At::Key
                                 << "unknown parameter for sample (known: count, size, wait, "
                                    "mode, label, verbose, path)";
    QTest::newRow("integer as text")
        << withPath({{QStringLiteral("count"), QStringLiteral("5")}}) << "count"
        << ParamError::At::Value << "must be a whole number from 1 to 10 (got \"5\")";
    QTest::newRow("integer as fraction") << withPath({{QStringLiteral("count"), 2.5}}) << "count"
                                         << ParamError::At::Value << "(got 2.5)";
    QTest::newRow("integer as bool") << withPath({{QStringLiteral("count"), true}}) << "count"
                                     << ParamError::At::Value << "(got true)";
    QTest::newRow("integer null") << withPath({{QStringLiteral("count"), QVariant()}}) << "count"
                                  << ParamError::At::Value << "(got nothing)";
    QTest::newRow("integer above max") << withPath({{QStringLiteral("count"), 11}}) << "count"
                                       << ParamError::At::Value << "from 1 to 10 (got 11)";
    QTest::newRow("integer below min") << withPath({{QStringLiteral("count"), 0}}) << "count"
                                       << ParamError::At::Value << "from 1 to 10 (got 0)";
    QTest::newRow("bytes above max")
        << withPath({{QStringLiteral("size"), 4097}}) << "size" << ParamError::At::Value
        << "must be a whole number of bytes from 16 to 4096 (4 KiB)";
    QTest::newRow("duration without unit")
        << withPath({{QStringLiteral("wait"), qlonglong(5)}}) << "wait" << ParamError::At::Value
        << "must be a duration from 1s to 10m, whole seconds";
    QTest::newRow("duration garbage")
        << withPath({{QStringLiteral("wait"), QStringLiteral("soon")}}) << "wait"
        << ParamError::At::Value << "(got \"soon\")";
    QTest::newRow("duration too long")
        << withPath({{QStringLiteral("wait"), QStringLiteral("11m")}}) << "wait"
        << ParamError::At::Value << "1s to 10m, whole seconds (e.g. \"5s\") (got \"11m\")";
    QTest::newRow("duration not whole seconds")
        << withPath({{QStringLiteral("wait"), QStringLiteral("1500ms")}}) << "wait"
        << ParamError::At::Value << "whole seconds (e.g. \"5s\") (got \"1500ms\")";
    QTest::newRow("bad choice") << withPath({{QStringLiteral("mode"), QStringLiteral("turbo")}})
                                << "mode" << ParamError::At::Value
                                << "must be one of fast, safe (got \"turbo\")";
    QTest::newRow("choice is case-sensitive")
        << withPath({{QStringLiteral("mode"), QStringLiteral("Fast")}}) << "mode"
        << ParamError::At::Value << "(got \"Fast\")";
    QTest::newRow("choice as number") << withPath({{QStringLiteral("mode"), qlonglong(1)}})
                                      << "mode" << ParamError::At::Value << "(got 1)";
    QTest::newRow("string as list")
        << withPath({{QStringLiteral("label"), QVariantList{1, 2}}}) << "label"
        << ParamError::At::Value << "must be text (got a list)";
    QTest::newRow("boolean as text")
        << withPath({{QStringLiteral("verbose"), QStringLiteral("yes")}}) << "verbose"
        << ParamError::At::Value << "must be true or false (got \"yes\")";
    QTest::newRow("required missing")
        << QVariantMap() << "path" << ParamError::At::Block << "required: path (must be text)";
}

void TestOpParams::errors()
{
    QFETCH(QVariantMap, raw);
    QFETCH(QString, param);
    QFETCH(ParamError::At, at);
    QFETCH(QString, message);
    const ParamParseResult r = parseParams(sampleType(), raw);
    QVERIFY(!r.ok());
    QVERIFY(!r.params);
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors.first().param, param);
    QCOMPARE(r.errors.first().at, at);
    QVERIFY2(r.errors.first().message.contains(message), qPrintable(r.errors.first().message));
}

void TestOpParams::allErrorsReported()
{
    const ParamParseResult r =
        parseParams(sampleType(), {{QStringLiteral("count"), 99},
                                   {QStringLiteral("mode"), QStringLiteral("x")},
                                   {QStringLiteral("colour"), QStringLiteral("red")}});
    QStringList params;
    for (const ParamError &e : r.errors)
        params << e.param;
    params.sort();
    QCOMPARE(params, (QStringList{QStringLiteral("colour"), QStringLiteral("count"),
                                  QStringLiteral("mode"), QStringLiteral("path")}));
}

void TestOpParams::crossFieldCheck()
{
    const ParamParseResult r =
        parseParams(sampleType(), withPath({{QStringLiteral("mode"), QStringLiteral("fast")},
                                            {QStringLiteral("size"), 2048}}));
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors.first().param, QStringLiteral("size"));
    QCOMPARE(r.errors.first().message, QStringLiteral("at most 1024 in mode fast"));
    // the check runs on the filled-in defaults too: mode fast alone is valid (size 64)
    QVERIFY(parseParams(sampleType(), withPath({{QStringLiteral("mode"), QStringLiteral("fast")}}))
                .ok());
}

void TestOpParams::jsonRoundTrip()
{
    const OperationType t = sampleType();
    const ParamParseResult r =
        parseParams(t, withPath({{QStringLiteral("wait"), QStringLiteral("1m30s")},
                                 {QStringLiteral("size"), 100},
                                 {QStringLiteral("verbose"), true}}));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const QJsonObject json = paramsToJson(t, *r.params);
    // every param, canonical JSON types, durations in ms
    QCOMPARE(json.size(), 7);
    QCOMPARE(json.value(QStringLiteral("wait")).toInteger(), qint64(90000));
    QVERIFY(json.value(QStringLiteral("wait")).isDouble());
    QCOMPARE(json.value(QStringLiteral("size")).toInteger(), qint64(100));
    QCOMPARE(json.value(QStringLiteral("count")).toInteger(), qint64(3));
    QCOMPARE(json.value(QStringLiteral("mode")).toString(), QStringLiteral("safe"));
    QCOMPARE(json.value(QStringLiteral("verbose")).toBool(), true);
    QCOMPARE(json.value(QStringLiteral("path")).toString(), QStringLiteral("/a"));

    // through text and back: the same typed params, the same JSON
    const QJsonObject reread =
        QJsonDocument::fromJson(QJsonDocument(json).toJson(QJsonDocument::Compact)).object();
    const ParamParseResult back = paramsFromJson(t, reread);
    QVERIFY2(back.ok(), qPrintable(dump(back.errors)));
    QVERIFY(*back.params == *r.params);
    QCOMPARE(back.params->typeName(), QStringLiteral("sample"));
    QCOMPARE(paramsToJson(t, *back.params), json);

    // the built-in types too, with their defaults
    for (const OperationType &bt : OperationRegistry::instance().types()) {
        const ParamParseResult d = parseParams(bt, {});
        QVERIFY2(d.ok(), qPrintable(bt.name + QStringLiteral(": ") + dump(d.errors)));
        const QJsonObject dj = paramsToJson(bt, *d.params);
        QCOMPARE(dj.keys().size(), bt.params.size());
        const ParamParseResult db = paramsFromJson(bt, dj);
        QVERIFY2(db.ok(), qPrintable(bt.name));
        QVERIFY(*db.params == *d.params);
    }
    const OperationType *ssh = OperationRegistry::instance().find(QStringLiteral("ssh_sign"));
    QCOMPARE(paramsToJson(*ssh, *parseParams(*ssh, {}).params),
             (QJsonObject{{QStringLiteral("ca_key_type"), QStringLiteral("ed25519")},
                          {QStringLiteral("client_key_type"), QStringLiteral("ed25519")},
                          {QStringLiteral("ttl"), 300000}}));
}

void TestOpParams::jsonIsStrict_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("param");
    QTest::addColumn<QString>("message");
    QTest::newRow("duration as text") << QByteArray(R"({"path":"/a","wait":"5s"})") << "wait"
                                      << "in JSON a number of ms";
    QTest::newRow("integer as text") << QByteArray(R"({"path":"/a","count":"3"})") << "count"
                                     << "whole number";
    QTest::newRow("integer fraction") << QByteArray(R"({"path":"/a","count":2.5})") << "count"
                                      << "(got 2.5)";
    QTest::newRow("out of range") << QByteArray(R"({"path":"/a","count":11})") << "count"
                                  << "from 1 to 10";
    QTest::newRow("bad choice") << QByteArray(R"({"path":"/a","mode":"turbo"})") << "mode"
                                << "must be one of fast, safe";
    QTest::newRow("bool as number") << QByteArray(R"({"path":"/a","verbose":1})") << "verbose"
                                    << "true or false";
    QTest::newRow("unknown key") << QByteArray(R"({"path":"/a","colour":"red"})") << "colour"
                                 << "unknown parameter";
    QTest::newRow("required missing") << QByteArray(R"({})") << "path"
                                      << "required";
}

void TestOpParams::jsonIsStrict()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, param);
    QFETCH(QString, message);
    const ParamParseResult r = paramsFromJson(sampleType(), QJsonDocument::fromJson(json).object());
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors.first().param, param);
    QVERIFY2(r.errors.first().message.contains(message), qPrintable(r.errors.first().message));
}

void TestOpParams::rawRoundTrip()
{
    // paramsToRaw() is what the YAML writer emits: parseParams() reads it back unchanged
    const OperationType t = sampleType();
    const ParamParseResult r =
        parseParams(t, withPath({{QStringLiteral("wait"), QStringLiteral("90s")}}));
    QVERIFY(r.ok());
    const QVariantMap raw = paramsToRaw(t, *r.params);
    QCOMPARE(raw.value(QStringLiteral("wait")), QVariant(QStringLiteral("1m30s")));
    const ParamParseResult back = parseParams(t, raw);
    QVERIFY2(back.ok(), qPrintable(dump(back.errors)));
    QVERIFY(*back.params == *r.params);
}

// The issue's case: an unknown ca_key_type was silently ED25519. Now it is an error, and
// the choices come from the one table in sshsign.cpp.
void TestOpParams::builtinKeyTypeIsNotLenient()
{
    const OperationRegistry &reg = OperationRegistry::instance();
    const ParamParseResult r = reg.parse(
        QStringLiteral("ssh_sign"), {{QStringLiteral("ca_key_type"), QStringLiteral("rsa-1024")}});
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors.first().param, QStringLiteral("ca_key_type"));
    QCOMPARE(r.errors.first().message,
             QStringLiteral("must be one of ed25519, rsa-2048, rsa-4096 (got \"rsa-1024\")"));

    const ParamParseResult rsa = reg.parse(
        QStringLiteral("ssh_sign"), {{QStringLiteral("ca_key_type"), QStringLiteral("rsa-2048")},
                                     {QStringLiteral("ttl"), QStringLiteral("90s")}});
    QVERIFY(rsa.ok());
    const std::optional<SshSignParams> typed = SshSignParams::from(*rsa.params);
    QVERIFY(typed);
    QCOMPARE(typed->caKeyType, SshKeyType::Rsa2048);
    QCOMPARE(typed->clientKeyType, SshKeyType::Ed25519); // the spec's default
    QCOMPARE(typed->ttlMs, qint64(90000));

    const ParamParseResult unknownType = reg.parse(QStringLiteral("kv3_read"), {});
    QCOMPARE(unknownType.errors.size(), 1);
    QCOMPARE(unknownType.errors.first().at, ParamError::At::Block);
    QVERIFY(unknownType.errors.first().message.contains(QLatin1String("unknown operation type")));
}

void TestOpParams::registryCreateTakesOnlyItsParams()
{
    const OperationRegistry &reg = OperationRegistry::instance();
    QString error;
    const ParamParseResult kv =
        reg.parse(QStringLiteral("kv2_read"), {{QStringLiteral("keys"), 5}});
    QVERIFY(kv.ok());
    std::unique_ptr<Operation> op = reg.create(QStringLiteral("kv2_read"), *kv.params, &error);
    QVERIFY2(op, qPrintable(error));
    QCOMPARE(op->typeName(), QStringLiteral("kv2_read"));
    // kv2_read's params are not ssh_sign's
    QVERIFY(!reg.create(QStringLiteral("ssh_sign"), *kv.params, &error));
    QVERIFY2(error.contains(QLatin1String("not parsed for it")), qPrintable(error));
    // a default OpParams is right only for a type without params
    QVERIFY(reg.create(QStringLiteral("sys_health"), OpParams(), &error));
    QVERIFY(!reg.create(QStringLiteral("kv2_read"), OpParams(), &error));
    QVERIFY(!reg.create(QStringLiteral("kv3_read"), OpParams(), &error));
    QVERIFY(error.contains(QLatin1String("unknown operation type")));
}

QTEST_GUILESS_MAIN(TestOpParams)
#include "tst_opparams.moc"
