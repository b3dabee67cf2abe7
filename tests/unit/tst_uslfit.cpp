// The Universal Scalability Law fit (core/analysis/uslfit.h) on throughput generated from
// the law itself: known lambda, sigma, kappa are recovered, with and without noise.
#include "analysis/uslfit.h"

#include <QJsonArray>
#include <QTest>
#include <cmath>
#include <random>

using namespace vw;

namespace {

const QList<double> kRamp = {1, 2, 4, 8, 16, 32, 64, 128, 256};

double usl(double lambda, double sigma, double kappa, double n)
{
    return lambda * n / (1.0 + sigma * (n - 1.0) + kappa * n * (n - 1.0));
}

QList<double> generate(double lambda, double sigma, double kappa, double noise, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> gauss(0.0, noise);
    QList<double> x;
    for (double n : kRamp)
        x.append(usl(lambda, sigma, kappa, n) * (1.0 + (noise > 0 ? gauss(rng) : 0.0)));
    return x;
}

/// Index of the ramp stage nearest to n on the log2 scale of the ramp 1, 2, 4, ...
double stagePosition(double n)
{
    return std::log2(n);
}

} // namespace

class TestUslFit : public QObject {
    Q_OBJECT
private slots:
    void recoversParametersWithoutNoise_data();
    void recoversParametersWithoutNoise();
    void peakWithinOneStageWithNoise();
    void noCoherencyMeansNoPeak();
    void parametersStayNonNegative();
    void needsFourStages();
    void curveEvidenceNamesStages();
};

void TestUslFit::recoversParametersWithoutNoise_data()
{
    QTest::addColumn<double>("lambda");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<double>("kappa");
    QTest::newRow("knee near 69 VUs") << 1000.0 << 0.05 << 0.0002;
    QTest::newRow("knee near 30 VUs") << 250.0 << 0.10 << 0.001;
    QTest::newRow("mild contention, far peak") << 80.0 << 0.02 << 0.00001;
}

void TestUslFit::recoversParametersWithoutNoise()
{
    QFETCH(double, lambda);
    QFETCH(double, sigma);
    QFETCH(double, kappa);
    const UslResult u = fitUsl(kRamp, generate(lambda, sigma, kappa, 0.0, 0));
    QVERIFY(u.fitted);
    auto near = [](double got, double want) { return std::abs(got - want) <= 0.05 * want; };
    QVERIFY2(near(u.lambda, lambda), qPrintable(QString::number(u.lambda)));
    QVERIFY2(near(u.sigma, sigma), qPrintable(QString::number(u.sigma)));
    QVERIFY2(near(u.kappa, kappa), qPrintable(QString::number(u.kappa)));
    QVERIFY(u.nStar.has_value());
    const double nStar = std::sqrt((1.0 - sigma) / kappa);
    QVERIFY2(near(*u.nStar, nStar), qPrintable(QString::number(*u.nStar)));
    QVERIFY(u.peakPerS.has_value());
    QVERIFY(near(*u.peakPerS, usl(lambda, sigma, kappa, nStar)));
    QVERIFY2(u.r2 > 0.9999, qPrintable(QString::number(u.r2)));
    QVERIFY(near(u.predict(100), usl(lambda, sigma, kappa, 100)));
}

void TestUslFit::peakWithinOneStageWithNoise()
{
    // 3 % Gaussian noise on throughput, 25 independent ramps per law: N* stays within one
    // stage of the true one on the ramp 1, 2, 4, ..., 256.
    struct Law {
        double lambda, sigma, kappa;
    };
    for (const Law &law :
         {Law{1000, 0.05, 0.0002}, Law{250, 0.10, 0.001}, Law{500, 0.02, 0.00005}}) {
        const double truth = std::sqrt((1.0 - law.sigma) / law.kappa);
        for (unsigned seed = 1; seed <= 25; ++seed) {
            const UslResult u =
                fitUsl(kRamp, generate(law.lambda, law.sigma, law.kappa, 0.03, seed));
            QVERIFY(u.fitted);
            QVERIFY2(u.nStar.has_value(), qPrintable(QStringLiteral("seed %1").arg(seed)));
            const double off = std::abs(stagePosition(*u.nStar) - stagePosition(truth));
            QVERIFY2(off <= 1.0, qPrintable(QStringLiteral("true N* %1, fitted %2 (seed %3)")
                                                .arg(truth)
                                                .arg(*u.nStar)
                                                .arg(seed)));
            QVERIFY(u.r2 > 0.9);
        }
    }
}

