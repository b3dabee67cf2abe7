#include "engine/benchmarkrun.h"

#include "engine/benchmarkrunprivate.h"
#include "engine/executors/shardplan.h"
#include "profile/operationlabels.h"
#include "util/clock.h"
#include "vault/vaultclient.h"

#include <QSysInfo>
#include <QUuid>
#include <mutex>

namespace vw {

namespace {

void registerMetaTypes()
{
    static std::once_flag once;
    std::call_once(once, [] {
        qRegisterMetaType<vw::RunSnapshot>("vw::RunSnapshot");
        qRegisterMetaType<vw::StageStats>("vw::StageStats");
        qRegisterMetaType<vw::RunRecord>("vw::RunRecord");
        qRegisterMetaType<vw::RunPhase>("vw::RunPhase");
    });
}

} // namespace

// ---------------------------------------------------------------- BenchmarkRun (caller thread)

BenchmarkRun::BenchmarkRun(const Profile &profile, const RunOptions &options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<BenchmarkRunPrivate>(this, profile, options))
{
    registerMetaTypes();
}

BenchmarkRun::~BenchmarkRun()
{
    d->requestStop();
    if (d->m_control) {
        d->m_control->wait();
        d->m_control.reset();
    }
}

void BenchmarkRun::start()
{
    if (d->m_started.exchange(true))
        return;
    d->m_running = true;
    d->m_control.reset(QThread::create([this] { d->run(); }));
    d->m_control->setObjectName(QStringLiteral("vw-run-control"));
    d->m_control->start();
}

void BenchmarkRun::requestStop()
{
    d->requestStop();
}

void BenchmarkRun::abandonCleanup()
{
    d->m_cleanupAbandoned = true;
}

bool BenchmarkRun::isRunning() const
{
    return d->m_running.load();
}

int BenchmarkRun::peakInFlight() const
{
    return d->m_shared->peakInFlight.load();
}

// ---------------------------------------------------------------- control thread

BenchmarkRunPrivate::BenchmarkRunPrivate(BenchmarkRun *qq, const Profile &profile,
                                         const RunOptions &options)
    : q(qq)
    , m_profile(repeatedRamp(profile))
    , m_asPlanned(profile)
    , m_options(options)
    , m_shared(std::make_shared<RunShared>(m_profile.ramp))
    , m_plan(m_profile.ramp)
    , m_workers(m_shared)
    , m_snapshots(m_plan, *m_shared)
    , m_checkpoints(options.checkpoint, int(m_profile.ramp.stages.size()))
    , m_abort(profile.abort)
{
    m_options.snapshotIntervalMs = std::max(100, m_options.snapshotIntervalMs);
}

void BenchmarkRunPrivate::requestStop()
{
    if (!m_running.load())
        return;
    {
        std::lock_guard<std::mutex> lock(m_waitMutex);
        m_stop = true;
    }
    m_waitCv.notify_all();
}

void BenchmarkRunPrivate::setPhase(RunPhase phase, const QString &detail)
{
    m_phase = phase;
    emit q->phaseChanged(phase, detail);
}

void BenchmarkRunPrivate::run()
{
    RunRecord s;
    s.id = m_options.sessionId.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces)
                                         : m_options.sessionId;
    s.label = m_options.label.isEmpty() ? m_profile.name : m_options.label;
    s.profileName = m_profile.name;
    s.profileYaml = m_profile.sourceYaml;
    s.ops = operationLabels(m_profile.operations);
    s.transport = m_profile.transport;
    s.targetAddress =
        m_options.addressOverride.isEmpty() ? m_profile.target.address : m_options.addressOverride;
    s.targetSources = m_options.targetSources;
    s.targetTopology = m_options.targetTopology;
    s.plan = m_asPlanned; // the plan as run: the effective address
    s.plan.target.address = s.targetAddress;
    s.plan.sourceYaml.clear(); // the text is s.profileYaml
    s.client = ClientInfo::collect();
    s.client.workerNice = m_options.workerNice;
    s.startedAt = QDateTime::currentDateTimeUtc();
    s.status = RunStatus::SetupFailed;
    if (m_options.recordShard) {
        s.shard.index = m_profile.ramp.shard.index;
        s.shard.count = std::max(1, m_profile.ramp.shard.count);
        s.shard.startAt = m_options.startAt;
        const QString node = qEnvironmentVariable("NODE_NAME");
        s.shard.node = node.isEmpty() ? QSysInfo::machineHostName() : node;
        s.shard.planHash = planHash(s.plan);
    }

