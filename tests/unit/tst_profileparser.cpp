// parseProfile(): exact values of a valid profile, one located error per rule, all errors
// reported, tokens refused, shipped profiles parse.
#include "profile/nearestword.h"
#include "profile/profileparser.h"

#include <QUuid>
#include <algorithm>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

// Lines are numbered in the comments; error cases below patch this base line by line.
const char kBase[] = "name: t\n" // 1
                     "ramp:\n" // 2
                     "  warmup: 1s\n" // 3
                     "  stages:\n" // 4
                     "    - { vus: 1, duration: 10s }\n" // 5
                     "    - vus: 2\n" // 6
                     "      duration: 5s\n" // 7
                     "operations:\n" // 8
                     "  - type: sys_health\n" // 9
                     "    weight: 100\n"; // 10

/// kBase with 1-based line `line` replaced by `text` (several lines allowed, "" deletes it).
QByteArray patched(QList<QPair<int, QByteArray>> edits)
{
    QList<QByteArray> lines = QByteArray(kBase).split('\n');
    std::sort(edits.begin(), edits.end(), [](auto &a, auto &b) { return a.first > b.first; });
    for (const auto &e : edits) {
        if (e.second.isNull())
            lines.removeAt(e.first - 1);
        else
            lines[e.first - 1] = e.second;
    }
    return lines.join('\n');
}

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

} // namespace

class TestProfileParser : public QObject {
    Q_OBJECT
private slots:
    void validProfileExactValues();
    void tlsFilesOfTheTarget();
    void minimalProfileDefaults();
    void errors_data();
    void errors();
    void allErrorsReported();
    void suggestionThreshold();
    void tokenValueNeverEchoed();
    void loadProfileFileErrors();
    void shippedProfilesParse();
    void runawayAliasesAreErrors_data();
    void runawayAliasesAreErrors();
    void strayFlowIndicatorIsASyntaxError_data();
    void strayFlowIndicatorIsASyntaxError();
    void secondDocumentIsAnError();
    void devicesAndHugeFilesAreRefused();
};

void TestProfileParser::validProfileExactValues()
{
    const QByteArray yaml = "name: ssh-sign-ed25519\n"
                            "description: Sign with an ed25519 CA\n"
                            "target:\n"
                            "  address: https://vault.example.test:8200\n"
                            "  namespace: team-a\n"
                            "  ca_file: /etc/vault/ca.pem\n"
                            "  tls_skip_verify: true\n"
                            "  request_timeout: 5s\n"
                            "transport: qnam\n"
                            "ramp:\n"
                            "  executor: closed\n"
                            "  warmup: 1.5s\n"
                            "  stages:\n"
                            "    - { vus: 1, duration: 10s }\n"
                            "    - { vus: 8, duration: 1m30s }\n"
                            "    - vus: 64\n"
                            "      duration: 2m\n"
                            "operations:\n"
                            "  - type: ssh_sign\n"
                            "    weight: 70\n"
                            "    params: { ca_key_type: ed25519 }\n"
                            "  - type: kv2_read\n"
                            "    params:\n"
                            "      keys: 100\n"
                            "      payload_bytes: 256\n"
                            "  - type: sys_health\n"
                            "    weight: 5\n";
    const ProfileParseResult r = parseProfile(yaml);
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const Profile &p = *r.profile;
    QCOMPARE(p.name, QStringLiteral("ssh-sign-ed25519"));
    QCOMPARE(p.description, QStringLiteral("Sign with an ed25519 CA"));
    QCOMPARE(p.target.address, QStringLiteral("https://vault.example.test:8200"));
    QCOMPARE(p.target.vaultNamespace, QStringLiteral("team-a"));
    QCOMPARE(p.target.caFile, QStringLiteral("/etc/vault/ca.pem"));
    QCOMPARE(p.target.tlsSkipVerify, true);
    QCOMPARE(p.target.requestTimeoutMs, qint64(5000));
    QCOMPARE(p.transport, QStringLiteral("qnam"));
    QCOMPARE(p.ramp.model->name(), QStringLiteral("closed"));
    QCOMPARE(p.ramp.warmupMs, qint64(1500));
    QCOMPARE(p.ramp.stages.size(), 3);
    QCOMPARE(p.ramp.stages[0].vus, 1);
    QCOMPARE(p.ramp.stages[0].durationMs, qint64(10000));
    QCOMPARE(p.ramp.stages[1].vus, 8);
    QCOMPARE(p.ramp.stages[1].durationMs, qint64(90000));
    QCOMPARE(p.ramp.stages[2].vus, 64);
    QCOMPARE(p.ramp.stages[2].durationMs, qint64(120000));
    QCOMPARE(p.totalDurationMs(), qint64(220000));
    QCOMPARE(p.operations.size(), 3);
    QCOMPARE(p.operations[0].type, QStringLiteral("ssh_sign"));
    QCOMPARE(p.operations[0].weight, 70);
    QCOMPARE(p.operations[0].params.value(QStringLiteral("ca_key_type")),
             QVariant(QStringLiteral("ed25519")));
    // parsed once, typed, every declared param: the absent ones hold the spec's default
    QCOMPARE(p.operations[0].params.typeName(), QStringLiteral("ssh_sign"));
    QCOMPARE(p.operations[0].params.text(QStringLiteral("client_key_type")),
             QStringLiteral("ed25519"));
    QCOMPARE(p.operations[0].params.durationMs(QStringLiteral("ttl")), qint64(300000));
    QCOMPARE(p.operations[1].type, QStringLiteral("kv2_read"));
    QCOMPARE(p.operations[1].weight, 100); // default
    const QVariant keys = p.operations[1].params.value(QStringLiteral("keys"));
    QCOMPARE(keys.typeId(), int(QMetaType::LongLong));
    QCOMPARE(keys.toLongLong(), 100LL);
    QCOMPARE(p.operations[1].params.value(QStringLiteral("payload_bytes")).toLongLong(), 256LL);
    QCOMPARE(p.operations[2].type, QStringLiteral("sys_health"));
    QCOMPARE(p.operations[2].weight, 5);
    QVERIFY(p.operations[2].params.isEmpty());
    QCOMPARE(p.sourceYaml, yaml);
}

