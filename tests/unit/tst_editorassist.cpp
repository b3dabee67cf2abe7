// The profile editor's headless helpers: completion context and words
// (core/editing/yamlcompletion.h) and the operation palette's snippets
// (core/editing/operationsnippet.h), checked against the real parser and operation types.
#include "ops/builtinoperations.h"
#include "editing/operationsnippet.h"
#include "profile/profileparser.h"
#include "editing/yamlcompletion.h"

#include <QTest>

using namespace vw;

namespace {

// Lines are numbered in the comments.
const char kProfile[] = "name: t\n" // 1
                        "ramp:\n" // 2
                        "  executor: cl\n" // 3
                        "  stages:\n" // 4
                        "    - vus: 1\n" // 5
                        "      du\n" // 6
                        "operations:\n" // 7
                        "  - type: ssh_sign\n" // 8
                        "    params:\n" // 9
                        "      ca_key_type: rs\n" // 10
                        "      cl\n" // 11
                        "  - type: kv2_r\n" // 12
                        "    we\n" // 13
                        "an\n"; // 14

/// The character offset of the end of 1-based line `line` of kProfile (cursor after the text).
int endOf(int line)
{
    const QStringList lines = QString::fromLatin1(kProfile).split(QLatin1Char('\n'));
    int off = 0;
    for (int i = 0; i < line - 1; ++i)
        off += int(lines.at(i).size()) + 1;
    return off + int(lines.at(line - 1).size());
}

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

const char kMinimal[] = "name: t\n"
                        "ramp:\n"
                        "  stages:\n"
                        "    - { vus: 1, duration: 1s }\n"
                        "operations:\n"
                        "  - type: sys_health\n"
                        "    weight: 10\n"
                        "\n"
                        "# trailing comment\n"
                        "slo:\n"
                        "  error_ratio: 0.5\n";

} // namespace

class TestEditorAssist : public QObject {
    Q_OBJECT
private slots:
    void context_data();
    void context();
    void completions_data();
    void completions();
    void blockCompletions_data();
    void blockCompletions();
    void everyOperationSnippetParses();
    void snippetGoesAfterTheCursorsItem();
    void snippetWithoutOperationsList();
    void groups();
};

void TestEditorAssist::context_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("operationType");
    using K = YamlCompletionContext::Kind;
    QTest::newRow("executor value") << 3 << int(K::Value) << QStringList{"ramp"} << "executor"
                                    << "cl"
                                    << "";
    QTest::newRow("stage key") << 6 << int(K::Key) << QStringList{"ramp", "stages", "-"} << ""
                               << "du"
                               << "";
    QTest::newRow("choice param value")
        << 10 << int(K::Value) << QStringList{"operations", "-", "params"} << "ca_key_type"
        << "rs"
        << "ssh_sign";
    QTest::newRow("param key") << 11 << int(K::Key) << QStringList{"operations", "-", "params"}
                               << ""
                               << "cl"
                               << "ssh_sign";
    QTest::newRow("type value") << 12 << int(K::Value) << QStringList{"operations", "-"} << "type"
                                << "kv2_r"
                                << "";
    QTest::newRow("operation key") << 13 << int(K::Key) << QStringList{"operations", "-"} << ""
                                   << "we"
                                   << "kv2_r";
    QTest::newRow("top-level key") << 14 << int(K::Key) << QStringList{} << ""
                                   << "an"
                                   << "";
}

void TestEditorAssist::context()
{
    QFETCH(int, line);
    QFETCH(int, kind);
    QFETCH(QStringList, path);
    QFETCH(QString, key);
    QFETCH(QString, prefix);
    QFETCH(QString, operationType);
    const QString text = QString::fromLatin1(kProfile);
    const YamlCompletionContext c = yamlCompletionContext(text, endOf(line));
    QCOMPARE(int(c.kind), kind);
    QCOMPARE(c.path, path);
    QCOMPARE(c.key, key);
    QCOMPARE(c.prefix, prefix);
    QCOMPARE(c.prefixStart, endOf(line) - int(prefix.size()));
    QCOMPARE(c.operationType, operationType);
}

