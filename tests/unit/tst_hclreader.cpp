// parseHcl(): the subset of HCL vault-benchmark configs use (core/import/hclreader.h),
// read from configs written after the documented examples of vault-benchmark (its README's
// approle + kvv2 config, the PKI, transit and SSH test blocks), and one located error per
// malformed input.
#include "import/hclreader.h"

#include <QTest>

using namespace vw;

namespace {

// The README's config (approle logins and KV v2 writes, 50/50), comments included.
const char kReadme[] = "# Vault server configuration\n" // 1
                       "vault_addr = \"http://127.0.0.1:8200\"\n" // 2
                       "vault_token = \"root\"\n" // 3
                       "vault_namespace=\"root\"\n" // 4
                       "duration = \"30s\"\n" // 5
                       "cleanup = true\n" // 6
                       "\n" // 7
                       "test \"approle_auth\" \"approle_logins\" {\n" // 8
                       "  weight = 50 # half of the requests\n" // 9
                       "  config {\n" // 10
                       "    role {\n" // 11
                       "      role_name = \"benchmark-role\"\n" // 12
                       "      token_ttl=\"2m\"\n" // 13
                       "    }\n" // 14
                       "  }\n" // 15
                       "}\n" // 16
                       "\n" // 17
                       "test \"kvv2_write\" \"static_secret_writes\" {\n" // 18
                       "  weight = 50\n" // 19
                       "  config {\n" // 20
                       "    numkvs = 100 // number of secrets\n" // 21
                       "    kvsize = 100 /* bytes */\n" // 22
                       "  }\n" // 23
                       "}\n"; // 24

// A PKI issue test as the documented examples write it: nested blocks, bools, a list.
const char kPki[] = "test \"pki_issue\" \"pki_issue_test1\" {\n"
                    "  weight = 100\n"
                    "  config {\n"
                    "    setup_delay = \"2s\"\n"
                    "    root_ca {\n"
                    "      common_name = \"benchmark.test\"\n"
                    "    }\n"
                    "    intermediate_csr {\n"
                    "      common_name = \"benchmark.test Intermediate Authority\"\n"
                    "    }\n"
                    "    role {\n"
                    "      ttl = \"10s\"\n"
                    "      no_store = true\n"
                    "      key_type = \"ec\"\n"
                    "      key_bits = 256\n"
                    "      allowed_domains = [\"benchmark.test\", \"example.com\",]\n"
                    "    }\n"
                    "    issue {\n"
                    "      common_name = \"test.benchmark.test\"\n"
                    "      ttl = 3.5e1\n"
                    "    }\n"
                    "  }\n"
                    "}\n";

} // namespace

class TestHclReader : public QObject {
    Q_OBJECT
private slots:
    void readmeConfig();
    void nestedBlocksListsAndNumbers();
    void oneLineBlocksObjectsEscapes();
    void errors_data();
    void errors();
    void deepNestingIsAnError();
};

void TestHclReader::readmeConfig()
{
    const HclParseResult r = parseHcl(kReadme);
    QVERIFY2(r.body, r.error ? qPrintable(r.error->toString()) : "");
    const HclBody &b = *r.body;
    QCOMPARE(b.attributes.size(), 5);
    QCOMPARE(b.attributes.at(0).name, QStringLiteral("vault_addr"));
    QCOMPARE(b.attributes.at(0).value.text, QStringLiteral("http://127.0.0.1:8200"));
    QCOMPARE(b.attributes.at(0).pos.line, 2);
    QCOMPARE(b.attributes.at(0).pos.column, 1);
    QCOMPARE(b.attributes.at(0).value.pos.column, 14);
    QCOMPARE(b.attribute(QStringLiteral("vault_namespace"))->value.text, QStringLiteral("root"));
    QCOMPARE(b.attribute(QStringLiteral("cleanup"))->value.kind, HclValue::Kind::Bool);
    QVERIFY(b.attribute(QStringLiteral("cleanup"))->value.boolean);
    QCOMPARE(b.blocks.size(), 2);
    const HclBlock &approle = b.blocks.at(0);
    QCOMPARE(approle.type, QStringLiteral("test"));
    QCOMPARE(approle.labels,
             (QStringList{QStringLiteral("approle_auth"), QStringLiteral("approle_logins")}));
    QCOMPARE(approle.pos.line, 8);
    QCOMPARE(approle.labelPos.at(1).column, 21);
    const HclAttribute *weight = approle.body.attribute(QStringLiteral("weight"));
    QVERIFY(weight && weight->value.isWholeNumber());
    QCOMPARE(weight->value.number, 50.0);
    QCOMPARE(approle.body.blocks.size(), 1);
    const HclBlock &role = approle.body.blocks.at(0).body.blocks.at(0);
    QCOMPARE(role.type, QStringLiteral("role"));
    QCOMPARE(role.body.attribute(QStringLiteral("token_ttl"))->value.text, QStringLiteral("2m"));
    QCOMPARE(role.body.attribute(QStringLiteral("token_ttl"))->pos.line, 13);
    const HclBody &kv = b.blocks.at(1).body.blocks.at(0).body;
    QCOMPARE(kv.attributes.size(), 2);
    QCOMPARE(kv.attribute(QStringLiteral("kvsize"))->value.number, 100.0);
    QCOMPARE(kv.attribute(QStringLiteral("kvsize"))->pos.line, 22);
}

