// Operation labels (core/profile/operationlabels.h): `name` in a profile, the default rule
// (type, type#n), a duplicate or malformed name as a located error, the plan JSON keeping
// the name (and a plan without one, as older sessions have, labelled by type).
#include "profile/operationlabels.h"
#include "profile/planjson.h"
#include "profile/profileparser.h"

#include <QJsonArray>
#include <QTest>

using namespace vw;

namespace {

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

const char kHeader[] = "name: labels\n" // 1
                       "ramp:\n" // 2
                       "  stages: [ { vus: 1, duration: 1s } ]\n" // 3
                       "operations:\n"; // 4

} // namespace

class TestOperationLabels : public QObject {
    Q_OBJECT
private slots:
    void namesAndDefaults();
    void duplicateNameIsALocatedError();
    void nameEqualToADefaultLabel();
    void nameTakingALaterDefaultLabelIsReportedAtTheName();
    void malformedNames_data();
    void malformedNames();
    void lettersOfAnyScript();
    void planJsonKeepsTheName();
};

void TestOperationLabels::namesAndDefaults()
{
    const ProfileParseResult r = parseProfile(QByteArray(kHeader)
                                              + "  - { type: kv2_read, name: small_reads }\n"
                                                "  - { type: kv2_read }\n"
                                                "  - { type: sys_health }\n"
                                                "  - { type: kv2_read }\n"
                                                "  - { type: kv2_write, name: w.1-a }\n");
    QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
    const QList<OperationSpec> &ops = r.profile->operations;
    QCOMPARE(ops.at(0).name, QStringLiteral("small_reads"));
    QVERIFY(ops.at(1).name.isEmpty()); // the default is not stored as a name
    // the n-th operation of a type counts every one before it, named or not
    QCOMPARE(operationLabels(ops),
             (QStringList{QStringLiteral("small_reads"), QStringLiteral("kv2_read#2"),
                          QStringLiteral("sys_health"), QStringLiteral("kv2_read#3"),
                          QStringLiteral("w.1-a")}));
}

void TestOperationLabels::duplicateNameIsALocatedError()
{
    const ProfileParseResult r = parseProfile(QByteArray(kHeader)
                                              + "  - type: kv2_read\n" // 5
                                                "    name: reads\n" // 6
                                                "  - type: kv2_write\n" // 7
                                                "    name: reads\n"); // 8
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    const ProfileError &e = r.errors.first();
    QCOMPARE(e.line, 8);
    QCOMPARE(e.column, 11);
    QCOMPARE(e.field, QStringLiteral("operations[1].name"));
    QCOMPARE(e.message, QStringLiteral("label \"reads\" is already the label of operations[0]; "
                                       "give each operation its own name"));
}

void TestOperationLabels::nameEqualToADefaultLabel()
{
    // an unnamed kv2_read is labelled kv2_read; a sys_health may not take that name
    const ProfileParseResult r = parseProfile(QByteArray(kHeader)
                                              + "  - { type: kv2_read }\n" // 5
                                                "  - { type: sys_health, name: kv2_read }\n"); // 6
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors.first().line, 6);
    QCOMPARE(r.errors.first().column, 31);
    QVERIFY(r.errors.first().message.contains(QStringLiteral("operations[0]")));
}

void TestOperationLabels::nameTakingALaterDefaultLabelIsReportedAtTheName()
{
    // the name written first takes the default label of the later, unnamed kv2_read: the
    // error points at that name (line 5), not at the operation that has no name
    const ProfileParseResult r = parseProfile(QByteArray(kHeader)
                                              + "  - { type: sys_health, name: kv2_read }\n" // 5
                                                "  - { type: kv2_read }\n"); // 6
    QCOMPARE(r.errors.size(), 1);
    const ProfileError &e = r.errors.first();
    QCOMPARE(e.line, 5);
    QCOMPARE(e.column, 31);
    QCOMPARE(e.field, QStringLiteral("operations[0].name"));
    QVERIFY2(e.message.contains(QStringLiteral("default label of operations[1]")),
             qPrintable(e.message));
}

