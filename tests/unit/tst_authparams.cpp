// The typed params of the auth operations (LoginParams, core/ops/authsupport.h;
// TokenCreateParams, core/ops/tokencreate.h; TokenSelfParams, core/ops/tokenself.h): a bad
// value is a located profile error when the profile is loaded, never a setup failure at run
// time; good values arrive typed (ms, enums, a policy list) in the operation made from them.
#include "ops/authsupport.h"
#include "ops/operationregistry.h"
#include "ops/tokencreate.h"
#include "ops/tokenself.h"
#include "profile/profileparser.h"

#include <QTest>

using namespace vw;

namespace {

/// A valid profile whose only operation is `type` with the flow map `params` (line 7).
QByteArray profileWith(const QByteArray &type, const QByteArray &params)
{
    return "name: auth\n" // 1
           "ramp:\n" // 2
           "  stages:\n" // 3
           "    - { vus: 1, duration: 10s }\n" // 4
           "operations:\n" // 5
           "  - type: "
           + type + "\n" // 6
           + "    params: { " + params + " }\n"; // 7
}

QString dump(const ProfileErrors &errors)
{
    QStringList out;
    for (const ProfileError &e : errors)
        out << e.toString();
    return out.join(QStringLiteral("\n  "));
}

/// The params of the profile's only operation; fails the test when it does not load.
OpParams loaded(const QByteArray &type, const QByteArray &params)
{
    const ProfileParseResult r = parseProfile(profileWith(type, params));
    if (!r.ok()) {
        qWarning("%s", qPrintable(dump(r.errors)));
        return {};
    }
    return r.profile->operations.at(0).params;
}

} // namespace

class TestAuthParams : public QObject {
    Q_OBJECT
private slots:
    void badValueIsAProfileError_data();
    void badValueIsAProfileError();
    void loginParamsTyped();
    void tokenCreateParamsTyped();
    void tokenSelfParamsTyped();
    void everyAuthTypeMakesItsOperation();
};

void TestAuthParams::badValueIsAProfileError_data()
{
    QTest::addColumn<QByteArray>("type");
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("approle type") << QByteArray("approle_login") << QByteArray("type: orphan")
                                  << "operations[0].params.type"
                                  << "service, batch";
    QTest::newRow("approle secret_id_ttl")
        << QByteArray("approle_login") << QByteArray("secret_id_ttl: 1500ms")
        << "operations[0].params.secret_id_ttl"
        << "whole seconds";
    QTest::newRow("userpass ttl") << QByteArray("userpass_login") << QByteArray("ttl: 48h")
                                  << "operations[0].params.ttl"
                                  << "24h";
    QTest::newRow("cert type") << QByteArray("cert_login") << QByteArray("type: default")
                               << "operations[0].params.type"
                               << "service, batch";
    QTest::newRow("lookup ttl") << QByteArray("token_lookup_self") << QByteArray("ttl: 0s")
                                << "operations[0].params.ttl"
                                << "1s";
    QTest::newRow("renew ttl") << QByteArray("token_renew_self") << QByteArray("ttl: soon")
                               << "operations[0].params.ttl"
                               << "(got \"soon\")";
    // Caught by TokenCreateParams::from(), the type's check, at load: before, an empty list
    // made children with the parent's policies and "root" failed the parent's login at setup.
    QTest::newRow("token_create no policy")
        << QByteArray("token_create") << QByteArray("policies: \" , \"")
        << "operations[0].params.policies"
        << "names no policy";
    QTest::newRow("token_create root")
        << QByteArray("token_create") << QByteArray("policies: \"default, Root\"")
        << "operations[0].params.policies"
        << "must not name root";
    QTest::newRow("token_create long orphan")
        << QByteArray("token_create") << QByteArray("type: orphan, ttl: 11m")
        << "operations[0].params.ttl"
        << "at most 10m";
}

void TestAuthParams::badValueIsAProfileError()
{
    QFETCH(QByteArray, type);
    QFETCH(QByteArray, params);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const ProfileParseResult r = parseProfile(profileWith(type, params));
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    const ProfileError &e = r.errors.first();
    QCOMPARE(e.field, field);
    QCOMPARE(e.line, 7); // located at the value, in the params line
    QVERIFY2(e.message.contains(message), qPrintable(dump(r.errors)));
}

void TestAuthParams::loginParamsTyped()
{
    const std::optional<LoginParams> p =
        LoginParams::from(loaded("approle_login", "ttl: 90s, type: batch, secret_id_ttl: 1h"));
    QVERIFY(p.has_value());
    QCOMPARE(p->ttlMs, qint64(90000));
    QCOMPARE(p->tokenType, LoginParams::TokenType::Batch);
    QCOMPARE(p->secretIdTtlMs, qint64(3600000));
    QCOMPARE(p->tokenFields(),
             QJsonObject({{QStringLiteral("token_ttl"), QStringLiteral("90s")},
                          {QStringLiteral("token_type"), QStringLiteral("batch")}}));

    // Defaults of loginTokenParams(); the types without secret_id_ttl keep 0.
    const std::optional<LoginParams> d = LoginParams::from(loaded("userpass_login", ""));
    QVERIFY(d.has_value());
    QCOMPARE(d->ttlMs, qint64(120000));
    QCOMPARE(d->tokenType, LoginParams::TokenType::Service);
    QCOMPARE(d->secretIdTtlMs, qint64(0));
    QCOMPARE(d->tokenFields().value(QStringLiteral("token_type")).toString(),
             QStringLiteral("service"));
}

void TestAuthParams::tokenCreateParamsTyped()
{
    QList<ParamError> errors;
    const std::optional<TokenCreateParams> p = TokenCreateParams::from(
        loaded("token_create", "type: orphan, ttl: 5m, policies: \" default ,, bench-read \""),
        &errors);
    QVERIFY2(p.has_value(), errors.isEmpty() ? "" : qPrintable(errors.first().message));
    QVERIFY(errors.isEmpty());
    QCOMPARE(p->type, TokenCreateParams::Type::Orphan);
    QCOMPARE(p->ttlMs, qint64(300000));
    QCOMPARE(p->policies, QStringList({QStringLiteral("default"), QStringLiteral("bench-read")}));

    const std::optional<TokenCreateParams> d = TokenCreateParams::from(loaded("token_create", ""));
    QVERIFY(d.has_value());
    QCOMPARE(d->type, TokenCreateParams::Type::Service);
    QCOMPARE(d->ttlMs, qint64(60000));
    QCOMPARE(d->policies, QStringList{QStringLiteral("default")});
}

void TestAuthParams::tokenSelfParamsTyped()
{
    QCOMPARE(TokenSelfParams::from(loaded("token_renew_self", "ttl: 2h")).ttlMs,
             qint64(2 * 3600 * 1000));
    QCOMPARE(TokenSelfParams::from(loaded("token_lookup_self", "")).ttlMs, qint64(600000));
}

void TestAuthParams::everyAuthTypeMakesItsOperation()
{
    for (const char *type : {"approle_login", "userpass_login", "cert_login", "token_create",
                             "token_lookup_self", "token_renew_self"}) {
        const OpParams params = loaded(type, "");
        QCOMPARE(params.typeName(), QString::fromLatin1(type));
        QString error;
        QVERIFY2(OperationRegistry::instance().create(QString::fromLatin1(type), params, &error),
                 qPrintable(error));
    }
}

QTEST_GUILESS_MAIN(TestAuthParams)
#include "tst_authparams.moc"
