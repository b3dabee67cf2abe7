#include "engine/benchmarkrun.h"

#include "engine/benchmarkrunprivate.h"
#include "engine/clientresources.h"
#include "engine/executors/executorregistry.h"
#include "ops/operationregistry.h"
#include "util/clock.h"
#include "util/threadpriority.h"
#include "vault/tokensource.h"
#include "vault/vaultclient.h"

#include <QDebug>
#include <QRandomGenerator>
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
    : QObject(parent), d(std::make_unique<BenchmarkRunPrivate>(this, profile, options))
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
    : q(qq), m_profile(profile), m_options(options),
      m_shared(std::make_shared<RunShared>(profile.ramp))
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
    for (const OperationSpec &op : m_profile.operations)
        s.ops << op.type;
    s.transport = m_profile.transport;
    s.targetAddress = m_options.addressOverride.isEmpty() ? m_profile.target.address
                                                          : m_options.addressOverride;
    s.plan = m_profile;                      // the plan as run: the effective address
    s.plan.target.address = s.targetAddress;
    s.plan.sourceYaml.clear();               // the text is s.profileYaml
    s.client = ClientInfo::collect();
    s.client.workerNice = m_options.workerNice;
    s.startedAt = QDateTime::currentDateTimeUtc();
    s.status = RunStatus::SetupFailed;

    TargetSpec target = m_profile.target;
    target.address = s.targetAddress;
    {
        VaultClient client(target, m_options.token);
        if (preflight(client, s) && createOperations(s) && startWorkers(s.targetAddress, s)) {
            setPhase(RunPhase::SettingUp, QStringLiteral("setting up %1 operation(s)")
                                              .arg(m_ops.size()));
            const QString prefix = QStringLiteral("vwb-%1").arg(
                QRandomGenerator::global()->bounded(0x1000000), 6, 16, QLatin1Char('0'));
            bool ok = true;
            for (size_t i = 0; i < m_ops.size() && ok; ++i) {
                if (stopRequested()) {
                    s.status = RunStatus::Stopped;
                    s.error = QStringLiteral("stopped by the user before the measured window");
                    ok = false;
                    break;
                }
                QString error;
                if (!m_ops[i]->setup(client, SetupContext{prefix, int(i)}, &error)) {
                    s.error = QStringLiteral("setup of %1 (operation %2) failed: %3")
                                  .arg(m_ops[i]->typeName())
                                  .arg(i + 1)
                                  .arg(error);
                    ok = false;
                }
            }
            if (ok && !stopRequested()) {
                runStages(s);
            } else if (ok) {
                s.status = RunStatus::Stopped;
                s.error = QStringLiteral("stopped by the user before the measured window");
            }
        }
        stopWorkers();
        if (!m_ops.empty()) {
            // ALWAYS, also after a failed setup or a stop.
            setPhase(RunPhase::CleaningUp, QStringLiteral("removing benchmark mounts and roles"));
            s.cleanupError = cleanupOperations(client);
        }
        m_ops.clear();
    }
    s.finishedAt = QDateTime::currentDateTimeUtc();
    setPhase(RunPhase::Finished, runStatusKey(s.status));
    m_running = false;
    emit q->finished(s);
}

bool BenchmarkRunPrivate::preflight(VaultClient &client, RunRecord &s)
{
    setPhase(RunPhase::Connecting, QStringLiteral("connecting to %1").arg(s.targetAddress));
    auto fail = [&](const QString &msg) {
        s.status = RunStatus::SetupFailed;
        s.error = msg;
        return false;
    };
    if (m_profile.ramp.stages.isEmpty())
        return fail(QStringLiteral("the profile has no stages"));
    if (m_profile.operations.isEmpty())
        return fail(QStringLiteral("the profile has no operations"));
    const LoadModel &model = *m_profile.ramp.model;
    if (!findExecutor(model.name()))
        return fail(QStringLiteral("executor \"%1\" is not supported (known: %2)")
                        .arg(model.name(), executorNames().join(QStringLiteral(", "))));
    if (const QString problem = model.checkStages(m_profile.ramp.stages); !problem.isEmpty())
        return fail(problem);

    if (tokenHasControlCharacters(m_options.token))   // checked before any request carries it
        return fail(QStringLiteral("the token contains control characters (a line break?); "
                                   "it is not sent"));
    s.server = client.serverInfo();
    if (!s.server.reachable)
        return fail(QStringLiteral("cannot reach %1: %2").arg(s.targetAddress, s.server.errorText));
    if (!s.server.initialized)
        return fail(QStringLiteral("server is not initialized"));
    if (s.server.sealed)
        return fail(QStringLiteral("server is sealed"));
    if (m_options.token.isEmpty())
        return fail(QStringLiteral("no token: set VAULT_TOKEN or BAO_TOKEN, write ~/.vault-token, "
                                   "or enter one"));
    const VaultResponse r = client.get(QStringLiteral("auth/token/lookup-self"));
    if (r.status == 403)
        return fail(QStringLiteral("token refused: %1").arg(r.describe()));
    if (r.status == 0)
        return fail(QStringLiteral("cannot reach %1: %2").arg(s.targetAddress, r.describe()));
    if (!r.ok())
        return fail(QStringLiteral("token check failed: %1").arg(r.describe()));
    return !stopRequested() || fail(QStringLiteral("stopped by the user before setup"));
}

