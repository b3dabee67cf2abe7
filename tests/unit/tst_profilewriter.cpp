// profileToYaml(): parseProfile(profileToYaml(p)) reproduces p; param values keep their
// types through YAML; strings that look like other types stay strings.
#include "ops/operationregistry.h"
#include "profile/profileparser.h"
#include "profile/profilewriter.h"
#include "profile/yamlvariant.h"

#include <QDir>
#include <QTest>
#include <cmath>
#include <limits>
#include <yaml-cpp/yaml.h>

using namespace vw;

namespace {

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

Profile richProfile()
{
    Profile p;
    p.name = QStringLiteral("123");                 // would read back as an integer unquoted
    p.description = QStringLiteral("true: it's a \"mix\" # not a comment\nsecond line");
    p.target.address = QStringLiteral("https://vault.example.test:8200");
    p.target.vaultNamespace = QStringLiteral("null"); // would read back as null unquoted
    p.target.caFile = QStringLiteral("/etc/ssl/ca bundle.pem");
    p.target.tlsSkipVerify = true;
    p.target.requestTimeoutMs = 2500;
    p.transport = QStringLiteral("qnam");
    p.ramp.warmupMs = 1500;
    p.ramp.stages = {{1, 10000}, {16, 90000}, {128, 3723004}};
    OperationSpec sign;
    sign.type = QStringLiteral("ssh_sign");
    sign.weight = 3;
    sign.params = *OperationRegistry::instance()
                       .parse(sign.type, {{QStringLiteral("ca_key_type"), QStringLiteral("rsa-2048")},
                                          {QStringLiteral("ttl"), QStringLiteral("90s")}})
                       .params;
    OperationSpec read;
    read.type = QStringLiteral("kv2_read");
    read.params = *OperationRegistry::instance()
                       .parse(read.type, {{QStringLiteral("keys"), qlonglong(50)},
                                          {QStringLiteral("payload_bytes"), qlonglong(4096)}})
                       .params;
    OperationSpec health;
    health.type = QStringLiteral("sys_health");
    health.weight = 1;
    p.operations = {sign, read, health};
    return p;
}

} // namespace

class TestProfileWriter : public QObject {
    Q_OBJECT
private slots:
    void roundTripRich();
    void roundTripDefaults();
    void roundTripShippedProfiles();
    void outputIsReadable();
    void paramTypesSurvive();
    void plainScalarTyping_data();
    void plainScalarTyping();
};

void TestProfileWriter::roundTripRich()
{
    const Profile p = richProfile();
    const QByteArray yaml = profileToYaml(p);
    const ProfileParseResult r = parseProfile(yaml);
    QVERIFY2(r.ok(), qPrintable(dump(r.errors) + QStringLiteral("\n") + QString::fromUtf8(yaml)));
    QVERIFY2(r.profile->sameSettings(p), yaml.constData());
    QCOMPARE(r.profile->name, QStringLiteral("123"));
    QCOMPARE(r.profile->target.vaultNamespace, QStringLiteral("null"));
    QCOMPARE(r.profile->description, p.description);
    QCOMPARE(r.profile->ramp.stages, p.ramp.stages);
    QCOMPARE(r.profile->operations[1].params.value(QStringLiteral("keys")).typeId(),
             int(QMetaType::LongLong));
    QCOMPARE(r.profile->sourceYaml, yaml);
    // writing the re-parsed profile gives the same text: the writer is deterministic
    QCOMPARE(profileToYaml(*r.profile), yaml);
}

void TestProfileWriter::roundTripDefaults()
{
    Profile p;
    p.name = QStringLiteral("quick");
    p.ramp.stages = {{4, 5000}};
    OperationSpec op;
    op.type = QStringLiteral("sys_health");
    p.operations = {op};
    const QByteArray yaml = profileToYaml(p);
    const ProfileParseResult r = parseProfile(yaml);
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    QVERIFY(r.profile->sameSettings(p));
    QVERIFY(!yaml.contains("description")); // empty optional fields are left out
    QVERIFY(!yaml.contains("tls_skip_verify"));
    QVERIFY(!yaml.contains("params"));
}

void TestProfileWriter::roundTripShippedProfiles()
{
    const QDir dir(QStringLiteral(VW_SOURCE_DIR "/profiles"));
    const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
    if (files.isEmpty())
        QSKIP("no shipped profiles in profiles/*.yaml yet");
    for (const QString &name : files) {
        const ProfileParseResult original = loadProfileFile(dir.filePath(name));
        QVERIFY2(original.ok(), qPrintable(name + QStringLiteral(": ") + dump(original.errors)));
        const ProfileParseResult again = parseProfile(profileToYaml(*original.profile));
        QVERIFY2(again.ok(), qPrintable(name + QStringLiteral(": ") + dump(again.errors)));
        QVERIFY2(again.profile->sameSettings(*original.profile), qPrintable(name));
    }
}