void TestHclReader::nestedBlocksListsAndNumbers()
{
    const HclParseResult r = parseHcl(kPki);
    QVERIFY2(r.body, r.error ? qPrintable(r.error->toString()) : "");
    const HclBody &config = r.body->blocks.at(0).body.blocks.at(0).body;
    QCOMPARE(config.blocks.size(), 4);
    QCOMPARE(config.blocks.at(2).type, QStringLiteral("role"));
    const HclBody &role = config.blocks.at(2).body;
    QVERIFY(role.attribute(QStringLiteral("no_store"))->value.boolean);
    const HclValue &domains = role.attribute(QStringLiteral("allowed_domains"))->value;
    QCOMPARE(domains.kind, HclValue::Kind::List);
    QCOMPARE(domains.items.size(), 2); // the trailing comma adds nothing
    QCOMPARE(domains.items.at(1).text, QStringLiteral("example.com"));
    const HclValue &ttl = config.blocks.at(3).body.attribute(QStringLiteral("ttl"))->value;
    QCOMPARE(ttl.kind, HclValue::Kind::Number);
    QCOMPARE(ttl.number, 35.0);
    QCOMPARE(ttl.text, QStringLiteral("3.5e1"));
}

void TestHclReader::oneLineBlocksObjectsEscapes()
{
    const HclParseResult r =
        parseHcl("test \"kvv2_read\" \"reads\" { weight = 90 }\n"
                 "test kvv2_write writes {\n"
                 "  weight = -10\n"
                 "  config { kvsize = 1 }\n"
                 "}\n"
                 "labels = { env = \"prod\", \"team name\": \"db\"\n  n = null }\n"
                 "empty = []\n"
                 "text = \"a \\\"quoted\\\" \\\\ \\u00e9\\tb\"\n"
                 "multi = [\n  1,\n  2\n]\n");
    QVERIFY2(r.body, r.error ? qPrintable(r.error->toString()) : "");
    QCOMPARE(r.body->blocks.size(), 2);
    QCOMPARE(r.body->blocks.at(0).body.attribute(QStringLiteral("weight"))->value.number, 90.0);
    QCOMPARE(r.body->blocks.at(1).labels,
             (QStringList{QStringLiteral("kvv2_write"), QStringLiteral("writes")}));
    QCOMPARE(r.body->blocks.at(1).body.attribute(QStringLiteral("weight"))->value.number, -10.0);
    const HclValue &labels = r.body->attribute(QStringLiteral("labels"))->value;
    QCOMPARE(labels.kind, HclValue::Kind::Object);
    QCOMPARE(labels.members.size(), 3);
    QCOMPARE(labels.members.at(1).name, QStringLiteral("team name"));
    QCOMPARE(labels.members.at(2).value.kind, HclValue::Kind::Null);
    QCOMPARE(r.body->attribute(QStringLiteral("empty"))->value.items.size(), 0);
    QCOMPARE(r.body->attribute(QStringLiteral("text"))->value.text,
             QStringLiteral("a \"quoted\" \\ \u00e9\tb"));
    QCOMPARE(r.body->attribute(QStringLiteral("multi"))->value.items.size(), 2);
}

