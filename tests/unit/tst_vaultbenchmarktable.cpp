// `report --format vault-benchmark` (core/report/vaultbenchmarktable.h) against a golden file
// made from a synthetic two-stage session with two kv2_read operations told apart by their
// labels; Go's duration text; natural row order; "-" where there is no data. Also the other
// report formats name the two labelled operations apart (operation labels, issue 10).
#include "report/report.h"
#include "report/vaultbenchmarktable.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>

using namespace vw;

namespace {

OpStats op(const QString &label, QList<QPair<int, int64_t>> okAtUs, int errors = 0)
{
    OpStats o;
    o.op = label;
    for (const auto &n : okAtUs)
        for (int i = 0; i < n.first; ++i)
            o.recordOk(n.second);
    for (int i = 0; i < errors; ++i)
        o.recordError(QStringLiteral("http_503"));
    return o;
}

StageStats stage(int index, int vus, double steadySeconds, QList<OpStats> ops)
{
    StageStats st;
    st.index = index;
    st.vus = vus;
    st.durationMs = 12000;
    st.warmupMs = 2000;
    st.steadySeconds = steadySeconds;
    st.complete = true;
    st.ops = std::move(ops);
    return st;
}

/// Two kv2_read operations (small and large values) over a 1 VU and a 4 VU stage.
Session twoReadsSession()
{
    Session s;
    s.profileName = QStringLiteral("two-reads");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    OperationSpec small{QStringLiteral("kv2_read"), 50, {}};
    small.name = QStringLiteral("small_reads");
    OperationSpec large{QStringLiteral("kv2_read"), 50, {}};
    large.name = QStringLiteral("large_reads");
    s.plan.operations = {small, large};
    s.ops = {QStringLiteral("small_reads"), QStringLiteral("large_reads")};
    s.stages = {stage(0, 1, 10.0,
                      {op(QStringLiteral("small_reads"), {{500, 400}, {500, 600}}),
                       op(QStringLiteral("large_reads"), {{100, 20000}})}),
                stage(1, 4, 10.0,
                      {op(QStringLiteral("small_reads"), {{1000, 2000}}, 1),
                       op(QStringLiteral("large_reads"), {{200, 30000}}, 10)})};
    return s;
}

QString golden(const QString &name)
{
    QFile f(QStringLiteral(VW_SOURCE_DIR "/tests/data/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read ") + f.fileName();
    return QString::fromUtf8(f.readAll());
}

} // namespace

class TestVaultBenchmarkTable : public QObject {
    Q_OBJECT
private slots:
    void goldenTwoStages();
    void figuresOfTheWholeRun();
    void goDurations_data();
    void goDurations();
    void naturalOrderAndNoData();
    void otherFormatsTellLabelsApart();
};

void TestVaultBenchmarkTable::goldenTwoStages()
{
    const QString out = vaultBenchmarkTable(twoReadsSession());
    if (qEnvironmentVariableIsSet("VW_WRITE_GOLDEN")) { // to regenerate after a reviewed change
        QFile f(QStringLiteral(VW_SOURCE_DIR "/tests/data/golden-vault-benchmark.txt"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.toUtf8());
    }
    QCOMPARE(out, golden(QStringLiteral("golden-vault-benchmark.txt")));
}

void TestVaultBenchmarkTable::figuresOfTheWholeRun()
{
    // The first table is the whole run: rows by label in natural order, then TOTAL.
    const QStringList lines = vaultBenchmarkTable(twoReadsSession()).split(QLatin1Char('\n'));
    QCOMPARE(lines.at(0), QStringLiteral("Target: http://127.0.0.1:8200"));
    QVERIFY(lines.at(1).startsWith(QStringLiteral("All 2 stages merged (1 VUs to 4 VUs; 20.0 s")));
    QCOMPARE(lines.at(2).simplified(),
             QStringLiteral("op count rate throughput mean 95th% 99th% successRatio"));
    // large_reads: 310 requests (300 ok) in 20 s; mean (100 x 20 ms + 200 x 30 ms) / 300
    QCOMPARE(lines.at(3).simplified(),
             QStringLiteral("large_reads 310 15.50 15.00 26.666667ms 30ms 30ms 96.77%"));
    // small_reads: 2001 requests (2000 ok); mean (500 x 0.4 + 500 x 0.6 + 1000 x 2) / 2000 ms
    QCOMPARE(lines.at(4).simplified(),
             QStringLiteral("small_reads 2001 100.05 100.00 1.25ms 2ms 2ms 99.95%"));
    QVERIFY(lines.at(5).startsWith(QStringLiteral("-----")));
    QVERIFY2(lines.at(6).simplified().startsWith(QStringLiteral("TOTAL 2311 115.55 115.00 ")),
             qPrintable(lines.at(6)));
    QVERIFY(lines.at(6).endsWith(QStringLiteral("99.52%")));
}

void TestVaultBenchmarkTable::goDurations_data()
{
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << qint64(0) << "0s";
    QTest::newRow("ns") << qint64(950) << "950ns";
    QTest::newRow("us") << qint64(490932) << "490.932µs";
    QTest::newRow("whole us") << qint64(2000) << "2µs";
    QTest::newRow("ms (the tutorial's mean)") << qint64(1432215) << "1.432215ms";
    QTest::newRow("whole ms") << qint64(30000000) << "30ms";
    QTest::newRow("s") << qint64(18490000000) << "18.49s";
    QTest::newRow("m s") << qint64(75500000000) << "1m15.5s";
    QTest::newRow("h") << qint64(3600) * 1000000000 << "1h0m0s";
}

void TestVaultBenchmarkTable::goDurations()
{
    QFETCH(qint64, ns);
    QFETCH(QString, text);
    QCOMPARE(formatGoDuration(ns), text);
}

void TestVaultBenchmarkTable::naturalOrderAndNoData()
{
    Session s;
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.ops = {QStringLiteral("op11"), QStringLiteral("op2"), QStringLiteral("idle")};
    OpStats failing = op(QStringLiteral("op2"), {}, 3);
    s.stages = {
        stage(0, 2, 5.0,
              {op(QStringLiteral("op11"), {{10, 1000}}), failing, op(QStringLiteral("idle"), {})})};
    const QStringList lines = vaultBenchmarkTable(s).split(QLatin1Char('\n'));
    // one stage: no "merged" line, no per-stage tables
    QCOMPARE(lines.at(1).section(QLatin1Char(' '), 0, 0), QStringLiteral("op"));
    QCOMPARE(lines.at(2).simplified(), QStringLiteral("idle 0 - - - - - -"));
    QCOMPARE(lines.at(3).simplified(), QStringLiteral("op2 3 0.60 0.00 - - - 0.00%"));
    QCOMPARE(lines.at(4).simplified(), QStringLiteral("op11 10 2.00 2.00 1ms 1ms 1ms 100.00%"));
    QCOMPARE(lines.size(), 8); // header, 3 rows, separator, TOTAL, and the final newline
}

void TestVaultBenchmarkTable::otherFormatsTellLabelsApart()
{
    const Session s = twoReadsSession();
    const QString table = reportTable(s);
    QVERIFY(table.contains(QStringLiteral("small_reads")));
    QVERIFY(table.contains(QStringLiteral("large_reads")));
    const QString csv = reportCsv(s);
    QCOMPARE(csv.count(QStringLiteral("\nsmall_reads,"))
                 + csv.count(QStringLiteral(",small_reads,")),
             2);
    QCOMPARE(csv.count(QStringLiteral(",large_reads,"))
                 + csv.count(QStringLiteral("\nlarge_reads,")),
             2);
    const QJsonArray stages = reportJson(s).value(QStringLiteral("stages")).toArray();
    QCOMPARE(stages.size(), 2);
    for (const QJsonValue &st : stages) {
        const QJsonArray ops = st.toObject().value(QStringLiteral("ops")).toArray();
        QCOMPARE(ops.at(0).toObject().value(QStringLiteral("op")).toString(),
                 QStringLiteral("small_reads"));
        QCOMPARE(ops.at(1).toObject().value(QStringLiteral("op")).toString(),
                 QStringLiteral("large_reads"));
    }
}

QTEST_GUILESS_MAIN(TestVaultBenchmarkTable)
#include "tst_vaultbenchmarktable.moc"
