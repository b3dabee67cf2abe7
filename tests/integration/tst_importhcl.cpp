// `vault-workbench import-hcl` then `run` then `report --format vault-benchmark`, end to end
// against a real `bao server -dev`: a vault-benchmark config with two kv2_read tests runs
// with both told apart by their labels, every row at 100.00 %; seed 000's config (the
// vault-benchmark tutorial, token line included) imports with the dropped-token note, and
// runs once approle_login is registered (until then its import names the missing type).
#include "apprun.h"
#include "baoserver.h"
#include "ops/operationregistry.h"
#include "session/sessionio.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

namespace {

using vw::test::AppResult;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// The rows of a vault-benchmark table's first (whole-run) table: label -> its cells.
QMap<QString, QStringList> firstTableRows(const QString &out)
{
    QMap<QString, QStringList> rows;
    bool inTable = false;
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("op "))) {
            inTable = true;
            continue;
        }
        if (!inTable)
            continue;
        if (line.startsWith(QLatin1Char('-')) || line.isEmpty())
            break;
        const QStringList cells = line.simplified().split(QLatin1Char(' '));
        rows.insert(cells.first(), cells.mid(1));
    }
    return rows;
}

// Seed 000's config.hcl with the dev server's address and a 3 s duration (the tutorial runs
// 30 s); the token line stays, with a placeholder value: the real token comes from VAULT_TOKEN.
const char kSeed000[] = "# Vault server configuration\n"
                        "vault_addr = \"%ADDR%\"\n"
                        "vault_token = \"s.PlaceholderToken\"\n"
                        "vault_namespace=\"root\"\n"
                        "duration = \"3s\"\n"
                        "cleanup = true\n"
                        "test \"approle_auth\" \"approle_logins\" {\n"
                        "  weight = 50\n"
                        "  config {\n"
                        "    role {\n"
                        "      role_name = \"benchmark-role\"\n"
                        "      token_ttl=\"2m\"\n"
                        "    }\n"
                        "  }\n"
                        "}\n"
                        "test \"kvv2_write\" \"static_secret_writes\" {\n"
                        "  weight = 50\n"
                        "  config {\n"
                        "    numkvs = 100\n"
                        "    kvsize = 100\n"
                        "  }\n"
                        "}\n";

} // namespace

class TestImportHcl : public QObject {
    Q_OBJECT

    test::BaoServer m_bao;
    QTemporaryDir m_home; // HOME of the app: no ~/.vault-token of the machine's user

    AppResult runApp(const QStringList &args, const QString &workDir, int timeoutMs = 60000)
    {
        return test::runApp(test::appRun(
            args, workDir, test::appEnvironment(m_home.path(), m_bao.rootToken()), timeoutMs));
    }