void TestOperationLabels::malformedNames_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QString>("message");
    QTest::newRow("hash") << QByteArray("kv2_read#2") << "may hold only letters, digits";
    QTest::newRow("space") << QByteArray("\"my reads\"") << "may hold only letters, digits";
    QTest::newRow("leading dash") << QByteArray("-reads") << "must start with a letter or digit";
    QTest::newRow("empty") << QByteArray("\"\"") << "";
    QTest::newRow("too long") << QByteArray(65, 'a') << "at most 64 characters";
    QTest::newRow("TOTAL") << QByteArray("TOTAL") << "row of all operations together";
    QTest::newRow("total") << QByteArray("total") << "row of all operations together";
    // issue 23.7: format characters are named by their code point, never shown raw
    QTest::newRow("bidi override") << QByteArray("\"ab\u202Ecd\"") << "(it has U+202E)";
    QTest::newRow("zero width") << QByteArray("\"ab\u200Bcd\"") << "(it has U+200B)";
    QTest::newRow("leading bidi") << QByteArray("\"\u202Eab\"") << "it starts with U+202E";
    QTest::newRow("symbol") << QByteArray("\"a\u2603\"") << "(it has '\u2603')";
}

void TestOperationLabels::malformedNames()
{
    QFETCH(QByteArray, name);
    QFETCH(QString, message);
    const ProfileParseResult r =
        parseProfile(QByteArray(kHeader) + "  - type: kv2_read\n    name: " + name + "\n");
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors.first().line, 6);
    QCOMPARE(r.errors.first().column, 11);
    QCOMPARE(r.errors.first().field, QStringLiteral("operations[0].name"));
    QVERIFY2(r.errors.first().message.contains(message), qPrintable(dump(r.errors)));
}

void TestOperationLabels::lettersOfAnyScript()
{
    // letters and digits of other scripts and combining marks are names (issue 23.7)
    for (const char *name : {"\xd0\xba\xd0\xbb\xd1\x8e\xd1\x87_\xe6\x97\xa5\xe6\x9c\xac",
                             "caf\x65\xcc\x81", "\xd9\xa3reads", "\xce\xb1.\xce\xb2-1"}) {
        const QString n = QString::fromUtf8(name);
        QVERIFY2(operationNameProblem(n).isEmpty(), qPrintable(operationNameProblem(n)));
        const ProfileParseResult r = parseProfile(
            QByteArray(kHeader) + "  - type: kv2_read\n    name: " + QByteArray(name) + "\n");
        QVERIFY2(r.ok(), qPrintable(dump(r.errors)));
        QCOMPARE(operationLabel(r.profile->operations, 0), n);
    }
    QVERIFY(!operationNameProblem(QString::fromUtf8("\xcc\x81"
                                                    "abc"))
                 .isEmpty()); // a mark first
}

void TestOperationLabels::planJsonKeepsTheName()
{
    const ProfileParseResult r = parseProfile(QByteArray(kHeader)
                                              + "  - { type: kv2_read, name: small_reads }\n"
                                                "  - { type: kv2_read }\n");
    QVERIFY(r.ok());
    const QJsonObject plan = planToJson(*r.profile);
    const QJsonArray ops = plan.value(QStringLiteral("operations")).toArray();
    QCOMPARE(ops.at(0).toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("small_reads"));
    QVERIFY(!ops.at(1).toObject().contains(QStringLiteral("name")));
    QString error;
    const auto back = planFromJson(plan, LoadModelRegistry::builtin(), &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->sameSettings(*r.profile));
    QCOMPARE(operationLabels(back->operations),
             (QStringList{QStringLiteral("small_reads"), QStringLiteral("kv2_read#2")}));
    // a plan written before labels: no name anywhere, each labelled by its type
    QJsonObject old = plan;
    QJsonArray oldOps;
    for (const QJsonValue &v : ops) {
        QJsonObject o = v.toObject();
        o.remove(QStringLiteral("name"));
        oldOps.append(o);
    }
    old.insert(QStringLiteral("operations"), oldOps);
    const auto oldPlan = planFromJson(old, LoadModelRegistry::builtin(), &error);
    QVERIFY2(oldPlan, qPrintable(error));
    QCOMPARE(operationLabels(oldPlan->operations),
             (QStringList{QStringLiteral("kv2_read"), QStringLiteral("kv2_read#2")}));
}

QTEST_GUILESS_MAIN(TestOperationLabels)
#include "tst_operationlabels.moc"
