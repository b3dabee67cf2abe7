#include "runcontroller.h"

#include "models/sessionset.h"
#include "session/sessionio.h"
#include "session/sessionsize.h"
#include "sessionfiles.h"
#include "targetconfirmation.h"

#include <QDir>
#include <QDateTime>
#include <QUuid>
#include <algorithm>

namespace vw {

RunController::RunController(QObject *parent)
    : QObject(parent)
{
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(kRepaintIntervalMs);
    connect(&m_coalesce, &QTimer::timeout, this, &RunController::flush);
}

RunController::~RunController()
{
    if (m_run)
        m_run->disconnect(this);
}

bool RunController::start(const Profile &profile, const RunOptions &options)
{
    if (m_running)
        return false;
    if (m_run) {
        m_run->disconnect(this);
        m_run.release()->deleteLater();
    }
    RunOptions o = options;
    o.workerNice = std::max(o.workerNice, kWorkerNice);
    // The file is named now, after the id the run will give its session: the run checkpoints
    // into it after each stage (on its control thread) and onFinished() writes the final
    // session over the last checkpoint.
    m_savePath.clear();
    if (m_autoSave) {
        if (o.sessionId.isEmpty())
            o.sessionId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        Session planned;
        planned.id = o.sessionId;
        planned.label = options.label;
        planned.profileName = profile.name;
        planned.startedAt = QDateTime::currentDateTimeUtc();
        m_savePath = autoSavePath(planned);
        o.checkpoint = checkpointWriter(m_savePath);
        // As `run` does before it starts: the folder takes a file and has room for the
        // planned session (core/session/sessionsize.h); on the run's control thread, before
        // anything is sent, since it touches the disk.
        o.outputCheck = [path = m_savePath, profile] {
            const QString dir = QFileInfo(path).absolutePath();
            const QString problem = QDir().mkpath(dir) ? sessionOutputProblem(path, profile)
                                                       : tr("cannot create the folder");
            return problem.isEmpty() ? problem
                                     : tr("the session cannot be saved in %1: %2 (nothing was "
                                          "sent to the server)")
                                           .arg(dir, problem);
        };
    }
    m_run = std::make_unique<BenchmarkRun>(profile, o);
    BenchmarkRun *run = m_run.get();
    connect(run, &BenchmarkRun::phaseChanged, this, &RunController::onPhase);
    connect(run, &BenchmarkRun::stageStarted, this, &RunController::stageStarted);
    connect(run, &BenchmarkRun::stageFinished, this, &RunController::stageFinished);
    connect(run, &BenchmarkRun::snapshot, this, &RunController::onSnapshot);
    connect(run, &BenchmarkRun::cleanupRetrying, this, &RunController::cleanupRetrying);
    connect(run, &BenchmarkRun::finished, this, &RunController::onFinished);
    m_running = true;
    m_stopping = false;
    m_clock.start();
    // The results on screen stay until the run measures (onPhase()).
    m_liveBegun = false;
    m_liveLabel = options.label;
    m_livePlan = profile;
    m_hasPending = false;
    m_live.reset();
    emit started(profile);
    run->start();
    return true;
}

RunController::StartOutcome RunController::startChecked(Profile profile,
                                                        const ResolvedTarget &target,
                                                        RunOptions options)
{
    if (m_running || isAsking())
        return StartOutcome::Refused;
    profile.target = target.target;
    options.targetSources = target.sources;
    options.targetTopology = target.topology;
    // A local target's node (or the leader behind its balancer): its /proc for the Server
    // tab, as `run --addr leader` does (core/vault/targetresolver.h).
    if (options.serverPid <= 0) {
        options.serverPid = target.localTargetServerPid;
        options.telemetryAddress = target.localTargetServerAddress;
    }
    // A non-loopback address: asked before any contact, then once more naming what answers
    // there (ui/targetconfirmation.h); a yes is kept per address.
    if (TargetConfirmation::needsConfirmation(profile.target.address)) {
        if (!m_confirmation) {
            m_confirmation = new TargetConfirmation(m_dialogParent);
            connect(m_confirmation, &TargetConfirmation::answered, this,
                    [this](bool yes, const Profile &p, const RunOptions &o) {
                        if (yes) {
                            ResolvedTarget confirmed;
                            confirmed.target = p.target;
                            confirmed.sources = o.targetSources;
                            confirmed.topology = o.targetTopology;
                            startChecked(p, confirmed, o);
                        } else {
                            emit message(tr("Run not started: the target was not confirmed"));
                        }
                        emit confirmationAnswered(yes);
                    });
        }
        emit message(tr("Asking before contacting %1 (not loopback)…").arg(profile.target.address));
        m_confirmation->ask(profile, options);
        return StartOutcome::Asking;
    }
    if (options.token.isEmpty())
        emit message(tr("No token: only unauthenticated operations will succeed"));
    return start(profile, options) ? StartOutcome::Started : StartOutcome::Refused;
}

bool RunController::isAsking() const
{
    return m_confirmation && m_confirmation->isAsking();
}

void RunController::onPhase(RunPhase phase, const QString &detail)
{
    emit phaseChanged(phase, detail);
    if (phase == RunPhase::Running && !m_liveBegun && m_running && m_sessions) {
        m_liveBegun = true; // measuring: the live run replaces the results
        m_sessions->beginLive(m_liveLabel, m_livePlan);
    }
}

void RunController::stop()
{
    if (!m_running || !m_run)
        return;
    m_stopping = true;
    m_run->requestStop();
}

void RunController::abandonCleanup()
{
    if (m_running && m_run)
        m_run->abandonCleanup();
}

void RunController::onSnapshot(const RunSnapshot &s)
{
    // Each snapshot carries what is new; the views get the run so far.
    m_live.add(s);
    m_hasPending = true;
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void RunController::flush()
{
    if (!m_hasPending)
        return;
    m_hasPending = false;
    const RunSnapshot snapshot = m_live.current();
    emit liveUpdate(snapshot);
    if (m_sessions)
        m_sessions->updateLive(snapshot); // ignored until the live entry begins
}

void RunController::onFinished(const RunRecord &record)
{
    m_coalesce.stop();
    m_hasPending = false;
    m_running = false;
    m_stopping = false;
    if (m_run) {
        // its threads are done; delete it from the event loop, not inside its own signal
        m_run->disconnect(this);
        m_run.release()->deleteLater();
    }
    const Session session(record);
    // A run that never measured leaves the previous results on screen; the run panel's
    // banner says so.
    if (m_sessions && (m_liveBegun || !session.stages.isEmpty()))
        m_sessions->finishLive(session);
    m_liveBegun = false;
    emit finished(session);

    if (m_savePath.isEmpty() || session.status == RunStatus::SetupFailed)
        return;
    const QString path = m_savePath;
    struct Saved {
        QString path; ///< where the session is: `path`, or where it was rescued to
        QString error; ///< why `path` did not take it
    };
    m_saves.start(
        [session, path](const JobContext &) {
            Saved out{path, QString()};
            if (!QDir().mkpath(QFileInfo(path).absolutePath()))
                out.error = QObject::tr("cannot create %1").arg(QFileInfo(path).absolutePath());
            else
                writeSession(session, path, &out.error);
            if (!out.error.isEmpty()) {
                // a folder that filled during the run: the measured run is not given up
                QString rescueError;
                const QString rescued =
                    writeRescuedSession(session, path, rescueFolders(), &rescueError);
                if (!rescued.isEmpty())
                    out.path = rescued;
            }
            return out;
        },
        [this, path](const Saved &saved) {
            if (!saved.error.isEmpty() && saved.path != path) {
                emit sessionRescued(path, saved.error, saved.path);
                emit sessionSaved(saved.path, QString());
            } else {
                emit sessionSaved(saved.path, saved.error);
            }
        });
}

QStringList RunController::rescueFolders()
{
    return {QDir::tempPath(), QDir::homePath()};
}

} // namespace vw
