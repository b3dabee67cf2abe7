// core/editing/profileedit.h: editing YAML text by key path keeps comments, other keys and
// the layout of untouched lines; scalars are replaced in place, flow maps re-emitted whole,
// absent keys added to their section, emptied maps removed with their key.
#include "editing/profileedit.h"

#include <QTest>
#include <yaml-cpp/yaml.h>

using namespace vw;

class TestProfileEdit : public QObject {
    Q_OBJECT
private slots:
    void yamlEditsKeepCommentsAndOtherKeys()
    {
        const QString y = QStringLiteral("a: 1  # one\nb:\n  c: x  # cee\n  d: [1, 2]\n"
                                         "e: { f: 1, g: 2 }  # flow\n# end\n");
        QCOMPARE(*setYamlValue(y, {"b", "c"}, YAML::Node("y z")),
                 QStringLiteral("a: 1  # one\nb:\n  c: y z  # cee\n  d: [1, 2]\n"
                                "e: { f: 1, g: 2 }  # flow\n# end\n"));
        QCOMPARE(*setYamlValue(y, {"e", "g"}, YAML::Node(3)),
                 QStringLiteral("a: 1  # one\nb:\n  c: x  # cee\n  d: [1, 2]\n"
                                "e: { f: 1, g: 3 }  # flow\n# end\n"));
        QCOMPARE(*setYamlValue(y, {"b", "h"}, YAML::Node("new")),
                 QStringLiteral("a: 1  # one\nb:\n  c: x  # cee\n  d: [1, 2]\n  h: new\n"
                                "e: { f: 1, g: 2 }  # flow\n# end\n"));
        QCOMPARE(*removeYamlKey(y, {"b", "d"}),
                 QStringLiteral("a: 1  # one\nb:\n  c: x  # cee\n"
                                "e: { f: 1, g: 2 }  # flow\n# end\n"));
        QCOMPARE(*setYamlValue(y, {"z", "w"}, YAML::Node(true)),
                 y + QStringLiteral("z:\n  w: true\n"));
        // a map left empty goes with its key; a key under an empty `b:` makes it a map
        QCOMPARE(*removeYamlKey(QStringLiteral("a: 1\nb:\n  c: x\nd: 2\n"), {"b", "c"}),
                 QStringLiteral("a: 1\nd: 2\n"));
        QCOMPARE(*setYamlValue(QStringLiteral("a: 1\nb:\nd: 2\n"), {"b", "c"}, YAML::Node(5)),
                 QStringLiteral("a: 1\nb:\n  c: 5\nd: 2\n"));
        QString err;
        QVERIFY(!setYamlValue(QStringLiteral("a: [1\n"), {"a"}, YAML::Node(1), &err));
        QVERIFY(!err.isEmpty());
        QVERIFY(!setYamlValue(y, {"a", "x"}, YAML::Node(1), &err)); // a is not a map
    }

    void quotedScalarsAndListItems()
    {
        // a quoted value holding " #" is replaced whole, the real comment stays
        const QString y = QStringLiteral("a: \"x # not a comment\"  # real\nb: 'it''s'\n");
        QCOMPARE(*setYamlValue(y, {"a"}, YAML::Node("y")),
                 QStringLiteral("a: y  # real\nb: 'it''s'\n"));
        QCOMPARE(*setYamlValue(y, {"b"}, YAML::Node("z")),
                 QStringLiteral("a: \"x # not a comment\"  # real\nb: z\n"));
        // a value that needs quotes gets them
        QCOMPARE(*setYamlValue(y, {"b"}, YAML::Node("x: y")),
                 QStringLiteral("a: \"x # not a comment\"  # real\nb: \"x: y\"\n"));
        // a list written at its key's column is one block with its key
        const QString l = QStringLiteral("ops:\n- type: a\n  w: 1\n- type: b\n# after\nz: 1\n");
        YAML::Node seq(YAML::NodeType::Sequence);
        YAML::Node item(YAML::NodeType::Map);
        item["type"] = "c";
        seq.push_back(item);
        QCOMPARE(*setYamlValue(l, {"ops"}, seq),
                 QStringLiteral("ops:\n  - type: c\n# after\nz: 1\n"));
        // a block value replacing a scalar, and the key line's comment kept for a block value
        const QString k = QStringLiteral("r:   # the ramp\n  s: 1\nt: 2\n");
        YAML::Node m(YAML::NodeType::Map);
        m["u"] = 3;
        QCOMPARE(*setYamlValue(k, {"r", "s"}, m),
                 QStringLiteral("r:   # the ramp\n  s:\n    u: 3\nt: 2\n"));
        QCOMPARE(*setYamlValue(k, {"r"}, m), QStringLiteral("r:   # the ramp\n  u: 3\nt: 2\n"));
    }

    void emitsProfileStyle()
    {
        YAML::Node stage(YAML::NodeType::Map);
        stage["vus"] = 8;
        stage["duration"] = "10s";
        stage.SetStyle(YAML::EmitterStyle::Flow);
        YAML::Node seq(YAML::NodeType::Sequence);
        seq.push_back(stage);
        QCOMPARE(emitYaml(seq, 4), QStringLiteral("    - { vus: 8, duration: 10s }"));
        YAML::Node empty(YAML::NodeType::Sequence);
        QCOMPARE(emitYaml(empty), QStringLiteral("[]"));
        QCOMPARE(emitYaml(YAML::Node("")), QStringLiteral("\"\""));
        // text that looks like a number or a boolean stays text; real numbers stay plain
        QCOMPARE(emitYaml(yamlText(QStringLiteral("123"))), QStringLiteral("\"123\""));
        QCOMPARE(emitYaml(yamlText(QStringLiteral("true"))), QStringLiteral("\"true\""));
        QCOMPARE(emitYaml(yamlText(QStringLiteral("rsa-2048"))), QStringLiteral("rsa-2048"));
        QCOMPARE(emitYaml(YAML::Node(123)), QStringLiteral("123"));
        // a value quoted in the source keeps its quotes when its flow map is re-emitted
        QCOMPARE(
            *setYamlValue(QStringLiteral("p: { a: \"1\", b: 2 }\n"), {"p", "b"}, YAML::Node(3)),
            QStringLiteral("p: { a: \"1\", b: 3 }\n"));
    }
};

QTEST_MAIN(TestProfileEdit)
#include "tst_profileedit.moc"