void TestHclReader::errors_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    QTest::newRow("unclosed string")
        << QByteArray("a = 1\nb = \"abc\n") << 2 << 5 << "string is not closed";
    QTest::newRow("unclosed block") << QByteArray("test \"a\" \"b\" {\n  weight = 1\n") << 3 << 1
                                    << "the block is not closed with '}'";
    QTest::newRow("stray brace") << QByteArray("a = 1\n}\n") << 2 << 1
                                 << "'}' without a block to close";
    QTest::newRow("missing equals") << QByteArray("vault_addr \"x\"\n") << 1 << 15
                                    << "expected '=' or a block's '{' after \"vault_addr\"";
    QTest::newRow("attribute twice") << QByteArray("rps = 1\nrps = 2\n") << 2 << 1
                                     << "attribute \"rps\" is set twice (first at line 1)";
    QTest::newRow("two attributes on a line")
        << QByteArray("a = 1 b = 2\n") << 1 << 7 << "expected a new line after the item";
    QTest::newRow("bare word value")
        << QByteArray("duration = thirty\n") << 1 << 12 << "\"thirty\" is not a value";
    QTest::newRow("heredoc") << QByteArray("x = <<EOT\nhi\nEOT\n") << 1 << 5
                             << "heredocs (<<EOT) are not supported";
    QTest::newRow("template") << QByteArray("x = \"a${var.b}\"\n") << 1 << 7
                              << "template sequences";
    QTest::newRow("unknown escape")
        << QByteArray("x = \"a\\qb\"\n") << 1 << 7 << "unknown escape \\q";
    QTest::newRow("short unicode escape")
        << QByteArray("x = \"\\u12\"\n") << 1 << 6 << "\\u needs four hexadecimal digits";
    QTest::newRow("unclosed comment")
        << QByteArray("a = 1\n/* open\n") << 2 << 1 << "comment /* is not closed with */";
    QTest::newRow("list without comma")
        << QByteArray("l = [1 2]\n") << 1 << 8 << "expected ',' or ']' in the list";
    QTest::newRow("number with unit")
        << QByteArray("duration = 30s\n") << 1 << 14 << "a number cannot be followed by 's'";
    QTest::newRow("object key twice") << QByteArray("o = { a = 1, a = 2 }\n") << 1 << 14
                                      << "key \"a\" is set twice in the object";
    QTest::newRow("digit starts a name")
        << QByteArray("1a = 2\n") << 1 << 1 << "expected an attribute name or a block type";
    QTest::newRow("no value") << QByteArray("a =\n") << 1 << 4 << "expected a value";
}

void TestHclReader::errors()
{
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    const HclParseResult r = parseHcl(text);
    QVERIFY(!r.body);
    QVERIFY(r.error);
    QVERIFY2(r.error->message.contains(message), qPrintable(r.error->toString()));
    QCOMPARE(r.error->line, line);
    QCOMPARE(r.error->column, column);
}

void TestHclReader::deepNestingIsAnError()
{
    QByteArray blocks;
    for (int i = 0; i < kMaxHclDepth + 1; ++i)
        blocks += "b {\n";
    const HclParseResult r = parseHcl(blocks);
    QVERIFY(r.error);
    QVERIFY2(r.error->message.contains(QStringLiteral("nest deeper")),
             qPrintable(r.error->toString()));
    QCOMPARE(r.error->line, kMaxHclDepth + 1);
    const HclParseResult lists = parseHcl("x = " + QByteArray(100000, '['));
    QVERIFY(lists.error);
    QVERIFY(lists.error->message.contains(QStringLiteral("nest deeper")));
    // at the limit it reads
    QByteArray ok;
    for (int i = 0; i < kMaxHclDepth; ++i)
        ok += "b {\n";
    for (int i = 0; i < kMaxHclDepth; ++i)
        ok += "}\n";
    QVERIFY2(parseHcl(ok).body, qPrintable(parseHcl(ok).error->toString()));
}

QTEST_GUILESS_MAIN(TestHclReader)
#include "tst_hclreader.moc"
