// lookupToken(): --token-file, then VAULT_TOKEN, then BAO_TOKEN, then VAULT_TOKEN_FILE, then
// ~/.vault-token (trimmed), with HOME pointed at a temporary directory so the real home is
// never read or written.
#include "vault/tokensource.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace vw;

class TestTokenSource : public QObject {
    Q_OBJECT

private:
    QTemporaryDir *m_home = nullptr;
    QByteArray m_savedHome, m_savedVault, m_savedBao;
    bool m_hadVault = false, m_hadBao = false;

    void writeTokenFile(const QByteArray &content)
    {
        QFile f(m_home->filePath(QStringLiteral(".vault-token")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(content), qint64(content.size()));
    }

private slots:
    void initTestCase()
    {
        m_savedHome = qgetenv("HOME");
        m_hadVault = qEnvironmentVariableIsSet("VAULT_TOKEN");
        m_hadBao = qEnvironmentVariableIsSet("BAO_TOKEN");
        m_savedVault = qgetenv("VAULT_TOKEN");
        m_savedBao = qgetenv("BAO_TOKEN");
    }

    void init()
    {
        m_home = new QTemporaryDir;
        QVERIFY(m_home->isValid());
        qputenv("HOME", m_home->path().toLocal8Bit());
        qunsetenv("VAULT_TOKEN");
        qunsetenv("BAO_TOKEN");
        qunsetenv("VAULT_TOKEN_FILE");
    }

    void cleanup()
    {
        delete m_home;
        m_home = nullptr;
    }

    void cleanupTestCase()
    {
        qputenv("HOME", m_savedHome);
        if (m_hadVault)
            qputenv("VAULT_TOKEN", m_savedVault);
        if (m_hadBao)
            qputenv("BAO_TOKEN", m_savedBao);
    }

    void vaultTokenWinsOverAll()
    {
        writeTokenFile("file-token\n");
        qputenv("BAO_TOKEN", "bao-token");
        qputenv("VAULT_TOKEN", "vault-token");
        const TokenLookup t = lookupToken();
        QCOMPARE(t.token, QByteArray("vault-token"));
        QCOMPARE(t.source, QStringLiteral("VAULT_TOKEN"));
    }

    void baoTokenWhenNoVaultToken()
    {
        writeTokenFile("file-token\n");
        qputenv("BAO_TOKEN", "bao-token");
        const TokenLookup t = lookupToken();
        QCOMPARE(t.token, QByteArray("bao-token"));
        QCOMPARE(t.source, QStringLiteral("BAO_TOKEN"));
    }

    void blankVariableFallsThrough()
    {
        writeTokenFile("file-token");
        qputenv("VAULT_TOKEN", "  \n");
        qputenv("BAO_TOKEN", "");
        const TokenLookup t = lookupToken();
        QCOMPARE(t.token, QByteArray("file-token"));
        QCOMPARE(t.source, QStringLiteral("~/.vault-token"));
    }

    void environmentValueIsTrimmed()
    {
        qputenv("VAULT_TOKEN", " \thvs.abc\n");
        QCOMPARE(lookupToken().token, QByteArray("hvs.abc"));
    }

    void fileIsTrimmed()
    {
        writeTokenFile("  \n s.file-token \r\n\n");
        const TokenLookup t = lookupToken();
        QCOMPARE(t.token, QByteArray("s.file-token"));
        QCOMPARE(t.source, QStringLiteral("~/.vault-token"));
    }

    void fileFollowsHome()
    {
        writeTokenFile("first");
        QTemporaryDir other;
        QVERIFY(other.isValid());
        QFile f(other.filePath(QStringLiteral(".vault-token")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("second");
        f.close();
        QCOMPARE(lookupToken().token, QByteArray("first"));
        qputenv("HOME", other.path().toLocal8Bit());
        QCOMPARE(lookupToken().token, QByteArray("second"));
    }

    void missingFileGivesNothing()
    {
        QVERIFY(!QFile::exists(m_home->filePath(QStringLiteral(".vault-token"))));
        const TokenLookup t = lookupToken();
        QVERIFY(t.token.isEmpty());
        QVERIFY(t.source.isEmpty());
    }

    void blankFileGivesNothing()
    {
        writeTokenFile(" \n\t\n");
        const TokenLookup t = lookupToken();
        QVERIFY(t.token.isEmpty());
        QVERIFY(t.source.isEmpty());
    }

    void tokenFileFlagWinsOverAll()
    {
        writeTokenFile("home-token");
        qputenv("VAULT_TOKEN", "vault-token");
        const QString path = m_home->filePath(QStringLiteral("secret-token"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(" s.from-secret\n");
        f.close();
        const TokenLookup t = lookupToken(path);
        QCOMPARE(t.token, QByteArray("s.from-secret"));
        QCOMPARE(t.source, QStringLiteral("--token-file ") + path);
        QVERIFY(t.error.isEmpty());
    }

    void unreadableTokenFileIsAnErrorNotAFallThrough()
    {
        qputenv("VAULT_TOKEN", "vault-token");
        const TokenLookup t = lookupToken(m_home->filePath(QStringLiteral("absent")));
        QVERIFY(t.token.isEmpty());
        QVERIFY2(t.error.contains(QStringLiteral("cannot read --token-file")), qPrintable(t.error));
    }

    void tokenFileVariableAfterEnvironmentBeforeHome()
    {
        writeTokenFile("home-token");
        const QString path = m_home->filePath(QStringLiteral("mounted"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("s.mounted\n");
        f.close();
        qputenv("VAULT_TOKEN_FILE", path.toLocal8Bit());
        TokenLookup t = lookupToken();
        QCOMPARE(t.token, QByteArray("s.mounted"));
        QVERIFY(t.source.startsWith(QStringLiteral("VAULT_TOKEN_FILE")));
        qputenv("BAO_TOKEN", "bao-token");
        t = lookupToken();
        QCOMPARE(t.token, QByteArray("bao-token"));
        qunsetenv("BAO_TOKEN");
        qunsetenv("VAULT_TOKEN_FILE");
    }

    void emptyTokenFileIsAnError()
    {
        const QString path = m_home->filePath(QStringLiteral("empty"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\n");
        f.close();
        const TokenLookup t = lookupToken(path);
        QVERIFY(t.token.isEmpty());
        QVERIFY2(t.error.contains(QStringLiteral("is empty")), qPrintable(t.error));
    }

    void controlCharactersAreFlagged()
    {
        QVERIFY(!tokenHasControlCharacters(QByteArray("s.abcDEF123-_.")));
        QVERIFY(tokenHasControlCharacters(QByteArray("abc\r\nX-Evil: 1")));
        QVERIFY(tokenHasControlCharacters(QByteArray("abc\tdef")));
        QVERIFY(tokenHasControlCharacters(QByteArray("abc\x7f")));
        QVERIFY(tokenHasControlCharacters(QByteArray("a\0b", 3)));
    }
};

QTEST_GUILESS_MAIN(TestTokenSource)
#include "tst_tokensource.moc"
