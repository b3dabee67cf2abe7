// `vault-workbench import-hcl` over every example config of hashicorp/vault-benchmark's docs
// whose test types the workbench imports (tests/data/vault-benchmark-examples/, README.md
// there: origin, licence, and which examples use types the workbench does not have). Each
// one imports (exit 0, the profile written) and the profile parses with one operation per
// `test` block, of the mapped type, with the block's weight. The one example vault-benchmark
// itself refuses (docs/tests/auth-certificate.md: `certificate = cert.pem` is an expression,
// and its only weight is 25) is refused here too, at the expression's line.
#include "apprun.h"
#include "import/vaultbenchmarkmapping.h"
#include "profile/profileparser.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

const char kExamples[] = VW_SOURCE_DIR "/tests/data/vault-benchmark-examples";

using test::AppResult;

/// The app (apprun.h) in an environment without the caller's Vault settings, HOME = `home`.
AppResult runApp(const QStringList &args, const QString &home)
{
    return test::runApp(test::appRun(args, QString(), test::appEnvironment(home)));
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Every example config, relative to kExamples, sorted.
QStringList exampleFiles()
{
    QStringList out;
    QDirIterator it(QString::fromLatin1(kExamples), {QStringLiteral("*.hcl")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(QString::fromLatin1(kExamples)).relativeFilePath(it.next());
    out.sort();
    return out;
}

/// The `test "<type>" "<name>" { weight = N` blocks of a config, as read by a regex (not by
/// the importer under test): type and weight, in order.
QList<QPair<QString, int>> testBlocks(const QByteArray &hcl)
{
    static const QRegularExpression block(
        QStringLiteral("test\\s+\"([a-z0-9_]+)\"\\s+\"[^\"]+\"\\s*\\{\\s*weight\\s*=\\s*(\\d+)"));
    QList<QPair<QString, int>> out;
    auto it = block.globalMatch(QString::fromUtf8(hcl));
    while (it.hasNext()) {
        const auto m = it.next();
        out.append({m.captured(1), m.captured(2).toInt()});
    }
    return out;
}

// vault-benchmark refuses this one too: `certificate = cert.pem` is a variable reference
// ("Variables not allowed"), and its weights add up to 25.
const char kRefusedByVaultBenchmark[] = "docs-md/tests-auth-certificate.hcl";

} // namespace

class TestImportHclExamples : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;

private slots:
    void everyExampleImports_data();
    void everyExampleImports();
    void theInvalidExampleIsRefusedAtItsLine();
};

void TestImportHclExamples::everyExampleImports_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = exampleFiles();
    // 21 under pki/ (docs/examples/pki) and 29 from the docs' and README's HCL blocks
    QCOMPARE(files.size(), 50);
    for (const QString &f : files)
        if (f != QLatin1String(kRefusedByVaultBenchmark))
            QTest::newRow(qPrintable(f)) << f;
}

void TestImportHclExamples::everyExampleImports()
{
    QFETCH(QString, file);
    const QString path = QDir(QString::fromLatin1(kExamples)).filePath(file);
    const QString out = QDir(m_home.path()).filePath(QString(file).replace('/', '_') + ".yaml");
    const AppResult r =
        runApp({QStringLiteral("import-hcl"), path, QStringLiteral("--out"), out}, m_home.path());
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("wrote ")), qPrintable(r.err));

    const QByteArray yaml = fileBytes(out);
    const ProfileParseResult parsed = parseProfile(yaml);
    QVERIFY2(parsed.ok(), yaml.constData());
    const QList<QPair<QString, int>> blocks = testBlocks(fileBytes(path));
    QVERIFY(!blocks.isEmpty());
    QCOMPARE(parsed.profile->operations.size(), blocks.size());
    for (int i = 0; i < blocks.size(); ++i) {
        QVERIFY2(findVaultBenchmarkMapping(blocks.at(i).first), qPrintable(blocks.at(i).first));
        QStringList types; // several for a type whose `workload` picks one (identity)
        for (const VbTestMapping &m : vaultBenchmarkMappings())
            if (m.vbType == blocks.at(i).first)
                types << m.type;
        QVERIFY2(types.contains(parsed.profile->operations.at(i).type),
                 qPrintable(parsed.profile->operations.at(i).type));
        QCOMPARE(parsed.profile->operations.at(i).weight, blocks.at(i).second);
    }
    // a config's token is dropped with a note (the unit test checks that its value is nowhere)
    if (fileBytes(path).contains("vault_token"))
        QVERIFY2(r.err.contains(QStringLiteral("note: vault_token (line")), qPrintable(r.err));
}

void TestImportHclExamples::theInvalidExampleIsRefusedAtItsLine()
{
    const QString path = QDir(QString::fromLatin1(kExamples))
                             .filePath(QString::fromLatin1(kRefusedByVaultBenchmark));
    const QString out = QDir(m_home.path()).filePath(QStringLiteral("cert.yaml"));
    const AppResult r =
        runApp({QStringLiteral("import-hcl"), path, QStringLiteral("--out"), out}, m_home.path());
    QCOMPARE(r.exitCode, 2);
    // line 5 is `  certificate = cert.pem`
    QVERIFY2(r.err.contains(path + QStringLiteral(":5:")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestImportHclExamples)
#include "tst_importhclexamples.moc"
