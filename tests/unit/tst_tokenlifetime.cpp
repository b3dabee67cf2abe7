// The pre-flight's token-lifetime rule (core/engine/tokenlifetime.h) on lookup-self answers
// (core/vault/tokeninfo.h), the session's token record, and the core-dump exclusion
// (core/util/coredump.h). Against a real server: tests/integration/tst_preflightlimits.cpp.
#include "engine/tokenlifetime.h"
#include "session/sessionio.h"
#include "util/coredump.h"
#include "vault/tokeninfo.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTest>

using namespace vw;

namespace {

/// A lookup-self answer; the server's clock: now = 1'800'000'000 s.
QJsonObject lookup(qint64 ttl, bool renewable, qint64 explicitMax = 0, qint64 age = 0)
{
    const qint64 now = 1'800'000'000;
    return QJsonObject{
        {QStringLiteral("data"),
         QJsonObject{
             {QStringLiteral("ttl"), ttl},
             {QStringLiteral("renewable"), renewable},
             {QStringLiteral("explicit_max_ttl"), explicitMax},
             {QStringLiteral("creation_time"), now - age},
             {QStringLiteral("expire_time"),
              ttl > 0 ? QJsonValue(
                  QDateTime::fromSecsSinceEpoch(now + ttl, Qt::UTC).toString(Qt::ISODateWithMs))
                      : QJsonValue()},
             {QStringLiteral("accessor"), QStringLiteral("not-read")},
             {QStringLiteral("id"), QStringLiteral("not-read")},
             {QStringLiteral("policies"), QJsonArray{QStringLiteral("default")}}}}};
}

RampSpec ramp8s()
{
    RampSpec r;
    r.warmupMs = 1000;
    r.stages = {StageSpec{1, 4000, 0}, StageSpec{2, 4000, 0}};
    return r;
}

} // namespace

class TestTokenLifetime : public QObject {
    Q_OBJECT

private slots:
    void lookupSelfFields()
    {
        const TokenInfo t = TokenInfo::fromLookup(lookup(4, true, 120, 10));
        QCOMPARE(t.ttlSeconds, qint64(4));
        QVERIFY(t.renewable);
        QCOMPARE(t.explicitMaxTtlSeconds, qint64(120));
        QCOMPARE(t.maxRemainingSeconds, qint64(110)); // created 10 s ago on the server's clock
        QCOMPARE(t.policies, QStringList{QStringLiteral("default")});
        QCOMPARE(TokenInfo::fromLookup(lookup(4, true)).maxRemainingSeconds, qint64(-1));
    }

    void plannedRampIsTheSumOfStageDurations()
    {
        QCOMPARE(plannedRampMs(ramp8s()), qint64(8000)); // warm-up is inside each stage
    }

    void shortNonRenewableTokenIsRefused()
    {
        const TokenVerdict v = assessTokenLifetime(TokenInfo::fromLookup(lookup(6, false)), 8000);
        QVERIFY(!v.ok);
        QVERIFY2(v.refusal.contains(QStringLiteral("TTL is 6s and it is not renewable")),
                 qPrintable(v.refusal));
        QVERIFY2(v.refusal.contains(QStringLiteral("planned length is 38s (ramp 8s, plus 30s")),
                 qPrintable(v.refusal));
    }

    void renewableTokenIsRenewedWhenItsMaxAllows()
    {
        const TokenVerdict ok =
            assessTokenLifetime(TokenInfo::fromLookup(lookup(4, true, 120)), 8000);
        QVERIFY(ok.ok);
        QVERIFY(ok.renew);
        // No explicit max: the server's own max applies at renewal; allowed.
        QVERIFY(assessTokenLifetime(TokenInfo::fromLookup(lookup(4, true)), 8000).renew);
        // Renewable, but its max TTL ends within the run.
        const TokenVerdict capped =
            assessTokenLifetime(TokenInfo::fromLookup(lookup(4, true, 20)), 8000);
        QVERIFY(!capped.ok);
        QVERIFY2(capped.refusal.contains(
                     QStringLiteral("renewable only up to its max TTL, 20s from now")),
                 qPrintable(capped.refusal));
    }

    void longAndRootTokensPass()
    {
        const TokenVerdict longer =
            assessTokenLifetime(TokenInfo::fromLookup(lookup(3600, false)), 8000);
        QVERIFY(longer.ok && !longer.renew);
        const TokenVerdict root =
            assessTokenLifetime(TokenInfo::fromLookup(lookup(0, false)), 86'400'000);
        QVERIFY(root.ok && !root.renew);
        // Exactly enough: ramp + margin.
        QVERIFY(assessTokenLifetime(TokenInfo::fromLookup(lookup(38, false)), 8000).ok);
        QVERIFY(!assessTokenLifetime(TokenInfo::fromLookup(lookup(37, false)), 8000).ok);
    }

    void sessionRecordsTheTokenUseWithoutTheToken()
    {
        Session s;
        s.id = QStringLiteral("t");
        s.status = RunStatus::Completed;
        s.token.checked = true;
        s.token.ttlSeconds = 4;
        s.token.renewable = true;
        s.token.renewalPlanned = true;
        s.token.renewals = 5;
        const QJsonObject json = sessionToJson(s);
        const QJsonObject t = json.value(QStringLiteral("auth")).toObject();
        QCOMPARE(t.value(QStringLiteral("renewed")).toBool(), true);
        QCOMPARE(t.keys(),
                 (QStringList{QStringLiteral("renew_error"), QStringLiteral("renewable"),
                              QStringLiteral("renewal_planned"), QStringLiteral("renewals"),
                              QStringLiteral("renewed"), QStringLiteral("ttl_s")}));
        QString error;
        const std::optional<Session> back = sessionFromJson(json, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->token.checked);
        QCOMPARE(back->token.renewals, 5);
        QCOMPARE(back->token.ttlSeconds, qint64(4));
        // Not looked up (an older file, a failed pre-flight): null, read back as not checked.
        Session none;
        none.id = QStringLiteral("n");
        const QJsonObject j2 = sessionToJson(none);
        QVERIFY(j2.value(QStringLiteral("auth")).isNull());
        QVERIFY(!sessionFromJson(j2, &error)->token.checked);
    }

    void coreDumpsAreExcluded()
    {
        QString error;
        QVERIFY2(excludeFromCoreDumps(&error), qPrintable(error));
        QVERIFY(coreDumpsExcluded());
    }
};

QTEST_GUILESS_MAIN(TestTokenLifetime)
#include "tst_tokenlifetime.moc"