void TestProfileParser::minimalProfileDefaults()
{
    const ProfileParseResult r = parseProfile(kBase);
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const Profile &p = *r.profile;
    const TargetSpec defaults;
    QVERIFY(p.target == defaults);
    QCOMPARE(p.target.address, QStringLiteral("http://127.0.0.1:8200"));
    QCOMPARE(p.target.requestTimeoutMs, qint64(30000));
    QCOMPARE(p.transport, QStringLiteral("direct"));
    QCOMPARE(p.ramp.model->name(), QStringLiteral("closed"));
    QCOMPARE(p.ramp.warmupMs, qint64(1000));
    QCOMPARE(p.ramp.stages.size(), 2);
    QCOMPARE(p.ramp.stages[1].vus, 2);
    QCOMPARE(p.ramp.stages[1].durationMs, qint64(5000));
    QCOMPARE(p.description, QString());
}

void TestProfileParser::errors_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message"); // a part of the expected message

    QTest::newRow("YAML syntax")
        << patched({{1, "name: t\n  colour: blue"}}) << 2 << 9 << ""
        << "YAML syntax error: a key is indented differently from the keys above it (2 spaces "
           "here, 0 on line 1, which already has a value): a value cannot start a map here "
           "(YAML reader: illegal map value)";
    // yaml-cpp's raw words in the user's terms (issue 22, item 12)
    QTest::newRow("YAML syntax, key indented further than its siblings")
        << patched({{7, "       duration: 5s"}}) << 7 << 16 << ""
        << "a key is indented differently from the keys above it (7 spaces here, 6 on line 6";
    QTest::newRow("YAML syntax, key indented less than its siblings")
        << patched({{7, "     duration: 5s"}}) << 7 << 6 << ""
        << "a key is indented differently from the keys above it (5 spaces here, 6 on line 6)";
    QTest::newRow("YAML syntax, missing colon")
        << patched({{2, "ramp"}}) << 3 << 9 << ""
        << "line 2 (\"ramp\") is missing a ':' after its key";
    QTest::newRow("YAML syntax, colon in a plain value")
        << patched({{1, "name: t: u"}}) << 1 << 8 << ""
        << "a value cannot contain \": \" unless it is quoted";
    QTest::newRow("YAML syntax, tab indentation")
        << patched({{3, "\twarmup: 1s"}}) << 3 << 8 << ""
        << "a tab is used for indentation: YAML indents with spaces only";
    // yaml-cpp notices these lines later (line 9 here); the error names the opener
    QTest::newRow("YAML syntax, unclosed flow map")
        << patched({{5, "    - { vus: 1, duration: 10s"}}) << 5 << 7 << ""
        << "YAML syntax error: unclosed '{' opened at line 5, column 7 (noticed at line 9";
    QTest::newRow("YAML syntax, unclosed flow map, brackets in comments and quotes ignored")
        << patched({{1, "name: \"t {[\"   # a { comment ["},
                    {3, "  warmup: '1s ]'  # }"},
                    {6, "    - { vus: 2, # } not a close"},
                    {7, "        duration: 5s"}})
        << 6 << 7 << ""
        << "unclosed '{' opened at line 6, column 7";
    QTest::newRow("YAML syntax, unclosed flow map, apostrophes in plain text ignored")
        << patched({{1, "name: rock 'n roll"}, {5, "    - { vus: 1, duration: 10s"}}) << 5 << 7
        << ""
        << "unclosed '{' opened at line 5, column 7";
    QTest::newRow("YAML syntax, unclosed flow sequence")
        << patched(
               {{8, "operations: [ {type: sys_health}"}, {9, "  , {type: sys_leader}"}, {10, ""}})
        << 8 << 13 << ""
        << "unclosed '[' opened at line 8, column 13";
    QTest::newRow("YAML syntax, unclosed quote")
        << patched({{5, "    - { vus: 1, duration: \"10s }"}}) << 5 << 27 << ""
        << "unclosed '\"' opened at line 5, column 27";
    QTest::newRow("YAML syntax, wrong closing bracket")
        << patched({{5, "    - { vus: 1, duration: 10s ]"}}) << 5 << 7 << ""
        << "'{' opened at line 5, column 7 is closed by ']' at line 5, column 31";
    QTest::newRow("unknown key top level")
        << patched({{1, "name: t\ncolour: blue"}}) << 2 << 1 << "colour"
        << "unknown key \"colour\" (expected: name, description, target, transport, ramp, "
           "operations, slo, analysis, abort, auth, repeat)";
    QTest::newRow("unknown key ramp")
        << patched({{3, "  warmup: 1s\n  stgaes: []"}}) << 4 << 3 << "ramp.stgaes"
        << "unknown key \"stgaes\": did you mean \"stages\"?";
    QTest::newRow("unknown key stage") << patched({{5, "    - { vus: 1, duration: 10s, rte: 5 }"}})
                                       << 5 << 32 << "ramp.stages[0].rte"
                                       << "unknown key \"rte\": did you mean \"rate\"?";
    QTest::newRow("unknown key operation")
        << patched({{10, "    wieght: 100"}}) << 10 << 5 << "operations[0].wieght"
        << "unknown key \"wieght\": did you mean \"weight\"?";
    QTest::newRow("unknown operation type")
        << patched({{9, "  - type: pki_isue"}}) << 9 << 11 << "operations[0].type"
        << "unknown operation type \"pki_isue\": did you mean \"pki_issue\"?";
    QTest::newRow("unknown operation type, one edit")
        << patched({{9, "  - type: ssh_sigm"}}) << 9 << 11 << "operations[0].type"
        << "unknown operation type \"ssh_sigm\": did you mean \"ssh_sign\"?";
    QTest::newRow("unknown operation type, nothing near")
        << patched({{9, "  - type: frobnicate"}}) << 9 << 11 << "operations[0].type"
        << "unknown operation type \"frobnicate\" (known: ";
    QTest::newRow("unknown key target")
        << patched({{1, "name: t\ntarget: { adress: \"http://127.0.0.1:8200\" }"}}) << 2 << 11
        << "target.adress"
        << "unknown key \"adress\": did you mean \"address\"?";
    QTest::newRow("unknown key slo")
        << patched({{10, "    weight: 100\nslo: { p99ms: 5 }"}}) << 11 << 8 << "slo.p99ms"
        << "unknown key \"p99ms\": did you mean \"p99_ms\"?";
    QTest::newRow("unknown key analysis")
        << patched({{10, "    weight: 100\nanalysis: { saturation_gian: 0.1 }"}}) << 11 << 13
        << "analysis.saturation_gian"
        << "unknown key \"saturation_gian\": did you mean \"saturation_gain\"?";
    QTest::newRow("unknown key abort")
        << patched({{10, "    weight: 100\nabort: { enabeld: true }"}}) << 11 << 10
        << "abort.enabeld"
        << "unknown key \"enabeld\": did you mean \"enabled\"?";
    QTest::newRow("unknown key auth")
        << patched({{10, "    weight: 100\nauth: { method: token, pre: vu }"}}) << 11 << 24
        << "auth.pre"
        << "unknown key \"pre\": did you mean \"per\"?";
    QTest::newRow("unknown key auth, nothing near")
        << patched({{10, "    weight: 100\nauth: { method: token, zzz: 1 }"}}) << 11 << 24
        << "auth.zzz"
        << "unknown key \"zzz\" (expected: method, policy, per, ttl)";
    QTest::newRow("unknown auth method")
        << patched({{10, "    weight: 100\nauth: { method: aprole }"}}) << 11 << 17 << "auth.method"
        << "unknown method \"aprole\": did you mean \"approle\"?";
    QTest::newRow("vus 0") << patched({{5, "    - { vus: 0, duration: 10s }"}}) << 5 << 14
                           << "ramp.stages[0].vus"
                           << "must be a whole number from 1";
    QTest::newRow("vus -3") << patched({{6, "    - vus: -3"}}) << 6 << 12 << "ramp.stages[1].vus"
                            << "(got -3)";
    QTest::newRow("vus 1.5") << patched({{6, "    - vus: 1.5"}}) << 6 << 12 << "ramp.stages[1].vus"
                             << "(got \"1.5\")";
    QTest::newRow("vus many") << patched({{6, "    - vus: many"}}) << 6 << 12
                              << "ramp.stages[1].vus"
                              << "must be a whole number";
    QTest::newRow("vus quoted") << patched({{6, "    - vus: \"2\""}}) << 6 << 12
                                << "ramp.stages[1].vus"
                                << "must be a whole number";
    QTest::newRow("duration without unit")
        << patched({{7, "      duration: 10"}}) << 7 << 17 << "ramp.stages[1].duration"
        << "\"10\" is not a duration";
    // ms * 1e6 overflowed in the engine: an empty stage that passed as complete, a negative
    // total; a huge request_timeout gave spurious timeouts (issue 9, item 7)
    QTest::newRow("duration over 7 days")
        << patched({{7, "      duration: 2562048h"}}) << 7 << 17 << "ramp.stages[1].duration"
        << "\"2562048h\" is too long: at most 168h";
    QTest::newRow("duration near qint64 max")
        << patched({{7, "      duration: 9223372036854775807ms"}}) << 7 << 17
        << "ramp.stages[1].duration"
        << "is too long: at most 168h";
    QTest::newRow("request_timeout over 1h")
        << patched({{1, "name: t\ntarget:\n  request_timeout: 2h"}}) << 3 << 20
        << "target.request_timeout"
        << "\"2h\" is too long: at most 1h";
    QTest::newRow("duration garbage") << patched({{5, "    - { vus: 1, duration: ten s }"}}) << 5
                                      << 27 << "ramp.stages[0].duration"
                                      << "\"ten s\" is not a duration";
    QTest::newRow("duration zero")
        << patched({{7, "      duration: 0s"}}) << 7 << 17 << "ramp.stages[1].duration"
        << "must be longer than 0";
    QTest::newRow("warm-up not shorter than stage")
        << patched({{3, "  warmup: 5s"}}) << 7 << 17 << "ramp.stages[1].duration"
        << "must be longer than the warm-up (ramp.warmup: 5s, line 3)";
    QTest::newRow("bad warm-up") << patched({{3, "  warmup: soon"}}) << 3 << 11 << "ramp.warmup"
                                 << "\"soon\" is not a duration";
    QTest::newRow("empty stages") << patched({{4, "  stages: []"}, {5, {}}, {6, {}}, {7, {}}}) << 4
                                  << 11 << "ramp.stages"
                                  << "must be a non-empty list";
    QTest::newRow("missing stages")
        << patched({{4, {}}, {5, {}}, {6, {}}, {7, {}}}) << 3 << 3 << "ramp.stages"
        << "required";
    QTest::newRow("missing name") << patched({{1, {}}}) << 1 << 1 << "name"
                                  << "required";
    QTest::newRow("empty name") << patched({{1, "name: \"\""}}) << 1 << 7 << "name"
                                << "must not be empty";
    QTest::newRow("missing operations")
        << patched({{8, {}}, {9, {}}, {10, {}}}) << 1 << 1 << "operations"
        << "required";
    QTest::newRow("weight 0") << patched({{10, "    weight: 0"}}) << 10 << 13
                              << "operations[0].weight"
                              << "must be a whole number from 1";
    QTest::newRow("invalid param: at the value")
        << patched({{9, "  - type: ssh_sign"}, {10, "    params: { ca_key_type: dsa }"}}) << 10
        << 28 << "operations[0].params.ca_key_type"
        << "must be one of ed25519, rsa-2048, rsa-4096 (got \"dsa\")";
    QTest::newRow("unknown ca_key_type is not ed25519")
        << patched({{9, "  - type: ssh_sign"}, {10, "    params:\n      ca_key_type: rsa-1024"}})
        << 11 << 20 << "operations[0].params.ca_key_type"
        << "must be one of ed25519, rsa-2048, rsa-4096 (got \"rsa-1024\")";
    QTest::newRow("param of the wrong type")
        << patched({{9, "  - type: kv2_read"}, {10, "    params: { keys: \"50\" }"}}) << 10 << 21
        << "operations[0].params.keys"
        << "must be a whole number from 1 to 100000 (got \"50\")";
    QTest::newRow("param out of range")
        << patched({{9, "  - type: ssh_sign"}, {10, "    params: { ttl: 48h }"}}) << 10 << 20
        << "operations[0].params.ttl"
        << "from 1s to 24h, whole seconds";
    QTest::newRow("unknown param") << patched({{10, "    params:\n      colour: red"}}) << 11 << 7
                                   << "operations[0].params.colour"
                                   << "unknown parameter";
    QTest::newRow("params not a map")
        << patched({{10, "    params: [1, 2]"}}) << 10 << 13 << "operations[0].params"
        << "must be a mapping";
    QTest::newRow("token key top level")
        << patched({{1, "name: t\ntoken: s.abc"}}) << 2 << 1 << "token"
        << "tokens are never stored in profiles: use VAULT_TOKEN, BAO_TOKEN or ~/.vault-token";
    QTest::newRow("vault_token in target")
        << patched({{1, "name: t\ntarget:\n  vault_token: s.abc"}}) << 3 << 3
        << "target.vault_token"
        << "tokens are never stored in profiles";
    QTest::newRow("token in params") << patched({{10, "    params: { X-Vault-Token: s.abc }"}})
                                     << 10 << 15 << "operations[0].params.X-Vault-Token"
                                     << "tokens are never stored in profiles";
    QTest::newRow("bad address") << patched({{1, "name: t\ntarget: { address: ftp://host }"}}) << 2
                                 << 20 << "target.address"
                                 << "http:// or https://";
    QTest::newRow("address with credentials")
        << patched({{1, "name: t\ntarget: { address: \"http://u:p@host:8200\" }"}}) << 2 << 20
        << "target.address"
        << "user name or password";
    QTest::newRow("unknown transport")
        << patched({{1, "name: t\ntransport: carrier-pigeon"}}) << 2 << 12 << "transport"
        << "unknown transport";
    QTest::newRow("unknown executor")
        << patched({{3, "  executor: open\n  warmup: 1s"}}) << 3 << 13 << "ramp.executor"
        << "supported: closed";
    QTest::newRow("bad bool") << patched({{1, "name: t\ntarget: { tls_skip_verify: maybe }"}}) << 2
                              << 28 << "target.tls_skip_verify"
                              << "true or false";
    QTest::newRow("duplicate key") << patched({{1, "name: t\nname: u"}}) << 2 << 1 << "name"
                                   << "duplicate key";
    QTest::newRow("not a mapping") << QByteArray("- just\n- a list\n") << 1 << 1 << ""
                                   << "must be a mapping";
    QTest::newRow("empty document") << QByteArray("# nothing\n") << 0 << 0 << ""
                                    << "the profile is empty";
}

