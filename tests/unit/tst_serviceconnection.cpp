// The `connection:` params of db_mysql_creds and db_redis_* (core/localtarget/mariadb.h,
// redis.h, servicelaunch.h): a user's own server as SCHEME://USER@HOST[:PORT] with the
// password from a file (never in the URL), the local target's service by name, the
// connection URL Vault's mysql plugin gets, and the services `target up --with` knows.
// No server is started.
#include "localtarget/localtargetconfig.h"
#include "localtarget/mariadb.h"
#include "localtarget/redis.h"
#include "vault/localtargetstate.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace vw;

class TestServiceConnection : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    QString passwordFile(const QByteArray &text)
    {
        const QString path = m_tmp.filePath(QStringLiteral("pw"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        f.write(text);
        return path;
    }

private slots:
    void mariadbUrlWithPasswordFile()
    {
        MariadbConnection c;
        QString error;
        QVERIFY2(resolveMariadbConnection(QStringLiteral("mysql://vault@db.example:3307"),
                                          passwordFile("s3cret\n"), &c, &error),
                 qPrintable(error));
        QCOMPARE(c.host, QStringLiteral("db.example"));
        QCOMPARE(c.port, 3307);
        QCOMPARE(c.user, QStringLiteral("vault"));
        QCOMPARE(c.password, QByteArray("s3cret")); // trimmed
        QCOMPARE(c.vaultConnectionUrl(),
                 QStringLiteral("{{username}}:{{password}}@tcp(db.example:3307)/"));
        QCOMPARE(c.displayUrl(), QStringLiteral("mysql://vault@db.example:3307/"));
        QVERIFY(!c.displayUrl().contains(QLatin1String("s3cret")));
        // mariadb:// too, port 3306 by default
        QVERIFY2(resolveMariadbConnection(QStringLiteral("mariadb://root@127.0.0.1"),
                                          passwordFile("x"), &c, &error),
                 qPrintable(error));
        QCOMPARE(c.port, 3306);
    }

    void redisUrlWithPasswordFile()
    {
        RedisConnection c;
        QString error;
        QVERIFY2(resolveRedisConnection(QStringLiteral("redis://vault@127.0.0.1"),
                                        passwordFile("pw"), &c, &error),
                 qPrintable(error));
        QCOMPARE(c.port, 6379);
        QCOMPARE(c.user, QStringLiteral("vault"));
        QCOMPARE(c.password, QByteArray("pw"));
        QCOMPARE(c.displayUrl(), QStringLiteral("redis://vault@127.0.0.1:6379"));
    }

    void badConnectionsAreErrors_data()
    {
        QTest::addColumn<QString>("service");
        QTest::addColumn<QString>("connection");
        QTest::addColumn<bool>("withFile");
        QTest::addColumn<QString>("says");
        QTest::newRow("password in the URL")
            << "mariadb"
            << "mysql://root:pw@127.0.0.1:3306" << true << "no password in the URL";
        QTest::newRow("no password file")
            << "mariadb"
            << "mysql://root@127.0.0.1:3306" << false << "needs password_file";
        QTest::newRow("wrong scheme")
            << "mariadb"
            << "postgresql://root@127.0.0.1" << true << "neither the local target's MariaDB";
        QTest::newRow("no user") << "redis"
                                 << "redis://127.0.0.1:6379" << true << "redis://USER@HOST:PORT";
        QTest::newRow("redis password in URL")
            << "redis"
            << "redis://u:p@127.0.0.1" << true << "no password in the URL";
        QTest::newRow("empty password file") << "redis"
                                             << "redis://u@127.0.0.1" << true << "is empty";
    }

    void badConnectionsAreErrors()
    {
        QFETCH(QString, service);
        QFETCH(QString, connection);
        QFETCH(bool, withFile);
        QFETCH(QString, says);
        const QString file =
            withFile ? passwordFile(says == QLatin1String("is empty") ? "\n" : "pw") : QString();
        QString error;
        if (service == QLatin1String("mariadb")) {
            MariadbConnection c;
            QVERIFY(!resolveMariadbConnection(connection, file, &c, &error));
        } else {
            RedisConnection c;
            QVERIFY(!resolveRedisConnection(connection, file, &c, &error));
        }
        QVERIFY2(error.contains(says), qPrintable(error));
        QVERIFY(!error.contains(QLatin1String(":pw@")) || says.contains(QLatin1String("URL")));
    }

    // By name: the local target's service, only when its state has one (here: none).
    void serviceByNameNeedsTheTarget()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("no-target"));
        MariadbConnection m;
        RedisConnection r;
        QString error;
        QVERIFY(!resolveMariadbConnection(QStringLiteral("mariadb"), {}, &m, &error, dir));
        QVERIFY2(!error.isEmpty(), qPrintable(error));
        error.clear();
        QVERIFY(!resolveRedisConnection(QStringLiteral("redis"), {}, &r, &error, dir));
        QVERIFY2(!error.isEmpty(), qPrintable(error));
    }

    void targetUpKnowsTheServices()
    {
        LocalTargetOptions o;
        o.services = {QStringLiteral("postgres"), QStringLiteral("mariadb"),
                      QStringLiteral("redis")};
        QCOMPARE(o.problem(), QString());
        o.services = {QStringLiteral("mongodb")};
        QVERIFY(o.problem().contains(QLatin1String("mariadb")));
        LocalTargetNode n;
        for (const char *kind : {"postgres", "mariadb", "redis"}) {
            n.kind = QString::fromLatin1(kind);
            QVERIFY2(n.isService(), kind);
        }
        n.kind = QStringLiteral("bao");
        QVERIFY(!n.isService());
    }
};

QTEST_GUILESS_MAIN(TestServiceConnection)
#include "tst_serviceconnection.moc"
