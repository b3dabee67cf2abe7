// Runs a study's matrix (core/study/study.h): every profile against every target, one run
// after the other, in this process, with the same BenchmarkRun as `vault-workbench run`
// (core/engine/benchmarkrun.h). With `repeat: N` each cell runs N times, in rounds
// (`order:` interleaved, or randomized per round from a recorded seed), and its runs are one
// session of N replicates (RunRecord::ofReplicates()). Each cell's session is written to
// `<outDir>/<profile>__<target>.json` (studySessionFileName()) after each of its runs; a run
// that fails is recorded as failed and the study goes on. Lives on the caller's thread
// (needs its event loop).
#pragma once

#include "engine/benchmarkrun.h"
#include "session/session.h"
#include "study/study.h"
#include "vault/targetresolver.h"

#include <QObject>
#include <functional>
#include <memory>
#include <optional>

namespace vw {

/// What one cell of the matrix gave.
struct StudyRunResult {
    int profileIndex = 0;
    int targetIndex = 0;
    QString profileName; ///< the profile's `name`
    QString targetName; ///< StudyTarget::name
    QString label; ///< the session label: "<profile name> @ <target name>"
    QString sessionPath; ///< the session written, empty when none was
    bool ran = false; ///< false: never started (target not resolved, study stopped)
    RunStatus status = RunStatus::Failed; ///< the run's status when it ran
    QString error; ///< why it failed or did not run, empty when it completed
    std::optional<Session> session; ///< the session, when one was written
    int replicates = 0; ///< runs of the cell that measured (its session's replicates)
    int runsStarted = 0; ///< runs of the cell started so far (of StudySpec::repeat)
    bool completed() const { return ran && status == RunStatus::Completed; }
};

struct StudyOptions {
    QString outDir; ///< existing folder for the session files
    double durationScale = 1.0; ///< effective scale (core/study/studyscale.h)
    QByteArray token; ///< never stored
    /// The target of one run from its StudyTarget (addr as `run --addr` takes it) and the
    /// profile's target; nullopt + *error records the run as failed without running it. The
    /// command line passes its own resolver (the flags of `run`); null: resolveTarget() with
    /// the addr as the --addr flag.
    std::function<std::optional<ResolvedTarget>(const StudyTarget &, const TargetSpec &,
                                                QString *error)>
        resolveTarget;
};

/// "<profile file base name>__<target name>.json", e.g. "hvd-kv-1kb-read__dev.json"
/// (both parts made safe by core/session/sessionfilename.h).
QString studySessionFileName(const StudyProfile &profile, const StudyTarget &target);

class StudyRunner : public QObject {
    Q_OBJECT
public:
    /// `profiles`: the parsed profile of each StudySpec::profiles entry, same order.
    StudyRunner(const StudySpec &study, const QList<Profile> &profiles, const StudyOptions &options,
                QObject *parent = nullptr);
    ~StudyRunner() override;

    /// Starts the first run; returns at once. The runs go round by round (StudySpec::repeat
    /// rounds), each round every cell once: profile by profile, each against every target in
    /// order (interleaved), or in the round's random order (randomized).
    void start();
    /// Stops the running run (its session is written, status "stopped") and starts no other.
    void requestStop();

    /// Runs in all: cells x repeat. The index of runStarting() and runFinished() counts them.
    int runCount() const { return int(m_schedule.size()); }
    /// Per cell (profile-major), as the report shows them.
    const QList<StudyRunResult> &results() const { return m_results; }
    /// The cell (an index into results()) of each run, in the order they run.
    const QList<int> &schedule() const { return m_schedule; }
    /// The seed of a randomized order (the study's, or the one drawn); 0 when interleaved.
    quint64 seed() const { return m_seed; }

signals:
    /// Before run `index` (0-based) of runCount(), with the profile as it will run (scaled);
    /// `run` is its cell (run.runsStarted counts this run).
    void runStarting(int index, const vw::StudyRunResult &run, const vw::Profile &profile,
                     const vw::ResolvedTarget &target);
    void phaseChanged(vw::RunPhase phase, const QString &detail);
    void stageStarted(int index, int vus);
    void stageFinished(const vw::StageStats &stats);
    void runFinished(int index, const vw::StudyRunResult &run);
    /// Once, after the last run (or the stop).
    void finished(const QList<vw::StudyRunResult> &runs);

private:
    void startRun(int index);
    void onRunFinished(const RunRecord &record);

    StudySpec m_study;
    QList<Profile> m_profiles;
    StudyOptions m_options;
    QList<StudyRunResult> m_results;
    QList<int> m_schedule;
    quint64 m_seed = 0;
    QList<QList<RunRecord>> m_records; ///< per cell: its runs that measured
    std::unique_ptr<BenchmarkRun> m_run;
    int m_current = -1;
    bool m_stopRequested = false;
};

} // namespace vw
