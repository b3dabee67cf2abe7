#include "runcommand.h"

#include "cli.h"
#include "commandline.h"
#include "commandtoken.h"
#include "util/duration.h"
#include "util/procstat.h"
#include "profile/profileparser.h"
#include "report/report.h"
#include "session/sessionfilename.h"
#include "session/sessionio.h"
#include "session/sessionsize.h"
#include "stopsignals.h"
#include "targetoptions.h"
#include "vault/tokensource.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <csignal>
#include <unistd.h>

namespace vw::cli {

namespace {

/// "<profile name>-<yyyyMMdd-HHmmss>.json", the name made safe by sessionFileNamePart().
QString defaultOutPath(const QString &profileName)
{
    return QDir::current().filePath(
        QStringLiteral("%1-%2.json")
            .arg(sessionFileNamePart(profileName, QStringLiteral("session")),
                 QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

/// Where `run` writes a session that --out's folder did not take (writeRescuedSession()): the
/// GUI's session folder (docs/session-format.md, "Where the GUI saves sessions"), else the
/// temporary folder.
QStringList rescueFolders()
{
    return {QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
                + QStringLiteral("/vault-workbench/sessions"),
            QDir::tempPath()};
}

QString profileErrorLine(const QString &path, const ProfileError &e)
{
    QString line = path + QLatin1Char(':');
    if (e.line > 0)
        line += QStringLiteral("%1:%2:").arg(e.line).arg(e.column);
    line += QLatin1Char(' ');
    if (!e.field.isEmpty())
        line += e.field + QStringLiteral(": ");
    return line + e.message + QLatin1Char('\n');
}

} // namespace

RunPrinter::RunPrinter(const Profile &profile, const RunOptions &options, const QString &outPath,
                       QObject *parent)
    : QObject(parent)
    , m_profile(profile)
    , m_options(options)
    , m_outPath(outPath)
{
}

RunPrinter::~RunPrinter() = default;

QString RunPrinter::address() const
{
    return m_profile.target.address;
}

void RunPrinter::start()
{
    m_run = std::make_unique<BenchmarkRun>(m_profile, m_options);
    connect(m_run.get(), &BenchmarkRun::phaseChanged, this, &RunPrinter::onPhase);
    connect(m_run.get(), &BenchmarkRun::stageStarted, this, &RunPrinter::onStageStarted);
    connect(m_run.get(), &BenchmarkRun::stageFinished, this, &RunPrinter::onStageFinished);
    connect(m_run.get(), &BenchmarkRun::finished, this, &RunPrinter::onFinished);
    const QString times =
        m_profile.repeat > 1 ? QStringLiteral(" x %1 runs").arg(m_profile.repeat) : QString();
    printOut(QStringLiteral("profile %1: %2 stage(s)%3, %4, against %5\n")
                 .arg(m_profile.name)
                 .arg(m_profile.ramp.stages.size())
                 .arg(times, formatDurationMs(m_profile.totalDurationMs()), address()));
    m_run->start();
}

void RunPrinter::stop(int signalNumber, int count)
{
    const char *name = signalNumber == SIGTERM ? "SIGTERM" : "SIGINT";
    if (count > 1) {
        printErr(QStringLiteral("%1 again: aborting without cleanup\n").arg(QLatin1String(name)));
        ::_exit(ExitAborted);
    }
    printErr(QStringLiteral("%1: stopping; the current stage ends, cleanup runs, the partial "
                            "session is written (send it again to abort at once)\n")
                 .arg(QLatin1String(name)));
    if (m_run)
        m_run->requestStop();
}

void RunPrinter::onPhase(RunPhase phase, const QString &detail)
{
    QString line = QStringLiteral("phase: ") + runPhaseName(phase);
    if (!detail.isEmpty())
        line += QStringLiteral(" (") + detail + QLatin1Char(')');
    printOut(line + QLatin1Char('\n'));
}

void RunPrinter::onStageStarted(int index, int vus)
{
    Q_UNUSED(vus); // the model's planned VUs of the stage, also in its load text
    // With repeats the engine runs the ramp's stages `repeat` times: index counts them all.
    const int k = int(m_profile.ramp.stages.size());
    if (index < 0 || k == 0 || index >= k * std::max(1, m_profile.repeat))
        return;
    const QString run =
        m_profile.repeat > 1
            ? QStringLiteral("run %1 of %2, ").arg(index / k + 1).arg(m_profile.repeat)
            : QString();
    index %= k;
    // The stage's load as its model names it: "4 VUs", or "200/s" for arrival-rate.
    const StageSpec &stage = m_profile.ramp.stages.at(index);
    printOut(QStringLiteral("%1stage %2: %3 for %4\n")
                 .arg(run)
                 .arg(stageNumber(index))
                 .arg(m_profile.ramp.model->loadText(stage), formatDurationMs(stage.durationMs)));
}

void RunPrinter::onStageFinished(const StageStats &stats)
{
    if (!m_headerPrinted) {
        printOutEscaped(reportTableHeader(m_profile.ramp.model.get(), reportOpWidth(m_profile)));
        m_headerPrinted = true;
    }
    printOutEscaped(reportTableRows(stats, *m_profile.ramp.model, reportOpWidth(m_profile)));
}

void RunPrinter::onFinished(const RunRecord &record)
{
    const Session session(record);
    switch (session.status) {
    case RunStatus::Completed:
        m_exitCode = ExitOk;
        break;
    case RunStatus::Stopped:
        m_exitCode = ExitFailed;
        printErr(
            QStringLiteral("run stopped%1\n")
                .arg(session.error.isEmpty() ? QString() : QStringLiteral(": ") + session.error));
        break;
    case RunStatus::Failed:
    case RunStatus::Incomplete: // not the status of a finished run; handled as a failure
        m_exitCode = session.shard.lateStart ? ExitLateStart : ExitFailed;
        printErr(QStringLiteral("error: run failed: %1\n").arg(session.error));
        break;
    case RunStatus::SetupFailed: {
        m_exitCode = ExitSetup;
        const ServerInfo &srv = session.server;
        const bool noConnection =
            !srv.reachable
            && (srv.errorClass == ErrorClass::Connection || srv.errorClass == ErrorClass::Timeout
                || srv.errorClass == ErrorClass::Tls || !srv.errorText.isEmpty());
        if (noConnection)
            printErr(QStringLiteral("error: no connection to %1: %2\n")
                         .arg(address(), srv.errorText.isEmpty() ? session.error : srv.errorText));
        else
            printErr(QStringLiteral("error: setup failed: %1\n").arg(session.error));
        break;
    }
    }
    printOut(credentialsLine(session)); // per-VU credentials: the logins, apart from the stages
    if (!session.cleanupError.isEmpty())
        printErr(QStringLiteral("warning: cleanup incomplete: %1\n").arg(session.cleanupError));

    bool sessionWritten = false;
    if (session.status == RunStatus::SetupFailed) {
        printErr(QStringLiteral("no session written: nothing was measured\n"));
    } else {
        QString error;
        if (writeSession(session, m_outPath, &error)) {
            printOut(QStringLiteral("session: %1\n").arg(m_outPath));
            sessionWritten = true;
        } else {
            printErr(QStringLiteral("error: %1\n").arg(error));
            if (m_exitCode == ExitOk)
                m_exitCode = ExitFailed;
            // The run is measured and its server already changed: rather than lose it (a
            // disk that filled during the run), write it where there is room.
            const QString rescued =
                writeRescuedSession(session, m_outPath, rescueFolders(), &error);
            if (!rescued.isEmpty()) {
                printErr(QStringLiteral("session written instead to: %1 (move it where you "
                                        "want it)\n")
                             .arg(rescued));
                printOut(QStringLiteral("session: %1\n").arg(rescued));
                m_outPath = rescued;
                sessionWritten = true;
            } else {
                printErr(QStringLiteral("error: the session could not be written anywhere: %1\n")
                             .arg(error));
            }
        }
    }
    if (!session.cleanupError.isEmpty() || !session.leftovers.isEmpty())
        m_exitCode = reportLeftovers(session, sessionWritten);
    emit done(m_exitCode);
}

int RunPrinter::reportLeftovers(const RunRecord &record, bool sessionWritten) const
{
    QStringList left;
    for (const WorkbenchResource &r : record.leftovers)
        left << r.describe();
    printErr(QStringLiteral("error: cleanup left %1 on %2\n")
                 .arg(left.isEmpty() ? QStringLiteral("something (see above)")
                                     : left.join(QStringLiteral(", ")),
                      address()));
    const QString command =
        sessionWritten ? QStringLiteral("vault-workbench cleanup %1")
                             .arg(shellQuoted(QFileInfo(m_outPath).absoluteFilePath()))
        : !record.runPrefix.isEmpty()
            ? QStringLiteral("vault-workbench cleanup --addr %1 --prefix %2")
                  .arg(shellQuoted(address()), record.runPrefix)
            : QStringLiteral("vault-workbench cleanup --addr %1 --all").arg(shellQuoted(address()));
    printErr(QStringLiteral("sweep it with: %1\n").arg(command));
    return ExitCleanup;
}

CommandHelp runHelp()
{
    return {
        QStringLiteral("run"),
        QStringLiteral(
            "  vault-workbench run PROFILE [--addr URL] [--out SESSION] [--label TEXT] [--yes]\n"
            "                  [--namespace NS] [--ca-cert FILE] [--ca-path DIR] "
            "[--tls-skip-verify]\n"
            "                  [--client-cert FILE --client-key FILE] [--client-timeout DURATION]\n"
            "                  [--server-pid PID] [--no-server-telemetry] [--repeat N]\n"
            "                  [--shard I/N|auto/N] [--start-at UTC] [--start-tolerance MS]\n"
            "                  [--token-file FILE] [--workers N]\n"),
        QStringLiteral(
            "run: runs the profile's ramp headless. Prints the phases and, as each stage ends,\n"
            "its table rows (latencies in ms), then writes the session and prints its path.\n"
            "  PROFILE       profile YAML (docs/profile-format.md); problems are printed as\n"
            "                PROFILE:line:column: field: message and nothing runs\n"
            "  --out SESSION session file to write (JSON, docs/session-format.md); default\n"
            "                <profile name>-<yyyyMMdd-HHmmss>.json in the current folder;\n"
            "                when it cannot be written after the load (a disk that filled),\n"
            "                the session goes to the GUI's session folder (else the temporary\n"
            "                folder), named on stderr, and the exit code is 1\n"
            "  --label TEXT  session label; default the profile name\n"
            "  --server-pid PID  the server's process on this machine: its /proc/PID (memory,\n"
            "                CPU) is read once a second beside GET sys/metrics\n"
            "  --no-server-telemetry  do not read sys/metrics during the run "
            "(docs/measurement.md,\n"
            "                \"Server telemetry\")\n"
            "  --repeat N    run the ramp N times back to back (1..100, default the profile's\n"
            "                repeat:, else 1): one session holding every replicate, setup and\n"
            "                cleanup once; intervals and verdicts then use the runs' spread\n"
            "  --shard I/N   run shard I (0..N-1) of the plan: the global VU ids k % N == I\n"
            "                (closed), the arrivals j % N == I (arrival-rate); auto/N takes I\n"
            "                from $JOB_COMPLETION_INDEX (a Kubernetes Indexed Job). The\n"
            "                session gets a shard block; `merge` adds the shards' sessions\n"
            "                (docs/distributed.md)\n"
            "  --start-at UTC  start barrier, ISO 8601 (2026-12-01T21:00:00Z): stage 1 starts\n"
            "                then; not ready by then + --start-tolerance (ms, default 1000):\n"
            "                no load is sent and the exit code is 5\n"
            "  --workers N   worker threads the VUs are spread over (1..256); default one per\n"
            "                256 peak VUs, at most the cores: a second thread costs CPU per\n"
            "                request on a machine that also runs the server. Raise it when a\n"
            "                stage is client-bound by worker_cpu (docs/performance.md)\n")
            + TargetOptions::helpText()
            + QStringLiteral(
                "  The effective target and where each setting came from are printed first and "
                "kept\n"
                "  in the session. A target that is not loopback (127.0.0.0/8, ::1, localhost) is\n"
                "  confirmed first: on a terminal it is asked whether to contact it at all, then\n"
                "  the question names its version and cluster; else --yes is needed (exit 2\n"
                "  without it, before anything is sent).\n"
                "  The token comes from --token-file, then $VAULT_TOKEN, then $BAO_TOKEN, then "
                "the\n"
                "  file $VAULT_TOKEN_FILE names, then ~/.vault-token; it is never read from the\n"
                "  profile nor written to the session.\n"
                "  SIGINT (Ctrl-C) or SIGTERM stops the run: the current stage ends, cleanup runs\n"
                "  and the partial session is written (status \"stopped\"). A second signal exits "
                "at\n"
                "  once without cleanup (benchmark mounts named vwb-* may be left behind: see "
                "cleanup).\n"
                "  Everything a run creates is described \"vault-workbench run <prefix>\"; the "
                "session\n"
                "  (also its checkpoint, written right after setup) records the prefix and each\n"
                "  mount, auth method, role and policy. Cleanup retries 429, 503 and refused\n"
                "  connections with backoff honouring Retry-After, for at most 60 s in total; "
                "what\n"
                "  it could not remove is printed with the cleanup command that sweeps it (exit "
                "4).\n")};
}

int runCommand(const QStringList &args)
{
    CommandLine cl(runHelp());
    const TargetOptions targetOptions;
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("session file"),
                                 QStringLiteral("SESSION"));
    const QCommandLineOption label(QStringLiteral("label"), QStringLiteral("session label"),
                                   QStringLiteral("TEXT"));
    const QCommandLineOption serverPid(QStringLiteral("server-pid"),
                                       QStringLiteral("the server's process id (/proc read)"),
                                       QStringLiteral("PID"));
    const QCommandLineOption noTelemetry(QStringLiteral("no-server-telemetry"),
                                         QStringLiteral("do not read sys/metrics"));
    const QCommandLineOption repeat(QStringLiteral("repeat"),
                                    QStringLiteral("run the ramp N times (replicates)"),
                                    QStringLiteral("N"));
    const QCommandLineOption shard(QStringLiteral("shard"),
                                   QStringLiteral("run shard I of N of the plan"),
                                   QStringLiteral("I/N"));
    const QCommandLineOption startAt(QStringLiteral("start-at"),
                                     QStringLiteral("start barrier (UTC, ISO 8601)"),
                                     QStringLiteral("UTC"));
    const QCommandLineOption startTolerance(QStringLiteral("start-tolerance"),
                                            QStringLiteral("late-start tolerance, ms"),
                                            QStringLiteral("MS"));
    const QCommandLineOption workers(QStringLiteral("workers"),
                                     QStringLiteral("worker threads (default: by peak VUs)"),
                                     QStringLiteral("N"));
    const QCommandLineOption tokenFile(QStringLiteral("token-file"),
                                       QStringLiteral("read the token from this file"),
                                       QStringLiteral("FILE"));
    cl.addOptions({out, label, serverPid, noTelemetry, repeat, shard, startAt, startTolerance,
                   workers, tokenFile});
    targetOptions.addTo(cl.parser());
    if (const std::optional<int> done = cl.parse(args, 1, 1, QStringLiteral("one PROFILE file")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QString profilePath = cl.positional().first();
    qint64 pid = 0;
    if (p.isSet(serverPid)) {
        bool ok = false;
        pid = p.value(serverPid).toLongLong(&ok);
        if (!ok || pid <= 0) {
            return cl.usageError(
                QStringLiteral("--server-pid: \"%1\" is not a process id").arg(p.value(serverPid)));
        }
        // Its memory and CPU would be charted as the server's: it must be the server.
        if (const QString problem = serverProcessProblem(pid); !problem.isEmpty()) {
            return cl.usageError(QStringLiteral("--server-pid: %1").arg(problem));
        }
    }

    // 1. The profile: every problem, nothing runs.
    const ProfileParseResult parsed = loadProfileFile(profilePath);
    if (!parsed.ok()) {
        for (const ProfileError &e : parsed.errors)
            printErr(profileErrorLine(profilePath, e));
        if (parsed.errors.isEmpty())
            printErr(QStringLiteral("%1: invalid profile\n").arg(profilePath));
        return ExitUsage;
    }
    Profile profile = *parsed.profile;
    if (p.isSet(repeat)) {
        bool ok = false;
        const int n = p.value(repeat).toInt(&ok);
        if (!ok || n < 1 || n > kMaxRepeat)
            return cl.usageError(QStringLiteral("--repeat: \"%1\" is not a whole number 1..%2")
                                     .arg(p.value(repeat))
                                     .arg(kMaxRepeat));
        profile.repeat = n;
    }
    int workerThreads = 0;
    if (p.isSet(workers)) {
        bool ok = false;
        workerThreads = p.value(workers).toInt(&ok);
        if (!ok || workerThreads < 1 || workerThreads > kMaxWorkerThreads)
            return cl.usageError(QStringLiteral("--workers: \"%1\" is not a whole number 1..%2")
                                     .arg(p.value(workers))
                                     .arg(kMaxWorkerThreads));
    }

    // A shard of the plan (core/engine/executors/shardplan.h does the split).
    if (p.isSet(shard)) {
        QString error;
        const std::optional<ShardSpec> spec =
            parseShard(p.value(shard),
                       qEnvironmentVariableIsSet("JOB_COMPLETION_INDEX")
                           ? std::optional<QString>(qEnvironmentVariable("JOB_COMPLETION_INDEX"))
                           : std::nullopt,
                       &error);
        if (!spec)
            return cl.usageError(error);
        profile.ramp.shard = *spec;
        // Open model: a shard's VU pool is its share of max_vus; without one it could only
        // drop its arrivals (docs/distributed.md, "How the plan is split").
        if (profile.ramp.model->isOpen() && spec->ownedBelow(profile.ramp.peakVus()) == 0)
            return cl.usageError(QStringLiteral("--shard %1: max_vus %2 leaves this shard no VU "
                                                "for its arrivals (use at most %2 shards)")
                                     .arg(spec->text())
                                     .arg(profile.ramp.peakVus()));
    }
    QDateTime barrier;
    if (p.isSet(startAt)) {
        barrier = QDateTime::fromString(p.value(startAt), Qt::ISODateWithMs);
        if (!barrier.isValid() || barrier.timeSpec() == Qt::LocalTime)
            return cl.usageError(QStringLiteral("--start-at: \"%1\" is not a UTC time such as "
                                                "2026-12-01T21:00:00Z")
                                     .arg(p.value(startAt)));
    }
    qint64 tolerance = 1000;
    if (p.isSet(startTolerance)) {
        bool ok = false;
        tolerance = p.value(startTolerance).toLongLong(&ok);
        if (!ok || tolerance < 0)
            return cl.usageError(QStringLiteral("--start-tolerance: \"%1\" is not a number of "
                                                "milliseconds >= 0")
                                     .arg(p.value(startTolerance)));
    }

    // The target, as the Vault CLI decides it, setting by setting: the flag, then VAULT_*,
    // then BAO_*, then the profile's target: (core/vault/targetresolver.h). A bad value is a
    // usage error (exit 2) naming its source.
    const std::optional<ResolvedTarget> target = targetOptions.resolve(p, profile.target);
    if (!target)
        return ExitUsage;
    profile.target = target->target;

    // 2. Where the session goes: checked before any load is sent or anything is set up: the
    //    folder takes a file and has room for the planned session (core/session/sessionsize.h).
    QString outPath = p.isSet(out) ? p.value(out) : defaultOutPath(profile.name);
    if (const QString problem = sessionOutputProblem(outPath, profile); !problem.isEmpty()) {
        printErr(QStringLiteral("error: --out %1: %2\n").arg(outPath, problem));
        return ExitUsage;
    }

    // 3. The token: environment or ~/.vault-token, never the profile; kept out of core dumps
    //    from before it is read (util/coredump.h).
    const std::optional<TokenLookup> token =
        commandToken(target->localTargetDir, p.value(tokenFile));
    if (!token)
        return ExitUsage;
    TargetOptions::print(*target);

    // 4. A non-loopback target: --yes, or the user's answer on a terminal (before setup).
    if (const int code = targetOptions.confirm(p, *target); code != ExitOk)
        return code;

    RunOptions options;
    options.token = token->token;
    options.targetSources = target->sources;
    options.label = p.value(label);
    options.serverTelemetry = !p.isSet(noTelemetry);
    // A node of a local target (`--addr leader`): its PID, for /proc telemetry, unless given.
    options.serverPid = pid > 0 ? pid : target->localTargetServerPid;
    if (pid <= 0) // the balancer's leader: its own metrics, as its /proc
        options.telemetryAddress = target->localTargetServerAddress;
    options.targetTopology = target->topology;
    options.recordShard = p.isSet(shard);
    options.workerThreads = workerThreads;
    options.startAt = barrier.toUTC();
    options.startToleranceMs = tolerance;
    options.checkpoint =
        checkpointWriter(outPath); // after each stage: a killed run still leaves its stages

    RunPrinter printer(profile, options, outPath);
    StopSignals stopSignals;
    if (!stopSignals.isValid())
        printErr(QStringLiteral("warning: cannot catch SIGINT/SIGTERM; a signal ends the run "
                                "without cleanup\n"));
    QObject::connect(&stopSignals, &StopSignals::received, &printer, &RunPrinter::stop);
    QObject::connect(&printer, &RunPrinter::done, qApp, &QCoreApplication::exit,
                     Qt::QueuedConnection);
    printer.start();
    return QCoreApplication::exec();
}

} // namespace vw::cli
