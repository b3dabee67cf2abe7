#include "study/studyrunner.h"

#include "session/sessionanalysis.h"
#include "session/sessionfilename.h"
#include "session/sessionio.h"
#include "study/studyscale.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTimer>
#include <algorithm>
#include <numeric>
#include <random>

namespace vw {

QString studySessionFileName(const StudyProfile &profile, const StudyTarget &target)
{
    return QStringLiteral("%1__%2.json")
        .arg(sessionFileNamePart(QFileInfo(profile.path).completeBaseName(),
                                 QStringLiteral("profile")),
             sessionFileNamePart(target.name, QStringLiteral("target")));
}

StudyRunner::StudyRunner(const StudySpec &study, const QList<Profile> &profiles,
                         const StudyOptions &options, QObject *parent)
    : QObject(parent)
    , m_study(study)
    , m_profiles(profiles)
    , m_options(options)
{
    for (int p = 0; p < m_study.profiles.size(); ++p)
        for (int t = 0; t < m_study.targets.size(); ++t) {
            StudyRunResult r;
            r.profileIndex = p;
            r.targetIndex = t;
            r.profileName = m_profiles.value(p).name;
            r.targetName = m_study.targets.at(t).name;
            r.label = QStringLiteral("%1 @ %2").arg(r.profileName, r.targetName);
            m_results.append(r);
        }
    m_records = QList<QList<RunRecord>>(m_results.size());
    const int cells = int(m_results.size());
    const bool randomized = m_study.order == QLatin1String("randomized");
    if (randomized)
        m_seed = m_study.seed ? *m_study.seed : QRandomGenerator::system()->generate64();
    std::mt19937_64 rng(m_seed);
    for (int round = 0; round < std::max(1, m_study.repeat); ++round) {
        QList<int> order(cells);
        std::iota(order.begin(), order.end(), 0);
        if (randomized)
            std::shuffle(order.begin(), order.end(), rng);
        m_schedule += order;
    }
}

StudyRunner::~StudyRunner() = default;

void StudyRunner::start()
{
    QTimer::singleShot(0, this, [this] { startRun(0); });
}

void StudyRunner::requestStop()
{
    m_stopRequested = true;
    if (m_run)
        m_run->requestStop();
}

void StudyRunner::startRun(int index)
{
    m_run.reset(); // the previous run finished: its threads are joined here
    if (m_stopRequested) {
        for (StudyRunResult &r : m_results)
            if (r.runsStarted < std::max(1, m_study.repeat) && r.error.isEmpty())
                r.error = r.runsStarted == 0
                              ? QStringLiteral("not run: the study was stopped")
                              : QStringLiteral("%1 of %2 runs: the study was stopped")
                                    .arg(r.runsStarted)
                                    .arg(m_study.repeat);
        index = int(m_schedule.size());
    }
    if (index >= m_schedule.size()) {
        m_current = -1;
        emit finished(m_results);
        return;
    }
    m_current = index;
    StudyRunResult &r = m_results[m_schedule.at(index)];
    ++r.runsStarted;
    const StudyProfile &sp = m_study.profiles.at(r.profileIndex);
    const StudyTarget &st = m_study.targets.at(r.targetIndex);
    Profile profile = m_profiles.at(r.profileIndex);
    profile.ramp = scaledRamp(profile.ramp, m_options.durationScale);
    profile.repeat = 1; // the study's repeat: counts, run by run (study.h)

    QString error;
    std::optional<ResolvedTarget> target;
    if (m_options.resolveTarget) {
        target = m_options.resolveTarget(st, profile.target, &error);
    } else {
        TargetFlags flags;
        flags.address = st.addr;
        ResolvedTarget rt = resolveTarget(profile.target, flags);
        if (rt.ok())
            target = rt;
        else
            error = rt.errors.join(QStringLiteral("; "));
    }
    if (!target) {
        r.error = QStringLiteral("target %1 (%2): %3")
                      .arg(st.name, st.addr,
                           error.isEmpty() ? QStringLiteral("cannot be resolved") : error);
        emit runFinished(index, r);
        QTimer::singleShot(0, this, [this, index] { startRun(index + 1); });
        return;
    }
    profile.target = target->target;
    const QString outPath = QDir(m_options.outDir).filePath(studySessionFileName(sp, st));
    r.sessionPath.clear();

    RunOptions options;
    options.token = m_options.token;
    options.targetSources = target->sources;
    options.label = r.label;
    options.serverPid = target->localTargetServerPid; // a local target's node: /proc telemetry
    options.telemetryAddress = target->localTargetServerAddress;
    options.targetTopology = target->topology;
    // A killed study still leaves its stages, with the cell's earlier runs (copied: the
    // checkpoint is written on the run's control thread).
    options.checkpoint = [write = checkpointWriter(outPath),
                          earlier = m_records.at(m_schedule.at(index))](const RunRecord &c,
                                                                        QString *error) {
        return write(RunRecord::ofReplicates(QList<RunRecord>(earlier) << c), error);
    };
    emit runStarting(index, r, profile, *target);
    r.ran = true;
    m_run = std::make_unique<BenchmarkRun>(profile, options);
    connect(m_run.get(), &BenchmarkRun::phaseChanged, this, &StudyRunner::phaseChanged);
    connect(m_run.get(), &BenchmarkRun::stageStarted, this, &StudyRunner::stageStarted);
    connect(m_run.get(), &BenchmarkRun::stageFinished, this, &StudyRunner::stageFinished);
    connect(m_run.get(), &BenchmarkRun::finished, this, &StudyRunner::onRunFinished);
    m_run->start();
}

void StudyRunner::onRunFinished(const RunRecord &record)
{
    const int index = m_current;
    const int cell = m_schedule.at(index);
    StudyRunResult &r = m_results[cell];
    // The cell's session holds every run of it that measured (its replicates).
    if (record.status != RunStatus::SetupFailed)
        m_records[cell].append(record);
    const Session session(m_records[cell].isEmpty() ? record
                                                    : RunRecord::ofReplicates(m_records[cell]));
    r.replicates = int(m_records[cell].size());
    const QString run =
        m_study.repeat > 1 ? QStringLiteral("run %1 of %2: ").arg(r.runsStarted).arg(m_study.repeat)
                           : QString();
    if (record.status != RunStatus::Completed) { // the cell keeps the first failure
        if (r.status == RunStatus::Completed || r.runsStarted == 1) {
            r.status = record.status;
            r.error = run + (record.error.isEmpty() ? runStatusKey(record.status) : record.error);
        }
    } else if (r.runsStarted == 1) {
        r.status = RunStatus::Completed;
    }
    if (!record.cleanupError.isEmpty())
        r.error += (r.error.isEmpty() ? QString() : QStringLiteral("; ")) + run
                   + QStringLiteral("cleanup incomplete: ") + record.cleanupError;
    const StudyProfile &sp = m_study.profiles.at(r.profileIndex);
    const StudyTarget &st = m_study.targets.at(r.targetIndex);
    const QString outPath = QDir(m_options.outDir).filePath(studySessionFileName(sp, st));
    if (!m_records[cell].isEmpty()) { // only failed setups: nothing was measured
        QString error;
        if (writeSession(session, outPath, &error)) {
            r.sessionPath = outPath;
            r.session = session;
            r.session->analysis = sessionAnalysis(session); // once, for every table of the report
        } else {
            r.error += (r.error.isEmpty() ? QString() : QStringLiteral("; ")) + error;
        }
    }
    emit runFinished(index, r);
    QTimer::singleShot(0, this, [this, index] { startRun(index + 1); });
}

} // namespace vw
