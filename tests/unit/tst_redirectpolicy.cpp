// The redirect rule (core/http/redirectpolicy.h), the Location header of the direct transport's
// parser, the `redirect` error class and the profile's target.addresses (issue 9, item 5).
#include "http/httpresponseparser.h"
#include "http/redirectpolicy.h"
#include "profile/profileparser.h"
#include "stats/errorclass.h"
#include "vault/serverinfo.h"

#include <QTest>

using namespace vw;
using Action = RedirectPolicy::Action;

namespace {

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestRedirectPolicy : public QObject {
    Q_OBJECT
private slots:
    void decide_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("location");
        QTest::addColumn<int>("followed");
        QTest::addColumn<int>("action");
        QTest::addColumn<QString>("url"); // Follow: where

        const int none = int(Action::None), follow = int(Action::Follow),
                  refuse = int(Action::Refuse);
        QTest::newRow("200 is no redirect") << 200 << QByteArray() << 0 << none << QString();
        QTest::newRow("304 is no redirect") << 304 << QByteArray() << 0 << none << QString();
        QTest::newRow("307 to a listed node")
            << 307 << QByteArray("http://10.0.0.1:8200/v1/kv/data/a?x=1") << 0 << follow
            << QStringLiteral("http://10.0.0.1:8200/v1/kv/data/a?x=1");
        QTest::newRow("308 to a listed node, host in capitals")
            << 308 << QByteArray("http://NODE-B.example:8200/v1/x") << 0 << follow
            << QStringLiteral("http://node-b.example:8200/v1/x");
        QTest::newRow("307 to the target itself")
            << 307 << QByteArray("http://standby.example:8200/v1/y") << 0 << follow
            << QStringLiteral("http://standby.example:8200/v1/y");
        QTest::newRow("307 relative, on the requested node")
            << 307 << QByteArray("/v1/z") << 0 << follow
            << QStringLiteral("http://standby.example:8200/v1/z");
        QTest::newRow("307 to another host")
            << 307 << QByteArray("http://evil.example:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("307 to 127.0.0.2 (not listed)")
            << 307 << QByteArray("http://127.0.0.2:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("307 to a listed host, other port")
            << 307 << QByteArray("http://10.0.0.1:8201/v1/x") << 0 << refuse << QString();
        QTest::newRow("307 to a listed host, other scheme")
            << 307 << QByteArray("https://10.0.0.1:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("307 with user info")
            << 307 << QByteArray("http://u:p@10.0.0.1:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("second redirect")
            << 307 << QByteArray("http://10.0.0.1:8200/v1/x") << 1 << refuse << QString();
        QTest::newRow("301 inside")
            << 301 << QByteArray("http://10.0.0.1:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("302 inside")
            << 302 << QByteArray("http://10.0.0.1:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("303 inside")
            << 303 << QByteArray("http://10.0.0.1:8200/v1/x") << 0 << refuse << QString();
        QTest::newRow("307 without Location") << 307 << QByteArray() << 0 << refuse << QString();
        QTest::newRow("307 to ftp")
            << 307 << QByteArray("ftp://10.0.0.1:8200/v1/x") << 0 << refuse << QString();
    }

    void decide()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, location);
        QFETCH(int, followed);
        QFETCH(int, action);
        QFETCH(QString, url);
        const RedirectPolicy policy(QUrl(QStringLiteral("http://standby.example:8200")),
                                    {QUrl(QStringLiteral("http://10.0.0.1:8200")),
                                     QUrl(QStringLiteral("http://node-b.example:8200"))});
        const RedirectPolicy::Decision d = policy.decide(
            status, location, QUrl(QStringLiteral("http://standby.example:8200/v1/kv/data/a")),
            followed);
        QCOMPARE(int(d.action), action);
        if (d.action == Action::Follow)
            QCOMPARE(d.url.toString(), url);
        if (d.action == Action::Refuse) {
            QVERIFY(!d.reason.isEmpty());
            QVERIFY2(!d.reason.contains(QLatin1String(":p@")), qPrintable(d.reason));
            QVERIFY2(!d.reason.contains(QLatin1String("/v1/")), qPrintable(d.reason));
        }
    }

    void defaultPortsAreTheSameOrigin()
    {
        const RedirectPolicy policy(QUrl(QStringLiteral("https://vault.example")), {});
        QVERIFY(policy.isInsideTarget(QUrl(QStringLiteral("https://vault.example:443/v1/x"))));
        QVERIFY(!policy.isInsideTarget(QUrl(QStringLiteral("http://vault.example:443/v1/x"))));
        QVERIFY(!RedirectPolicy().isInsideTarget(QUrl(QStringLiteral("http://a:1"))));
    }

    void redirectErrorKey()
    {
        QCOMPARE(errorKey(ErrorClass::Redirect), QStringLiteral("redirect"));
    }

    void serverRoleKeysRoundTrip()
    {
        for (ServerRole r : {ServerRole::Unknown, ServerRole::Active, ServerRole::Standby,
                             ServerRole::PerfStandby})
            QCOMPARE(serverRoleFromKey(serverRoleKey(r)), r);
        QCOMPARE(serverRoleKey(ServerRole::PerfStandby), QStringLiteral("perf_standby"));
        QCOMPARE(serverRoleFromKey(QString()), ServerRole::Unknown);
    }

    void parserKeepsLocationAcrossFeeds()
    {
        const QByteArray response = "HTTP/1.1 307 Temporary Redirect\r\nContent-Length: 0\r\n"
                                    "X-Other: nope\r\nlOcAtIoN: http://10.0.0.1:8200/v1/kv/data/a"
                                    "\r\nCache-Control: no-store\r\n\r\n";
        // Every split point: names and values arrive in pieces.
        for (int cut = 1; cut < response.size(); ++cut) {
            HttpResponseParser p;
            QCOMPARE(p.feed(response.constData(), size_t(cut)),
                     HttpResponseParser::State::NeedMore);
            QCOMPARE(p.feed(response.constData() + cut, size_t(response.size() - cut)),
                     HttpResponseParser::State::Complete);
            QCOMPARE(p.status(), 307);
            QCOMPARE(p.location(), QByteArray("http://10.0.0.1:8200/v1/kv/data/a"));
        }
        HttpResponseParser p;
        const QByteArray plain = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
        QCOMPARE(p.feed(plain.constData(), size_t(plain.size())),
                 HttpResponseParser::State::Complete);
        QVERIFY(p.location().isEmpty());
    }

    void profileTargetAddresses()
    {
        const ProfileParseResult ok = parseProfile(
            "name: a\ntarget:\n  address: http://10.0.0.3:8200\n"
            "  addresses: [http://10.0.0.1:8200, https://node-b:8200]\n"
            "ramp: { stages: [{ vus: 1, duration: 1s }] }\noperations: [{ type: sys_health }]\n");
        QVERIFY2(ok.ok(), qPrintable(dump(ok.errors)));
        QCOMPARE(ok.profile->target.addresses,
                 (QStringList{QStringLiteral("http://10.0.0.1:8200"),
                              QStringLiteral("https://node-b:8200")}));

        const ProfileParseResult bad = parseProfile(
            "name: a\ntarget:\n  addresses: [http://10.0.0.1:8200, \"10.0.0.2:8200/v1\"]\n"
            "ramp: { stages: [{ vus: 1, duration: 1s }] }\noperations: [{ type: sys_health }]\n");
        QVERIFY(!bad.ok());
        QVERIFY2(dump(bad.errors).contains(QLatin1String("target.addresses[1]")),
                 qPrintable(dump(bad.errors)));

        const ProfileParseResult notList = parseProfile(
            "name: a\ntarget:\n  addresses: http://10.0.0.1:8200\n"
            "ramp: { stages: [{ vus: 1, duration: 1s }] }\noperations: [{ type: sys_health }]\n");
        QVERIFY(!notList.ok());
        QVERIFY(dump(notList.errors).contains(QLatin1String("target.addresses")));
    }
};

QTEST_APPLESS_MAIN(TestRedirectPolicy)
#include "tst_redirectpolicy.moc"
