// What a running benchmark publishes to its observers (GUI, headless printer):
// an immutable value, at most 10 per second (hotspot's *DataAvailable snapshots).
#pragma once

#include "stats/secondhistograms.h"
#include "stats/servertelemetry.h"
#include "stats/stagestats.h"
#include "stats/timeseries.h"

#include <QMetaType>

namespace vw {

enum class RunPhase {
    Idle,
    Connecting, ///< pre-flight: sys/health, token check
    SettingUp, ///< operations' setup (mounts, roles, keys, seeded data)
    Running, ///< measured window: stages
    CleaningUp, ///< operations' cleanup (also after stop or failure)
    Finished,
};
QString runPhaseName(RunPhase p);

/// One snapshot of a running benchmark. BenchmarkRun emits the scalar fields, `current` and
/// only what is new since its previous snapshot (`newStages`, `seriesFrom` + `seriesTail`), so
/// a snapshot's size does not grow with the run's length. RunSnapshotAccumulator (below)
/// rebuilds the run so far from them into `stages` and `series`, which BenchmarkRun leaves
/// empty; ui/runcontroller.cpp delivers its snapshots that way to the GUI.
struct RunSnapshot {
    RunPhase phase = RunPhase::Idle;
    qint64 elapsedMs = 0; ///< since the measured window began
    int stageIndex = -1; ///< current stage, -1 before the first
    int stageCount = 0;
    int vus = 0; ///< planned VUs of the current stage
    qint64 stageElapsedMs = 0;
    qint64 stageDurationMs = 0;
    bool inWarmup = false;
    int inFlight = 0; ///< in-flight gauge now (all workers)
    int stagesFinished = 0; ///< stages whose statistics are final, so far
    StageStats current; ///< the current stage's steady window so far (partial)

    // --- what is new since the previous snapshot of the same run (BenchmarkRun fills) ---
    /// Stages finalised since the previous snapshot, in order: the last newStages.size() of
    /// the stagesFinished stages (a final stage never changes again).
    QList<StageStats> newStages;
    /// The run's 1-second series from index `seriesFrom` to its end: points not sent before,
    /// and sent ones whose counts changed since (requests recorded after their second was
    /// closed, core/engine/stagecollector.h). Replaces the receiver's points from seriesFrom.
    qsizetype seriesFrom = 0;
    TimeSeries seriesTail;
    /// The interval histograms (core/stats/secondhistograms.h) of the seconds finalised since
    /// the previous snapshot, the same seconds the series gained: the live charts give a
    /// finished stage its interval from them (ui/charts/chartintervals.h). Records that reach
    /// a second after it was sent are only in the finished session.
    SecondHistograms newSecondHistograms;
    /// The server's telemetry read since the previous snapshot (TelemetryThread::takeNew(),
    /// core/engine/telemetrythread.h): its new 1-second samples, with the source, process id,
    /// cores and notes as they are now; no per-stage summaries. Empty (source "") when the run
    /// reads no telemetry or before the measured window.
    ServerTelemetry serverTail;

    // --- the run so far (RunSnapshotAccumulator fills; empty as BenchmarkRun emits) ---
    QList<StageStats> stages; ///< completed stages so far
    TimeSeries series; ///< the whole 1-second series so far
    SecondHistograms secondHistograms; ///< the interval histograms so far
    /// The server's telemetry so far: every sample, and the finished stages' summaries
    /// (summariseServerStages over `stages`).
    ServerTelemetry server;
};

/// Rebuilds the run so far from a run's snapshots, given in emission order.
class RunSnapshotAccumulator {
public:
    /// Applies what `delta` brings and keeps it as the latest snapshot.
    void add(const RunSnapshot &delta);
    /// The latest snapshot with `stages` and `series` holding the run so far.
    RunSnapshot current() const;
    void reset();
    const QList<StageStats> &stages() const { return m_stages; }
    const TimeSeries &series() const { return m_series; }
    const ServerTelemetry &server() const { return m_server; }

private:
    RunSnapshot m_latest; // its delta fields as received
    QList<StageStats> m_stages;
    TimeSeries m_series;
    SecondHistograms m_secondHistograms;
    ServerTelemetry m_server; // samples so far; stages summarised in current()
};

} // namespace vw

Q_DECLARE_METATYPE(vw::RunSnapshot)
