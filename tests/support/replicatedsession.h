// Test fixture: sessions with replicates (RunRecord::replicates) whose true latency is known,
// for verdicts and interval bands: each replicate's stages have lognormal latencies (sigma
// 0.25) around a median, throughput by Little's law (VUs / latency), and a lognormal run
// effect per replicate (the host's run-to-run noise). One op, "sys_health"; 2.5 s stages with
// a 0.5 s warm-up (2 s steady).
#pragma once

#include "session/session.h"

#include <random>

namespace vw::test {

/// A closed stage `index` of `vus` VUs, 2 s steady, whose `n` successes of `op` have lognormal
/// latencies of median `medianMs`.
StageStats lognormalStage(const QString &op, int index, int vus, double medianMs, int n,
                          std::mt19937_64 &rng);

/// A session (id and label `label`) of `runs` replicates of a ramp 1, 4 VUs against a 5 ms
/// server: each run's latency scaled by exp(N(0, runSigma)) * `factor` (its true latency
/// factor; 1.4 is a B 40 % slower). Its plan parses from its profile (setPlanFromYaml()).
Session replicatedSession(const QString &label, int runs, double factor, double runSigma,
                          std::mt19937_64 &rng);

} // namespace vw::test
