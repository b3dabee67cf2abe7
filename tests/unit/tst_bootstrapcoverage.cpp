// Coverage by simulation (issue 18; docs/measurement.md, "Uncertainty"): per-second series with
// a known truth and AR(1) autocorrelation (phi 0, 0.5, 0.8), stages of 5, 10, 30 and 120 s,
// 500 simulated stages each. Wherever bootstrapSeconds() gives an interval, the 95 % intervals
// of throughput and p99 must contain the true value in 92-98 % of the stages; where the
// effective number of independent seconds is too small for that, it must give none (the
// boundary is BootstrapOptions' minSeconds / minEffectiveSeconds / minTailCount). Prints the
// table that docs/measurement.md quotes.
//
// The model of one stage of n seconds: a latent AR(1) a_t with unit variance; the successes
// of second t are Poisson(lambda0 * exp(-sc * a_t - sc^2 / 2)) (mean exactly lambda0), their
// latencies lognormal, log L = mu + sx * a_t + s * e (slow seconds complete fewer requests, as
// in a closed loop). The merged stage's p99 estimates the quantile of the count-weighted
// mixture: a tilted by exp(-sc a) is N(-sc, 1), so log L ~ N(mu - sx * sc, sx^2 + s^2) and the
// true p99 is exp(mu - sx * sc + z_0.99 * sqrt(sx^2 + s^2)).
// Runtime: a fixed seed and 400 resamples (1000 in the product) keep it to seconds.
#include "stats/blockbootstrap.h"

#include <QTest>
#include <cmath>
#include <random>

using namespace vw;

namespace {

constexpr double kLambda0 = 100; // successes per second
constexpr double kSc = 0.15; // rate's latent scale
constexpr double kMu = 8.517193; // log(5000 us): median 5 ms
constexpr double kSx = 0.2; // latency's latent scale
constexpr double kS = 0.3; // latency's own spread
constexpr double kZ99 = 2.3263478740408408;
constexpr int kStagesPerCell = 500;
constexpr int kSimResamples = 400;

struct Cell {
    double phi;
    int seconds;
    int given[2] = {0, 0}; // throughput, p99: stages with an interval
    int covered[2] = {0, 0};
};

QVector<LatencyHistogram> simulateStage(std::mt19937_64 &rng, double phi, int n)
{
    std::normal_distribution<double> z(0, 1);
    QVector<LatencyHistogram> seconds;
    LatencyHistogram scratch;
    double a = z(rng);
    const double innovation = std::sqrt(1 - phi * phi);
    for (int t = 0; t < n; ++t) {
        if (t > 0)
            a = phi * a + innovation * z(rng);
        std::poisson_distribution<int> count(kLambda0 * std::exp(-kSc * a - kSc * kSc / 2));
        const int c = count(rng);
        scratch.reset();
        for (int i = 0; i < c; ++i)
            scratch.record(int64_t(std::llround(std::exp(kMu + kSx * a + kS * z(rng)))));
        seconds.append(scratch.compactCopy());
    }
    return seconds;
}

} // namespace

class TestBootstrapCoverage : public QObject {
    Q_OBJECT
private slots:
    void coverage();
};

void TestBootstrapCoverage::coverage()
{
    const double trueThroughput = kLambda0;
    const double trueP99Ms =
        std::exp(kMu - kSx * kSc + kZ99 * std::sqrt(kSx * kSx + kS * kS)) / 1000.0;
    QList<Cell> cells;
    for (double phi : {0.0, 0.5, 0.8})
        for (int n : {5, 10, 30, 120})
            cells.append(Cell{phi, n});
    std::mt19937_64 rng(20261201);
    BootstrapOptions options;
    options.resamples = kSimResamples;
    for (Cell &cell : cells) {
        for (int k = 0; k < kStagesPerCell; ++k) {
            const QVector<LatencyHistogram> seconds = simulateStage(rng, cell.phi, cell.seconds);
            options.seed = rng();
            const BootstrapSample s = bootstrapSeconds(seconds, options);
            const BootMetric metrics[2] = {BootMetric::Throughput, BootMetric::P99};
            const double truth[2] = {trueThroughput, trueP99Ms};
            for (int m = 0; m < 2; ++m) {
                const Interval i = bootstrapInterval(s, metrics[m]);
                if (!i.known) {
                    QVERIFY(!i.reason.isEmpty()); // never silent
                    continue;
                }
                ++cell.given[m];
                cell.covered[m] += (i.lo <= truth[m] && truth[m] <= i.hi) ? 1 : 0;
            }
        }
    }
    // The table (docs/measurement.md, "Uncertainty" quotes it).
    QString table =
        QStringLiteral("\nphi  seconds | throughput: given covered | p99: given covered\n");
    QStringList failures;
    for (const Cell &c : cells) {
        auto pct = [](int a, int b) {
            return b > 0 ? QString::number(100.0 * a / b, 'f', 1) + "%" : QStringLiteral("-");
        };
        table += QStringLiteral("%1  %2 | %3 %4 | %5 %6\n")
                     .arg(c.phi, 3, 'f', 1)
                     .arg(c.seconds, 7)
                     .arg(pct(c.given[0], kStagesPerCell), 8)
                     .arg(pct(c.covered[0], c.given[0]), 8)
                     .arg(pct(c.given[1], kStagesPerCell), 8)
                     .arg(pct(c.covered[1], c.given[1]), 8);
        for (int m = 0; m < 2; ++m) {
            // A cell where intervals are given in a few stages only says little about its
            // coverage: judged from 20 given intervals on; below, the boundary checks hold
            // how rare those are.
            if (c.given[m] < 20)
                continue;
            const double cov = double(c.covered[m]) / c.given[m];
            if (cov < 0.92 || cov > 0.98)
                failures << QStringLiteral("phi %1, %2 s, %3: %4 %")
                                .arg(c.phi)
                                .arg(c.seconds)
                                .arg(m == 0 ? "throughput" : "p99")
                                .arg(100 * cov, 0, 'f', 1);
        }
    }
    qInfo().noquote() << table;
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join("; ")));
    // The boundary found by this simulation (docs/measurement.md, "Uncertainty"):
    // stages under 15 s never get one; 120 s of independent or moderately autocorrelated
    // (phi 0.5) seconds nearly always do; strongly autocorrelated ones (phi 0.8) rarely, and
    // 30 s of phi 0.5 rarely (where they are given, in < 5 % of the stages, coverage is poor:
    // the known gap of the rule).
    for (const Cell &c : cells) {
        if (c.seconds < 15)
            QCOMPARE(c.given[0] + c.given[1], 0);
        if (c.seconds == 120 && c.phi < 0.6)
            QVERIFY(c.given[0] >= 0.9 * kStagesPerCell && c.given[1] >= 0.9 * kStagesPerCell);
        if (c.phi > 0.6 || (c.phi > 0.4 && c.seconds <= 30))
            QVERIFY(c.given[0] <= 0.05 * kStagesPerCell);
    }
}

QTEST_GUILESS_MAIN(TestBootstrapCoverage)
#include "tst_bootstrapcoverage.moc"
