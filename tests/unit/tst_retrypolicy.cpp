// The cleanup retry policy (core/vault/retrypolicy.h): Retry-After parsing (delta-seconds and
// HTTP dates), which answers are retried, the exponential backoff and its caps; and the
// workbench tag a sweep looks for (core/vault/workbenchresource.h).
#include "vault/retrypolicy.h"
#include "vault/workbenchresource.h"

#include <QtTest>

using namespace vw;

class TestRetryPolicy : public QObject {
    Q_OBJECT

private slots:
    void retryAfterSeconds()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        QCOMPARE(parseRetryAfterMs("120", now), std::optional<qint64>(120000));
        QCOMPARE(parseRetryAfterMs(" 3 ", now), std::optional<qint64>(3000));
        QCOMPARE(parseRetryAfterMs("0", now), std::optional<qint64>(0));
        QVERIFY(!parseRetryAfterMs("", now));
        QVERIFY(!parseRetryAfterMs("-1", now));
        QVERIFY(!parseRetryAfterMs("1.5", now));
        QVERIFY(!parseRetryAfterMs("soon", now));
        // absurdly large: a number, capped by the policy later, never an overflow
        QVERIFY(*parseRetryAfterMs("99999999999999999999", now) > 0);
    }

    void retryAfterHttpDate()
    {
        const QDateTime now(QDate(2026, 10, 21), QTime(7, 28, 0), Qt::UTC);
        QCOMPARE(parseRetryAfterMs("Wed, 21 Oct 2026 07:28:05 GMT", now),
                 std::optional<qint64>(5000));
        QCOMPARE(parseRetryAfterMs("Wed, 21 Oct 2026 07:27:00 GMT", now),
                 std::optional<qint64>(0)); // in the past: at once
        QVERIFY(!parseRetryAfterMs("Wed, 21 Oct 2026 07:28:05", now)); // no zone
        QVERIFY(!parseRetryAfterMs("2026-10-21T07:28:05Z", now));
    }

    void retryableAnswers()
    {
        QVERIFY(isRetryableAnswer(429, false));
        QVERIFY(isRetryableAnswer(503, false));
        QVERIFY(isRetryableAnswer(0, true)); // refused, reset
        QVERIFY(!isRetryableAnswer(0, false)); // timeout, TLS
        for (int status : {200, 204, 400, 403, 404, 500, 502})
            QVERIFY2(!isRetryableAnswer(status, false), qPrintable(QString::number(status)));
    }

    void backoffDoublesUpToItsCap()
    {
        const RetryPolicy p = RetryPolicy::cleanup();
        QCOMPARE(p.totalMs, qint64(60000));
        QCOMPARE(retryDelayMs(p, 0, std::nullopt), qint64(250));
        QCOMPARE(retryDelayMs(p, 1, std::nullopt), qint64(500));
        QCOMPARE(retryDelayMs(p, 2, std::nullopt), qint64(1000));
        QCOMPARE(retryDelayMs(p, 4, std::nullopt), qint64(4000));
        QCOMPARE(retryDelayMs(p, 5, std::nullopt), qint64(5000));
        QCOMPARE(retryDelayMs(p, 1000, std::nullopt), qint64(5000)); // no overflow
        QCOMPARE(RetryPolicy::none().totalMs, qint64(0));
    }

    void retryAfterIsHonouredAndCapped()
    {
        const RetryPolicy p = RetryPolicy::cleanup();
        QCOMPARE(retryDelayMs(p, 0, qint64(3000)), qint64(3000)); // longer than the backoff
        QCOMPARE(retryDelayMs(p, 3, qint64(100)), qint64(2000)); // shorter: the backoff
        QCOMPARE(retryDelayMs(p, 0, qint64(3600000)), p.maxRetryAfterMs);
    }

    void workbenchTag()
    {
        QCOMPARE(vw::workbenchTag(QStringLiteral("vwb-7f3a2c")),
                 QStringLiteral("vault-workbench run vwb-7f3a2c"));
        QCOMPARE(workbenchPrefixOf(QStringLiteral("vault-workbench run vwb-7f3a2c")),
                 QStringLiteral("vwb-7f3a2c"));
        QCOMPARE(workbenchPrefixOf(QStringLiteral("# vault-workbench run vwb-00ff00\npath ...")),
                 QStringLiteral("vwb-00ff00"));
        QVERIFY(workbenchPrefixOf(QStringLiteral("key/value secret storage")).isEmpty());
        QVERIFY(workbenchPrefixOf(QStringLiteral("vault-workbench run vwb-7f3a2cd")).isEmpty());
        QVERIFY(workbenchPrefixOf(QStringLiteral("vault-workbench run mine")).isEmpty());
        for (ResourceKind k :
             {ResourceKind::Mount, ResourceKind::Auth, ResourceKind::Policy, ResourceKind::Role}) {
            ResourceKind back = ResourceKind::Mount;
            QVERIFY(resourceKindFromKey(resourceKindKey(k), &back));
            QCOMPARE(back, k);
        }
        ResourceKind unused;
        QVERIFY(!resourceKindFromKey(QStringLiteral("token"), &unused));
    }
};

QTEST_GUILESS_MAIN(TestRetryPolicy)
#include "tst_retrypolicy.moc"
