// The operation catalog (core/ops/operationcatalog.h) is made from the registry's data: the
// operations table of docs/profile-format.md is exactly its markdown (so the docs cannot
// drift from the code), and every format lists every type and every declared param.
#include "ops/operationcatalog.h"
#include "ops/operationregistry.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

using namespace vw;

class TestOperationCatalog : public QObject {
    Q_OBJECT
private slots:
    void docsTableIsGenerated();
    void markdownHasEveryParam();
    void jsonListsTypesAndParams();
    void textListsTypesAndParams();
};

void TestOperationCatalog::docsTableIsGenerated()
{
    QFile f(QStringLiteral(VW_SOURCE_DIR "/docs/profile-format.md"));
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.errorString()));
    const QString doc = QString::fromUtf8(f.readAll());
    const qsizetype beginLine = doc.indexOf(QLatin1String("\n<!-- ops:begin"));
    QVERIFY2(beginLine >= 0, "docs/profile-format.md has no <!-- ops:begin comment");
    const qsizetype tableStart = doc.indexOf(QLatin1Char('\n'), beginLine + 1) + 1;
    const qsizetype tableEnd = doc.indexOf(QLatin1String("<!-- ops:end"), tableStart);
    QVERIFY2(tableEnd > tableStart, "docs/profile-format.md has no <!-- ops:end comment");
    const QString inDocs = doc.mid(tableStart, tableEnd - tableStart);
    const QString generated = operationCatalogMarkdown(OperationRegistry::instance().types());
    QVERIFY2(inDocs == generated,
             qPrintable(QStringLiteral("docs/profile-format.md is out of date: run "
                                       "scripts/update-ops-docs.sh. Expected:\n%1\nDocs have:\n%2")
                            .arg(generated, inDocs)));
}

void TestOperationCatalog::markdownHasEveryParam()
{
    const QList<OperationType> &types = OperationRegistry::instance().types();
    QVERIFY(types.size() >= 4);
    const QString md = operationCatalogMarkdown(types);
    for (const OperationType &t : types) {
        QVERIFY2(md.contains(
                     QStringLiteral("| `%1` | `%2` | %3 |").arg(t.name, t.request, t.description)),
                 qPrintable(t.name));
        for (const ParamSpec &s : t.params)
            QVERIFY2(md.contains(QStringLiteral("| `%1` | `%2` | %3 | %4 | %5 | %6 |")
                                     .arg(t.name, s.name, paramKindName(s.kind),
                                          formatParamValue(s, s.defaultValue), allowedText(s),
                                          s.description)),
                     qPrintable(t.name + QLatin1Char('.') + s.name));
    }
    // a pipe in a description would break the table: it is escaped
    OperationType odd;
    odd.name = QStringLiteral("odd");
    odd.description = QStringLiteral("a | b");
    QVERIFY(operationCatalogMarkdown({odd}).contains(QLatin1String("a \\| b")));
}

void TestOperationCatalog::jsonListsTypesAndParams()
{
    const OperationRegistry &reg = OperationRegistry::instance();
    const QJsonArray ops =
        operationCatalogJson(reg.types()).value(QStringLiteral("operations")).toArray();
    QCOMPARE(ops.size(), reg.types().size());
    for (int i = 0; i < ops.size(); ++i) {
        const OperationType &t = reg.types().at(i);
        const QJsonObject o = ops.at(i).toObject();
        QCOMPARE(o.value(QStringLiteral("type")).toString(), t.name);
        QCOMPARE(o.value(QStringLiteral("description")).toString(), t.description);
        const QJsonArray params = o.value(QStringLiteral("params")).toArray();
        QCOMPARE(params.size(), t.params.size());
        for (int j = 0; j < params.size(); ++j)
            QCOMPARE(params.at(j).toObject().value(QStringLiteral("name")).toString(),
                     t.params.at(j).name);
    }
    // ssh_sign's ttl: a duration, default 5 minutes in canonical ms, whole seconds
    const QJsonObject ttl = ops.at(reg.names().indexOf(QStringLiteral("ssh_sign")))
                                .toObject()
                                .value(QStringLiteral("params"))
                                .toArray()
                                .at(2)
                                .toObject();
    QCOMPARE(ttl.value(QStringLiteral("type")).toString(), QStringLiteral("duration"));
    QCOMPARE(ttl.value(QStringLiteral("default")).toInteger(), qint64(300000));
    QCOMPARE(ttl.value(QStringLiteral("default_text")).toString(), QStringLiteral("5m"));
    QCOMPARE(ttl.value(QStringLiteral("unit")).toString(), QStringLiteral("ms"));
    QCOMPARE(ttl.value(QStringLiteral("multiple_of")).toInteger(), qint64(1000));
    const QJsonObject ca = ops.at(reg.names().indexOf(QStringLiteral("ssh_sign")))
                               .toObject()
                               .value(QStringLiteral("params"))
                               .toArray()
                               .at(0)
                               .toObject();
    QCOMPARE(ca.value(QStringLiteral("allowed")).toArray(),
             (QJsonArray{QStringLiteral("ed25519"), QStringLiteral("rsa-2048"),
                         QStringLiteral("rsa-4096")}));
}

void TestOperationCatalog::textListsTypesAndParams()
{
    const OperationRegistry &reg = OperationRegistry::instance();
    const QString text = operationCatalogText(reg.types());
    for (const OperationType &t : reg.types()) {
        QVERIFY2(text.contains(QStringLiteral("%1  %2\n").arg(t.name, t.description)),
                 qPrintable(t.name));
        for (const ParamSpec &s : t.params)
            QVERIFY2(text.contains(QRegularExpression(
                         QStringLiteral("\n    %1 +%2 +%3 +%4 +%5\n")
                             .arg(QRegularExpression::escape(s.name), paramKindName(s.kind),
                                  QRegularExpression::escape(formatParamValue(s, s.defaultValue)),
                                  QRegularExpression::escape(allowedText(s)),
                                  QRegularExpression::escape(s.description)))),
                     qPrintable(t.name + QLatin1Char('.') + s.name + QLatin1Char('\n') + text));
    }
}

QTEST_GUILESS_MAIN(TestOperationCatalog)
#include "tst_operationcatalog.moc"
