#include "studycommand.h"

#include "cli.h"
#include "commandline.h"
#include "session/sessionsize.h"
#include "util/atomicfile.h"
#include "commandtoken.h"
#include "profile/profileparser.h"
#include "report/report.h"
#include "session/sessionfilename.h"
#include "stopsignals.h"
#include "studylog.h"
#include "study/studyparser.h"
#include "study/studyreport.h"
#include "study/studyrunner.h"
#include "study/studyscale.h"
#include "study/studytarget.h"
#include "targetoptions.h"
#include "util/coredump.h"
#include "util/duration.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>

#include <unistd.h>

namespace vw::cli {

namespace {

/// "FILE:line:column: field: message", as `run` prints a profile's problems.
QString errorLine(const QString &path, const ProfileError &e)
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

CommandHelp studyHelp()
{
    return {
        QStringLiteral("study"),
        QStringLiteral("  vault-workbench study STUDY.yaml [--short] [--out-dir DIR] [--yes] "
                       "[target flags]\n"),
        QStringLiteral(
            "study: runs every profile of a study file against every target, one after the\n"
            "other, as run does (docs/profile-format.md, \"Studies\"), saves each session as\n"
            "<out-dir>/<profile>__<target>.json and writes <out-dir>/study-report.html (one\n"
            "self-contained HTML report: runs, throughput and p99 per stage, a section per\n"
            "dimension, all sessions compared). A failed run is recorded and the study goes on\n"
            "(exit 1 at the end). --short scales every stage and the warm-up by 0.1 (stages at\n"
            "least 2 s); --out-dir default <study name>-<yyyyMMdd-HHmmss>. The study's\n"
            "target_up: runs `vault-workbench target up ...` first (unless `target status`\n"
            "says it is up) and `target down` last, output in <out-dir>/study.log; the token\n"
            "is then `target env`'s. Target flags as for run, except --addr.\n")};
}

int studyCommand(const QStringList &args)
{
    CommandLine cl(studyHelp());
    const TargetOptions targetOptions;
    const QCommandLineOption shortRuns(QStringLiteral("short"),
                                       QStringLiteral("stage durations and warm-up x 0.1"));
    const QCommandLineOption outDir(QStringLiteral("out-dir"),
                                    QStringLiteral("folder for the sessions and the report"),
                                    QStringLiteral("DIR"));
    cl.addOptions({shortRuns, outDir});
    targetOptions.addTo(cl.parser());
    if (const std::optional<int> done = cl.parse(args, 1, 1, QStringLiteral("one STUDY file")))
        return *done;
    const QCommandLineParser &p = cl.parser();
    const QStringList pos = cl.positional();
    if (p.isSet(QStringLiteral("addr"))) {
        return cl.usageError(
            QStringLiteral("--addr: the targets come from the study's targets: list"));
    }
    const QString studyPath = pos.first();

    // 1. The study and every profile it names: every problem, nothing runs.
    const StudyParseResult parsed = loadStudyFile(studyPath);
    if (!parsed.ok()) {
        for (const ProfileError &e : parsed.errors)
            printErr(errorLine(studyPath, e));
        return ExitUsage;
    }
    const StudySpec study = *parsed.study;
    QList<Profile> profiles;
    bool profileErrors = false;
    for (const StudyProfile &sp : study.profiles) {
        const ProfileParseResult pr = loadProfileFile(sp.resolvedPath);
        if (!pr.ok()) {
            profileErrors = true;
            for (const ProfileError &e : pr.errors)
                printErr(errorLine(sp.resolvedPath, e));
            continue;
        }
        profiles << *pr.profile;
    }
    if (profileErrors)
        return ExitUsage;
    {
        QStringList names;
        for (int i = 0; i < study.profiles.size(); ++i) {
            const QString n = studySessionFileName(study.profiles.at(i), study.targets.first());
            if (names.contains(n)) {
                printErr(QStringLiteral("%1: profiles[%2]: %3 has the file name of another "
                                        "profile (its sessions would overwrite each other)\n")
                             .arg(studyPath)
                             .arg(i)
                             .arg(study.profiles.at(i).path));
                return ExitUsage;
            }
            names << n;
        }
    }

    // 2. Where the sessions and the report go.
    const QString dir =
        p.isSet(outDir)
            ? p.value(outDir)
            : QDir::current().filePath(QStringLiteral("%1-%2").arg(
                sessionFileNamePart(study.name, QStringLiteral("study")),
                QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
    if (!QDir().mkpath(dir)) {
        printErr(QStringLiteral("error: --out-dir %1: cannot create the folder\n").arg(dir));
        return ExitUsage;
    }

    const double scale = study.durationScale * (p.isSet(shortRuns) ? kShortScale : 1.0);
    {
        // Writable, with room for every session (each with its checkpoint's temporary copy),
        // before any target or load (core/session/sessionsize.h).
        qint64 bytes = 0;
        for (Profile pr : std::as_const(profiles)) {
            pr.ramp = scaledRamp(pr.ramp, scale);
            bytes += 2 * estimatedSessionBytes(pr) * study.targets.size();
        }
        if (const QString problem = folderWriteProblem(dir, bytes); !problem.isEmpty()) {
            printErr(QStringLiteral("error: --out-dir %1: %2\n").arg(dir, problem));
            return ExitUsage;
        }
    }
    StudyLog log(QDir(dir).filePath(QStringLiteral("study.log")));
    log.write(QStringLiteral("study %1 (%2): %3 profile(s) x %4 target(s), duration scale %5")
                  .arg(study.name, study.path)
                  .arg(study.profiles.size())
                  .arg(study.targets.size())
                  .arg(scale));
    printOut(QStringLiteral("study %1: %2 run(s) (%3 profile(s) x %4 target(s)), duration scale "
                            "%5, into %6\n")
                 .arg(study.name)
                 .arg(study.profiles.size() * study.targets.size())
                 .arg(study.profiles.size())
                 .arg(study.targets.size())
                 .arg(scale)
                 .arg(QDir(dir).absolutePath()));

    // 3. The local target, when the study brings it up itself: one already up (`target
    //    status` exit 0) is used as it is and left up; one the study starts goes down at the
    //    end. Its token comes from `target env`.
    bool weStartedTarget = false;
    QByteArray localToken;
    if (study.targetUp) {
        if (QString why; !excludeFromCoreDumps(&why)) // before any token is read
            printErr(
                QStringLiteral("warning: cannot keep the token out of core dumps: %1\n").arg(why));
        QString error;
        if (runTargetCommand(targetStatusArguments(), kTargetStatusTimeoutMs, &log, &error)) {
            printOut(QStringLiteral("study: the local target is up already; it is used as it is "
                                    "and left up\n"));
        } else if (runTargetCommand(study.targetUp->upArguments(), kTargetCommandTimeoutMs, &log,
                                    &error)) {
            weStartedTarget = true;
        } else {
            printErr(QStringLiteral("error: target up failed: %1; nothing ran\n").arg(error));
            QString downError;
            runTargetCommand(targetDownArguments(), kTargetCommandTimeoutMs, &log, &downError);
            return ExitSetup;
        }
        localToken = targetEnvToken(&error);
        if (localToken.isEmpty())
            printErr(QStringLiteral("warning: no VAULT_TOKEN from `vault-workbench target env` "
                                    "(%1); looking for a token as run does\n")
                         .arg(error));
    }
    auto takeDown = [&] {
        if (!weStartedTarget)
            return;
        QString error;
        if (!runTargetCommand(targetDownArguments(), kTargetCommandTimeoutMs, &log, &error))
            printErr(QStringLiteral("warning: target down failed: %1\n").arg(error));
    };

    // 4. The token: the local target's, else as for run.
    QByteArray token = localToken;
    if (token.isEmpty()) {
        const std::optional<TokenLookup> found = commandToken();
        if (!found) {
            takeDown();
            return ExitUsage;
        }
        token = found->token;
    } else {
        printOut(QStringLiteral("token from vault-workbench target env\n"));
    }

    // 5. The runs, one after the other, each target resolved as `run --addr` resolves it.
    QStringList confirmed; // a non-loopback address is asked about once per study
    StudyOptions options;
    options.outDir = dir;
    options.durationScale = scale;
    options.token = token;
    options.resolveTarget = [&](const StudyTarget &t, const TargetSpec &profileTarget,
                                QString *error) -> std::optional<ResolvedTarget> {
        CommandLine runLine(studyHelp());
        runLine.addOptions({shortRuns, outDir});
        targetOptions.addTo(runLine.parser());
        QCommandLineParser &runParser = runLine.parser();
        if (!runParser.parse(QStringList{QStringLiteral("vault-workbench study")} + args
                             + QStringList{QStringLiteral("--addr"), t.addr})) {
            *error = runParser.errorText();
            return std::nullopt;
        }
        const std::optional<ResolvedTarget> r = targetOptions.resolve(runParser, profileTarget);
        if (!r) {
            *error = QStringLiteral("the address is not accepted (see the error above)");
            return std::nullopt;
        }
        if (!confirmed.contains(r->target.address)) {
            if (targetOptions.confirm(runParser, *r) != ExitOk) {
                *error = QStringLiteral("a non-loopback target was not confirmed (--yes)");
                return std::nullopt;
            }
            confirmed << r->target.address;
        }
        return r;
    };

    StudyRunner runner(study, profiles, options);
    const Profile *current = nullptr;
    bool headerPrinted = false;
    QObject::connect(&runner, &StudyRunner::runStarting,
                     [&](int index, const StudyRunResult &r, const Profile &profile,
                         const ResolvedTarget &target) {
                         current = &profiles.at(r.profileIndex);
                         headerPrinted = false;
                         printOut(QStringLiteral("\n== run %1/%2: %3: %4 stage(s), %5\n")
                                      .arg(index + 1)
                                      .arg(runner.runCount())
                                      .arg(r.label)
                                      .arg(profile.ramp.stages.size())
                                      .arg(formatDurationMs(profile.totalDurationMs())));
                         TargetOptions::print(target);
                         log.write(QStringLiteral("run %1/%2 %3 against %4")
                                       .arg(index + 1)
                                       .arg(runner.runCount())
                                       .arg(r.label, target.target.address));
                     });
    QObject::connect(
        &runner, &StudyRunner::phaseChanged, [](RunPhase phase, const QString &detail) {
            printOut(QStringLiteral("phase: %1%2\n")
                         .arg(runPhaseName(phase),
                              detail.isEmpty() ? QString()
                                               : QStringLiteral(" (") + detail + QLatin1Char(')')));
        });
    QObject::connect(&runner, &StudyRunner::stageFinished, [&](const StageStats &stats) {
        if (!current)
            return;
        if (!headerPrinted) {
            printOutEscaped(reportTableHeader(current->ramp.model.get(), reportOpWidth(*current)));
            headerPrinted = true;
        }
        printOutEscaped(reportTableRows(stats, *current->ramp.model, reportOpWidth(*current)));
    });
    QObject::connect(&runner, &StudyRunner::runFinished, [&](int index, const StudyRunResult &r) {
        const QString status = r.ran ? runStatusKey(r.status) : QStringLiteral("not run");
        if (!r.sessionPath.isEmpty())
            printOut(QStringLiteral("session: %1\n").arg(r.sessionPath));
        if (!r.completed())
            printErr(QStringLiteral("run %1 (%2) %3: %4; the study goes on\n")
                         .arg(index + 1)
                         .arg(r.label, status, r.error));
        log.write(QStringLiteral("run %1 %2: %3%4")
                      .arg(index + 1)
                      .arg(r.label, status,
                           r.error.isEmpty() ? QString()
                                             : QStringLiteral(" (") + r.error + QLatin1Char(')')));
    });
    int exitCode = ExitOk;
    QObject::connect(&runner, &StudyRunner::finished, [&](const QList<StudyRunResult> &runs) {
        const QString reportPath = QDir(dir).filePath(QStringLiteral("study-report.html"));
        int completed = 0;
        for (const StudyRunResult &r : runs)
            completed += r.completed() ? 1 : 0;
        QString error;
        if (!writeFileAtomically(reportPath, studyHtmlReport(study, runs, scale).toUtf8(),
                                 &error)) {
            printErr(QStringLiteral("error: %1\n").arg(error));
            exitCode = ExitFailed;
        } else {
            printOut(QStringLiteral("\nstudy %1: %2 of %3 run(s) completed; maximum throughput "
                                    "and p99 there:\n%4report: %5\n")
                         .arg(study.name)
                         .arg(completed)
                         .arg(runs.size())
                         .arg(studyMatrixText(study, runs), reportPath));
        }
        log.write(QStringLiteral("%1 of %2 run(s) completed; report %3")
                      .arg(completed)
                      .arg(runs.size())
                      .arg(reportPath));
        if (completed < runs.size())
            exitCode = ExitFailed;
        QCoreApplication::exit(exitCode);
    });

    StopSignals stopSignals;
    QObject::connect(&stopSignals, &StopSignals::received, [&](int signalNumber, int count) {
        if (count > 1)
            ::_exit(ExitAborted);
        Q_UNUSED(signalNumber);
        printErr(QStringLiteral("stopping the study: the current run ends (cleanup runs, its "
                                "session is written), no other run starts, the report is "
                                "written\n"));
        runner.requestStop();
    });
    runner.start();
    const int code = QCoreApplication::exec();

    // 6. The local target goes down if the study brought it up.
    takeDown();
    return code;
}

} // namespace vw::cli
