// Universal Scalability Law (Gunther): X(N) = lambda*N / (1 + sigma*(N-1) + kappa*N*(N-1)).
// Fitted by non-linear least squares with Eigen's Levenberg-Marquardt (unsupported module,
// MINPACK lmder) on relative residuals (X_fit - X) / X, since throughput noise grows with
// throughput. Bounds lambda > 0, sigma >= 0, kappa >= 0 are handled by an active set: the
// unconstrained fit and the fits with sigma and/or kappa held at 0 are all computed and the
// best feasible one is kept (the bounded optimum lies on one of these faces).
// Starting point: lambda0 = X_1 / N_1 and sigma0, kappa0 from the linearised law
// N*lambda0/X - 1 = sigma*(N-1) + kappa*N*(N-1) (linear least squares).
// Peak concurrency N* = sqrt((1 - sigma) / kappa), absent when kappa ~ 0 or sigma >= 1.
// R^2 = 1 - SS_res / SS_tot on throughput. Pure functions; any thread.
#pragma once

#include "analysis/curve.h"
#include "analysis/opanalysis.h"

#include <QList>

namespace vw {

/// Minimum number of stages (with throughput > 0) a fit needs.
constexpr int kUslMinStages = 4;

/// Fits N (VUs) -> X (per second). Points with X <= 0 are left out. Not fitted (fitted =
/// false, evidence says why) with fewer than kUslMinStages points or when no fit converges.
UslResult fitUsl(const QList<double> &n, const QList<double> &x);

/// The fit of a curve, its evidence naming the stages used and the fitted X per stage.
UslResult fitUsl(const OpCurve &c);

} // namespace vw
