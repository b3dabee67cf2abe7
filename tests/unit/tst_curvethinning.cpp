// Thinning long curves for drawing (core/charts/curvethinning.h): what it keeps per pixel
// column, that the drawn envelope is the full curve's, and what it leaves alone; a curve that
// goes back and forth (a stage chart of repeating loads) drawn through its distinct segments.
#include "charts/curvethinning.h"

#include <QSet>
#include <QTest>

#include <cmath>
#include <random>

using namespace vw;

namespace {

/// Column of x on a plot of `columns` pixels spanning [0, span).
std::function<int(double)> linearColumns(double span, int columns)
{
    return [=](double x) { return int(std::floor(x / span * columns)); };
}

struct Envelope {
    double lo = INFINITY, hi = -INFINITY;
    QPointF first, last;
    bool any = false;
};

/// Per column: lowest and highest y, first and last point.
QList<Envelope> envelopes(const QList<QPointF> &pts, int columns,
                          const std::function<int(double)> &columnOf)
{
    QList<Envelope> e(columns);
    for (const QPointF &p : pts) {
        Envelope &c = e[std::clamp(columnOf(p.x()), 0, columns - 1)];
        if (!c.any)
            c.first = p;
        c.any = true;
        c.last = p;
        c.lo = std::min(c.lo, p.y());
        c.hi = std::max(c.hi, p.y());
    }
    return e;
}

/// The segments between distinct cells of `pieces` (unordered cell pairs).
QSet<QPair<QPoint, QPoint>> cellSegments(const QList<QList<QPointF>> &pieces,
                                         const std::function<QPoint(const QPointF &)> &cellOf)
{
    QSet<QPair<QPoint, QPoint>> out;
    for (const QList<QPointF> &piece : pieces)
        for (int i = 1; i < piece.size(); ++i) {
            QPoint a = cellOf(piece.at(i - 1)), b = cellOf(piece.at(i));
            if (a == b)
                continue;
            if (std::make_pair(a.x(), a.y()) > std::make_pair(b.x(), b.y()))
                std::swap(a, b);
            out.insert({a, b});
        }
    return out;
}

} // namespace

class TestCurveThinning : public QObject {
    Q_OBJECT
private slots:
    void shortCurvesAreLeftAsTheyAre();
    void aDaysSeriesKeepsEachColumnsEnvelope();
    void spikesSurvive();
    void curvesThatGoBackAreThinnedPerRun();
    void dotsOnlyWhereTheyStandApart();
    void curvesBackAndForthAreWalkedOnce();
    void gapsInsideAColumnAreJoined();
};

void TestCurveThinning::shortCurvesAreLeftAsTheyAre()
{
    QList<QPointF> pts;
    for (int i = 0; i < 400; ++i)
        pts.append(QPointF(i, i % 7));
    QCOMPARE(thinToColumns(pts, 100, linearColumns(400, 100)), pts); // 4 per column at most
    QCOMPARE(thinToColumns(pts, 0, linearColumns(400, 1)), pts);
    QCOMPARE(thinToColumns({}, 100, linearColumns(1, 100)), QList<QPointF>());
}

void TestCurveThinning::aDaysSeriesKeepsEachColumnsEnvelope()
{
    // A day of 1-second points (a soak run's series) on a 1,600-pixel plot.
    std::mt19937_64 rng(20261202);
    std::normal_distribution<double> noise(0, 3);
    QList<QPointF> pts;
    const int seconds = 86400, columns = 1600;
    for (int s = 0; s < seconds; ++s)
        pts.append(QPointF(s, 50 + 20 * std::sin(s / 3000.0) + noise(rng)));
    const auto columnOf = linearColumns(seconds, columns);
    const QList<QPointF> thin = thinToColumns(pts, columns, columnOf);
    QVERIFY2(thin.size() <= 4 * columns, qPrintable(QString::number(thin.size())));
    QVERIFY(thin.size() >= 2 * columns);
    QCOMPARE(thin.first(), pts.first());
    QCOMPARE(thin.last(), pts.last());
    for (int i = 1; i < thin.size(); ++i)
        QVERIFY(thin.at(i - 1).x() < thin.at(i).x()); // drawing order kept
    const QList<Envelope> full = envelopes(pts, columns, columnOf);
    const QList<Envelope> kept = envelopes(thin, columns, columnOf);
    for (int c = 0; c < columns; ++c) {
        QCOMPARE(kept.at(c).lo, full.at(c).lo);
        QCOMPARE(kept.at(c).hi, full.at(c).hi);
        QCOMPARE(kept.at(c).first, full.at(c).first);
        QCOMPARE(kept.at(c).last, full.at(c).last);
    }
}

void TestCurveThinning::spikesSurvive()
{
    // One 1-second stall (p99 of 900 ms) in 50,000 calm seconds is on the chart.
    QList<QPointF> pts;
    for (int s = 0; s < 50000; ++s)
        pts.append(QPointF(s, s == 31337 ? 900.0 : 5.0));
    const QList<QPointF> thin = thinToColumns(pts, 800, linearColumns(50000, 800));
    QVERIFY(thin.size() < 3 * 800);
    QVERIFY(thin.contains(QPointF(31337, 900.0)));
}

