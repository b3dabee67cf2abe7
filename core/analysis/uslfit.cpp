#include "analysis/uslfit.h"

#include <Eigen/Dense>
#include <QJsonArray>
#include <cmath>
#include <limits>
#include <unsupported/Eigen/LevenbergMarquardt>

namespace vw {

namespace {

constexpr double kKappaZero = 1e-12; // below this, no coherency delay: no peak

struct Params {
    double lambda = 0, sigma = 0, kappa = 0;
};

double uslAt(const Params &p, double n)
{
    return p.lambda * n / (1.0 + p.sigma * (n - 1.0) + p.kappa * n * (n - 1.0));
}

/// Relative residuals of the USL with sigma and/or kappa optionally held at 0. The free
/// parameters are (lambda / lambda0, [sigma], [kappa]): lambda is scaled to ~1.
struct UslFunctor : Eigen::DenseFunctor<double> {
    UslFunctor(const QList<double> &n, const QList<double> &x, double lambda0, bool freeSigma,
               bool freeKappa)
        : Eigen::DenseFunctor<double>(1 + int(freeSigma) + int(freeKappa), int(n.size()))
        , m_n(n)
        , m_x(x)
        , m_lambda0(lambda0)
        , m_freeSigma(freeSigma)
        , m_freeKappa(freeKappa)
    {
    }

    Params params(const InputType &v) const
    {
        Params p;
        int i = 0;
        p.lambda = v[i++] * m_lambda0;
        p.sigma = m_freeSigma ? v[i++] : 0.0;
        p.kappa = m_freeKappa ? v[i++] : 0.0;
        return p;
    }

    int operator()(const InputType &v, ValueType &f) const
    {
        const Params p = params(v);
        for (int i = 0; i < m_n.size(); ++i)
            f[i] = (uslAt(p, m_n[i]) - m_x[i]) / m_x[i];
        return 0;
    }

    int df(const InputType &v, JacobianType &j) const
    {
        const Params p = params(v);
        for (int i = 0; i < m_n.size(); ++i) {
            const double n = m_n[i];
            const double d = 1.0 + p.sigma * (n - 1.0) + p.kappa * n * (n - 1.0);
            int c = 0;
            j(i, c++) = m_lambda0 * n / d / m_x[i];
            if (m_freeSigma)
                j(i, c++) = -p.lambda * n * (n - 1.0) / (d * d) / m_x[i];
            if (m_freeKappa)
                j(i, c++) = -p.lambda * n * n * (n - 1.0) / (d * d) / m_x[i];
        }
        return 0;
    }