void TestUslFit::noCoherencyMeansNoPeak()
{
    // Amdahl's law (kappa = 0): throughput approaches lambda / sigma and never falls.
    const UslResult u = fitUsl(kRamp, generate(400, 0.08, 0.0, 0.0, 0));
    QVERIFY(u.fitted);
    QCOMPARE(u.kappa, 0.0);
    QVERIFY(!u.nStar.has_value());
    QVERIFY(std::abs(u.sigma - 0.08) < 0.004);
    QVERIFY(u.evidence.text.isEmpty()); // the bare fit; evidence is written by the curve overload

    // Perfectly linear: no contention at all.
    QList<double> linear;
    for (double n : kRamp)
        linear.append(120.0 * n);
    const UslResult l = fitUsl(kRamp, linear);
    QVERIFY(l.fitted);
    QVERIFY(std::abs(l.lambda - 120.0) < 0.5);
    QVERIFY(l.sigma < 1e-6);
    QCOMPARE(l.kappa, 0.0);
    QVERIFY(!l.nStar.has_value());
}

void TestUslFit::parametersStayNonNegative()
{
    // Super-linear data (as a warming cache gives) would need a negative sigma: the bound holds.
    QList<double> x;
    for (double n : kRamp)
        x.append(100.0 * std::pow(n, 1.05));
    const UslResult u = fitUsl(kRamp, x);
    QVERIFY(u.fitted);
    QVERIFY(u.sigma >= 0.0);
    QVERIFY(u.kappa >= 0.0);
    QVERIFY(u.lambda > 0.0);
}

void TestUslFit::needsFourStages()
{
    const UslResult three = fitUsl({1, 2, 4}, {100, 190, 350});
    QVERIFY(!three.fitted);
    QVERIFY(three.evidence.text.contains(QStringLiteral("at least 4")));
    // Stages without throughput do not count.
    const UslResult zeros = fitUsl({1, 2, 4, 8, 16}, {100, 190, 0, 0, 350});
    QVERIFY(!zeros.fitted);
    QVERIFY(fitUsl({1, 2, 4, 8}, {100, 190, 350, 600}).fitted);
}

void TestUslFit::curveEvidenceNamesStages()
{
    OpCurve c;
    c.op = QStringLiteral("kv2_read");
    const QList<double> x = generate(1000, 0.05, 0.0002, 0.0, 0);
    for (int i = 0; i < kRamp.size(); ++i) {
        CurvePoint p;
        p.stage = i + 3; // stage numbers need not start at 0
        p.vus = int(kRamp[i]);
        p.throughputPerS = x[i];
        p.meanMs = kRamp[i] / x[i] * 1000.0;
        p.count = qint64(x[i]);
        c.points.append(p);
    }
    const UslResult u = fitUsl(c);
    QVERIFY(u.fitted);
    QCOMPARE(u.evidence.stages, (QList<int>{3, 4, 5, 6, 7, 8, 9, 10, 11}));
    QVERIFY(u.evidence.text.contains(QStringLiteral("N* = 68.9")));
    QCOMPARE(u.evidence.data.value(QStringLiteral("fitted_per_s")).toArray().size(), 9);
}

QTEST_GUILESS_MAIN(TestUslFit)
#include "tst_uslfit.moc"
