// Renderings of a session: the report JSON (issue 2's keys, values from the statistics),
// the RFC 4180 CSV and the fixed-width table.
#include "report/report.h"
#include "syntheticstages.h"

#include <QJsonArray>
#include <QSet>
#include <QTest>

using namespace vw;

namespace {

QSet<QString> keys(const QJsonObject &o)
{
    const QStringList k = o.keys();
    return QSet<QString>(k.begin(), k.end());
}

QSet<QString> set(std::initializer_list<const char *> names)
{
    QSet<QString> s;
    for (const char *n : names)
        s.insert(QString::fromLatin1(n));
    return s;
}

Session makeSession()
{
    Session s;
    s.label = QStringLiteral("nightly, node-2 \"eu\"");
    s.profileName = QStringLiteral("kv-mix");
    s.targetAddress = QStringLiteral("http://127.0.0.1:8200");
    s.server.version = QStringLiteral("2.7.2");
    s.status = RunStatus::Stopped;
    s.startedAt = QDateTime(QDate(2024, 5, 17), QTime(9, 30, 12, 345), Qt::UTC);
    for (int i = 0; i < 3; ++i) {
        StageStats st;
        st.index = i;
        st.vus = 1 << (2 * i); // 1, 4, 16
        st.durationMs = 10000;
        st.warmupMs = 1000;
        st.steadySeconds = i == 2 ? 4.5 : 9.0;
        st.maxInFlight = st.vus;
        st.complete = i != 2;
        OpStats read;
        read.op = QStringLiteral("kv2_read");
        // 1 ms .. 1000 ms, one sample each: p50 ~ 500 ms, p99 ~ 990 ms, max 1000 ms.
        for (int k = 1; k <= 1000; ++k)
            read.recordOk(int64_t(k) * 1000);
        read.recordError(QStringLiteral("timeout"));
        OpStats write;
        write.op = QStringLiteral("kv2_write");
        for (int k = 0; k < 90 * (i + 1); ++k)
            write.recordOk(2500);
        write.recordError(QStringLiteral("http_503"));
        write.recordError(QStringLiteral("http_503"));
        st.ops = {read, write};
        s.stages.append(st);
    }
    return s;
}

/// A minimal RFC 4180 reader for checking the writer: records of fields.
QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row.append(field);
            field.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size()
                   && text[i + 1] == QLatin1Char('\n')) {
            row.append(field);
            field.clear();
            rows.append(row);
            row.clear();
            ++i;
        } else {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty()) {
        row.append(field);
        rows.append(row);
    }
    return rows;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