void TestEditorAssist::completions_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("executor value") << 3 << QStringList{"closed"};
    QTest::newRow("stage key") << 6 << QStringList{"duration"};
    QTest::newRow("choice param value") << 10 << QStringList{"rsa-2048", "rsa-4096"};
    QTest::newRow("param key") << 11 << QStringList{"client_key_type"};
    QTest::newRow("type value") << 12 << QStringList{"kv2_read"};
    QTest::newRow("operation key") << 13 << QStringList{"weight"};
    QTest::newRow("top-level key") << 14 << QStringList{"analysis"};
}

void TestEditorAssist::completions()
{
    QFETCH(int, line);
    QFETCH(QStringList, words);
    const QString text = QString::fromLatin1(kProfile);
    QCOMPARE(yamlCompletions(yamlCompletionContext(text, endOf(line)), builtinOperationTypes()),
             words);
}

// Every block of a profile offers its keys (issue 22, item 12): the words come from the
// parsers' key lists, so a key the parser accepts is offered and one it rejects is not.
const char kBlocks[] = "name: t\n" // 1
                       "transport: qn\n" // 2
                       "target:\n" // 3
                       "  tls\n" // 4
                       "  spread: ro\n" // 5
                       "  tls_skip_verify: t\n" // 6
                       "slo:\n" // 7
                       "  p9\n" // 8
                       "analysis:\n" // 9
                       "  saturation_\n" // 10
                       "abort:\n" // 11
                       "  \n" // 12
                       "  enabled: f\n" // 13
                       "auth:\n" // 14
                       "  p\n" // 15
                       "  method: app\n" // 16
                       "  per: \n" // 17
                       "  policy: l\n"; // 18

void TestEditorAssist::blockCompletions_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("transport value") << 2 << QStringList{"qnam"};
    QTest::newRow("target key") << 4 << QStringList{"tls_skip_verify"};
    QTest::newRow("target.spread value") << 5 << QStringList{"round_robin"};
    QTest::newRow("target boolean") << 6 << QStringList{"true"};
    QTest::newRow("slo key") << 8 << QStringList{"p95_ms", "p99_ms"};
    QTest::newRow("analysis key") << 10 << QStringList{"saturation_gain", "saturation_stages"};
    QTest::newRow("abort key, empty prefix") << 12 << QStringList{"enabled", "error_ratio", "for"};
    QTest::newRow("abort boolean") << 13 << QStringList{"false"};
    QTest::newRow("auth key") << 15 << QStringList{"policy", "per"};
    QTest::newRow("auth.method value") << 16 << QStringList{"approle"};
    QTest::newRow("auth.per value") << 17 << QStringList{"vu", "run"};
    QTest::newRow("auth.policy value") << 18 << QStringList{"least"};
}

void TestEditorAssist::blockCompletions()
{
    QFETCH(int, line);
    QFETCH(QStringList, words);
    const QString text = QString::fromLatin1(kBlocks);
    int end = -1;
    for (int i = 0; i < line; ++i)
        end = int(text.indexOf(QLatin1Char('\n'), end + 1));
    QCOMPARE(yamlCompletions(yamlCompletionContext(text, end), builtinOperationTypes()), words);
}

void TestEditorAssist::everyOperationSnippetParses()
{
    const QString base = QString::fromLatin1(kMinimal);
    const QList<OperationType> types = builtinOperationTypes();
    QVERIFY(types.size() >= 20);
    for (const OperationType &t : types) {
        // cursor on the `weight:` line of the first item
        const SnippetInsertion ins = operationInsertion(base, base.indexOf("weight"), t);
        QString text = base;
        text.insert(ins.position, ins.text);
        const ProfileParseResult r = parseProfile(text.toUtf8());
        QVERIFY2(r.ok(), qPrintable(t.name + QStringLiteral(":\n") + text + QStringLiteral("\n  ")
                                    + dump(r.errors)));
        QCOMPARE(r.profile->operations.size(), 2);
        QCOMPARE(r.profile->operations.at(1).type, t.name);
        // every declared param is written, at its default
        for (const ParamSpec &p : t.params)
            QVERIFY2(ins.text.contains(QStringLiteral("      ") + p.name + QStringLiteral(": ")),
                     qPrintable(t.name + QStringLiteral(": ") + p.name));
    }
}