bool BenchmarkRunPrivate::createOperations(RunRecord &s)
{
    int total = 0;
    for (const OperationSpec &spec : m_profile.operations) {
        // From the params the profile parser made (OperationSpec::params): no second parse.
        QString why;
        std::unique_ptr<Operation> op =
            OperationRegistry::instance().create(spec.type, spec.params, &why);
        if (!op) {
            s.error = why;
            m_ops.clear();
            return false;
        }
        total += std::max(1, spec.weight);
        m_mix.ops.append(op.get());
        m_mix.names.append(spec.type);
        m_mix.cumulativeWeights.append(total);
        m_ops.push_back(std::move(op));
    }
    return true;
}

bool BenchmarkRunPrivate::startWorkers(const QString &address, RunRecord &s)
{
    const int vus = m_profile.ramp.peakVus();
    int w = m_options.workerThreads > 0 ? m_options.workerThreads
                                        : std::min(QThread::idealThreadCount(), vus);
    w = std::clamp(w, 1, std::max(1, vus));
    // One connection per VU, plus the control plane, the event loops and the libraries.
    const int64_t needFds = int64_t(vus) + 256;
    const int64_t fdLimit = raiseOpenFileLimit(needFds);
    if (fdLimit >= 0 && fdLimit < needFds)
        qWarning().noquote() << QStringLiteral("open-file limit %1 is below the %2 that %3 VUs "
                                               "need (raise the hard limit: ulimit -Hn)")
                                    .arg(fdLimit)
                                    .arg(needFds)
                                    .arg(vus);

    TransportConfig config;
    config.baseUrl = QUrl(address);
    config.token = m_options.token;
    config.vaultNamespace = m_profile.target.vaultNamespace.toUtf8();
    config.caFile = m_profile.target.caFile;
    config.tlsSkipVerify = m_profile.target.tlsSkipVerify;
    config.requestTimeoutMs = m_profile.target.requestTimeoutMs;

    const uint64_t seed = QRandomGenerator::global()->generate64();
    for (int i = 0; i < w; ++i) {
        QVector<int> ids;
        for (int vu = i; vu < vus; vu += w)
            ids.append(vu);
        WorkerThread wt;
        wt.thread = std::make_unique<QThread>();
        wt.thread->setObjectName(QStringLiteral("vw-worker-%1").arg(i));
        WorkerConfig wc;
        wc.index = i;
        wc.count = w;
        wc.requestTimeoutMs = m_profile.target.requestTimeoutMs;
        wc.debugBusyLoopUsPerRequest = m_options.debugBusyLoopUsPerRequest;
        wt.worker = new Worker(m_shared, m_mix, ids, seed, wc);
        wt.worker->moveToThread(wt.thread.get());
        wt.thread->start();
        bool ok = false;
        QString error;
        Worker *worker = wt.worker;
        QMetaObject::invokeMethod(
            worker,
            [&] {
                QString niceError;
                if (!lowerCurrentThreadPriority(m_options.workerNice, &niceError))
                    qWarning().noquote() << QStringLiteral("worker priority unchanged: %1").arg(niceError);
                ok = worker->init(m_profile.transport, config, &error);
            },
            Qt::BlockingQueuedConnection);
        m_workers.push_back(std::move(wt));
        if (!ok) {
            s.status = RunStatus::SetupFailed;
            s.error = QStringLiteral("transport %1: %2").arg(m_profile.transport, error);
            return false;
        }
    }
    return true;
}

void BenchmarkRunPrivate::stopWorkers()
{
    for (WorkerThread &wt : m_workers) {
        Worker *worker = wt.worker;
        QMetaObject::invokeMethod(worker, [worker] { worker->shutdown(); },
                                  Qt::BlockingQueuedConnection);
        wt.thread->quit();
        wt.thread->wait();
        delete worker;
    }
    m_workers.clear();
}

QString BenchmarkRunPrivate::cleanupOperations(VaultClient &client)
{
    QStringList errors;
    for (auto it = m_ops.rbegin(); it != m_ops.rend(); ++it) {
        QString error;
        if (!(*it)->cleanup(client, &error))
            errors << QStringLiteral("%1: %2").arg((*it)->typeName(), error);
    }
    return errors.join(QStringLiteral("; "));
}

} // namespace vw