void TestCurveThinning::curvesThatGoBackAreThinnedPerRun()
{
    // A load curve up and down again (x goes back): runs of one column are thinned, the
    // turn is kept.
    QList<QPointF> pts;
    for (int i = 0; i < 2000; ++i)
        pts.append(QPointF(i, i));
    for (int i = 1999; i >= 0; --i)
        pts.append(QPointF(i, 4000 - i));
    const QList<QPointF> thin = thinToColumns(pts, 100, linearColumns(2000, 100));
    QVERIFY(thin.size() <= 2 * 4 * 100);
    // the turn lies in the last column: its run goes up to y 1999 and back down from 2001,
    // one vertical stroke from the lowest (1980) to the highest (2020) point of the run
    QVERIFY(thin.contains(QPointF(1980, 1980)));
    QVERIFY(thin.contains(QPointF(1980, 2020)));
    QCOMPARE(thin.first(), QPointF(0, 0));
    QCOMPARE(thin.last(), QPointF(0, 4000));
    const auto columnOf = linearColumns(2000, 100);
    for (int i = 1; i < thin.size(); ++i) // consecutive kept points: same or next column
        QVERIFY(std::abs(columnOf(thin.at(i).x()) - columnOf(thin.at(i - 1).x())) <= 1);
}

void TestCurveThinning::dotsOnlyWhereTheyStandApart()
{
    QVERIFY(drawsPointDots(10, 800));
    QVERIFY(drawsPointDots(200, 800));
    QVERIFY(!drawsPointDots(201, 800));
    QVERIFY(!drawsPointDots(6400, 1600));
}

void TestCurveThinning::curvesBackAndForthAreWalkedOnce()
{
    // bench/largesession.sh's stage chart: 120,000 stages cycling over 64 loads (a column
    // each) and 8 latencies, a gap (a stage without success) every 97th
    const auto cellOf = [](const QPointF &p) { return QPoint(int(p.x()), int(p.y())); };
    QList<QList<QPointF>> pieces{{}};
    for (int i = 0; i < 120000; ++i) {
        if (i % 97 == 96) {
            pieces.append(QList<QPointF>());
            continue;
        }
        pieces.last().append(QPointF(i % 64 + 0.5, (i * 5) % 8 * 10 + 0.25));
    }
    const auto expected = cellSegments(pieces, cellOf);
    const QList<QList<QPointF>> walk = walkDistinctSegments(pieces, cellOf);
    QCOMPARE(walk.size(), 1); // one connected part
    QCOMPARE(cellSegments(walk, cellOf), expected); // the same cells, each segment
    QVERIFY2(walk.first().size() <= 2 * expected.size() + 1,
             qPrintable(QStringLiteral("%1 points, %2 segments")
                            .arg(walk.first().size())
                            .arg(expected.size())));
    QCOMPARE(walk.first().first(), pieces.first().first());
    // the renderers' entry: the walk, since by columns nothing thins
    const auto columns = [](double x) { return int(x); };
    const auto rows = [](double y) { return int(y); };
    const QList<QList<QPointF>> drawn = thinForPlot(pieces, 64, columns, rows);
    QCOMPARE(drawn, walk);
    // two parts that share no cell stay two pieces
    const QList<QList<QPointF>> apart{{{0.5, 0.5}, {3.5, 0.5}, {0.5, 0.5}},
                                      {{10.5, 5.5}, {12.5, 5.5}}};
    const QList<QList<QPointF>> two = walkDistinctSegments(apart, cellOf);
    QCOMPARE(two.size(), 2);
    QCOMPARE(two.at(0), (QList<QPointF>{{0.5, 0.5}, {3.5, 0.5}}));
    QCOMPARE(two.at(1), apart.at(1));
    // short curves are left as they are
    QCOMPARE(thinForPlot(apart, 64, columns, rows), apart);
}

void TestCurveThinning::gapsInsideAColumnAreJoined()
{
    // a day of seconds on 800 columns (108 s a column), a second without success every 97th:
    // 890 gaps none of which shows an empty column; drawn as one piece, the envelope kept
    QList<QList<QPointF>> pieces{{}};
    QList<QPointF> all;
    for (int t = 0; t < 86400; ++t) {
        if (t % 97 == 96) {
            pieces.append(QList<QPointF>());
            continue;
        }
        const QPointF p(t, 5.0 + (t % 13));
        pieces.last().append(p);
        all.append(p);
    }
    const auto columnOf = linearColumns(86400, 800);
    const QList<QList<QPointF>> drawn =
        thinForPlot(pieces, 800, columnOf, [](double y) { return int(y); });
    // only gaps where a column boundary falls between its two seconds stay (about 2 in 108)
    QVERIFY2(drawn.size() < 40, qPrintable(QString::number(drawn.size())));
    QList<QPointF> joined;
    for (const QList<QPointF> &p : drawn)
        joined += p;
    // (a piece of at most 4 points a column is left as it is: a short one may keep them all)
    QVERIFY2(
        joined.size() <= 2 * 4 * 800,
        qPrintable(QStringLiteral("%1 points in %2 pieces").arg(joined.size()).arg(drawn.size())));
    const QList<Envelope> want = envelopes(all, 800, columnOf);
    const QList<Envelope> got = envelopes(joined, 800, columnOf);
    for (int c = 0; c < 800; ++c) {
        QCOMPARE(got.at(c).lo, want.at(c).lo);
        QCOMPARE(got.at(c).hi, want.at(c).hi);
    }
    // a gap wider than a column stays a gap
    for (const QList<QPointF> &p : drawn)
        QVERIFY(!p.isEmpty());
    for (int i = 1; i < drawn.size(); ++i)
        QVERIFY(columnOf(drawn.at(i).first().x()) != columnOf(drawn.at(i - 1).last().x()));
}

QTEST_GUILESS_MAIN(TestCurveThinning)
#include "tst_curvethinning.moc"
