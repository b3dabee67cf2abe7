// StageTableModel: one row per stage x operation, values taken from the statistics.
#include "models/stagetablemodel.h"
#include "syntheticstages.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace vw;

namespace {

// One op whose successes are 1, 2, ..., 100 ms, plus `errors` errors of class `key`.
OpStats makeOp(const QString &name, int errors, const QString &key)
{
    OpStats o;
    o.op = name;
    for (int ms = 1; ms <= 100; ++ms)
        o.recordOk(int64_t(ms) * 1000);
    for (int i = 0; i < errors; ++i)
        o.recordError(key);
    return o;
}

StageStats makeStage(int index, int vus, double steadySeconds, bool complete)
{
    StageStats s;
    s.index = index;
    s.vus = vus;
    s.durationMs = 2000;
    s.steadySeconds = steadySeconds;
    s.maxInFlight = vus;
    s.complete = complete;
    s.ops << makeOp(QStringLiteral("sys_health"), 0, QString())
          << makeOp(QStringLiteral("kv2_read"), 3 * (index + 1), QStringLiteral("http_503"));
    return s;
}

QVariant cell(const StageTableModel &m, int row, int col, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, col), role);
}

} // namespace

class TestStageTableModel : public QObject {
    Q_OBJECT
private slots:
    void emptyModel()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m.rowCount(), 0);
        QCOMPARE(m.columnCount(), int(StageTableModel::ColumnCount));
        QCOMPARE(m.headerData(StageTableModel::P99Column, Qt::Horizontal).toString(),
                 QStringLiteral("p99 ms"));
    }

    void rowsAndValues()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setStages(
            {makeStage(0, 1, 2.0, true), makeStage(1, 4, 4.0, true), makeStage(2, 8, 0.5, false)});
        QCOMPARE(m.rowCount(), 3 * 2);
        QCOMPARE(m.columnCount(), 18); // + 95% throughput, 95% p99, steadiness (issue 18)

        // row 3 = stage 2 (index 1), op kv2_read
        QCOMPARE(cell(m, 3, StageTableModel::StageColumn).toString(), QStringLiteral("2"));
        QCOMPARE(cell(m, 3, StageTableModel::VusColumn).toInt(), 4);
        QCOMPARE(cell(m, 3, StageTableModel::OpColumn).toString(), QStringLiteral("kv2_read"));
        QCOMPARE(cell(m, 3, StageTableModel::CountColumn).toLongLong(), 106);
        QCOMPARE(cell(m, 3, StageTableModel::OkColumn).toLongLong(), 100);
        QCOMPARE(cell(m, 3, StageTableModel::ErrorsColumn).toLongLong(), 6);
        QCOMPARE(cell(m, 3, StageTableModel::ErrorClassesColumn).toString(),
                 QStringLiteral("http_503: 6"));
        // throughput = successes / steady seconds = 100 / 4
        QCOMPARE(
            cell(m, 3, StageTableModel::ThroughputColumn, StageTableModel::SortRole).toDouble(),
            25.0);
        QCOMPARE(cell(m, 3, StageTableModel::ThroughputColumn).toString(), QStringLiteral("25.0"));
        // latencies of 1..100 ms: mean 50.5, p50 50, p95 95, p99 99, max 100 (0.1 % error)
        auto near = [&](int col, double want) {
            const double got = cell(m, 3, col, StageTableModel::SortRole).toDouble();
            return std::abs(got - want) <= want * 0.001 + 1e-9;
        };
        QVERIFY(near(StageTableModel::MeanColumn, 50.5));
        QVERIFY(near(StageTableModel::P50Column, 50.0));
        QVERIFY(near(StageTableModel::P95Column, 95.0));
        QVERIFY(near(StageTableModel::P99Column, 99.0));
        QVERIFY(near(StageTableModel::MaxColumn, 100.0));
        QCOMPARE(cell(m, 3, StageTableModel::MaxColumn).toString(), QStringLiteral("100.000"));
        QCOMPARE(cell(m, 3, StageTableModel::MaxInFlightColumn).toInt(), 4);

        // sys_health of stage 1: no errors, empty classes
        QCOMPARE(cell(m, 0, StageTableModel::OpColumn).toString(), QStringLiteral("sys_health"));
        QCOMPARE(cell(m, 0, StageTableModel::ErrorsColumn).toLongLong(), 0);
        QCOMPARE(cell(m, 0, StageTableModel::ErrorClassesColumn).toString(), QString());
        QCOMPARE(
            cell(m, 0, StageTableModel::ThroughputColumn, StageTableModel::SortRole).toDouble(),
            50.0);
        // the incomplete last stage is marked
        QCOMPARE(cell(m, 4, StageTableModel::StageColumn).toString(), QStringLiteral("3*"));
        QVERIFY(!cell(m, 4, StageTableModel::StageColumn, Qt::ToolTipRole).toString().isEmpty());
        // out of range
        QVERIFY(!m.data(m.index(6, 0)).isValid());
    }

    void replaceWithOtherRows()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setStages({makeStage(0, 1, 1.0, true), makeStage(1, 2, 1.0, true)});
        QCOMPARE(m.rowCount(), 4);
        m.setStages({makeStage(0, 16, 1.0, true)});
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(cell(m, 1, StageTableModel::VusColumn).toInt(), 16);
        m.setStages({});
        QCOMPARE(m.rowCount(), 0);
    }

    // A live run: the running stage's values change and finished stages' rows are followed by
    // the next stage's. The view must see updates and appended rows, not a reset each time.
    void liveUpdatesKeepRows()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setStages({makeStage(0, 1, 1.0, false)});
        QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&m, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        const QPersistentModelIndex kv2(m.index(1, StageTableModel::OpColumn));

        m.setStages({makeStage(0, 1, 2.0, false)}); // same rows, new values
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(1).toModelIndex(), m.index(1, StageTableModel::ColumnCount - 1));
        QCOMPARE(
            cell(m, 0, StageTableModel::ThroughputColumn, StageTableModel::SortRole).toDouble(),
            50.0); // 100 successes over 2 s

        m.setStages({makeStage(0, 1, 2.0, true), makeStage(1, 2, 1.0, false)}); // next stage
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 2);
        QCOMPARE(inserted.at(0).at(2).toInt(), 3);
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(cell(m, 3, StageTableModel::VusColumn).toInt(), 2);
        QVERIFY(kv2.isValid());
        QCOMPARE(kv2.row(), 1); // a persistent index (a selection) survived

        // different operations in the same places: a reset
        StageStats other = makeStage(0, 1, 1.0, true);
        other.ops[0].op = QStringLiteral("ssh_sign");
        m.setStages({other});
        QCOMPARE(reset.count(), 1);
        QCOMPARE(m.rowCount(), 2);
    }

    // Issue 9: a stage where every request failed shows "-" for every latency column, never
    // 0.000; its counts and throughput (0/s) are still numbers.
    void allErrorStageShowsNoLatency()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setStages({test::allErrorStage(QStringLiteral("kv2_read"), 0, 4, 812)});
        QCOMPARE(m.rowCount(), 1);
        for (int c :
             {StageTableModel::MeanColumn, StageTableModel::P50Column, StageTableModel::P95Column,
              StageTableModel::P99Column, StageTableModel::MaxColumn}) {
            QCOMPARE(cell(m, 0, c).toString(), QStringLiteral("-"));
            QVERIFY(!cell(m, 0, c, StageTableModel::SortRole).isValid());
        }
        QCOMPARE(cell(m, 0, StageTableModel::ErrorsColumn).toLongLong(), 812);
        QCOMPARE(cell(m, 0, StageTableModel::ThroughputColumn).toString(), QStringLiteral("0.0"));
    }

    // Issue 9: why a stage's figures may not stand is in the table itself: a frozen server's
    // stage (requests in flight, none completed) and a client-bound stage with its reason.
    void marksColumnSaysWhyAStageIsNotTrusted()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        StageStats frozen;
        frozen.index = 1;
        frozen.vus = 4;
        frozen.maxInFlight = 4;
        OpStats none;
        none.op = QStringLiteral("kv2_read");
        frozen.ops = {none};
        QList<StageStats> stages =
            test::fixedCapacityStages(QStringLiteral("kv2_read"), {1}, 4, 5.0);
        test::markClientBound(stages[0], QStringLiteral("client_cpu: 97 % of 2 cores"));
        stages.append(frozen);
        m.setStages(stages);
        QCOMPARE(m.rowCount(), 2);
        // the cell: a mark and the reason's key; the tooltip: the whole reason
        QCOMPARE(cell(m, 0, StageTableModel::MarksColumn).toString(),
                 QStringLiteral("⚠ client-bound: client_cpu"));
        const QString tip =
            m.data(m.index(0, StageTableModel::MarksColumn), Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("client-bound: client_cpu: 97 % of 2 cores")),
                 qPrintable(tip));
        QVERIFY(m.data(m.index(0, StageTableModel::StageColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("client_cpu: 97 % of 2 cores")));
        // the stage number carries the mark too (the marks column may be scrolled out of view)
        QCOMPARE(cell(m, 0, StageTableModel::StageColumn).toString(), QStringLiteral("1 ⚠"));
        QCOMPARE(cell(m, 0, StageTableModel::StageColumn, StageTableModel::SortRole).toInt(), 1);
        QCOMPARE(cell(m, 1, StageTableModel::StageColumn).toString(), QStringLiteral("2"));
        QVERIFY(m.data(m.index(0, StageTableModel::MarksColumn), Qt::BackgroundRole).isValid());
        QVERIFY(!m.data(m.index(1, StageTableModel::MarksColumn), Qt::BackgroundRole).isValid());
        QCOMPARE(cell(m, 1, StageTableModel::MarksColumn).toString(),
                 QStringLiteral("no completed request"));
        QCOMPARE(m.headerData(StageTableModel::MarksColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Marks"));
    }
};

QTEST_MAIN(TestStageTableModel)
#include "tst_stagetablemodel.moc"