void TestProfileWriter::outputIsReadable()
{
    const QByteArray yaml = profileToYaml(richProfile());
    // the schema's key names and the compact stage form, as a person would write them
    QVERIFY2(yaml.startsWith("name: \"123\"\n"), yaml.constData());
    QVERIFY(yaml.contains("\n  request_timeout: 2.5s\n"));
    QVERIFY(yaml.contains("\n  warmup: 1.5s\n"));
    QVERIFY(yaml.contains("{vus: 16, duration: 1m30s}"));
    QVERIFY(yaml.contains("- type: ssh_sign\n"));
    // every param of the type, as a profile writes it: the default client key type too,
    // the duration with a unit
    QVERIFY2(yaml.contains("    params:\n      ca_key_type: rsa-2048\n      client_key_type: "
                           "ed25519\n      ttl: 1m30s\n"),
             yaml.constData());
    QVERIFY(!yaml.toLower().contains("token"));
}

void TestProfileWriter::paramTypesSurvive()
{
    // Through the writer's emitter and the parser's conversion, without the registry.
    const QVariantMap params{
        {QStringLiteral("int"), qlonglong(-42)},
        {QStringLiteral("big"), qlonglong(std::numeric_limits<qint64>::max())},
        {QStringLiteral("double"), 2.0},
        {QStringLiteral("fraction"), 0.1},
        {QStringLiteral("tiny"), 1e-300},
        {QStringLiteral("inf"), std::numeric_limits<double>::infinity()},
        {QStringLiteral("yes"), true},
        {QStringLiteral("no"), false},
        {QStringLiteral("null"), QVariant()},
        {QStringLiteral("numeric string"), QStringLiteral("007")},
        {QStringLiteral("bool string"), QStringLiteral("false")},
        {QStringLiteral("float string"), QStringLiteral("1e3")},
        {QStringLiteral("empty string"), QString()},
        {QStringLiteral("text"), QStringLiteral("a: b, [c] # d")},
        {QStringLiteral("list"), QVariantList{qlonglong(1), QStringLiteral("two"), 3.5}},
        {QStringLiteral("map"), QVariantMap{{QStringLiteral("k"), QStringLiteral("v")},
                                            {QStringLiteral("n"), QVariantList{}}}},
    };
    YAML::Emitter out;
    emitYamlVariant(out, params);
    QVERIFY2(out.good(), out.GetLastError().c_str());
    const QVariant back = yamlToVariant(YAML::Load(out.c_str()));
    const QVariantMap m = back.toMap();
    QCOMPARE(m.size(), params.size());
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        const QVariant got = m.value(it.key());
        QVERIFY2(got.typeId() == it.value().typeId(),
                 qPrintable(it.key() + QStringLiteral(": ") + QString::fromUtf8(out.c_str())));
        QVERIFY2(got == it.value(), qPrintable(it.key()));
    }
    // NaN never equals itself: check it separately
    YAML::Emitter nanOut;
    emitYamlVariant(nanOut, std::numeric_limits<double>::quiet_NaN());
    QVERIFY(std::isnan(yamlToVariant(YAML::Load(nanOut.c_str())).toDouble()));
}

void TestProfileWriter::plainScalarTyping_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("type");
    QTest::addColumn<QVariant>("value");
    QTest::newRow("int") << "100" << int(QMetaType::LongLong) << QVariant(qlonglong(100));
    QTest::newRow("negative int") << "-3" << int(QMetaType::LongLong) << QVariant(qlonglong(-3));
    QTest::newRow("leading zero is decimal") << "010" << int(QMetaType::LongLong)
                                             << QVariant(qlonglong(10));
    QTest::newRow("hex") << "0x1F" << int(QMetaType::LongLong) << QVariant(qlonglong(31));
    QTest::newRow("octal") << "0o17" << int(QMetaType::LongLong) << QVariant(qlonglong(15));
    QTest::newRow("float") << "1.5" << int(QMetaType::Double) << QVariant(1.5);
    QTest::newRow("exponent") << "1e3" << int(QMetaType::Double) << QVariant(1000.0);
    QTest::newRow("true") << "true" << int(QMetaType::Bool) << QVariant(true);
    QTest::newRow("False") << "False" << int(QMetaType::Bool) << QVariant(false);
    QTest::newRow("yes is text (YAML 1.2)") << "yes" << int(QMetaType::QString)
                                            << QVariant(QStringLiteral("yes"));
    QTest::newRow("null") << "null" << int(QMetaType::UnknownType) << QVariant();
    QTest::newRow("tilde") << "~" << int(QMetaType::UnknownType) << QVariant();
    QTest::newRow("duration is text") << "10s" << int(QMetaType::QString)
                                      << QVariant(QStringLiteral("10s"));
    QTest::newRow("version is text") << "1.2.3" << int(QMetaType::QString)
                                     << QVariant(QStringLiteral("1.2.3"));
}

void TestProfileWriter::plainScalarTyping()
{
    QFETCH(QString, text);
    QFETCH(int, type);
    QFETCH(QVariant, value);
    const QVariant got = resolvePlainYamlScalar(text);
    QCOMPARE(got.typeId(), type);
    QCOMPARE(got, value);
}

QTEST_GUILESS_MAIN(TestProfileWriter)
#include "tst_profilewriter.moc"