void TestProfileParser::errors()
{
    QFETCH(QByteArray, yaml);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const ProfileParseResult r = parseProfile(yaml);
    QVERIFY(!r.ok());
    QVERIFY(!r.profile.has_value());
    QVERIFY2(r.errors.size() == 1,
             qPrintable(QStringLiteral("expected exactly one error, got:\n  ") + dump(r.errors)));
    const ProfileError &e = r.errors.first();
    QCOMPARE(e.field, field);
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
    QVERIFY2(e.message.contains(message), qPrintable(e.message));
    QVERIFY(!e.message.isEmpty());
}

// "Did you mean" (core/profile/nearestword.h): at most 2 edits and fewer than half of the
// typed word's length; a swap of two neighbours is one edit.
void TestProfileParser::suggestionThreshold()
{
    QCOMPARE(editDistance(QStringLiteral("wieght"), QStringLiteral("weight")), 1);
    QCOMPARE(editDistance(QStringLiteral("ssh_sigm"), QStringLiteral("ssh_sign")), 1);
    QCOMPARE(editDistance(QStringLiteral("kv"), QStringLiteral("kv2_read")), 6);
    QCOMPARE(editDistance(QString(), QStringLiteral("abc")), 3);
    const QStringList keys = {QStringLiteral("name"), QStringLiteral("ramp"),
                              QStringLiteral("target")};
    QCOMPARE(nearestWord(QStringLiteral("nmae"), keys), QStringLiteral("name"));
    QCOMPARE(nearestWord(QStringLiteral("trgte"), keys), QStringLiteral("target")); // 2 edits
    QCOMPARE(nearestWord(QStringLiteral("tx"), keys), QString()); // too short for any edit
    QCOMPARE(nearestWord(QStringLiteral("rmp"), keys), QStringLiteral("ramp"));
    QCOMPARE(nearestWord(QStringLiteral("zzzget"), keys), QString()); // 3 edits: too far
    QCOMPARE(nearestWord(QStringLiteral("name"), keys), QString()); // known: nothing to suggest
    // a tie goes to the first in the list's order
    QCOMPARE(nearestWord(QStringLiteral("xame"), {QStringLiteral("name"), QStringLiteral("game")}),
             QStringLiteral("name"));
}

