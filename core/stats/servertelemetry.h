// The server's side of a run: what the Vault/OpenBao server reported about itself once a second
// (GET /v1/sys/metrics, Prometheus text or JSON) and, when the server's process id is known, what
// the kernel reports about that process (/proc/<pid>/status, /proc/<pid>/stat). Collected on the
// run's control thread (core/engine/telemetrysampler.h); stored in the session as
// "server_telemetry" (docs/session-format.md); what each number means and where it comes from:
// docs/measurement.md, "Server telemetry".
//
// A value nobody reported is NaN (kServerUnknown): shown as "-", written as JSON null, never 0.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <cmath>
#include <limits>

namespace vw {

inline constexpr double kServerUnknown = std::numeric_limits<double>::quiet_NaN();
inline bool serverKnown(double v)
{
    return !std::isnan(v);
}

/// One reading of the server: the cumulative counters as read, before differences.
struct ServerReading {
    double rssBytes = kServerUnknown; ///< process_resident_memory_bytes
    double heapInUseBytes =
        kServerUnknown; ///< go_memstats_heap_inuse_bytes, else vault.runtime.alloc_bytes
    double cpuSeconds = kServerUnknown; ///< process_cpu_seconds_total (cumulative)
    double goroutines = kServerUnknown; ///< go_goroutines, else vault.runtime.num_goroutines
    double openFds = kServerUnknown; ///< process_open_fds
    double cores = kServerUnknown; ///< go_sched_gomaxprocs_threads: CPUs the server may use
    /// vault_expire_num_leases: leases the server holds (every mount, token leases too),
    /// updated by the server about once a second (docs/measurement.md "Leases")
    double leases = kServerUnknown;
    /// Timer summaries as cumulative (sum ms, count) where the source has them (Prometheus
    /// _sum/_count), or the current interval's (JSON "Samples", 10 s intervals) with
    /// `intervalTimers` set.
    double handleRequestSumMs = kServerUnknown;
    double handleRequestCount = kServerUnknown;
    double handleRequestP50Ms = kServerUnknown; ///< the server's own quantile (Prometheus only)
    double handleRequestP99Ms = kServerUnknown;
    double barrierGetSumMs = kServerUnknown;
    double barrierGetCount = kServerUnknown;
    double barrierPutSumMs = kServerUnknown;
    double barrierPutCount = kServerUnknown;
    double storageGetSumMs = kServerUnknown; ///< vault.<backend>.get, when the backend reports it
    double storageGetCount = kServerUnknown;
    bool intervalTimers = false;
    // The service beside the server (core/ops/serviceprobe.h), when the run has one
    double serviceConnections = kServerUnknown; ///< client connections open on it
    double serviceUsers = kServerUnknown; ///< users (PostgreSQL: roles) it holds
    double serviceCpuSeconds = kServerUnknown; ///< its processes' CPU seconds (cumulative)
    /// Operations the service completed (cumulative; slapd's cn=Monitor), the probe's own
    /// left out; unknown for a service that does not count them.
    double serviceOperations = kServerUnknown;
    // /proc/<pid> (RunOptions::serverPid)
    double procRssBytes = kServerUnknown; ///< VmRSS of /proc/<pid>/status
    double procCpuSeconds = kServerUnknown; ///< utime + stime of /proc/<pid>/stat, s
    double procThreads = kServerUnknown; ///< Threads of /proc/<pid>/status
};

/// One second of the run as the server saw it (differences between consecutive readings).
struct ServerSample {
    double tS = 0; ///< time of the reading, s since the measured window began
    int stage = -1; ///< stage running at that moment (-1: after the last)
    /// The interval since the previous reading lay wholly in `stage`'s steady window (not in
    /// its warm-up, not across a stage change): only these count for the stage.
    bool steady = false;
    double rssBytes = kServerUnknown;
    double heapInUseBytes = kServerUnknown;
    double coresBusy = kServerUnknown; ///< CPU seconds per wall second since the previous reading
    double goroutines = kServerUnknown;
    double openFds = kServerUnknown;
    double leases = kServerUnknown; ///< ServerReading::leases at this reading (a gauge)
    double handleRequestMs =
        kServerUnknown; ///< mean server-side request time since the previous reading
    double handleRequestP99Ms = kServerUnknown;
    double barrierGetMs = kServerUnknown;
    double barrierPutMs = kServerUnknown;
    double storageGetMs = kServerUnknown;
    double procRssBytes = kServerUnknown;
    double procCoresBusy = kServerUnknown;
    double procThreads = kServerUnknown;
    double serviceConnections = kServerUnknown; ///< ServerReading::serviceConnections
    double serviceUsers = kServerUnknown;
    double serviceCoresBusy = kServerUnknown; ///< the service's CPU seconds per wall second
    double serviceOpsPerSecond = kServerUnknown; ///< its operations per wall second
};

/// A stage's steady window (its samples with steady set) summarised: means, and max for memory.
struct ServerStageStats {
    int stage = 0; ///< StageStats::index
    int samples = 0; ///< steady-window samples
    double rssMeanBytes = kServerUnknown;
    double rssMaxBytes = kServerUnknown;
    double heapInUseMeanBytes = kServerUnknown;
    double coresBusyMean = kServerUnknown;
    double coresBusyMax = kServerUnknown;
    double goroutinesMean = kServerUnknown;
    double openFdsMax = kServerUnknown;
    double leasesMax = kServerUnknown; ///< the most leases the server held in the window
    double leasesEnd = kServerUnknown; ///< leases at the window's last sample
    double handleRequestMs = kServerUnknown; ///< mean of the samples' means
    double handleRequestP99Ms = kServerUnknown;
    double barrierGetMs = kServerUnknown;
    double barrierPutMs = kServerUnknown;
    double storageGetMs = kServerUnknown;
    double procRssMeanBytes = kServerUnknown;
    double procCoresBusyMean = kServerUnknown;
    double serviceConnectionsMean = kServerUnknown;
    double serviceUsersEnd = kServerUnknown; ///< at the window's last sample that has it
    double serviceCoresBusyMean = kServerUnknown;
    double serviceOpsPerSecondMean = kServerUnknown;
};

struct ServerTelemetry {
    /// "prometheus", "json" (sys/metrics answered in that form), "proc" (only /proc/<pid>),
    /// "" (nothing collected: not asked, older session, or no source answered).
    QString source;
    qint64 serverPid = 0; ///< the process read in /proc, 0 when none
    /// CPUs the server's Go runtime may use (go_sched_gomaxprocs_threads); unknown when not
    /// reported (the JSON form). "All cores busy" is measured against it.
    double serverCores = kServerUnknown;
    /// The service read beside the server (ServiceProbe::name(), "postgres"), and what its
    /// users are ("roles"); empty when none was read.
    QString service;
    QString serviceUsersName;
    /// Why something is missing ("sys/metrics: 403 permission denied"), one sentence each.
    QStringList notes;
    QList<ServerSample> samples;
    QList<ServerStageStats> stages;

    bool collected() const { return !samples.isEmpty(); }
    /// The stage entry for StageStats::index `stage`, nullptr when none.
    const ServerStageStats *stage(int stage) const;
};

/// The sample between readings `prev` (at `prevS`) and `cur` (at `curS`, s): gauges from `cur`,
/// rates and means from the differences (a counter that went down, a restart or an expired
/// summary, gives unknown). Stage and time fields are left for the caller.
ServerSample serverSampleBetween(const ServerReading &prev, double prevS, const ServerReading &cur,
                                 double curS);

/// Per stage (0..stageCount-1): the steady samples of each stage summarised. Stages without a
/// steady sample are present with samples = 0 and unknown values.
QList<ServerStageStats> summariseServerStages(const QList<ServerSample> &samples, int stageCount);

/// Mean of the known values of `values`; unknown when none is known.
double meanKnown(const QList<double> &values);

} // namespace vw
