#include "engine/validity.h"

#include "engine/executors/arrivalrateplan.h"

#include <algorithm>

namespace vw {

namespace {

QString pct(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 0) + QLatin1Char('%');
}

QString num(double v)
{
    return QString::number(v, 'f', 2);
}

} // namespace

StageValidity assessStage(const StageStats &st, const ValidityInputs &in, const LoadModel &model,
                          const ValidityThresholds &t)
{
    StageValidity v;
    v.measured = true;
    const double wall = in.wallSeconds;
    if (wall > 0) {
        v.clientCpu = in.processCpuSeconds / (wall * std::max(1, in.logicalCores));
        for (double w : in.workerCpuSeconds)
            v.workerCpuMax = std::max(v.workerCpuMax, w / wall);
    }
    v.loopLagMsMax = double(in.loopLagUs.maxUs()) / 1000.0;
    v.loopLagMsP99 = double(in.loopLagUs.valueAtPercentileUs(99)) / 1000.0;
    if (st.vus > 0)
        v.inFlightOverPlanned = st.meanInFlight / double(st.vus);

    if (v.clientCpu > t.maxClientCpu)
        v.reasons << QStringLiteral("client_cpu: the process used %1 of %2 cores (> %3)")
                         .arg(pct(v.clientCpu))
                         .arg(in.logicalCores)
                         .arg(pct(t.maxClientCpu));
    if (v.workerCpuMax > t.maxWorkerCpu) {
        const int threads = int(in.workerCpuSeconds.size());
        // Fewer threads than cores (the default for few VUs, core/engine/workerpool.h): say how
        // to spread the VUs.
        const QString hint =
            threads < in.logicalCores
                ? QStringLiteral("; %1 worker thread(s) on %2 cores: `run --workers %2` spreads "
                                 "the VUs")
                      .arg(threads)
                      .arg(in.logicalCores)
                : QString();
        v.reasons << QStringLiteral(
                         "worker_cpu: the busiest worker thread used %1 of a core (> %2)%3")
                         .arg(pct(v.workerCpuMax), pct(t.maxWorkerCpu), hint);
    }
    if (v.loopLagMsP99 > t.maxLoopLagP99Ms)
        v.reasons << QStringLiteral(
                         "loop_lag: worker event-loop lag p99 %1 ms, max %2 ms (> %3 ms)")
                         .arg(num(v.loopLagMsP99), num(v.loopLagMsMax), num(t.maxLoopLagP99Ms));

    int64_t count = 0, ok = 0, sent = 0, dropped = 0, connectionErrors = 0;
    double latencySumS = 0; // sum over successes of their latency, seconds
    for (const OpStats &o : st.ops) {
        connectionErrors += o.errors.value(QStringLiteral("connection"));
        count += o.count;
        ok += o.ok;
        sent += o.count;
        dropped += o.dropped;
        latencySumS += o.latency.meanUs() * double(o.latency.count()) / 1e6;
    }

    if (!model.isOpen() && st.steadySeconds > 0 && ok > 0)
        v.latencyOverWindow = st.meanLatencyS() / st.steadySeconds;
    if (model.isOpen()) {
        if (st.steadySeconds > 0) {
            v.achievedOverOffered = st.achievedPerS() / st.rate;
            const double planned =
                double(ArrivalRatePlan(st.rate).startsWithin(int64_t(st.steadySeconds * 1e9)));
            const double accounted = double(sent + dropped);
            if (planned >= 20 && accounted / planned < t.minScheduleRatio)
                v.reasons << QStringLiteral("schedule: %1 of %2 planned starts were sent or "
                                            "dropped (< %3): the pacer fell behind")
                                 .arg(qint64(accounted))
                                 .arg(qint64(planned))
                                 .arg(pct(t.minScheduleRatio));
        }
    } else if (v.latencyOverWindow > t.maxLatencyOverWindow) {
        // Too short for its latency: which requests start in the window depends on where the
        // VUs' cycles fall, so X * R is off by up to R / T: not a finding about the client.
        v.stageTooShort = true;
        v.notes << QStringLiteral("stage_too_short: mean latency %1 ms is %2 of the %3 s steady "
                                  "window (> %4); Little's law not assessed, throughput is mean "
                                  "in-flight / mean latency")
                       .arg(num(st.meanLatencyS() * 1000.0), pct(v.latencyOverWindow),
                            num(st.steadySeconds), pct(t.maxLatencyOverWindow));
    } else if (in.longestStallSeconds > 0
               && in.longestStallSeconds
                      >= std::max(t.maxStallSeconds, t.maxStallShare * st.steadySeconds)) {
        // The server stopped answering for part of the stage (frozen, SIGSTOP): requests sat
        // in flight with no latency to show for it, so N > X * R blames the client wrongly.
        v.notes << QStringLiteral("server_stall: no request completed for %1 s while requests "
                                  "were in flight; Little's law not assessed")
                       .arg(num(in.longestStallSeconds));
    } else if (connectionErrors > 0) {
        // A failed connect is followed by a reconnect wait (core/http: backoff up to 100 ms):
        // the request is in flight while it waits, but no latency holds the wait, so N > X * R
        // says nothing about the client. Typically a server that went away mid-stage.
        v.notes << QStringLiteral("littles_law: not assessed: %1 connection error(s) in the "
                                  "stage (reconnect waits are in flight but in no latency)")
                       .arg(connectionErrors);
    } else if (st.steadySeconds > 0 && ok >= t.littleMinSuccesses
               && double(count - ok) <= t.littleMaxErrorRatio * double(count)) {
        const double xr = latencySumS / st.steadySeconds; // X * R = sum of latencies / T
        if (xr > 0) {
            v.littlesLawRatio = st.meanInFlight / xr;
            v.vusOverXr = double(st.vus) / xr;
            auto outside = [&t](double r) { return r < t.littleLow || r > t.littleHigh; };
            if (outside(v.littlesLawRatio) || outside(v.vusOverXr))
                v.reasons << QStringLiteral("littles_law: N = X * R fails: mean in-flight %1, "
                                            "planned VUs %2, X * R %3 (ratios %4 and %5, "
                                            "expected %6..%7)")
                                 .arg(num(st.meanInFlight))
                                 .arg(st.vus)
                                 .arg(num(xr), num(v.littlesLawRatio), num(v.vusOverXr),
                                      num(t.littleLow), num(t.littleHigh));
        }
    }
    v.clientBound = !v.reasons.isEmpty();
    return v;
}

} // namespace vw
