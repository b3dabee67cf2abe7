// The Prometheus text reader (core/vault/prometheustext.h) and the server reading taken from
// it and from the JSON form (core/vault/servermetrics.h), on answers saved from OpenBao 2.7
// (`bao server -dev` with telemetry, GET sys/metrics?format=prometheus and GET sys/metrics):
// tests/data/openbao-sys-metrics.prom and tests/data/openbao-sys-metrics.json.
#include "vault/prometheustext.h"
#include "vault/servermetrics.h"

#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>
#include <cmath>

using namespace vw;

namespace {

QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(VW_SOURCE_DIR "/tests/data/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll();
}

} // namespace

class TestPrometheusText : public QObject {
    Q_OBJECT
private slots:
    void parsesOpenBaoAnswer();
    void readingFromOpenBaoAnswer();
    void readingFromOpenBaoJson();
    void labelsEscapesAndSpecialValues();
    void errorsNameLineAndColumn_data();
    void errorsNameLineAndColumn();
    void damagedAnswersAreRefusedOrRead();
};

void TestPrometheusText::parsesOpenBaoAnswer()
{
    const QByteArray text = fixture("openbao-sys-metrics.prom");
    PromText t;
    QString error;
    QVERIFY2(parsePrometheusText(text, &t, &error), qPrintable(error));
    // Every line that is not a comment or blank is one sample.
    int sampleLines = 0;
    for (const QByteArray &l : text.split('\n'))
        if (!l.trimmed().isEmpty() && !l.startsWith('#'))
            ++sampleLines;
    QCOMPARE(t.samples.size(), sampleLines);
    QCOMPARE(t.types.value(QStringLiteral("process_resident_memory_bytes")),
             QStringLiteral("gauge"));
    QCOMPARE(t.types.value(QStringLiteral("vault_core_handle_request")), QStringLiteral("summary"));
    QCOMPARE(t.value(QStringLiteral("process_resident_memory_bytes")), 9.3581312e+07);
    QCOMPARE(t.value(QStringLiteral("process_cpu_seconds_total")), 0.26);
    QCOMPARE(t.value(QStringLiteral("go_goroutines")), 543.0);
    QCOMPARE(t.value(QStringLiteral("vault_core_handle_request"),
                     {{QStringLiteral("quantile"), QStringLiteral("0.99")}}),
             2.545504093170166);
    QCOMPARE(t.value(QStringLiteral("vault_barrier_estimated_encryptions"),
                     {{QStringLiteral("term"), QStringLiteral("1")}}),
             33.0);
    QVERIFY(std::isnan(t.value(QStringLiteral("no_such_metric"))));
    QVERIFY(std::isnan(t.value(QStringLiteral("vault_core_handle_request"),
                               {{QStringLiteral("quantile"), QStringLiteral("0.42")}})));
}

void TestPrometheusText::readingFromOpenBaoAnswer()
{
    PromText t;
    QString error;
    QVERIFY(parsePrometheusText(fixture("openbao-sys-metrics.prom"), &t, &error));
    const ServerReading r = serverReadingFromPrometheus(t);
    QCOMPARE(r.rssBytes, 93581312.0);
    QCOMPARE(r.heapInUseBytes, 1.4753792e+07); // go_memstats_heap_inuse_bytes
    QCOMPARE(r.cpuSeconds, 0.26);
    QCOMPARE(r.goroutines, 543.0);
    QCOMPARE(r.openFds, 12.0);
    QCOMPARE(r.cores, 2.0);
    QCOMPARE(r.leases, 0.0); // vault_expire_num_leases: known, and none held
    QCOMPARE(r.handleRequestSumMs, 25.11356693506241);
    QCOMPARE(r.handleRequestCount, 54.0);
    QCOMPARE(r.handleRequestP50Ms, 0.3349379897117615);
    QCOMPARE(r.barrierGetCount, 226.0);
    QCOMPARE(r.barrierPutCount, 31.0);
    QVERIFY(!serverKnown(r.storageGetCount)); // in-memory storage reports no timer
    QVERIFY(!r.intervalTimers);
}

