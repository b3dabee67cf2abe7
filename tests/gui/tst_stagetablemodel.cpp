// StageTableModel: one row per stage x operation, values taken from the statistics.
#include "models/stagetablemodel.h"

#include <QAbstractItemModelTester>
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
        m.resetData({makeStage(0, 1, 2.0, true), makeStage(1, 4, 4.0, true),
                     makeStage(2, 8, 0.5, false)});
        QCOMPARE(m.rowCount(), 3 * 2);
        QCOMPARE(m.columnCount(), 14);

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
        QCOMPARE(cell(m, 3, StageTableModel::ThroughputColumn, StageTableModel::SortRole).toDouble(),
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
        QCOMPARE(cell(m, 0, StageTableModel::ThroughputColumn, StageTableModel::SortRole).toDouble(),
                 50.0);
        // the incomplete last stage is marked
        QCOMPARE(cell(m, 4, StageTableModel::StageColumn).toString(), QStringLiteral("3*"));
        QVERIFY(!cell(m, 4, StageTableModel::StageColumn, Qt::ToolTipRole).toString().isEmpty());
        // out of range
        QVERIFY(!m.data(m.index(6, 0)).isValid());
    }

    void resetReplaces()
    {
        StageTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.resetData({makeStage(0, 1, 1.0, true), makeStage(1, 2, 1.0, true)});
        QCOMPARE(m.rowCount(), 4);
        m.resetData({makeStage(0, 16, 1.0, true)});
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(cell(m, 1, StageTableModel::VusColumn).toInt(), 16);
        m.resetData({});
        QCOMPARE(m.rowCount(), 0);
    }
};

QTEST_MAIN(TestStageTableModel)
#include "tst_stagetablemodel.moc"
