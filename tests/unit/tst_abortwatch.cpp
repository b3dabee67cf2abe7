// The abort rule (core/engine/abortwatch.h, core/profile/abortrule.h): when a run has failed
// long enough to end it, from the 1-second series; and the profile's `abort` block.
#include "engine/abortwatch.h"
#include "profile/profileparser.h"

#include <QTest>

using namespace vw;

namespace {

/// One point per op and second: `perSecond` = {count, errors} of each op, seconds 1..n.
TimeSeries seriesOf(const QList<QList<QPair<int, int>>> &seconds)
{
    TimeSeries s;
    for (int i = 0; i < seconds.size(); ++i)
        for (int op = 0; op < seconds[i].size(); ++op) {
            SeriesPoint p;
            p.tS = i + 1;
            p.op = QStringLiteral("op%1").arg(op);
            p.count = seconds[i][op].first;
            p.errors = seconds[i][op].second;
            p.ok = p.count - p.errors;
            s << p;
        }
    return s;
}

AbortRule rule(double ratio, qint64 forMs)
{
    AbortRule r;
    r.errorRatio = ratio;
    r.forMs = forMs;
    return r;
}

} // namespace

class TestAbortWatch : public QObject {
    Q_OBJECT
private slots:
    void failingLongEnoughAborts()
    {
        // 2 good seconds, then 3 seconds of all-failing requests over two ops
        const TimeSeries s = seriesOf({{{100, 0}, {50, 0}},
                                       {{100, 1}, {50, 0}},
                                       {{900, 900}, {10, 10}},
                                       {{800, 800}, {5, 5}},
                                       {{700, 700}, {0, 0}}});
        const QString why = AbortWatch(rule(0.99, 3000)).check(s);
        QVERIFY2(why.contains(QStringLiteral("2415 of 2415 requests")), qPrintable(why));
        QVERIFY(why.contains(QStringLiteral("last 3 s")));
        // one second more is needed at 4 s
        QVERIFY(AbortWatch(rule(0.99, 4000)).check(s).isEmpty());
    }

    void aGoodSecondOrAnEmptyOneBreaksTheStreak()
    {
        QVERIFY(AbortWatch(rule(0.99, 3000))
                    .check(seriesOf({{{10, 10}}, {{10, 5}}, {{10, 10}}, {{10, 10}}}))
                    .isEmpty());
        // a second with no requests at all (a slow open model) is not a failing second
        QVERIFY(AbortWatch(rule(0.99, 3000))
                    .check(seriesOf({{{10, 10}}, {{0, 0}}, {{10, 10}}, {{10, 10}}}))
                    .isEmpty());
        // below the ratio
        QVERIFY(AbortWatch(rule(0.99, 2000)).check(seriesOf({{{100, 98}}, {{100, 98}}})).isEmpty());
        QVERIFY(!AbortWatch(rule(0.9, 2000)).check(seriesOf({{{100, 98}}, {{100, 98}}})).isEmpty());
    }

    // An arrival-rate run against a killed server: seconds with nothing completed but 50 in
    // flight alternate with bursts of refused connects. Such a second counts as failing; the
    // idle second above (nothing in flight) still breaks the streak; silence alone is left
    // to checkProgress().
    void silentSecondsInFlightDoNotBreakTheStreak()
    {
        TimeSeries s = seriesOf({{{200, 0}}, {{0, 0}}, {{300, 300}}, {{0, 0}}, {{250, 250}}});
        for (SeriesPoint &p : s)
            p.inFlight = 50;
        const QString why = AbortWatch(rule(0.99, 4000)).check(s);
        QVERIFY2(why.contains(QStringLiteral("550 of 550 requests")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral(
                     "2 of them with the client's VUs busy and no request counted in them")),
                 qPrintable(why));
        TimeSeries silent = seriesOf({{{0, 0}}, {{0, 0}}, {{0, 0}}});
        for (SeriesPoint &p : silent)
            p.inFlight = 50;
        QVERIFY(AbortWatch(rule(0.99, 3000)).check(silent).isEmpty());
    }

    void disabledOrTooShortNeverAborts()
    {
        AbortRule off = rule(0.5, 1000);
        off.enabled = false;
        QVERIFY(AbortWatch(off).check(seriesOf({{{10, 10}}, {{10, 10}}})).isEmpty());
        QVERIFY(AbortWatch(rule(0.5, 5000)).check(seriesOf({{{10, 10}}, {{10, 10}}})).isEmpty());
        QVERIFY(AbortWatch(rule(0.5, 1000)).check({}).isEmpty());
    }