    QList<double> m_n, m_x;
    double m_lambda0;
    bool m_freeSigma, m_freeKappa;
};

struct Fit {
    bool ok = false;
    Params p;
    double sse = std::numeric_limits<double>::infinity(); // of relative residuals
};

Fit fitFace(const QList<double> &n, const QList<double> &x, const Params &start, bool freeSigma,
            bool freeKappa)
{
    UslFunctor f(n, x, start.lambda, freeSigma, freeKappa);
    Eigen::VectorXd v(f.inputs());
    int i = 0;
    v[i++] = 1.0;
    if (freeSigma)
        v[i++] = start.sigma;
    if (freeKappa)
        v[i++] = start.kappa;
    Eigen::LevenbergMarquardt<UslFunctor> lm(f);
    lm.setMaxfev(2000);
    lm.setXtol(1e-12);
    lm.setFtol(1e-12);
    const Eigen::LevenbergMarquardtSpace::Status status = lm.minimize(v);
    Fit fit;
    if (status == Eigen::LevenbergMarquardtSpace::ImproperInputParameters)
        return fit;
    fit.p = f.params(v);
    Eigen::VectorXd r(f.values());
    f(v, r);
    fit.sse = r.squaredNorm();
    fit.ok = std::isfinite(fit.sse) && std::isfinite(fit.p.lambda) && fit.p.lambda > 0
             && fit.p.sigma >= -1e-12 && fit.p.kappa >= -1e-15;
    fit.p.sigma = std::max(0.0, fit.p.sigma);
    fit.p.kappa = std::max(0.0, fit.p.kappa);
    return fit;
}

/// lambda0 from the first point; sigma0, kappa0 from the linearised law, clamped to >= 0.
Params startingPoint(const QList<double> &n, const QList<double> &x)
{
    Params p;
    p.lambda = x.first() / n.first();
    Eigen::MatrixXd a(n.size(), 2);
    Eigen::VectorXd b(n.size());
    for (int i = 0; i < n.size(); ++i) {
        a(i, 0) = n[i] - 1.0;
        a(i, 1) = n[i] * (n[i] - 1.0);
        b[i] = n[i] * p.lambda / x[i] - 1.0;
    }
    const Eigen::VectorXd s = a.colPivHouseholderQr().solve(b);
    p.sigma = std::isfinite(s[0]) ? std::max(s[0], 1e-4) : 1e-4;
    p.kappa = std::isfinite(s[1]) ? std::max(s[1], 1e-7) : 1e-7;
    return p;
}

} // namespace

UslResult fitUsl(const QList<double> &nIn, const QList<double> &xIn)
{
    UslResult u;
    QList<double> n, x;
    for (int i = 0; i < nIn.size() && i < xIn.size(); ++i)
        if (xIn[i] > 0 && nIn[i] >= 1 && std::isfinite(xIn[i])) {
            n.append(nIn[i]);
            x.append(xIn[i]);
        }
    if (n.size() < kUslMinStages) {
        u.evidence.text = QStringLiteral("No USL fit: %1 stage(s) with throughput; the fit needs "
                                         "at least %2.")
                              .arg(n.size())
                              .arg(kUslMinStages);
        return u;
    }
    const Params start = startingPoint(n, x);
    Fit best;
    for (const auto &face : {std::pair{true, true}, std::pair{true, false}, std::pair{false, true},
                             std::pair{false, false}}) {
        const Fit f = fitFace(n, x, start, face.first, face.second);
        if (f.ok && f.sse < best.sse - 1e-15)
            best = f;
    }
    if (!best.ok) {
        u.evidence.text = QStringLiteral("No USL fit: Levenberg-Marquardt did not converge to "
                                         "non-negative parameters.");
        return u;
    }
    u.fitted = true;
    u.lambda = best.p.lambda;
    u.sigma = best.p.sigma;
    u.kappa = best.p.kappa < kKappaZero ? 0.0 : best.p.kappa;
    if (u.kappa > 0 && u.sigma < 1.0) {
        u.nStar = std::sqrt((1.0 - u.sigma) / u.kappa);
        u.peakPerS = u.predict(*u.nStar);
    }
    double mean = 0;
    for (double v : x)
        mean += v;
    mean /= double(x.size());
    double ssRes = 0, ssTot = 0;
    for (int i = 0; i < n.size(); ++i) {
        ssRes += std::pow(x[i] - u.predict(n[i]), 2);
        ssTot += std::pow(x[i] - mean, 2);
    }
    u.r2 = ssTot > 0 ? 1.0 - ssRes / ssTot : (ssRes < 1e-12 ? 1.0 : 0.0);
    return u;
}

UslResult fitUsl(const OpCurve &c)
{
    QList<double> n, x;
    QList<int> stages;
    for (const CurvePoint &p : c.points) {
        n.append(p.vus);
        x.append(p.throughputPerS);
        if (p.throughputPerS > 0)
            stages.append(p.stage);
    }
    UslResult u = fitUsl(n, x);
    if (!u.fitted)
        return u;
    QJsonArray vus, measured, fitted;
    for (const CurvePoint &p : c.points) {
        if (p.throughputPerS <= 0)
            continue;
        vus.append(p.vus);
        measured.append(std::round(p.throughputPerS * 1000.0) / 1000.0);
        fitted.append(std::round(u.predict(p.vus) * 1000.0) / 1000.0);
    }
    u.evidence.stages = stages;
    u.evidence.data = QJsonObject{{QStringLiteral("vus"), vus},
                                  {QStringLiteral("throughput_per_s"), measured},
                                  {QStringLiteral("fitted_per_s"), fitted},
                                  {QStringLiteral("residuals"), QStringLiteral("relative")}};
    const int maxVus = c.points.isEmpty() ? 0 : c.points.last().vus;
    QString peak;
    if (u.nStar)
        peak = QStringLiteral("peak concurrency N* = %1 VUs (%2/s)%3")
                   .arg(*u.nStar, 0, 'f', 1)
                   .arg(*u.peakPerS, 0, 'f', 1)
                   .arg(*u.nStar > maxVus
                            ? QStringLiteral(", beyond the tested %1 VUs: extrapolated").arg(maxVus)
                            : QString());
    else
        peak = QStringLiteral("no peak concurrency (kappa = 0: throughput never falls)");
    u.evidence.text = QStringLiteral("USL fit over %1 stages: lambda %2/s, sigma %3, kappa %4, "
                                     "R^2 %5; %6.")
                          .arg(stages.size())
                          .arg(u.lambda, 0, 'f', 2)
                          .arg(u.sigma, 0, 'g', 4)
                          .arg(u.kappa, 0, 'g', 4)
                          .arg(u.r2, 0, 'f', 4)
                          .arg(peak);
    return u;
}

} // namespace vw
