// The CLI's text tables (issue 22, finding 14): cells never run together, whatever their width
// (core/util/textcells.h), the capacity points of `compare` stay in columns when a cell is as
// wide as its column ("2 VUs http_403" twice), and with target.spread round_robin the
// "<op> @host:port" rows of `report`'s table line up with the totals, also with long labels.
#include "sessionplan.h"
#include "syntheticstages.h"
#include "report/capacitypoints.h"
#include "report/comparisontext.h"
#include "report/report.h"
#include "session/comparison.h"
#include "util/textcells.h"

#include <QRegularExpression>
#include <QTest>

using namespace vw;

namespace {

const QList<int> kRamp = {1, 2, 4, 8};

/// A closed ramp over kRamp of op `op` against 4 workers of 5 ms; stage 2 (2 VUs) has 76 %
/// http_403 errors (failure at "2 VUs http_403").
Session failingSession(const QString &label, const QString &op)
{
    Session s =
        test::closedRampSession(label, label, QStringLiteral("kv2_read"), op, kRamp, 4, 5.0);
    test::failShare(s.stages[1], op, 0.76, QStringLiteral("http_403"));
    return s;
}

/// The lines of `text` from the one starting with `first` up to (not including) the next
/// line that does not start with two spaces.
QStringList section(const QString &text, const QString &first)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    QStringList out;
    bool in = false;
    for (const QString &l : lines) {
        if (!in && l.startsWith(first)) {
            in = true;
            continue;
        }
        if (in && !l.startsWith(QLatin1String("  ")))
            break;
        if (in)
            out << l;
    }
    return out;
}

} // namespace

class TestTextCells : public QObject {
    Q_OBJECT
private slots:
    void cellsKeepASpace()
    {
        QCOMPARE(rightCell(QStringLiteral("ab"), 5), QStringLiteral("   ab"));
        QCOMPARE(rightCell(QStringLiteral("abcde"), 5), QStringLiteral(" abcde"));
        QCOMPARE(rightCell(QStringLiteral("abcdefg"), 5), QStringLiteral(" abcdefg"));
        QCOMPARE(leftCell(QStringLiteral("ab"), 5), QStringLiteral("ab   "));
        QCOMPARE(leftCell(QStringLiteral("abcde"), 5), QStringLiteral("abcde "));
        // the widest cell of a column, plus the space; never below the minimum
        QCOMPARE(columnWidths({{QStringLiteral("a"), QStringLiteral("bbbbbbbbbbbb")},
                               {QStringLiteral("ccc")}},
                              {6, 6}),
                 (QList<int>{6, 13}));
    }

    void compareCapacityCellsNeverRunTogether()
    {
        // "2 VUs http_403" is exactly 14 characters, the old fixed cell width: it used to
        // print "2 VUs http_4032 VUs http_403"
        const QList<Session> ss{failingSession(QStringLiteral("A run"), QStringLiteral("read")),
                                failingSession(QStringLiteral("B run"), QStringLiteral("read"))};
        const Comparison c = compareSessions(ss);
        QCOMPARE(
            capacityCell(*c.ops.first().analyses.first(), ss.first(), QStringLiteral("failure")),
            QStringLiteral("2 VUs http_403"));
        const QString text = comparisonText(c, ss);
        QVERIFY2(!text.contains(QStringLiteral("http_4032")), qPrintable(text));
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral(
                     "failure VUs \\(class\\)\\s+2 VUs http_403\\s+2 VUs http_403"))),
                 qPrintable(text));
        // every row of the capacity points as long as the header: the columns line up
        const QStringList rows = section(text, QStringLiteral("read: capacity points"));
        QCOMPARE(rows.size(), 1 + int(capacityRows().size()));
        for (const QString &r : rows)
            QVERIFY2(r.size() == rows.first().size(), qPrintable(r + QLatin1Char('|')));
        // and every capacity row of capacitypoints.h is there, in order
        for (int i = 0; i < capacityRows().size(); ++i)
            QVERIFY2(rows.at(i + 1).startsWith(QStringLiteral("  ") + capacityRows().at(i).name),
                     qPrintable(rows.at(i + 1)));
    }

    void spreadRowsAlignWithLongLabels()
    {
        const QString op = QStringLiteral("kv2-read-with-a-rather-long-label");
        Session s = failingSession(QStringLiteral("spread"), op);
        const QStringList nodes{QStringLiteral("http://127.0.0.1:18200"),
                                QStringLiteral("http://127.0.0.1:18201")};
        for (StageStats &st : s.stages)
            for (const QString &n : nodes)
                st.nodes.append(NodeStageStats{n, st.ops});
        const QString table = reportTable(s);
        const QStringList lines = table.split(QLatin1Char('\n'));
        // header, units, then per stage the total row and one row per node
        QStringList rows = lines.mid(0, 2 + int(kRamp.size()) * 3);
        int nodeRows = 0;
        for (const QString &r : std::as_const(rows)) {
            nodeRows += r.contains(QLatin1String(" @127.0.0.1:1820"));
            QVERIFY2(!r.startsWith(QLatin1String("  stage ")) // no note line
                         && !r.startsWith(QLatin1String("  !"))
                         && !r.startsWith(QLatin1String("  ~")),
                     qPrintable(table));
            QVERIFY2(r.size() == rows.first().size(), qPrintable(table));
        }
        QCOMPARE(nodeRows, int(kRamp.size() * nodes.size()));
        // a node row holds its "<op> @host:port" whole, and is as long as a total row
        QVERIFY(rows.at(3).contains(op + QStringLiteral(" @127.0.0.1:18200 ")));
        QCOMPARE(rows.at(3).indexOf(op), rows.at(2).indexOf(op));
        // `run` prints the header before any stage: the width comes from the plan, the same
        s.plan.target.spread = QStringLiteral("round_robin");
        s.plan.target.address = nodes.first();
        s.plan.target.addresses = {nodes.last()};
        QCOMPARE(reportTableHeader(&s.loadModel(), reportOpWidth(s.plan)),
                 reportTableHeader(&s.loadModel(), reportOpWidth(s.stages)));
        QVERIFY(reportOpWidth(s.plan) > 18);
    }
};

QTEST_GUILESS_MAIN(TestTextCells)
#include "tst_textcells.moc"