    void noCompletionWhileInFlightAborts()
    {
        constexpr int64_t s = 1'000'000'000LL;
        AbortWatch w(rule(0.99, 3000));
        // requests complete, then 4 stay in flight and nothing completes any more
        QVERIFY(w.checkProgress(0 * s, 100, 4).isEmpty());
        QVERIFY(w.checkProgress(1 * s, 180, 4).isEmpty()); // progress: the wait restarts
        QVERIFY(w.checkProgress(3 * s, 180, 4).isEmpty()); // 2 s without a completion
        QVERIFY(w.checkProgress(4 * s - 1, 180, 4).isEmpty());
        const QString why = w.checkProgress(4 * s, 180, 4); // 3 s
        QVERIFY2(why.contains(QStringLiteral("no response from the server for 3 s")),
                 qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("4 request(s) in flight")), qPrintable(why));
    }

    void idleOrProgressOrDisabledNeverAbortsForSilence()
    {
        constexpr int64_t s = 1'000'000'000LL;
        // nothing in flight (an open model at a low rate): no completions expected
        AbortWatch idle(rule(0.99, 2000));
        for (int i = 0; i < 10; ++i)
            QVERIFY(idle.checkProgress(i * s, 7, 0).isEmpty());
        // idle time does not count towards the wait once requests are in flight again
        QVERIFY(idle.checkProgress(10 * s, 7, 1).isEmpty());
        QVERIFY(idle.checkProgress(11 * s, 7, 1).isEmpty());
        QVERIFY(!idle.checkProgress(12 * s, 7, 1).isEmpty());
        // a completion every second keeps it alive
        AbortWatch slow(rule(0.99, 2000));
        for (int i = 0; i < 10; ++i)
            QVERIFY(slow.checkProgress(i * s, i, 3).isEmpty());
        AbortRule off = rule(0.99, 1000);
        off.enabled = false;
        AbortWatch disabled(off);
        for (int i = 0; i < 10; ++i)
            QVERIFY(disabled.checkProgress(i * s, 0, 3).isEmpty());
    }

    void reasonNamesTheMostFrequentErrorClass()
    {
        OpStats a;
        a.op = QStringLiteral("kv2_read");
        a.count = 12;
        a.ok = 1;
        a.errors = {{QStringLiteral("http_503"), 10}, {QStringLiteral("connection"), 1}};
        OpStats b;
        b.op = QStringLiteral("sys_health");
        b.count = 3;
        b.errors = {{QStringLiteral("connection"), 3}};
        QString why = AbortWatch::describeErrors({a, b});
        QVERIFY2(why.startsWith(QStringLiteral("most failures: http_503 (10 of 14)")),
                 qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("sealed")), qPrintable(why));
        OpStats c;
        c.count = 5;
        c.errors = {{QStringLiteral("http_403"), 5}};
        why = AbortWatch::describeErrors({c});
        QVERIFY2(why.contains(QStringLiteral("permission denied")), qPrintable(why));
        OpStats ok;
        ok.count = ok.ok = 5;
        QVERIFY(AbortWatch::describeErrors({ok}).isEmpty());
    }

    // A last stage with no success ends the run failed when the server went away, was sealed
    // or refused the token there (too late for the `for` seconds of check()); other errors
    // (a client's 400s) or one success do not.
    void lastStageGoneSealedOrRefusedFails()
    {
        AbortWatch watch(rule(0.99, 5000));
        auto stage = [](const QList<QPair<QString, int>> &errors, int ok) {
            StageStats st;
            st.index = 1;
            OpStats o;
            o.op = QStringLiteral("kv2_read");
            o.ok = ok;
            o.count = ok;
            for (const auto &e : errors) {
                o.errors.insert(e.first, e.second);
                o.count += e.second;
            }
            st.ops << o;
            return st;
        };
        QString why = watch.checkLastStage(stage({{QStringLiteral("connection"), 40}}, 0), 2);
        QVERIFY2(why.startsWith(QStringLiteral("the server went away in the last stage (2 of "
                                               "2): 0 of 40 requests succeeded")),
                 qPrintable(why));
        why = watch.checkLastStage(stage({{QStringLiteral("http_503"), 300}}, 0), 2);
        QVERIFY2(why.startsWith(QStringLiteral("the server refused every request in the last "
                                               "stage (2 of 2): 0 of 300")),
                 qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("sealed")), qPrintable(why));
        why = watch.checkLastStage(stage({{QStringLiteral("http_403"), 20}}, 0), 2);
        QVERIFY2(why.contains(QStringLiteral("permission denied")), qPrintable(why));
        QVERIFY(watch.checkLastStage(stage({{QStringLiteral("http_400"), 50}}, 0), 2).isEmpty());
        QVERIFY(watch.checkLastStage(stage({{QStringLiteral("http_503"), 50}}, 1), 2).isEmpty());
        AbortRule off = rule(0.99, 5000);
        off.enabled = false;
        QVERIFY(AbortWatch(off)
                    .checkLastStage(stage({{QStringLiteral("http_503"), 50}}, 0), 2)
                    .isEmpty());
    }

    void profileBlock()
    {
        const QByteArray base = "name: t\nramp:\n  stages:\n    - { vus: 1, duration: 10s }\n"
                                "operations:\n  - type: sys_health\n";
        const ProfileParseResult def = parseProfile(base);
        QVERIFY(def.ok());
        QCOMPARE(def.profile->abort, AbortRule()); // on by default: 0.99 for 5 s
        QVERIFY(def.profile->abort.enabled);

        const ProfileParseResult set =
            parseProfile(base + "abort: { error_ratio: 0.5, for: 10s }\n");
        QVERIFY(set.ok());
        QCOMPARE(set.profile->abort.errorRatio, 0.5);
        QCOMPARE(set.profile->abort.forMs, qint64(10000));

        const ProfileParseResult off = parseProfile(base + "abort: { enabled: false }\n");
        QVERIFY(off.ok());
        QVERIFY(!off.profile->abort.enabled);

        for (const QByteArray &bad :
             {QByteArray("abort: { error_ratio: 0 }\n"),
              QByteArray("abort: { error_ratio: 1.5 }\n"), QByteArray("abort: { for: 1500ms }\n"),
              QByteArray("abort: { for: 2h }\n"), QByteArray("abort: { after: 5s }\n")}) {
            const ProfileParseResult r = parseProfile(base + bad);
            QVERIFY2(!r.ok(), bad.constData());
            QCOMPARE(r.errors.size(), 1);
            QCOMPARE(r.errors.first().line, 7);
            QVERIFY2(r.errors.first().field.startsWith(QStringLiteral("abort")),
                     qPrintable(r.errors.first().field));
        }
    }
};

QTEST_GUILESS_MAIN(TestAbortWatch)
#include "tst_abortwatch.moc"