void TestPrometheusText::readingFromOpenBaoJson()
{
    const QJsonObject json = QJsonDocument::fromJson(fixture("openbao-sys-metrics.json")).object();
    QVERIFY(!json.isEmpty());
    const ServerReading r = serverReadingFromMetricsJson(json);
    QCOMPARE(r.heapInUseBytes, 17256232.0); // vault.runtime.alloc_bytes
    QCOMPARE(r.goroutines, 541.0);
    QCOMPARE(r.leases, 0.0); // vault.expire.num_leases
    QCOMPARE(r.handleRequestCount, 54.0);
    QCOMPARE(r.handleRequestSumMs, 25.11356693506241);
    QCOMPARE(r.barrierGetCount, 226.0);
    QVERIFY(r.intervalTimers);
    QVERIFY(!serverKnown(r.rssBytes)); // not in the JSON form
    QVERIFY(!serverKnown(r.cpuSeconds));
}

void TestPrometheusText::labelsEscapesAndSpecialValues()
{
    PromText t;
    QString error;
    const QByteArray text = "# HELP x a help line\n"
                            "# TYPE x counter\n"
                            "x{path=\"a\\\"b\\\\c\\nd\",method = \"GET\" ,} 1.5e3 1700000000000\n"
                            "y +Inf\n"
                            "z -Inf\r\n"
                            "w NaN\n"
                            "\n";
    QVERIFY2(parsePrometheusText(text, &t, &error), qPrintable(error));
    QCOMPARE(t.samples.size(), 4);
    QCOMPARE(t.samples.at(0).labels.value(QStringLiteral("path")), QStringLiteral("a\"b\\c\nd"));
    QCOMPARE(t.samples.at(0).labels.value(QStringLiteral("method")), QStringLiteral("GET"));
    QCOMPARE(t.samples.at(0).value, 1500.0);
    QVERIFY(std::isinf(t.value(QStringLiteral("y"))) && t.value(QStringLiteral("y")) > 0);
    QVERIFY(std::isinf(t.value(QStringLiteral("z"))) && t.value(QStringLiteral("z")) < 0);
    QVERIFY(std::isnan(t.samples.at(3).value));
    QCOMPARE(t.types.value(QStringLiteral("x")), QStringLiteral("counter"));
}

void TestPrometheusText::errorsNameLineAndColumn_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("no value") << QByteArray("ok 1\nbad\n")
                              << QStringLiteral("line 2, column 4: expected a number, got \"\"");
    QTest::newRow("not a number") << QByteArray("a 1\n\nb{x=\"1\"} twelve\n")
                                  << QStringLiteral(
                                         "line 3, column 10: expected a number, got \"twelve\"");
    QTest::newRow("no =") << QByteArray("a{x \"1\"} 1\n")
                          << QStringLiteral("line 1, column 5: expected '=' after label name");
    QTest::newRow("unquoted") << QByteArray(
        "a{x=1} 1\n") << QStringLiteral("line 1, column 5: expected '\"' before label value");
    QTest::newRow("unterminated") << QByteArray("a{x=\"1} 1\n")
                                  << QStringLiteral("line 1, column 10: unterminated label value");
    QTest::newRow("bad escape") << QByteArray("a{x=\"\\t\"} 1\n")
                                << QStringLiteral("line 1, column 6: unknown escape \\t");
    QTest::newRow("trailing")
        << QByteArray("a 1 2 3\n")
        << QStringLiteral("line 1, column 5: expected a timestamp or the end of the line");
    QTest::newRow("no name") << QByteArray("{x=\"1\"} 1\n")
                             << QStringLiteral("line 1, column 1: expected a metric name");
}

void TestPrometheusText::errorsNameLineAndColumn()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    PromText t;
    QString got;
    QVERIFY(!parsePrometheusText(text, &t, &got));
    QCOMPARE(got, error);
}

void TestPrometheusText::damagedAnswersAreRefusedOrRead()
{
    // Truncated and byte-flipped copies of the real answer (a fixed seed): each is either read
    // or refused with a line and column, never a crash (tests/fuzz/fuzz_prometheus.cpp goes
    // further under sanitizers).
    const QByteArray text = fixture("openbao-sys-metrics.prom");
    QRandomGenerator rng(11);
    int refused = 0;
    for (int i = 0; i < 3000; ++i) {
        QByteArray damaged = text.left(rng.bounded(text.size() + 1));
        for (int k = rng.bounded(4); k > 0 && !damaged.isEmpty(); --k)
            damaged[rng.bounded(damaged.size())] = char(rng.bounded(256));
        PromText t;
        QString error;
        if (!parsePrometheusText(damaged, &t, &error)) {
            ++refused;
            QVERIFY2(error.startsWith(QLatin1String("line ")), qPrintable(error));
        }
    }
    QVERIFY(refused > 0);
}

QTEST_GUILESS_MAIN(TestPrometheusText)
#include "tst_prometheustext.moc"