    TargetSpec target = m_profile.target;
    target.address = s.targetAddress;
    {
        VaultClient client(target, m_options.token);
        // A stop ends the pre-flight or a long setup (seeding, logins) at its next request.
        client.setStopCheck([this] { return stopRequested(); });
        // Polled between setup steps on this thread: also the moment to renew a short-lived
        // token (a no-op until the pre-flight started the renewer), so a long setup keeps it.
        OperationSetup ops(m_profile, m_options.token, [this] {
            m_renewer.poll(steadyNowNs());
            return stopRequested();
        });
        // Where the session goes takes it (RunOptions::outputCheck): before anything is sent.
        const QString outputProblem = m_options.outputCheck ? m_options.outputCheck() : QString();
        if (!outputProblem.isEmpty())
            s.error = outputProblem;
        else
            setPhase(RunPhase::Connecting, QStringLiteral("connecting to %1").arg(s.targetAddress));
        if (outputProblem.isEmpty() && ops.preflight(client, s) && ops.createOperations(s)) {
            if (s.token.renewalPlanned) // renewed here, on the control thread, at ~half its TTL
                m_renewer.start(&client, &s.token, steadyNowNs());
            QString error;
            if (!m_workers.start(m_profile, m_options, ops.mix(), s.targetAddress, &error)) {
                s.status = RunStatus::SetupFailed;
                s.error = QStringLiteral("transport %1: %2").arg(m_profile.transport, error);
            } else {
                s.client.workerThreads = m_workers.workerCount();
                // The server as the pre-flight found it ("openbao 2.7.2, active node") and the
                // run's prefix, shown before anything is created: a run killed during setup
                // is swept with `vault-workbench cleanup --prefix` (README, "Cleanup").
                setPhase(RunPhase::SettingUp,
                         QStringLiteral("setting up %1 operation(s) on %2 %3, %4 node; run "
                                        "prefix %5")
                             .arg(ops.operationCount())
                             .arg(s.server.product, s.server.version, serverRoleKey(s.server.role),
                                  OperationSetup::choosePrefix(s)));
                // Before the warm-up every node the run loads serves all of it (a standby
                // trails the active node: core/engine/servedcheck.h).
                const bool setUp = ops.setupOperations(client, s) && ops.setupCredentials(client, s)
                                   && ops.waitUntilServed(client, s);
                client.setStopCheck({});
                m_renewer.poll(steadyNowNs());
                if (setUp && waitForStartBarrier(s)) {
                    // Per-VU credentials: each VU's token reaches its worker before stage 1.
                    m_credentials = ops.credentials();
                    if (m_credentials)
                        m_workers.setVuTokens(m_credentials->tokensByVu(m_profile.ramp.peakVus()));
                    m_operations = &ops;
                    runStages(s);
                    m_operations = nullptr;
                    m_credentials = nullptr;
                }
            }
        }
        m_workers.stop();
        client.setStopCheck({});
        if (s.status == RunStatus::SetupFailed && stopRequested()) {
            // What failed was the stop itself (a request not sent): the user stopped it.
            s.status = RunStatus::Stopped;
            s.error =
                QStringLiteral("stopped by the user before the measured window (%1)").arg(s.error);
        }
        if (ops.hasOperations() || ops.credentials()) {
            // ALWAYS, also after a failed setup or a stop.
            setPhase(RunPhase::CleaningUp, QStringLiteral("removing benchmark mounts and roles"));
            m_renewer.poll(steadyNowNs());
            // Each retry is shown (the GUI's countdown); "leave it" ends them: what is not
            // removed yet becomes the session's leftovers.
            client.setStopCheck([this] { return m_cleanupAbandoned.load(); },
                                QStringLiteral("not sent: cleanup was left for later"));
            client.setRetryObserver([this](const VaultClient::RetryNotice &n) {
                emit q->cleanupRetrying(n.what, n.answer, n.waitMs, n.budgetLeftMs);
            });
            s.cleanupError = ops.cleanupOperations(client, &s.leftovers);
            client.setRetryObserver({});
            client.setStopCheck({});
        }
        m_renewer.stop(); // before the client goes
    }
    s.finishedAt = QDateTime::currentDateTimeUtc();
    s.shard.complete = s.shard.present() && s.status == RunStatus::Completed;
    s.splitReplicates();
    setPhase(RunPhase::Finished, runStatusKey(s.status));
    m_running = false;
    emit q->finished(s);
}

bool BenchmarkRunPrivate::waitForStartBarrier(RunRecord &s)
{
    if (!m_options.startAt.isValid())
        return true;
    const QDateTime at = m_options.startAt.toUTC();
    const qint64 untilMs = QDateTime::currentDateTimeUtc().msecsTo(at);
    const QString when = at.toString(Qt::ISODateWithMs);
    if (untilMs < -m_options.startToleranceMs) {
        // Not ready in time: the run does not start late (docs/distributed.md, "Failure
        // modes"); the shard's own exit code says so.
        s.status = RunStatus::Failed;
        s.shard.lateStart = true;
        s.shard.offsetMs = -untilMs;
        s.error = QStringLiteral("late start: ready %1 ms after --start-at %2 (tolerance %3 ms)")
                      .arg(-untilMs)
                      .arg(when)
                      .arg(m_options.startToleranceMs);
        return false;
    }
    setPhase(RunPhase::SettingUp, QStringLiteral("ready; waiting %1 ms for the start barrier %2")
                                      .arg(std::max<qint64>(0, untilMs))
                                      .arg(when));
    if (untilMs > 0 && waitUntil(steadyNowNs() + untilMs * 1'000'000LL, true))
        return false; // stopped while waiting (a stop before the measured window)
    s.shard.offsetMs = at.msecsTo(QDateTime::currentDateTimeUtc());
    return true;
}

} // namespace vw