private slots:
    void credentialsAreReportedApart()
    {
        Session s = makeSession();
        QVERIFY(!reportJson(s).contains(QStringLiteral("credentials")));
        QVERIFY(credentialsLine(s).isEmpty());
        s.auth.method = QStringLiteral("approle");
        s.auth.per = QStringLiteral("vu");
        s.auth.logins = 4;
        s.auth.loginMeanMs = 2.5;
        s.auth.loginP50Ms = 2;
        s.auth.loginP99Ms = 4;
        s.auth.loginMaxMs = 4;
        s.auth.renewals = 3;
        const QJsonObject c = reportJson(s).value(QStringLiteral("credentials")).toObject();
        QCOMPARE(c.value(QStringLiteral("logins")).toInt(), 4);
        QCOMPARE(
            c.value(QStringLiteral("login_ms")).toObject().value(QStringLiteral("p99")).toDouble(),
            4.0);
        QVERIFY2(reportTable(s).contains(QStringLiteral(
                     "logins (auth: approle, a token per VU; not in the stages): 4, ms mean 2.500 "
                     "p50 2.000 p99 4.000 max 4.000; renewals 3\n")),
                 qPrintable(reportTable(s)));
    }

    void jsonHasTheDocumentedKeys()
    {
        const QJsonObject r = reportJson(makeSession());
        QCOMPARE(keys(r), set({"profile", "status", "started_at", "target", "stages", "analysis"}));
        QCOMPARE(keys(r.value(QStringLiteral("target")).toObject()),
                 set({"address", "server_version"}));
        const QJsonArray stages = r.value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages.size(), 3);
        for (const QJsonValue &sv : stages) {
            const QJsonObject st = sv.toObject();
            QCOMPARE(keys(st), set({"index", "vus", "duration_s", "complete", "max_in_flight",
                                    "ops", "executor", "achieved_per_s", "mean_in_flight"}));
            const QJsonArray ops = st.value(QStringLiteral("ops")).toArray();
            QCOMPARE(ops.size(), 2);
            for (const QJsonValue &ov : ops) {
                const QJsonObject op = ov.toObject();
                QCOMPARE(keys(op), set({"op", "count", "ok", "errors", "throughput_per_s",
                                        "latency_ms", "latency_kind", "service_time_ms"}));
                QCOMPARE(keys(op.value(QStringLiteral("latency_ms")).toObject()),
                         set({"mean", "p50", "p90", "p95", "p99", "p999", "max"}));
            }
        }
    }

    void jsonValuesComeFromTheStatistics()
    {
        const Session s = makeSession();
        const QJsonObject r = reportJson(s);
        QCOMPARE(r.value(QStringLiteral("profile")).toString(), QStringLiteral("kv-mix"));
        QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("stopped"));
        QCOMPARE(r.value(QStringLiteral("started_at")).toString(),
                 QStringLiteral("2024-05-17T09:30:12.345Z"));
        const QJsonObject target = r.value(QStringLiteral("target")).toObject();
        QCOMPARE(target.value(QStringLiteral("address")).toString(), s.targetAddress);
        QCOMPARE(target.value(QStringLiteral("server_version")).toString(),
                 QStringLiteral("2.7.2"));

        const QJsonArray stages = r.value(QStringLiteral("stages")).toArray();
        for (int i = 0; i < stages.size(); ++i) {
            const QJsonObject st = stages[i].toObject();
            QCOMPARE(st.value(QStringLiteral("index")).toInt(), i);
            QCOMPARE(st.value(QStringLiteral("vus")).toInt(), s.stages[i].vus);
            QCOMPARE(st.value(QStringLiteral("duration_s")).toDouble(), 10.0);
            QCOMPARE(st.value(QStringLiteral("complete")).toBool(), i != 2);
            QCOMPARE(st.value(QStringLiteral("max_in_flight")).toInt(), s.stages[i].vus);

            const QJsonObject read = st.value(QStringLiteral("ops")).toArray()[0].toObject();
            QCOMPARE(read.value(QStringLiteral("op")).toString(), QStringLiteral("kv2_read"));
            QCOMPARE(read.value(QStringLiteral("count")).toInteger(), 1001);
            QCOMPARE(read.value(QStringLiteral("ok")).toInteger(), 1000);
            QCOMPARE(read.value(QStringLiteral("errors")).toObject(),
                     QJsonObject({{QStringLiteral("timeout"), 1}}));
            // throughput = successes / steady-window seconds (not count / planned duration)
            const double steady = i == 2 ? 4.5 : 9.0;
            QCOMPARE(read.value(QStringLiteral("throughput_per_s")).toDouble(), 1000.0 / steady);
            const QJsonObject lat = read.value(QStringLiteral("latency_ms")).toObject();
            const LatencyHistogram &h = s.stages[i].ops[0].latency;
            QCOMPARE(lat.value(QStringLiteral("p99")).toDouble(),
                     double(h.valueAtPercentileUs(99)) / 1000.0);
            // ... and that is the 990th of 1000 samples of 1..1000 ms, within 0.1 %.
            QVERIFY(qAbs(lat.value(QStringLiteral("p99")).toDouble() - 990.0) <= 0.99);
            QVERIFY(qAbs(lat.value(QStringLiteral("p50")).toDouble() - 500.0) <= 0.5);
            QCOMPARE(lat.value(QStringLiteral("max")).toDouble(), 1000.0);
            QCOMPARE(lat.value(QStringLiteral("mean")).toDouble(), 500.5);

            const QJsonObject write = st.value(QStringLiteral("ops")).toArray()[1].toObject();
            QCOMPARE(write.value(QStringLiteral("ok")).toInteger(), 90 * (i + 1));
            QCOMPARE(write.value(QStringLiteral("count")).toInteger(), 90 * (i + 1) + 2);
            QCOMPARE(write.value(QStringLiteral("errors")).toObject(),
                     QJsonObject({{QStringLiteral("http_503"), 2}}));
            QCOMPARE(write.value(QStringLiteral("throughput_per_s")).toDouble(),
                     90.0 * (i + 1) / steady);
        }
    }

    void csvHeaderRowsAndQuoting()
    {
        const Session s = makeSession();
        const QString csv = reportCsv(s);
        QVERIFY(csv.endsWith(QStringLiteral("\r\n")));
        const QList<QStringList> rows = parseCsv(csv);
        QCOMPARE(rows.size(), 1 + 3 * 2);
        const QStringList header = rows[0];
        for (const char *col :
             {"label", "profile", "stage", "vus", "op", "count", "ok", "errors", "throughput_per_s",
              "mean_ms", "p50_ms", "p95_ms", "p99_ms", "max_ms"})
            QVERIFY2(header.contains(QString::fromLatin1(col)), col);
        // The label has a comma and quotes: quoted, quotes doubled, read back intact.
        QVERIFY(csv.contains(QStringLiteral("\"nightly, node-2 \"\"eu\"\"\",kv-mix,")));
        const int labelCol = header.indexOf(QStringLiteral("label"));
        const int stageCol = header.indexOf(QStringLiteral("stage"));
        const int opCol = header.indexOf(QStringLiteral("op"));
        const int okCol = header.indexOf(QStringLiteral("ok"));
        const int p99Col = header.indexOf(QStringLiteral("p99_ms"));
        for (int r = 1; r < rows.size(); ++r) {
            QCOMPARE(rows[r].size(), header.size());
            QCOMPARE(rows[r][labelCol], s.label);
            const int stage = (r - 1) / 2, op = (r - 1) % 2;
            QCOMPARE(rows[r][stageCol], QString::number(stage));
            QCOMPARE(rows[r][opCol], s.stages[stage].ops[op].op);
            QCOMPARE(rows[r][okCol].toLongLong(), s.stages[stage].ops[op].ok);
            QCOMPARE(rows[r][p99Col].toDouble(),
                     double(s.stages[stage].ops[op].latency.valueAtPercentileUs(99)) / 1000.0);
        }
    }

    void tableHasEveryStage()
    {
        const Session s = makeSession();
        const QString table = reportTable(s);
        QVERIFY(table.startsWith(reportTableHeader()));
        for (const char *col : {"stage", "VUs", "op", "count", "ok", "err", "thr/s", "mean", "p50",
                                "p95", "p99", "max"})
            QVERIFY2(reportTableHeader().contains(QString::fromLatin1(col)), col);
        QStringList rows;
        for (const StageStats &st : s.stages)
            rows += reportTableRows(st, s.loadModel()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 3 * 2);
        for (int r = 0; r < rows.size(); ++r) {
            QVERIFY2(table.contains(rows[r]), qPrintable(rows[r]));
            const QStringList cells = rows[r].split(QLatin1Char(' '), Qt::SkipEmptyParts);
            const int stage = r / 2;
            // stage, VUs, op, count, ok, err, thr/s, mean, p50, p95, p99, max
            QCOMPARE(cells.size(), 12);
            QCOMPARE(cells[0], QString::number(stage + 1) + (stage == 2 ? "*" : "")); // 1-based
            QCOMPARE(cells[1].toInt(), s.stages[stage].vus);
            QCOMPARE(cells[2], s.stages[stage].ops[r % 2].op);
            QCOMPARE(cells[5].toLongLong(), s.stages[stage].ops[r % 2].errorCount());
        }
        // Fixed width: every row as long as the header's first line.
        const int width = reportTableHeader().split(QLatin1Char('\n')).first().size();
        for (const QString &row : rows)
            QCOMPARE(row.size(), width);
        QVERIFY(table.contains(QStringLiteral("cut short")));
        QVERIFY(!table.contains(QStringLiteral("no completed request")));
    }

    // A stage in which nothing completed (a frozen server) says so in the table and the
    // JSON, from the one definition (StageStats::noCompletions); the others do not.
    void aStageWithoutCompletionsIsMarked()
    {
        Session s = makeSession();
        StageStats &frozen = s.stages[2];
        for (OpStats &o : frozen.ops) {
            OpStats none;
            none.op = o.op;
            o = none;
        }
        frozen.maxInFlight = 16;
        QVERIFY(frozen.noCompletions());
        QVERIFY(!s.stages[1].noCompletions());
        const QString table = reportTable(s);
        QVERIFY2(table.contains(QStringLiteral("stage 3: no completed request (16 in flight")),
                 qPrintable(table));
        QVERIFY(!table.contains(QStringLiteral("stage 2: no completed")));
        const QJsonArray stages = reportJson(s).value(QStringLiteral("stages")).toArray();
        QCOMPARE(stages[2].toObject().value(QStringLiteral("no_completions")).toBool(), true);
        QVERIFY(!stages[1].toObject().contains(QStringLiteral("no_completions")));
    }

    // Issue 9: a stage where every request failed has no latency: null in the JSON, "-" in
    // the table, an empty CSV field; never 0.
    void allErrorStageHasNoLatency()
    {
        Session s;
        s.profileName = QStringLiteral("dead-server");
        s.stages = {test::allErrorStage(QStringLiteral("kv2_read"), 0, 4, 812)};
        const QJsonObject op = reportJson(s)
                                   .value(QStringLiteral("stages"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("ops"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
        for (const char *key : {"mean", "p50", "p90", "p95", "p99", "p999", "max"}) {
            QVERIFY2(op.value(QStringLiteral("latency_ms"))
                         .toObject()
                         .value(QLatin1String(key))
                         .isNull(),
                     key);
            QVERIFY2(op.value(QStringLiteral("service_time_ms"))
                         .toObject()
                         .value(QLatin1String(key))
                         .isNull(),
                     key);
        }
        QCOMPARE(op.value(QStringLiteral("throughput_per_s")).toDouble(), 0.0);

        const QStringList cells = reportTableRows(s.stages.first(), s.loadModel())
                                      .split(QLatin1Char('\n'))
                                      .first()
                                      .split(QLatin1Char(' '), Qt::SkipEmptyParts);
        // stage, VUs, op, count, ok, err, thr/s, then mean, p50, p95, p99, max
        QCOMPARE(cells.size(), 12);
        QCOMPARE(cells.mid(7), QStringList(5, QStringLiteral("-")));
        QVERIFY(!reportTable(s).contains(QStringLiteral("0.000")));

        const QList<QStringList> rows = parseCsv(reportCsv(s));
        QCOMPARE(rows.size(), 2);
        for (const char *col :
             {"mean_ms", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p999_ms", "max_ms"})
            QVERIFY2(rows[1][rows[0].indexOf(QString::fromLatin1(col))].isEmpty(), col);
        QCOMPARE(rows[1][rows[0].indexOf(QStringLiteral("errors"))], QStringLiteral("812"));
    }
};

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
