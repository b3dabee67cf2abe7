// importVaultBenchmarkConfig(): seed 000's config (the vault-benchmark README's approle +
// kvv2 tutorial, token line included) becomes the expected profile text with a note about
// the dropped token; the mapping table's conversions; every documented rejection at its line
// and column; the profile parser's verdict on the result (checkImportedProfile).
#include "ops/operationregistry.h"
#include "import/vaultbenchmarkimport.h"
#include "import/vaultbenchmarkmapping.h"
#include "profile/profileparser.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace vw;

namespace {

// Seed 000's config.hcl, as the tutorial prints it (its token is a placeholder value).
const char kSeed000[] = "# Vault server configuration\n" // 1
                        "vault_addr = \"http://127.0.0.1:8200\"\n" // 2
                        "vault_token = \"s.SeedTokenValue123\"\n" // 3
                        "vault_namespace=\"root\"\n" // 4
                        "\n" // 5
                        "# Benchmark measurement duration\n" // 6
                        "duration = \"30s\"\n" // 7
                        "# If this is not set to true, the artifacts remain\n" // 8
                        "cleanup = true\n" // 9
                        "\n" // 10
                        "# AppRole Auth Method test\n" // 11
                        "test \"approle_auth\" \"approle_logins\" {\n" // 12
                        "  weight = 50 # 50% of the requests\n" // 13
                        "  config {\n" // 14
                        "    role {\n" // 15
                        "      role_name = \"benchmark-role\"\n" // 16
                        "      token_ttl=\"2m\"\n" // 17
                        "    }\n" // 18
                        "  }\n" // 19
                        "}\n" // 20
                        "\n" // 21
                        "# KV v2 Secret Engine test\n" // 22
                        "test \"kvv2_write\" \"static_secret_writes\" {\n" // 23
                        "  weight = 50\n" // 24
                        "  config {\n" // 25
                        "    numkvs = 100 # Number of k/v pairs\n" // 26
                        "    kvsize = 100 # 100 bytes\n" // 27
                        "  }\n" // 28
                        "}\n"; // 29

const char kSeed000Profile[] =
    "# Imported from the vault-benchmark config config.hcl by `vault-workbench import-hcl`\n"
    "# (docs/profile-format.md, \"Importing vault-benchmark configs\").\n"
    "# note: vault_token (line 3) was not copied: a token never goes into a profile; give it "
    "as VAULT_TOKEN (or BAO_TOKEN, or ~/.vault-token) when you run the profile\n"
    "# note: cleanup and random_mounts are not needed: the workbench always puts what a run "
    "creates under a random run prefix and removes it after the run (also after a stop or "
    "failure)\n"
    "# note: test \"approle_logins\": config role.role_name is not used: the workbench names "
    "what it creates under the run prefix\n"
    "name: \"config\"\n"
    "description: \"imported from vault-benchmark config config.hcl\"\n"
    "target:\n"
    "  address: \"http://127.0.0.1:8200\"\n"
    "  namespace: \"root\"\n"
    "ramp:\n"
    "  executor: closed\n"
    "  stages:\n"
    // yaml-cpp's emitter writes flow maps without inner spaces (the text was concatenated
    // by hand before, as "- { vus: 10, duration: 30s }")
    "    - {vus: 10, duration: 30s}\n"
    "operations:\n"
    "  - type: approle_login\n"
    "    name: approle_logins\n"
    "    weight: 50\n"
    "    params:\n"
    "      ttl: \"2m\"\n"
    "  - type: kv2_write\n"
    "    name: static_secret_writes\n"
    "    weight: 50\n"
    "    params:\n"
    "      keys: 100\n"
    "      payload_bytes: 100\n";

QString dump(const QList<HclError> &errors)
{
    QStringList out;
    for (const HclError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

/// One test block around `body` lines, weight 100, after a minimal header.
QByteArray oneTest(const QByteArray &type, const QByteArray &body)
{
    return "duration = \"5s\"\n" // 1
           "test \""
           + type
           + "\" \"t1\" {\n" // 2
             "  weight = 100\n" // 3
             "  config {\n" // 4
           + body + // 5...
           "  }\n"
           "}\n";
}

/// The params lines of the first operation of an import's YAML ("key: value" each).
QStringList paramLines(const QByteArray &yaml)
{
    QStringList out;
    bool in = false;
    for (const QByteArray &line : yaml.split('\n')) {
        if (line.startsWith("    params:")) {
            in = true;
            continue;
        }
        if (in && line.startsWith("      "))
            out << QString::fromUtf8(line.trimmed());
        else if (in)
            break;
    }
    return out;
}

} // namespace

class TestVaultBenchmarkImport : public QObject {
    Q_OBJECT
private slots:
    void seed000();
    void seed000ParsesOnceApproleLoginExists();
    void rpsBecomesArrivalRate();
    void fieldConversions_data();
    void fieldConversions();
    void defaultsOfVaultBenchmarkRun_data();
    void defaultsOfVaultBenchmarkRun();
    void errors_data();
    void errors();
    void everyMappingNamesATypeAndParams();
    void everyDocumentedFieldIsMappedOrLeftOut();
    void leftOutFieldsAreNotedOncePerReason();
    void docsTableMatchesTheMapping();
};

void TestVaultBenchmarkImport::seed000()
{
    const VbImportResult r = importVaultBenchmarkConfig(kSeed000, QStringLiteral("config"),
                                                        QStringLiteral("config.hcl"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    QCOMPARE(QString::fromUtf8(r.yaml), QString::fromUtf8(kSeed000Profile));
    QVERIFY(r.notes.first().startsWith(QStringLiteral("vault_token (line 3) was not copied")));
    // the token's value is nowhere: not in the profile, not in a note
    QVERIFY(!r.yaml.contains("SeedTokenValue"));
    QVERIFY(!r.notes.join(QLatin1Char(' ')).contains(QStringLiteral("SeedTokenValue")));
    QCOMPARE(r.operationPos.size(), 2);
    QCOMPARE(r.operationPos.at(0).line, 12);
    QCOMPARE(r.operationPos.at(1).line, 23);
}

void TestVaultBenchmarkImport::seed000ParsesOnceApproleLoginExists()
{
    const VbImportResult r = importVaultBenchmarkConfig(kSeed000, QStringLiteral("config"),
                                                        QStringLiteral("config.hcl"));
    QVERIFY(r.ok());
    const QList<HclError> problems = checkImportedProfile(r);
    const ProfileParseResult parsed = parseProfile(r.yaml);
    if (OperationRegistry::instance().find(QStringLiteral("approle_login"))) {
        QVERIFY2(problems.isEmpty(), qPrintable(dump(problems)));
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.profile->operations.at(0).name, QStringLiteral("approle_logins"));
        QCOMPARE(parsed.profile->operations.at(1).name, QStringLiteral("static_secret_writes"));
        QCOMPARE(parsed.profile->ramp.stages.at(0).vus, 10);
        QCOMPARE(parsed.profile->ramp.stages.at(0).durationMs, qint64(30000));
    } else {
        // Until approle_login is registered: exactly one problem, naming the type, at the
        // approle test's type label in the HCL text.
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.at(0).line, 12);
        QCOMPARE(problems.at(0).column, 6);
        QVERIFY2(problems.at(0).message.startsWith(
                     QStringLiteral("imported profile: operations[0].type: unknown operation "
                                    "type \"approle_login\"")),
                 qPrintable(problems.at(0).message));
        QCOMPARE(parsed.errors.size(), 1);
    }
}

void TestVaultBenchmarkImport::rpsBecomesArrivalRate()
{
    const VbImportResult r =
        importVaultBenchmarkConfig("vault_addr = \"https://vault.example:8200\"\n"
                                   "ca_pem_file = \"/etc/vault/ca.pem\"\n"
                                   "workers = 32\n"
                                   "rps = 500\n"
                                   "duration = \"1m30s\"\n"
                                   "report_mode = \"verbose\"\n"
                                   "test \"kvv2_read\" \"reads\" { weight = 90 }\n"
                                   "test \"kvv2_write\" \"writes\" {\n"
                                   "  weight = 10\n"
                                   "  config { kvsize = 1024 }\n"
                                   "}\n",
                                   QStringLiteral("kv-mix"), QStringLiteral("kv-mix.hcl"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const ProfileParseResult parsed = parseProfile(r.yaml);
    QVERIFY2(parsed.ok(), r.yaml.constData());
    const Profile &p = *parsed.profile;
    QCOMPARE(p.target.address, QStringLiteral("https://vault.example:8200"));
    QCOMPARE(p.target.caFile, QStringLiteral("/etc/vault/ca.pem"));
    QVERIFY(p.ramp.model->isOpen());
    QCOMPARE(p.ramp.peakVus(), 32);
    QCOMPARE(p.ramp.stages.size(), 1);
    QCOMPARE(p.ramp.stages.at(0).rate, 500.0);
    QCOMPARE(p.ramp.stages.at(0).durationMs, qint64(90000));
    QCOMPARE(p.operations.size(), 2);
    QCOMPARE(p.operations.at(0).name, QStringLiteral("reads"));
    QCOMPARE(p.operations.at(0).weight, 90);
    // vault-benchmark's defaults are written where they differ from the workbench's
    QCOMPARE(p.operations.at(0).params.integer(QStringLiteral("keys")), qint64(1000));
    QCOMPARE(p.operations.at(0).params.integer(QStringLiteral("payload_bytes")), qint64(1));
    QCOMPARE(p.operations.at(1).params.integer(QStringLiteral("payload_bytes")), qint64(1024));
    QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QStringLiteral("arrival-rate")));
    QVERIFY(r.notes.join(QLatin1Char('\n')).contains(QStringLiteral("report_mode")));
}

void TestVaultBenchmarkImport::fieldConversions_data()
{
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("expectedType");
    QTest::addColumn<QStringList>("params");
    QTest::newRow("approle durations: number of seconds")
        << QByteArray("approle_auth")
        << QByteArray("    role {\n      token_ttl = 120\n      token_type = \"batch\"\n"
                      "      secret_id_ttl = \"600\"\n    }\n")
        << "approle_login"
        << QStringList{"ttl: \"120s\"", "type: \"batch\"", "secret_id_ttl: \"600s\""};
    QTest::newRow("pki ec key with bits")
        << QByteArray("pki_issue")
        << QByteArray("    role {\n      key_type = \"ec\"\n      key_bits = 384\n"
                      "      ttl = \"10s\"\n      no_store = true\n    }\n"
                      "    root_ca { common_name = \"x\" }\n")
        << "pki_issue" << QStringList{"key_type: \"ec-384\"", "ttl: \"10s\"", "no_store: true"};
    QTest::newRow("pki defaults: rsa-2048, 5m")
        << QByteArray("pki_issue") << QByteArray("") << "pki_issue"
        << QStringList{"key_type: \"rsa-2048\"   # vault-benchmark's default",
                       "ttl: \"5m\"   # vault-benchmark's default"};
    QTest::newRow("ssh_sign rsa CA: Vault's 4096 bits")
        << QByteArray("ssh_sign") << QByteArray("    ca { key_type = \"rsa\" }\n") << "ssh_sign"
        << QStringList{"ca_key_type: \"rsa-4096\""};
    QTest::newRow("ssh_sign ed25519 CA")
        << QByteArray("ssh_sign") << QByteArray("    ca { key_type = \"ssh-ed25519\" }\n")
        << "ssh_sign" << QStringList{"ca_key_type: \"ed25519\""};
    QTest::newRow("transit sign: key and algorithms")
        << QByteArray("transit_sign")
        << QByteArray("    keys {\n      name = \"k\"\n      type = \"ecdsa-p256\"\n    }\n"
                      "    sign {\n      hash_algorithm = \"sha2-512\"\n"
                      "      signature_algorithm = \"pkcs1v15\"\n    }\n")
        << "transit_sign"
        << QStringList{"key_type: \"ecdsa-p256\"", "hash_algorithm: \"sha2-512\"",
                       "signature_algorithm: \"pkcs1v15\""};
    QTest::newRow("transit encrypt: payload and the rsa-2048 default")
        << QByteArray("transit_encrypt") << QByteArray("    payload_len = 30720\n")
        << "transit_encrypt"
        << QStringList{"payload_bytes: 30720",
                       "key_type: \"rsa-2048\"   # vault-benchmark's default"};
    QTest::newRow("kvv1_read") << QByteArray("kvv1_read") << QByteArray("    numkvs = 10\n")
                               << "kv1_read"
                               << QStringList{"keys: 10",
                                              "payload_bytes: 1   # vault-benchmark's default"};
    QTest::newRow("userpass: password never copied")
        << QByteArray("userpass_auth")
        << QByteArray("    username = \"u\"\n    password = \"hunter2hunter2\"\n"
                      "    token_type = \"service\"\n")
        << "userpass_login" << QStringList{"type: \"service\""};
    // vault-benchmark's HCL decoder turns strings into the numbers and bools it fills
    // (docs/examples/pki writes key_bits = "256")
    QTest::newRow("pki key_bits as a string, no_store as a string")
        << QByteArray("pki_issue")
        << QByteArray("    role {\n      key_type = \"ec\"\n      key_bits = \"384\"\n"
                      "      no_store = \"true\"\n      generate_lease = true\n    }\n")
        << "pki_issue"
        << QStringList{"key_type: \"ec-384\"", "no_store: true",
                       "ttl: \"5m\"   # vault-benchmark's default"};
    QTest::newRow("kv numbers as strings")
        << QByteArray("kvv2_write") << QByteArray("    numkvs = \"10\"\n    kvsize = \"1000\"\n")
        << "kv2_write" << QStringList{"keys: 10", "payload_bytes: 1000"};
    QTest::newRow("totp algorithm and digits")
        << QByteArray("totp_generate")
        << QByteArray("    algorithm = \"SHA256\"\n    digits = 8\n    period = 30\n")
        << "totp_generate" << QStringList{"algorithm: \"SHA256\"", "digits: 8"};
    QTest::newRow("ssh_issue CA key type")
        << QByteArray("ssh_issue")
        << QByteArray("    ca { key_type = \"ed25519\" }\n"
                      "    role { allow_user_certificates = true }\n")
        << "ssh_issue"
        << QStringList{"ca_key_type: \"ed25519\"",
                       "key_type: \"rsa-2048\"   # vault-benchmark's default"};
    QTest::newRow("seal_status") << QByteArray("seal_status") << QByteArray("") << "sys_seal_status"
                                 << QStringList{};
}

void TestVaultBenchmarkImport::fieldConversions()
{
    QFETCH(QByteArray, type);
    QFETCH(QByteArray, config);
    QFETCH(QString, expectedType);
    QFETCH(QStringList, params);
    const VbImportResult r = importVaultBenchmarkConfig(oneTest(type, config), QStringLiteral("p"),
                                                        QStringLiteral("p.hcl"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    QVERIFY2(r.yaml.contains("  - type: " + expectedType.toUtf8() + "\n    name: t1\n"),
             r.yaml.constData());
    QCOMPARE(paramLines(r.yaml), params);
    QVERIFY(!r.yaml.contains("hunter2"));
}

void TestVaultBenchmarkImport::defaultsOfVaultBenchmarkRun_data()
{
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QByteArray>("config");
    QTest::newRow("ssh_sign rsa CA (4096 bits)")
        << QByteArray("ssh_sign") << QByteArray("    ca { key_type = \"rsa\" }\n");
    QTest::newRow("ssh_sign default CA") << QByteArray("ssh_sign") << QByteArray("");
    QTest::newRow("ssh_issue rsa")
        << QByteArray("ssh_issue") << QByteArray("    issued_cert { key_type = \"rsa\" }\n");
    QTest::newRow("pki_issue defaults") << QByteArray("pki_issue") << QByteArray("");
    QTest::newRow("transit_sign defaults") << QByteArray("transit_sign") << QByteArray("");
}

// A config that only says what vault-benchmark does by default imports as a profile this
// build runs: checkImportedProfile() (the profile parser over the import) finds nothing.
// An RSA CA of vault-benchmark's 4096 bits was once written as a ca_key_type ssh_sign refused.
void TestVaultBenchmarkImport::defaultsOfVaultBenchmarkRun()
{
    QFETCH(QByteArray, type);
    QFETCH(QByteArray, config);
    const VbImportResult r = importVaultBenchmarkConfig(oneTest(type, config), QStringLiteral("p"),
                                                        QStringLiteral("p.hcl"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const QList<HclError> problems = checkImportedProfile(r);
    QVERIFY2(problems.isEmpty(), qPrintable(dump(problems) + QLatin1Char('\n') + r.yaml));
}

void TestVaultBenchmarkImport::errors_data()
{
    QTest::addColumn<QByteArray>("hcl");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    const QByteArray t = "test \"kvv2_read\" \"r\" { weight = 100 }\n";
    QTest::newRow("unknown top-level key (vault-benchmark ignores it)")
        << QByteArray("duration = \"5s\"\naudits_path = \"/tmp/a\"\n" + t) << 2 << 1
        << "unknown top-level attribute \"audits_path\"";
    QTest::newRow("unknown test type")
        << QByteArray("test \"kvv3_read\" \"r\" { weight = 100 }\n") << 1 << 6
        << "test type \"kvv3_read\" cannot be imported (known: kvv1_read,";
    QTest::newRow("unknown config field")
        << oneTest("kvv2_read", "    numkvs = 10\n    kvsizes = 5\n") << 6 << 5
        << "test \"t1\" (kvv2_read): unknown config field \"kvsizes\" (known: numkvs, kvsize)";
    QTest::newRow("unknown nested config field")
        << oneTest("approle_auth", "    role {\n      token_tl = \"2m\"\n    }\n") << 6 << 7
        << "unknown config field \"role.token_tl\"";
    QTest::newRow("weights add up to 90")
        << QByteArray("workers = 4\n"
                      "test \"kvv2_read\" \"r\" { weight = 60 }\n"
                      "test \"kvv2_write\" \"w\" { weight = 30 }\n")
        << 2 << 1 << "the tests' weights add up to 90, not 100 (r 60, w 30)";
    QTest::newRow("weight missing") << QByteArray("test \"kvv2_read\" \"r\" {\n}\n") << 1 << 1
                                    << "test \"r\": weight is required";
    QTest::newRow("test with one label") << QByteArray("test \"kvv2_read\" { weight = 100 }\n") << 1
                                         << 1 << "a test block needs two labels";
    QTest::newRow("same test name twice")
        << QByteArray("test \"kvv2_read\" \"r\" { weight = 50 }\n"
                      "test \"kvv2_write\" \"r\" { weight = 50 }\n")
        << 2 << 19 << "test name \"r\" is used twice";
    QTest::newRow("test name not a label")
        << QByteArray("test \"kvv2_read\" \"my reads\" { weight = 100 }\n") << 1 << 18
        << "test name \"my reads\" becomes the operation's label";
    QTest::newRow("duration not a duration")
        << QByteArray("duration = \"thirty\"\n" + t) << 1 << 12 << "duration \"thirty\"";
    QTest::newRow("workers zero") << QByteArray("workers = 0\n" + t) << 1 << 11
                                  << "workers must be a whole number from 1 to 100000";
    QTest::newRow("cluster_json") << QByteArray("cluster_json = \"c.json\"\n" + t) << 1 << 1
                                  << "cluster_json cannot be imported";
    QTest::newRow("unknown block") << QByteArray("tests \"kvv2_read\" \"r\" {}\n" + t) << 1 << 1
                                   << "unknown block \"tests\" (known: test)";
    QTest::newRow("unknown attribute in a test")
        << QByteArray("test \"kvv2_read\" \"r\" {\n  weight = 100\n  wieght = 1\n}\n") << 3 << 3
        << "test \"r\": unknown attribute \"wieght\"";
    QTest::newRow("unmapped key type")
        << oneTest("pki_issue", "    role { key_type = \"dsa\" }\n") << 5 << 23
        << "role.key_type: key type \"dsa\" has no workbench equivalent";
    QTest::newRow("no tests") << QByteArray("duration = \"5s\"\n") << 1 << 1 << "no test blocks";
    QTest::newRow("syntax error") << QByteArray("duration = \"5s\n") << 1 << 12
                                  << "string is not closed";
}

void TestVaultBenchmarkImport::errors()
{
    QFETCH(QByteArray, hcl);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    const VbImportResult r =
        importVaultBenchmarkConfig(hcl, QStringLiteral("p"), QStringLiteral("p.hcl"));
    QVERIFY(!r.ok());
    QVERIFY(r.yaml.isEmpty());
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors.at(0).message.contains(message), qPrintable(dump(r.errors)));
    QCOMPARE(r.errors.at(0).line, line);
    QCOMPARE(r.errors.at(0).column, column);
}

void TestVaultBenchmarkImport::everyMappingNamesATypeAndParams()
{
    // The table is data: each vault-benchmark type once (or once per value of its select
    // field, e.g. identity's workload, one of them the default), each with a workbench type;
    // every field maps to a param; no field is both mapped and dropped.
    QStringList seen;
    for (const VbTestMapping &m : vaultBenchmarkMappings()) {
        QVERIFY(!m.type.isEmpty());
        if (!m.selectField.isEmpty()) {
            for (const QString &v : m.selectValues)
                QCOMPARE(findVaultBenchmarkMapping(m.vbType, v), &m);
            if (m.selectDefault)
                QCOMPARE(findVaultBenchmarkMapping(m.vbType, QString()), &m);
            if (!seen.contains(m.vbType))
                seen << m.vbType;
        } else {
            QVERIFY2(!seen.contains(m.vbType), qPrintable(m.vbType));
            seen << m.vbType;
            QCOMPARE(findVaultBenchmarkMapping(m.vbType), &m);
        }
        for (const VbField &f : m.fields) {
            QVERIFY(!f.param.isEmpty());
            for (const VbDropped &d : m.dropped)
                QVERIFY2(d.path != f.path, qPrintable(m.vbType + QLatin1Char(' ') + f.path));
        }
    }
    for (const char *t :
         {"kvv1_read",          "kvv1_write",      "kvv2_read",       "kvv2_write",
          "kvv2_list",          "approle_auth",    "userpass_auth",   "cert_auth",
          "transit_sign",       "transit_verify",  "transit_encrypt", "transit_decrypt",
          "pki_issue",          "pki_sign",        "ssh_issue",       "ssh_sign",
          "totp_generate",      "seal_status",     "jwt_auth",        "identity",
          "cubbyhole_read",     "cubbyhole_write", "mysql_secret",    "redis_dynamic_secret",
          "redis_static_secret"})
        QVERIFY2(seen.contains(QString::fromLatin1(t)), t);
    QVERIFY(!findVaultBenchmarkMapping(QStringLiteral("approle_login")));
}

// tests/data/vault-benchmark-examples/documented-fields.txt: every config field that
// vault-benchmark's docs/tests/*.md document or its code reads, for each type imported here.
// Each is a field of the mapping (a param) or left out with a note; none is an error.
void TestVaultBenchmarkImport::everyDocumentedFieldIsMappedOrLeftOut()
{
    QFile f(
        QStringLiteral(VW_SOURCE_DIR "/tests/data/vault-benchmark-examples/documented-fields.txt"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    int fields = 0;
    QStringList types;
    for (const QByteArray &raw : f.readAll().split('\n')) {
        const QStringList w = QString::fromUtf8(raw).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (w.isEmpty() || w.first().startsWith(QLatin1Char('#')))
            continue;
        QCOMPARE(w.size(), 3);
        QVERIFY2(findVaultBenchmarkMapping(w.at(0)), qPrintable(w.at(0)));
        if (!types.contains(w.at(0)))
            types << w.at(0);
        if (w.at(1) == QLatin1String("-"))
            continue;
        ++fields;
        // each mapping of the type (several when a field such as `workload` picks one)
        for (const VbTestMapping &mm : vaultBenchmarkMappings()) {
            if (mm.vbType != w.at(0))
                continue;
            const VbTestMapping *m = &mm;
            const bool mapped = std::any_of(m->fields.cbegin(), m->fields.cend(),
                                            [&](const VbField &x) { return x.path == w.at(1); });
            const bool leftOut = std::any_of(m->dropped.cbegin(), m->dropped.cend(),
                                             [&](const VbDropped &x) { return x.path == w.at(1); });
            QVERIFY2(mapped != leftOut,
                     qPrintable(w.at(0) + QLatin1Char(' ') + w.at(1) + QLatin1Char(' ') + m->type));
        }
    }
    QVERIFY2(fields > 700, qPrintable(QString::number(fields)));
    // every type with vault-benchmark docs (kvv2_list is OpenBao's fork's only)
    QStringList mapped;
    for (const VbTestMapping &m : vaultBenchmarkMappings())
        if (!mapped.contains(m.vbType))
            mapped << m.vbType;
    QCOMPARE(types.size(), int(mapped.size()) - 1);

    // and a config naming one of them imports: pki_issue's role, CA and issue blocks in full
    QByteArray body = "    role {\n";
    const VbTestMapping *pki = findVaultBenchmarkMapping(QStringLiteral("pki_issue"));
    for (const VbDropped &d : pki->dropped)
        if (d.path.startsWith(QLatin1String("role.")))
            body += "      " + d.path.mid(5).toUtf8() + " = \"x\"\n";
    body += "    }\n";
    const VbImportResult r = importVaultBenchmarkConfig(
        oneTest("pki_issue", body), QStringLiteral("p"), QStringLiteral("p.hcl"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
}

// A left-out field is named in one note with the others left out for the same reason: a
// leased PKI example's 11 left-out fields make 4 notes (docs/examples/pki/leased).
void TestVaultBenchmarkImport::leftOutFieldsAreNotedOncePerReason()
{
    QFile f(QStringLiteral(VW_SOURCE_DIR
                           "/tests/data/vault-benchmark-examples/pki/leased/pki-ec-p256.hcl"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const VbImportResult r =
        importVaultBenchmarkConfig(f.readAll(), QStringLiteral("p"), QStringLiteral("p.hcl"));
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const QString notes = r.notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral(
                 "test \"pki_issue\": config setup_delay is not used: the workbench waits for "
                 "new mounts itself")),
             qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral(
                 "test \"pki_issue\": config root_ca.common_name, root_ca.key_type, "
                 "root_ca.key_bits, intermediate_csr.common_name, intermediate_csr.key_type and "
                 "intermediate_csr.key_bits are not used: the workbench makes its own CA chain")),
             qPrintable(notes));
    QVERIFY2(notes.contains(QStringLiteral("config role.generate_lease is not used: the "
                                           "workbench's role has generate_lease false")),
             qPrintable(notes));
    QVERIFY(notes.contains(QStringLiteral("config role.key_bits is not used: read with key_type")));
    QVERIFY2(r.yaml.contains("      key_type: \"ec-256\"\n"), r.yaml.constData());
    QVERIFY2(r.yaml.contains("      no_store: false\n"), r.yaml.constData());
}

void TestVaultBenchmarkImport::docsTableMatchesTheMapping()
{
    // docs/profile-format.md, "Importing vault-benchmark configs": one row per mapping, with
    // its type and every field -> param of the table in core/import/.
    QFile f(QStringLiteral(VW_SOURCE_DIR "/docs/profile-format.md"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (const VbTestMapping &m : vaultBenchmarkMappings()) {
        const QString start = QStringLiteral("| `%1` | `%2` |").arg(m.vbType, m.type);
        const auto row = std::find_if(lines.cbegin(), lines.cend(),
                                      [&](const QString &l) { return l.startsWith(start); });
        QVERIFY2(row != lines.cend(), qPrintable(start));
        for (const VbField &field : m.fields)
            QVERIFY2(row->contains(QStringLiteral("`%1` → `%2`").arg(field.path, field.param)),
                     qPrintable(m.vbType + QLatin1Char(' ') + field.path));
        // left out: `path`, or in a group `prefix.{a, b, c}` (`{a, b}` at the top level)
        QStringList named;
        static const QRegularExpression group(QStringLiteral("`([a-z_.]*)\\{([^}]*)\\}`"));
        for (auto it = group.globalMatch(*row); it.hasNext();) {
            const QRegularExpressionMatch g = it.next();
            for (const QString &n : g.captured(2).split(QLatin1Char(','), Qt::SkipEmptyParts))
                named << g.captured(1) + n.trimmed();
        }
        for (const VbDropped &d : m.dropped)
            QVERIFY2(row->contains(QStringLiteral("`%1`").arg(d.path)) || named.contains(d.path),
                     qPrintable(m.vbType + QLatin1Char(' ') + d.path));
    }
}

QTEST_GUILESS_MAIN(TestVaultBenchmarkImport)
#include "tst_vaultbenchmarkimport.moc"
