#include "stats/servertelemetry.h"

#include <algorithm>

namespace vw {

namespace {

/// Mean time (sum / count) of the timer's calls between two readings. Cumulative timers
/// (Prometheus): the differences; a count that went down (the summary expired and restarted)
/// is unknown. Interval timers (JSON, 10 s intervals): the differences inside one interval,
/// the new interval's own sum/count when the interval changed (its count went down).
double meanBetween(double prevSum, double prevCount, double curSum, double curCount, bool interval)
{
    if (!serverKnown(curSum) || !serverKnown(curCount))
        return kServerUnknown;
    if (!serverKnown(prevSum) || !serverKnown(prevCount))
        return kServerUnknown;
    double dSum = curSum - prevSum;
    double dCount = curCount - prevCount;
    if (dCount < 0 || dSum < 0) {
        if (!interval)
            return kServerUnknown;
        dSum = curSum;
        dCount = curCount;
    }
    return dCount > 0 ? dSum / dCount : kServerUnknown;
}

double rateBetween(double prev, double cur, double seconds)
{
    if (!serverKnown(prev) || !serverKnown(cur) || seconds <= 0 || cur < prev)
        return kServerUnknown;
    return (cur - prev) / seconds;
}

double maxKnown(const QList<double> &values)
{
    double m = kServerUnknown;
    for (double v : values)
        if (serverKnown(v))
            m = serverKnown(m) ? std::max(m, v) : v;
    return m;
}

/// The last known value of `values` (a gauge at the window's end); unknown when none is.
double lastKnown(const QList<double> &values)
{
    for (qsizetype i = values.size() - 1; i >= 0; --i)
        if (serverKnown(values.at(i)))
            return values.at(i);
    return kServerUnknown;
}

} // namespace

const ServerStageStats *ServerTelemetry::stage(int index) const
{
    for (const ServerStageStats &s : stages)
        if (s.stage == index)
            return &s;
    return nullptr;
}

double meanKnown(const QList<double> &values)
{
    double sum = 0;
    int n = 0;
    for (double v : values) {
        if (serverKnown(v)) {
            sum += v;
            ++n;
        }
    }
    return n > 0 ? sum / n : kServerUnknown;
}

ServerSample serverSampleBetween(const ServerReading &prev, double prevS, const ServerReading &cur,
                                 double curS)
{
    ServerSample s;
    const double dt = curS - prevS;
    s.rssBytes = cur.rssBytes;
    s.heapInUseBytes = cur.heapInUseBytes;
    s.goroutines = cur.goroutines;
    s.openFds = cur.openFds;
    s.leases = cur.leases;
    s.coresBusy = rateBetween(prev.cpuSeconds, cur.cpuSeconds, dt);
    const bool iv = cur.intervalTimers;
    s.handleRequestMs = meanBetween(prev.handleRequestSumMs, prev.handleRequestCount,
                                    cur.handleRequestSumMs, cur.handleRequestCount, iv);
    s.handleRequestP99Ms = cur.handleRequestP99Ms;
    s.barrierGetMs = meanBetween(prev.barrierGetSumMs, prev.barrierGetCount, cur.barrierGetSumMs,
                                 cur.barrierGetCount, iv);
    s.barrierPutMs = meanBetween(prev.barrierPutSumMs, prev.barrierPutCount, cur.barrierPutSumMs,
                                 cur.barrierPutCount, iv);
    s.storageGetMs = meanBetween(prev.storageGetSumMs, prev.storageGetCount, cur.storageGetSumMs,
                                 cur.storageGetCount, iv);
    s.procRssBytes = cur.procRssBytes;
    s.procCoresBusy = rateBetween(prev.procCpuSeconds, cur.procCpuSeconds, dt);
    s.procThreads = cur.procThreads;
    s.serviceConnections = cur.serviceConnections;
    s.serviceUsers = cur.serviceUsers;
    s.serviceCoresBusy = rateBetween(prev.serviceCpuSeconds, cur.serviceCpuSeconds, dt);
    s.serviceOpsPerSecond = rateBetween(prev.serviceOperations, cur.serviceOperations, dt);
    return s;
}

QList<ServerStageStats> summariseServerStages(const QList<ServerSample> &samples, int stageCount)
{
    QList<ServerStageStats> out;
    for (int k = 0; k < stageCount; ++k) {
        ServerStageStats st;
        st.stage = k;
        QList<double> rss, heap, cores, gor, fds, leases, svcConn, svcUsers, svcCores, svcOps, hr,
            hr99, bg, bp, sg, prss, pcores;
        for (const ServerSample &s : samples) {
            if (s.stage != k || !s.steady)
                continue;
            ++st.samples;
            rss << s.rssBytes;
            heap << s.heapInUseBytes;
            cores << s.coresBusy;
            gor << s.goroutines;
            fds << s.openFds;
            leases << s.leases;
            svcConn << s.serviceConnections;
            svcUsers << s.serviceUsers;
            svcCores << s.serviceCoresBusy;
            svcOps << s.serviceOpsPerSecond;
            hr << s.handleRequestMs;
            hr99 << s.handleRequestP99Ms;
            bg << s.barrierGetMs;
            bp << s.barrierPutMs;
            sg << s.storageGetMs;
            prss << s.procRssBytes;
            pcores << s.procCoresBusy;
        }
        st.rssMeanBytes = meanKnown(rss);
        st.rssMaxBytes = maxKnown(rss);
        st.heapInUseMeanBytes = meanKnown(heap);
        st.coresBusyMean = meanKnown(cores);
        st.coresBusyMax = maxKnown(cores);
        st.goroutinesMean = meanKnown(gor);
        st.openFdsMax = maxKnown(fds);
        st.leasesMax = maxKnown(leases);
        st.leasesEnd = lastKnown(leases);
        st.serviceConnectionsMean = meanKnown(svcConn);
        st.serviceUsersEnd = lastKnown(svcUsers);
        st.serviceCoresBusyMean = meanKnown(svcCores);
        st.serviceOpsPerSecondMean = meanKnown(svcOps);
        st.handleRequestMs = meanKnown(hr);
        st.handleRequestP99Ms = meanKnown(hr99);
        st.barrierGetMs = meanKnown(bg);
        st.barrierPutMs = meanKnown(bp);
        st.storageGetMs = meanKnown(sg);
        st.procRssMeanBytes = meanKnown(prss);
        st.procCoresBusyMean = meanKnown(pcores);
        out << st;
    }
    return out;
}

} // namespace vw