void TestProfileParser::allErrorsReported()
{
    const QByteArray yaml = patched({{5, "    - { vus: 0, duration: 10s }"},
                                     {7, "      duration: ten s"},
                                     {10, "    weight: 0"}});
    const ProfileParseResult r = parseProfile(yaml);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 3);
    QCOMPARE(r.errors[0].field, QStringLiteral("ramp.stages[0].vus"));
    QCOMPARE(r.errors[0].line, 5);
    QCOMPARE(r.errors[1].field, QStringLiteral("ramp.stages[1].duration"));
    QCOMPARE(r.errors[1].line, 7);
    QCOMPARE(r.errors[2].field, QStringLiteral("operations[0].weight"));
    QCOMPARE(r.errors[2].line, 10);
    QCOMPARE(r.errors[2].toString(),
             QStringLiteral("line 10, column 13: operations[0].weight: must be a whole number "
                            "from 1 to 1000000 (got 0)"));
}

void TestProfileParser::tokenValueNeverEchoed()
{
    // Token-shaped, made at run time: no token-like literal lives in the sources.
    const QByteArray secret = "s." + QUuid::createUuid().toByteArray(QUuid::Id128);
    const ProfileParseResult r =
        parseProfile(patched({{1, "name: t\ntarget:\n  token: " + secret},
                              {10, "    params: { vault_token: " + secret + " }"}}));
    QCOMPARE(r.errors.size(), 2);
    for (const ProfileError &e : r.errors)
        QVERIFY(!e.toString().contains(QString::fromLatin1(secret)));
}