void TestEditorAssist::snippetGoesAfterTheCursorsItem()
{
    const QString base = QStringLiteral("name: t\n"
                                        "ramp: { stages: [ { vus: 1, duration: 1s } ] }\n"
                                        "operations:\n"
                                        "- type: sys_health\n"
                                        "  weight: 10\n"
                                        "- type: sys_leader\n");
    OperationType t;
    for (const OperationType &o : builtinOperationTypes())
        if (o.name == QLatin1String("sys_seal_status"))
            t = o;
    QVERIFY(!t.name.isEmpty());
    const SnippetInsertion ins = operationInsertion(base, base.indexOf("weight"), t);
    QCOMPARE(ins.position, int(base.indexOf("- type: sys_leader")));
    QCOMPARE(ins.text, QStringLiteral("- type: sys_seal_status\n")); // dashes at column 1 kept
    QString text = base;
    text.insert(ins.position, ins.text);
    const ProfileParseResult r = parseProfile(text.toUtf8());
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    QCOMPARE(r.profile->operations.at(1).type, QStringLiteral("sys_seal_status"));
    QCOMPARE(r.profile->operations.at(2).type, QStringLiteral("sys_leader"));
}

void TestEditorAssist::snippetWithoutOperationsList()
{
    const QString base = QStringLiteral("name: t\nramp: { stages: [ { vus: 1, duration: 1s } ] }");
    OperationType t = builtinOperationTypes().first();
    const SnippetInsertion ins = operationInsertion(base, 0, t);
    QCOMPARE(ins.position, int(base.size()));
    QVERIFY(ins.text.startsWith(QStringLiteral("\noperations:\n  - type: ") + t.name));
    const ProfileParseResult r = parseProfile((base + ins.text).toUtf8());
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
}

void TestEditorAssist::groups()
{
    // Each type declares its palette group (OperationType::group): the families by name
    // prefix, the logins and token operations under auth.
    const QList<OperationType> types = builtinOperationTypes();
    auto group = [&types](const char *name) {
        for (const OperationType &t : types)
            if (t.name == QLatin1String(name))
                return operationGroupName(t.group);
        return QString();
    };
    QCOMPARE(group("kv2_read"), QStringLiteral("kv"));
    QCOMPARE(group("kv1_write"), QStringLiteral("kv"));
    QCOMPARE(group("sys_health"), QStringLiteral("sys"));
    QCOMPARE(group("transit_hmac"), QStringLiteral("transit"));
    QCOMPARE(group("approle_login"), QStringLiteral("auth"));
    QCOMPARE(group("token_create"), QStringLiteral("auth"));
    QCOMPARE(group("jwt_login"), QStringLiteral("auth"));
    QCOMPARE(group("identity_group_lookup"), QStringLiteral("identity"));
    QCOMPARE(group("cubbyhole_read"), QStringLiteral("cubbyhole"));
    // response wrapping keeps the wrapped data in the wrapping token's cubbyhole
    QCOMPARE(group("wrap"), QStringLiteral("cubbyhole"));
    QCOMPARE(group("unwrap"), QStringLiteral("cubbyhole"));
    for (const OperationType &t : types) {
        const QString g = operationGroupName(t.group);
        const bool byPrefix =
            t.name.startsWith(g == QLatin1String("kv") ? g : g + QLatin1Char('_'));
        const bool wrapping =
            g == QLatin1String("cubbyhole")
            && (t.name == QLatin1String("wrap") || t.name == QLatin1String("unwrap"));
        QVERIFY2(byPrefix || wrapping || g == QLatin1String("auth"),
                 qPrintable(t.name + QLatin1Char(' ') + g));
    }
}

QTEST_GUILESS_MAIN(TestEditorAssist)
#include "tst_editorassist.moc"