    /// import-hcl, run and report --format vault-benchmark of `hcl`; the report's rows.
    QMap<QString, QStringList> importRunReport(const QByteArray &hcl, const QString &dir)
    {
        const QString cfg = QDir(dir).filePath(QStringLiteral("config.hcl"));
        const QString profile = QDir(dir).filePath(QStringLiteral("config.yaml"));
        const QString session = QDir(dir).filePath(QStringLiteral("config.json"));
        if (!writeFile(cfg, hcl))
            return {};
        const AppResult imported =
            runApp({QStringLiteral("import-hcl"), cfg, QStringLiteral("--out"), profile}, dir);
        if (imported.exitCode != 0) {
            qWarning("import-hcl: %s", qPrintable(imported.err));
            return {};
        }
        const AppResult run =
            runApp({QStringLiteral("run"), profile, QStringLiteral("--out"), session}, dir);
        if (run.exitCode != 0) {
            qWarning("run: %s", qPrintable(run.err + run.out));
            return {};
        }
        const AppResult report =
            runApp({QStringLiteral("report"), session, QStringLiteral("--format"),
                    QStringLiteral("vault-benchmark")},
                   dir);
        if (report.exitCode != 0) {
            qWarning("report: %s", qPrintable(report.err));
            return {};
        }
        qInfo("%s", qPrintable(report.out));
        return firstTableRows(report.out);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bao.start(&error), qPrintable(error));
    }
    void cleanupTestCase() { m_bao.stop(); }

    void twoKv2ReadsToldApart()
    {
        QTemporaryDir dir;
        const QByteArray hcl = "vault_addr = \"" + m_bao.address().toUtf8()
                               + "\"\n"
                                 "workers = 2\n"
                                 "duration = \"2s\"\n"
                                 "test \"kvv2_read\" \"small_reads\" {\n"
                                 "  weight = 50\n"
                                 "  config {\n    numkvs = 10\n    kvsize = 100\n  }\n"
                                 "}\n"
                                 "test \"kvv2_read\" \"large_reads\" {\n"
                                 "  weight = 50\n"
                                 "  config {\n    numkvs = 10\n    kvsize = 65536\n  }\n"
                                 "}\n";
        const QMap<QString, QStringList> rows = importRunReport(hcl, dir.path());
        // natural order of the labels (the TOTAL row is under the separator)
        QCOMPARE(rows.keys(),
                 (QStringList{QStringLiteral("large_reads"), QStringLiteral("small_reads")}));
        for (const QString &label :
             {QStringLiteral("small_reads"), QStringLiteral("large_reads")}) {
            const QStringList &cells = rows.value(label);
            QVERIFY2(cells.value(0).toLongLong() > 0, qPrintable(label));
            QCOMPARE(cells.value(6), QStringLiteral("100.00%"));
        }
        // the session names them apart in every stage, and the plan keeps the names
        QString error;
        const auto s =
            readSession(QDir(dir.path()).filePath(QStringLiteral("config.json")), &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->ops,
                 (QStringList{QStringLiteral("small_reads"), QStringLiteral("large_reads")}));
        QCOMPARE(s->plan.operations.at(1).name, QStringLiteral("large_reads"));
        QCOMPARE(s->plan.operations.at(1).params.integer(QStringLiteral("payload_bytes")),
                 qint64(65536));
    }

    // A test name holding an escape sequence (a hostile or corrupted config) reaches the
    // terminal as visible text, never as ESC: the name is in the error about the label.
    void escapeInATestNameIsShownNotSent()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("esc.hcl"));
        QVERIFY(writeFile(cfg, "duration = \"1s\"\n"
                               "test \"kvv2_write\" \"a\x1b]0;owned\x07\x1b[31mred\" {\n"
                               "  weight = 100\n}\n"));
        const AppResult r = runApp({QStringLiteral("import-hcl"), cfg}, dir.path());
        QVERIFY2(r.exitCode != 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("\\x1b[31mred")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QChar(0x1b)) && !r.err.contains(QChar(0x07)), qPrintable(r.err));
    }

    // Issue 23.7: a bidi override or a zero-width space in a test name is named by its code
    // point in the error (never sent raw); a name of letters of other scripts imports.
    void bidiInATestNameIsNamedAndUnicodeLettersImport()
    {
        QTemporaryDir dir;
        const QString cfg = dir.filePath(QStringLiteral("bidi.hcl"));
        QVERIFY(writeFile(cfg, "duration = \"1s\"\n"
                               "test \"kvv2_write\" \"ab\u202Ec\u200Bd\" {\n"
                               "  weight = 100\n}\n"));
        AppResult r = runApp({QStringLiteral("import-hcl"), cfg}, dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("U+202E")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QChar(0x202e)) && !r.err.contains(QChar(0x200b)),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());

        const QString ok = dir.filePath(QStringLiteral("unicode.hcl"));
        QVERIFY(writeFile(
            ok,
            "duration = \"1s\"\n"
            "test \"kvv2_write\" \"\xd0\xba\xd0\xbb\xd1\x8e\xd1\x87_\xe6\x97\xa5\xe6\x9c\xac\" {\n"
            "  weight = 100\n}\n"));
        r = runApp({QStringLiteral("import-hcl"), ok}, dir.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QString::fromUtf8(
                     "\xd0\xba\xd0\xbb\xd1\x8e\xd1\x87_\xe6\x97\xa5\xe6\x9c\xac")),
                 qPrintable(r.out));
    }

    void seed000()
    {
        QTemporaryDir dir;
        const QByteArray hcl = QByteArray(kSeed000).replace("%ADDR%", m_bao.address().toUtf8());
        const QString cfg = QDir(dir.path()).filePath(QStringLiteral("config.hcl"));
        QVERIFY(writeFile(cfg, hcl));
        const AppResult imported = runApp({QStringLiteral("import-hcl"), cfg}, dir.path());
        QVERIFY2(imported.err.contains(QStringLiteral("note: vault_token (line 3) was not copied")),
                 qPrintable(imported.err));
        QVERIFY(!imported.out.contains(QStringLiteral("PlaceholderToken")));
        QVERIFY(!imported.err.contains(QStringLiteral("PlaceholderToken")));
        if (!OperationRegistry::instance().find(QStringLiteral("approle_login"))) {
            // not in this build yet: the import fails on that type alone, naming it
            QCOMPARE(imported.exitCode, 2);
            QVERIFY2(imported.err.contains(QStringLiteral(
                         "config.hcl:7:6: imported profile: operations[0].type: unknown "
                         "operation type \"approle_login\"")),
                     qPrintable(imported.err));
            QVERIFY(imported.out.isEmpty());
            QSKIP("approle_login is not registered in this build: seed 000 imports but cannot "
                  "run yet");
        }
        QCOMPARE(imported.exitCode, 0);
        const QMap<QString, QStringList> rows = importRunReport(hcl, dir.path());
        for (const QString &label :
             {QStringLiteral("approle_logins"), QStringLiteral("static_secret_writes")}) {
            QVERIFY2(rows.value(label).value(0).toLongLong() > 0, qPrintable(label));
            QCOMPARE(rows.value(label).value(6), QStringLiteral("100.00%"));
        }
    }
};

QTEST_GUILESS_MAIN(TestImportHcl)
#include "tst_importhcl.moc"