void TestProfileParser::loadProfileFileErrors()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const ProfileParseResult missing = loadProfileFile(dir.filePath(QStringLiteral("nope.yaml")));
    QCOMPARE(missing.errors.size(), 1);
    QCOMPARE(missing.errors[0].line, 0);
    QVERIFY(missing.errors[0].message.contains(QLatin1String("nope.yaml")));

    QFile f(dir.filePath(QStringLiteral("ok.yaml")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kBase);
    f.close();
    const ProfileParseResult ok = loadProfileFile(f.fileName());
    QVERIFY2(ok.ok(), qPrintable(dump(ok.errors)));
    QCOMPARE(ok.profile->sourceYaml, QByteArray(kBase));
}

// yaml-cpp 0.7 reports an empty document forever for a lone "," (its node loader then grows
// by hundreds of MB a second): one located syntax error instead, at once.
void TestProfileParser::strayFlowIndicatorIsASyntaxError_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::newRow("lone comma") << QByteArray(",") << 1 << 1;
    QTest::newRow("space comma") << QByteArray(" ,") << 1 << 2;
    QTest::newRow("comma newline") << QByteArray(",\n") << 1 << 1;
    QTest::newRow("comment then comma") << QByteArray("# a profile\n,\n") << 2 << 1;
}

void TestProfileParser::strayFlowIndicatorIsASyntaxError()
{
    QFETCH(QByteArray, yaml);
    QFETCH(int, line);
    QFETCH(int, column);
    QElapsedTimer t;
    t.start();
    const ProfileParseResult r = parseProfile(yaml);
    QVERIFY(t.elapsed() < 5000);
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().message.contains(QStringLiteral("unexpected \",\"")),
             qPrintable(dump(r.errors)));
    QCOMPARE(r.errors.first().line, line);
    QCOMPARE(r.errors.first().column, column);
}

