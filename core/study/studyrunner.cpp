#include "study/studyrunner.h"

#include "session/sessionanalysis.h"
#include "session/sessionfilename.h"
#include "session/sessionio.h"
#include "study/studyscale.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

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
    m_run.reset();   // the previous run finished: its threads are joined here
    if (m_stopRequested) {
        for (int i = index; i < m_results.size(); ++i)
            m_results[i].error = QStringLiteral("not run: the study was stopped");
        index = int(m_results.size());
    }
    if (index >= m_results.size()) {
        m_current = -1;
        emit finished(m_results);
        return;
    }
    m_current = index;
    StudyRunResult &r = m_results[index];
    const StudyProfile &sp = m_study.profiles.at(r.profileIndex);
    const StudyTarget &st = m_study.targets.at(r.targetIndex);
    Profile profile = m_profiles.at(r.profileIndex);
    profile.ramp = scaledRamp(profile.ramp, m_options.durationScale);

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
    options.serverPid = target->localTargetPid;       // a local target's node: /proc telemetry
    options.checkpoint = checkpointWriter(outPath);   // a killed study still leaves its stages
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
    StudyRunResult &r = m_results[index];
    const Session session(record);
    r.status = session.status;
    if (session.status != RunStatus::Completed)
        r.error = session.error.isEmpty() ? runStatusKey(session.status) : session.error;
    if (!session.cleanupError.isEmpty())
        r.error += (r.error.isEmpty() ? QString() : QStringLiteral("; "))
                   + QStringLiteral("cleanup incomplete: ") + session.cleanupError;
    const StudyProfile &sp = m_study.profiles.at(r.profileIndex);
    const StudyTarget &st = m_study.targets.at(r.targetIndex);
    const QString outPath = QDir(m_options.outDir).filePath(studySessionFileName(sp, st));
    if (session.status != RunStatus::SetupFailed) {   // setup failed: nothing was measured
        QString error;
        if (writeSession(session, outPath, &error)) {
            r.sessionPath = outPath;
            r.session = session;
            r.session->analysis = sessionAnalysis(session);   // once, for every table of the report
        } else {
            r.error += (r.error.isEmpty() ? QString() : QStringLiteral("; ")) + error;
        }
    }
    emit runFinished(index, r);
    QTimer::singleShot(0, this, [this, index] { startRun(index + 1); });
}

} // namespace vw