void TestProfileParser::secondDocumentIsAnError()
{
    const ProfileParseResult r = parseProfile(QByteArray(kBase) + "---\nname: other\n");
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().message.contains(QStringLiteral("single YAML document")),
             qPrintable(dump(r.errors)));
    QCOMPARE(r.errors.first().line, QByteArray(kBase).count('\n') + 1);
}

// A device or FIFO would be read forever (/dev/zero, /dev/urandom); a huge file is refused by
// its size before it is read.
void TestProfileParser::devicesAndHugeFilesAreRefused()
{
    for (const char *device : {"/dev/zero", "/dev/urandom"}) {
        const ProfileParseResult r = loadProfileFile(QString::fromLatin1(device));
        QCOMPARE(r.errors.size(), 1);
        QVERIFY2(r.errors[0].message.contains(QLatin1String("not a regular file")),
                 qPrintable(dump(r.errors)));
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile big(dir.filePath(QStringLiteral("big.yaml")));
    QVERIFY(big.open(QIODevice::WriteOnly));
    QVERIFY(big.resize(kMaxProfileBytes + 1)); // sparse: no 4 MiB written
    big.close();
    const ProfileParseResult r = loadProfileFile(big.fileName());
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors[0].message.contains(QLatin1String("at most")), qPrintable(dump(r.errors)));
}

void TestProfileParser::shippedProfilesParse()
{
    const QDir dir(QStringLiteral(VW_SOURCE_DIR "/profiles"));
    const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
    if (files.isEmpty())
        QSKIP("no shipped profiles in profiles/*.yaml yet");
    for (const QString &name : files) {
        const ProfileParseResult r = loadProfileFile(dir.filePath(name));
        QVERIFY2(r.ok(), qPrintable(name + QStringLiteral(":\n  ") + dump(r.errors)));
        QVERIFY(!r.profile->name.isEmpty());
        QVERIFY(!r.profile->ramp.stages.isEmpty());
        QVERIFY(!r.profile->operations.isEmpty());
    }
    // The one-type-each profiles of profiles/dynamic/ parse, with a header comment, and each
    // names its own type (its file name, '-' for '_') among its operations.
    const QDir dynamic(QStringLiteral(VW_SOURCE_DIR "/profiles/dynamic"));
    const QStringList dynamicFiles = dynamic.entryList({QStringLiteral("*.yaml")}, QDir::Files);
    QVERIFY(!dynamicFiles.isEmpty());
    for (const QString &name : dynamicFiles) {
        const ProfileParseResult r = loadProfileFile(dynamic.filePath(name));
        QVERIFY2(r.ok(), qPrintable(name + QStringLiteral(":\n  ") + dump(r.errors)));
        const QString type = name.chopped(5).replace(QLatin1Char('-'), QLatin1Char('_'));
        QVERIFY2(std::any_of(r.profile->operations.cbegin(), r.profile->operations.cend(),
                             [&](const OperationSpec &o) { return o.type == type; }),
                 qPrintable(name));
        QFile f(dynamic.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readLine().startsWith("# "), qPrintable(name));
    }
    // The study profiles (profiles/studies/) parse too, and each opens with a header comment
    // saying which study it reproduces. (*.study.yaml are study files, not profiles.)
    const QDir studies(QStringLiteral(VW_SOURCE_DIR "/profiles/studies"));
    for (const QString &name : studies.entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
        if (name.endsWith(QLatin1String(".study.yaml")))
            continue;
        const ProfileParseResult r = loadProfileFile(studies.filePath(name));
        QVERIFY2(r.ok(), qPrintable(name + QStringLiteral(":\n  ") + dump(r.errors)));
        QFile f(studies.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readLine().startsWith("# "), qPrintable(name));
    }
}

// An alias inside its own anchor is a cycle, nested aliases expand exponentially ("billion
// laughs"): both are one located error, not a crash (stack overflow) or a hang.
void TestProfileParser::runawayAliasesAreErrors_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::newRow("sequence refers to itself") << QByteArray("name: t\nx: &a [*a]\n");
    QTest::newRow("mapping refers to itself") << QByteArray("name: t\nfoo: &a {b: *a}\n");
    QByteArray laughs = "name: t\nl0: &l0 [x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i <= 9; ++i) { // 9^10 nodes when expanded
        laughs += QStringLiteral("l%1: &l%1 [").arg(i).toUtf8();
        for (int k = 0; k < 9; ++k)
            laughs += QStringLiteral("%1*l%2").arg(k ? ", " : "").arg(i - 1).toUtf8();
        laughs += "]\n";
    }
    QTest::newRow("billion laughs") << laughs;
    QByteArray deep = "name: t\nx: ";
    deep += QByteArray(100, '[') + QByteArray(100, ']') + "\n";
    QTest::newRow("100 levels") << deep;
}

void TestProfileParser::runawayAliasesAreErrors()
{
    QFETCH(QByteArray, yaml);
    const ProfileParseResult r = parseProfile(yaml);
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.first().message.contains(QStringLiteral("nests too deeply")),
             qPrintable(dump(r.errors)));
    QVERIFY(r.errors.first().line >= 1);
}

// ca_path, client_cert, client_key (issue 9, item 4); TLS files with an http:// address in
// the same profile are errors at their line and column; the cert and key go together.
void TestProfileParser::tlsFilesOfTheTarget()
{
    const QByteArray tail = "ramp:\n  stages:\n    - { vus: 1, duration: 1s }\n"
                            "operations:\n  - type: sys_health\n";
    const ProfileParseResult ok =
        parseProfile("name: t\ntarget:\n  address: https://v.example:8200\n  ca_path: /etc/cas\n"
                     "  client_cert: /c.pem\n  client_key: /c.key\n"
                     + tail);
    QVERIFY(ok.ok());
    QCOMPARE(ok.profile->target.caPath, QStringLiteral("/etc/cas"));
    QCOMPARE(ok.profile->target.clientCert, QStringLiteral("/c.pem"));
    QCOMPARE(ok.profile->target.clientKey, QStringLiteral("/c.key"));

    const ProfileParseResult http =
        parseProfile("name: t\ntarget:\n  address: http://127.0.0.1:8200\n  ca_file: /ca.pem\n"
                     "  ca_path: /etc/cas\n"
                     + tail);
    QCOMPARE(http.errors.size(), 2);
    QCOMPARE(http.errors[0].field, QStringLiteral("target.ca_file"));
    QCOMPARE(http.errors[0].line, 4);
    QCOMPARE(http.errors[0].column, 12);
    QVERIFY(http.errors[0].message.startsWith(QStringLiteral("needs an https:// address")));
    QCOMPARE(http.errors[1].field, QStringLiteral("target.ca_path"));
    QCOMPARE(http.errors[1].line, 5);

    // without an address in the profile the effective one decides (core/vault/targetresolver.h)
    QVERIFY(parseProfile("name: t\ntarget:\n  ca_file: /ca.pem\n" + tail).ok());

    const ProfileParseResult half = parseProfile(
        "name: t\ntarget:\n  address: https://v.example:8200\n  client_cert: /c.pem\n" + tail);
    QCOMPARE(half.errors.size(), 1);
    QCOMPARE(half.errors[0].field, QStringLiteral("target"));
    QVERIFY(half.errors[0].message.contains(QStringLiteral("client_cert and client_key")));
}

QTEST_GUILESS_MAIN(TestProfileParser)
#include "tst_profileparser.moc"
